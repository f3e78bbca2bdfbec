import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CHARGE_MESSAGES as C,
  CREDIT_NOTE_SERIES,
  CREDIT_NOTE_VOID_REASON,
  formatReceiptNumber,
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
 * A sale's electronic receipt (DESIGN §11.1): with a modo on, a boleta or factura is also a signed
 * UBL 2.1 document, built in the sale's transaction from what the sale stored; its void issues a
 * signed nota de crédito. A nota de venta is internal and never becomes one. Either is signed in
 * the transaction that writes it, so a document that cannot be signed is not issued and its
 * number is not spent.
 */

const ISSUED_STATE = 'pendiente';

/**
 * An issued document waits, 'pendiente', with its first attempt due at once: the sender
 * (electronic-receipts/sender.ts) takes it from there.
 */
const waitingToSend = () => ({ cpe_estado: ISSUED_STATE, cpe_siguiente: new Date() });

/**
 * The certificate receipts are signed with: the salon's own, when modo signs itself (sunat_beta,
 * sunat); null when receipts are not electronic. In modo pse the PSE signs and sends the sale on
 * its side, which the next issue builds: nothing is issued here for now.
 *
 * Read before the sale's transaction opens, never inside it: opening the sealed certificate may
 * first read the data key through the pool (auth/secrets.ts), and on PGlite's one connection a
 * read outside an open transaction waits for it to end, which it never would.
 */
export async function signingCertificate(
  db: Db,
  secrets: SecretBox,
): Promise<SigningCertificate | null> {
  const signing = await signingSettings(db, secrets);
  if (!signing || signing.modo === 'pse') return null;
  return signing.certificate;
}

/**
 * Issues the electronic receipt of the sale just written, in its transaction, when `certificate`
 * (signingCertificate) says receipts are electronic: the signed XML, its hash and its QR text
 * stored on the sale, state 'pendiente'. Answers the sale as it now reads; unchanged for a nota
 * de venta.
 */
export async function issueElectronicReceipt(
  tx: Tx,
  certificate: SigningCertificate | null,
  sale: Sale,
): Promise<Sale> {
  if (sale.tipo_comp === 'T' || !certificate) return sale;
  const { xml, hash, qr } = electronicInvoice(sale, certificate);
  await tx
    .update(sales)
    .set({ cpe_xml: xml, cpe_hash: hash, cpe_qr: qr, ...waitingToSend() })
    .where(eq(sales.id_venta, sale.id_venta));
  return { ...sale, cpe_hash: hash, cpe_qr: qr, cpe_estado: ISSUED_STATE };
}

/**
 * What voiding an electronic receipt needs, checked before anything is written: a certificate
 * to sign its nota de crédito with (409 when receipts are no longer signed here). Null for a
 * receipt that is not electronic: its void issues no note.
 */
export function creditNoteCertificate(
  certificate: SigningCertificate | null,
  stored: { tipo_comp: Sale['tipo_comp']; electronica: boolean },
): SigningCertificate | null {
  if (!stored.electronica || stored.tipo_comp === 'T') return null;
  if (!certificate) throw conflict(C.voidNeedsCertificate);
  return certificate;
}

/**
 * Issues the nota de crédito of the electronic receipt just voided, in the void's transaction:
 * the next number of its series (BC01, FC01), reason 01, signed and stored. The user's own reason
 * stays on the sale. Answers the sale with its note.
 */
export async function issueCreditNote(
  tx: Tx,
  request: FastifyRequest,
  certificate: SigningCertificate,
  voided: Sale,
): Promise<Sale> {
  if (voided.tipo_comp === 'T') return voided;
  const serie = CREDIT_NOTE_SERIES[voided.tipo_comp];
  const { numero } = await nextNumber(tx, serie, voided.tipo_comp);
  const issuedAt = new Date();
  const { xml, hash, qr } = electronicCreditNote(
    { serie, numero, fecha: issuedAt.toISOString(), ...CREDIT_NOTE_VOID_REASON },
    voided,
    certificate,
  );
  await tx.insert(creditNotes).values({
    id_venta: voided.id_venta,
    fecha: issuedAt,
    serie,
    numero,
    ...CREDIT_NOTE_VOID_REASON,
    id_usu: sessionOf(request).userId,
    ...waitingToSend(),
    cpe_hash: hash,
    cpe_qr: qr,
    cpe_xml: xml,
  });
  return {
    ...voided,
    nota_credito: {
      serie,
      numero,
      comprobante: formatReceiptNumber(serie, numero),
      fecha: issuedAt.toISOString(),
      ...CREDIT_NOTE_VOID_REASON,
      cpe_estado: ISSUED_STATE,
      cpe_hash: hash,
      cpe_qr: qr,
    },
  };
}
