import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CHARGE_MESSAGES as C,
  limaToday,
  SALE_MESSAGES as M,
  type Sale,
  type SaleVoid,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { SecretBox } from '../../auth/secrets';
import type { Db } from '../../db/client';
import { saleLines, sales } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { conflict, notFound } from '../../http/errors';
import { moveStocks } from '../products';
import { creditNoteCertificate, issueCreditNote, signingCertificate } from './electronic-receipt';
import { productMoves } from './issue';
import { findSale, receiptNumberSql } from './sale-read';
import { assertTillOpen } from './till';

/**
 * `PATCH /api/venta/anular` (decisions §void): the sale is marked Anulada, never edited nor
 * deleted, on a day whose till is open; its products return to stock; an electronic receipt's
 * void issues its nota de crédito (DESIGN §11.1). Answers the voided sale.
 */
export async function voidSale(
  db: Db,
  request: FastifyRequest,
  secrets: SecretBox,
  { id, motivo }: SaleVoid,
): Promise<Sale> {
  const signer = await signingCertificate(db, secrets);
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select({
        anulada_at: sales.anulada_at,
        fecha: sales.fecha,
        tipo_comp: sales.tipo_comp,
        comprobante: receiptNumberSql,
        electronica: sql<boolean>`${sales.cpe_xml} is not null`,
      })
      .from(sales)
      .where(eq(sales.id_venta, id))
      .for('update');
    if (!stored) throw notFound(M.notFound);
    if (stored.anulada_at) throw conflict(C.alreadyVoided);
    // A void counts on its sale's day, as the till adds it up.
    await assertTillOpen(tx, limaToday(stored.fecha));
    const certificate = creditNoteCertificate(signer, stored);
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
    await tx
      .update(sales)
      .set({
        anulada_at: new Date(),
        anulada_por: sessionOf(request).userId,
        motivo_anulacion: motivo,
      })
      .where(eq(sales.id_venta, id));
    const read = await findSale(tx, id);
    const voided = certificate ? await issueCreditNote(tx, request, certificate, read) : read;
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
  });
}
