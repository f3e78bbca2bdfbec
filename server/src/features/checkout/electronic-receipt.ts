import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CHARGE_MESSAGES as C,
  CREDIT_NOTE_SERIES,
  CREDIT_NOTE_VOID_REASON,
  formatReceiptNumber,
  PENDING_STATE,
  voidIssuesCreditNote,
  type Sale,
} from '@app/domain';
import type { SecretBox } from '../../auth/secrets';
import type { Db, Tx } from '../../db/client';
import { creditNotes, sales } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { conflict } from '../../http/errors';
import {
  electronicCreditNote,
  electronicInvoice,
  type SigningCertificate,
} from '../electronic-receipts';
import { signingSettings } from '../settings';
import { nextNumber } from './receipt-numbers';

/**
 * A sale's electronic receipt (DESIGN §11.1): with a modo on, a boleta or factura is also an
 * electronic document, issued in the sale's transaction from what the sale stored; its void
 * issues a nota de crédito. In a SUNAT modo the document is signed here, in the transaction that
 * writes it, so a document that cannot be signed is not issued and its number is not spent; in
 * modo pse it is only numbered and left pending: the PSE builds and signs it when the sender
 * posts it (pse-sending.ts) and answers its hash and QR. A nota de venta is internal and never
 * becomes one.
 */

/**
 * An issued document waits, 'pendiente', with its first attempt due at once: the sender
 * (electronic-receipts/sender.ts) takes it from there.
 */
const waitingToSend = () => ({ cpe_estado: PENDING_STATE, cpe_siguiente: new Date() });

/**
 * Who makes the electronic documents in the current modo: the salon, signing them with its own
 * certificate (sunat_beta, sunat), or the PSE (pse), which signs on its side.
 */
export type ReceiptIssuer =
  { signer: 'salon'; certificate: SigningCertificate } | { signer: 'pse' };

/**
 * The issuer of the receipts issued now; null when receipts are not electronic (desactivado, or
 * a SUNAT modo without its certificate, which Ajustes never saves).
 *
 * Read before the sale's transaction opens, never inside it: opening the sealed certificate may
 * first read the data key through the pool (auth/secrets.ts), and on PGlite's one connection a
 * read outside an open transaction waits for it to end, which it never would.
 */
export async function receiptIssuer(db: Db, secrets: SecretBox): Promise<ReceiptIssuer | null> {
  const signing = await signingSettings(db, secrets);
  if (!signing) return null;
  if (signing.modo === 'pse') return { signer: 'pse' };
  return signing.certificate ? { signer: 'salon', certificate: signing.certificate } : null;
}

/**
 * Issues the electronic receipt of the sale just written, in its transaction, when `issuer`
 * says receipts are electronic: state 'pendiente', and when the salon signs, the signed XML, its
 * hash and its QR text stored on the sale. Answers the sale as it now reads; unchanged for a
 * nota de venta.
 */
export async function issueElectronicReceipt(
  tx: Tx,
  issuer: ReceiptIssuer | null,
  sale: Sale,
): Promise<Sale> {
  if (sale.tipo_comp === 'T' || !issuer) return sale;
  if (issuer.signer === 'pse') {
    await tx.update(sales).set(waitingToSend()).where(eq(sales.id_venta, sale.id_venta));
    return { ...sale, cpe_estado: PENDING_STATE };
  }
  const { xml, hash, qr } = electronicInvoice(sale, issuer.certificate);
  await tx
    .update(sales)
    .set({ cpe_xml: xml, cpe_hash: hash, cpe_qr: qr, ...waitingToSend() })
    .where(eq(sales.id_venta, sale.id_venta));
  return { ...sale, cpe_hash: hash, cpe_qr: qr, cpe_estado: PENDING_STATE, tiene_xml: true };
}

/**
 * Who issues the nota de crédito of a void, checked before anything is written; null when the
 * void issues none (voidIssuesCreditNote: a receipt that is not electronic, or one SUNAT
 * rejected).
 *
 * The note goes the way receipts go now, whichever way the receipt itself went: a receipt the
 * salon signed and sent to SUNAT and then voided in modo pse gets its note from the PSE, and one
 * the PSE sent and voided in a SUNAT modo a note signed here. Either way the note is the salon's
 * (its RUC's) and names the receipt by its series and number, which is all SUNAT matches it by.
 * Only with receipts no longer electronic is there no way to issue it: 409, and the sale stays
 * in force until a modo is on again.
 */
export function creditNoteIssuer(
  issuer: ReceiptIssuer | null,
  stored: Pick<Sale, 'tipo_comp' | 'cpe_estado'>,
): ReceiptIssuer | null {
  if (!voidIssuesCreditNote(stored)) return null;
  if (!issuer) throw conflict(C.voidNeedsElectronicMode);
  return issuer;
}

/**
 * Issues the nota de crédito of the electronic receipt just voided, in the void's transaction:
 * the next number of its series (BC01, FC01), reason 01, signed and stored when the salon signs,
 * left to the PSE otherwise. The user's own reason stays on the sale. Answers the sale with its
 * note.
 */
export async function issueCreditNote(
  tx: Tx,
  request: FastifyRequest,
  issuer: ReceiptIssuer,
  voided: Sale,
): Promise<Sale> {
  if (voided.tipo_comp === 'T') return voided;
  const serie = CREDIT_NOTE_SERIES[voided.tipo_comp];
  const { numero } = await nextNumber(tx, serie, voided.tipo_comp);
  const issuedAt = new Date();
  const signed =
    issuer.signer === 'salon'
      ? electronicCreditNote(
          { serie, numero, fecha: issuedAt.toISOString(), ...CREDIT_NOTE_VOID_REASON },
          voided,
          issuer.certificate,
        )
      : null;
  await tx.insert(creditNotes).values({
    id_venta: voided.id_venta,
    fecha: issuedAt,
    serie,
    numero,
    ...CREDIT_NOTE_VOID_REASON,
    id_usu: sessionOf(request).userId,
    ...waitingToSend(),
    cpe_hash: signed?.hash ?? null,
    cpe_qr: signed?.qr ?? null,
    cpe_xml: signed?.xml ?? null,
  });
  return {
    ...voided,
    nota_credito: {
      serie,
      numero,
      comprobante: formatReceiptNumber(serie, numero),
      fecha: issuedAt.toISOString(),
      ...CREDIT_NOTE_VOID_REASON,
      cpe_estado: PENDING_STATE,
      cpe_codigo: null,
      cpe_mensaje: null,
      cpe_hash: signed?.hash ?? null,
      cpe_qr: signed?.qr ?? null,
      tiene_xml: signed !== null,
    },
  };
}
