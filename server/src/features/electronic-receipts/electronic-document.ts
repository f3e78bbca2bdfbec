import { limaToday, SUNAT_CREDIT_NOTE_CODE, type Sale } from '@app/domain';
import type { SigningCertificate } from './certificate';
import { qrText } from './qr-text';
import { signXml } from './sign';
import { creditNoteXml, customerOf, invoiceXml, type CreditNoteInput } from './ubl';

/**
 * A sale's electronic receipt, whole (DESIGN §11.1): the signed XML, its hash and the text of
 * its QR, what the sale stores once and never changes. Built and signed in a few milliseconds
 * (§11.10's budget is 50 ms): the certificate's key is parsed once per certificate (sign.ts).
 */
export type ElectronicDocument = { xml: string; hash: string; qr: string };

function qrOf(
  sale: Sale,
  document: { tipo: string; serie: string; numero: number; fecha: string },
  hash: string,
): string {
  const customer = customerOf(sale);
  return qrText({
    ruc: sale.emisor_ruc,
    tipo: document.tipo,
    serie: document.serie,
    numero: document.numero,
    igv: sale.igv,
    total: sale.total,
    fecha: limaToday(new Date(document.fecha)),
    clienteDocTipo: customer.docType,
    clienteDoc: customer.doc,
    hash,
  });
}

/** The boleta (03) or factura (01) of a sale, signed. */
export function electronicInvoice(sale: Sale, cert: SigningCertificate): ElectronicDocument {
  const { xml, hash } = signXml(invoiceXml(sale), cert);
  // invoiceXml refuses a nota de venta, so the sale has its code.
  const tipo = sale.cod_sunat ?? '';
  return { xml, hash, qr: qrOf(sale, { ...sale, tipo }, hash) };
}

/** The nota de crédito (07) that voids a sale's receipt whole, signed. */
export function electronicCreditNote(
  note: CreditNoteInput,
  sale: Sale,
  cert: SigningCertificate,
): ElectronicDocument {
  const { xml, hash } = signXml(creditNoteXml(note, sale), cert);
  return { xml, hash, qr: qrOf(sale, { ...note, tipo: SUNAT_CREDIT_NOTE_CODE }, hash) };
}
