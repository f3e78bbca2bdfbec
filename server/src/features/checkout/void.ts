import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CHARGE_MESSAGES as C,
  limaToday,
  SALE_MESSAGES as M,
  type Sale,
  type SaleVoid,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Tx } from '../../db/client';
import { saleLines, sales } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { conflict, notFound } from '../../http/errors';
import { moveStocks } from '../products';
import { creditNoteIssuer, issueCreditNote, type ReceiptIssuer } from './electronic-receipt';
import { voidBonosOf } from './bonos';
import { releaseDepositsOf } from './deposits';
import { voidGiftCardsOf } from './gift-cards';
import { productMoves } from './issue';
import { findSale, receiptNumberSql } from './sale-read';
import { assertTillOpen } from './till';

/**
 * Voiding a sale (decisions §void): it is marked Anulada, never edited nor deleted, on a day
 * whose till is open; its products return to stock; an electronic receipt's void issues its nota
 * de crédito (DESIGN §11.1), unless SUNAT rejected the receipt (reissue.ts voids those).
 */

/** A sale locked for its void, in force: what the void checks before it writes. */
export interface SaleToVoid {
  id: number;
  fecha: Date;
  tipo_comp: Sale['tipo_comp'];
  comprobante: string;
  cpe_estado: string | null;
  cpe_codigo: number | null;
}

/** The sale `id`, locked for the transaction: 404 when there is none, 409 when voided already. */
export async function lockSaleToVoid(tx: Tx, id: number): Promise<SaleToVoid> {
  const [stored] = await tx
    .select({
      anulada_at: sales.anulada_at,
      fecha: sales.fecha,
      tipo_comp: sales.tipo_comp,
      comprobante: receiptNumberSql,
      cpe_estado: sales.cpe_estado,
      cpe_codigo: sales.cpe_codigo,
    })
    .from(sales)
    .where(eq(sales.id_venta, id))
    .for('update');
  if (!stored) throw notFound(M.notFound);
  if (stored.anulada_at) throw conflict(C.alreadyVoided);
  const { anulada_at: _inForce, ...sale } = stored;
  return { id, ...sale };
}

/**
 * Voids the locked sale in the caller's transaction: its day's till open (a void counts on its
 * sale's day, as the till adds it up), its products back in stock, marked Anulada with `motivo`,
 * the nota de crédito issued by `noteIssuer` when there is one (creditNoteIssuer), and audited.
 * Answers the voided sale.
 */
export async function voidLockedSale(
  tx: Tx,
  request: FastifyRequest,
  stored: SaleToVoid,
  motivo: string,
  noteIssuer: ReceiptIssuer | null,
): Promise<Sale> {
  const { id } = stored;
  await assertTillOpen(tx, limaToday(stored.fecha));
  const lines = await tx
    .select({ tipo: saleLines.tipo, id: saleLines.id_item, cantidad: saleLines.cantidad })
    .from(saleLines)
    .where(eq(saleLines.id_venta, id));
  await moveStocks(
    tx,
    request,
    productMoves(lines, 1, {
      tipo: 'anulacion',
      motivo: `Anulación de ${stored.comprobante}: ${motivo}`,
      id_venta: id,
    }),
  );
  await voidGiftCardsOf(tx, id);
  await voidBonosOf(tx, id);
  await releaseDepositsOf(tx, id);
  await tx
    .update(sales)
    .set({
      anulada_at: new Date(),
      anulada_por: sessionOf(request).userId,
      motivo_anulacion: motivo,
    })
    .where(eq(sales.id_venta, id));
  const read = await findSale(tx, id);
  const voided = noteIssuer ? await issueCreditNote(tx, request, noteIssuer, read) : read;
  await recordChange(tx, request, {
    accion: 'anular',
    entidad: 'venta',
    id,
    before: { anulada: false },
    after: {
      anulada: true,
      motivo_anulacion: motivo,
      comprobante: voided.comprobante,
      ...(voided.nota_credito && { nota_credito: voided.nota_credito.comprobante }),
    },
  });
  return voided;
}

/**
 * `PATCH /api/venta/anular` in the caller's transaction, with the issuer of the moment
 * (receiptIssuer, read before it opened). Answers the voided sale.
 */
export async function voidSale(
  tx: Tx,
  request: FastifyRequest,
  issuer: ReceiptIssuer | null,
  { id, motivo }: SaleVoid,
): Promise<Sale> {
  const stored = await lockSaleToVoid(tx, id);
  // Checked before anything is written: 409 when the note has no way to be issued.
  const noteIssuer = creditNoteIssuer(issuer, stored);
  return voidLockedSale(tx, request, stored, motivo, noteIssuer);
}
