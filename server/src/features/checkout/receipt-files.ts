import { asc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  isElectronicReceipt,
  SALE_MESSAGES as M,
  SUNAT_CREDIT_NOTE_CODE,
  type ReceiptDocument,
  type ReceiptPaper,
} from '@app/domain';
import type { Db } from '../../db/client';
import { creditNotes, sales, settings } from '../../db/schema';
import { notFound } from '../../http/errors';
import { readUpload } from '../../http/uploads';
import { documentNumber } from '../electronic-receipts';
import { receiptPdf, type Logo } from './receipt-pdf';
import { findSale } from './sale-read';

/**
 * A sale's files (DESIGN §11.1): the signed XML of its electronic receipt or of the nota de
 * crédito that voided it, and either as a PDF. An electronic document's file is named as SUNAT
 * names it, `RUC-TT-SERIE-NUMERO` ('20131312955-03-B001-7', the number as its cbc:ID carries it);
 * any other receipt by its number ('T001-00000007').
 */
const sunatName = (ruc: string, code: string, serie: string, numero: number) =>
  `${ruc}-${code}-${documentNumber(serie, numero)}`;

/** Why a document has no XML here: it is not electronic, or the PSE made it (modo pse). */
const missingXml = (state: string | null) => (state === null ? M.notElectronic : M.xmlAtPse);

/** The stored XML of the sale's receipt or note, with its file name; 404 when there is none. */
async function storedXml(db: Db, id: number, document: ReceiptDocument) {
  if (document === 'comprobante') {
    const [row] = await db
      .select({
        ruc: sales.emisor_ruc,
        code: sales.cod_sunat,
        serie: sales.serie,
        numero: sales.numero,
        xml: sales.cpe_xml,
        estado: sales.cpe_estado,
      })
      .from(sales)
      .where(eq(sales.id_venta, id));
    if (!row) throw notFound(M.notFound);
    if (row.xml === null || row.code === null) throw notFound(missingXml(row.estado));
    return { xml: row.xml, name: sunatName(row.ruc, row.code, row.serie, row.numero) };
  }
  const [row] = await db
    .select({
      ruc: sales.emisor_ruc,
      serie: creditNotes.serie,
      numero: creditNotes.numero,
      xml: creditNotes.cpe_xml,
      estado: creditNotes.cpe_estado,
    })
    .from(sales)
    .leftJoin(creditNotes, eq(creditNotes.id_venta, sales.id_venta))
    .where(eq(sales.id_venta, id));
  if (!row) throw notFound(M.notFound);
  if (row.serie === null || row.numero === null) throw notFound(M.creditNoteNotFound);
  if (row.xml === null) throw notFound(missingXml(row.estado));
  return { xml: row.xml, name: sunatName(row.ruc, SUNAT_CREDIT_NOTE_CODE, row.serie, row.numero) };
}

/** `GET /api/venta/{id}/xml?documento=`: the signed XML as it was stored, byte for byte. */
export async function sendReceiptXml(
  db: Db,
  reply: FastifyReply,
  id: number,
  document: ReceiptDocument,
) {
  const { xml, name } = await storedXml(db, id, document);
  return reply
    .type('application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.xml"`)
    .header('cache-control', 'no-store')
    .send(xml);
}

/** The company's logo as the print view shows it, when one is stored. */
async function companyLogo(db: Db): Promise<Logo | null> {
  const [row] = await db
    .select({ logo: settings.logoEmp })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  const stored = row?.logo ? await readUpload(db, row.logo) : undefined;
  return stored ? { bytes: stored.bytes, type: stored.tipo } : null;
}

/** `GET /api/venta/{id}/pdf?documento=&formato=`: the receipt or its note, as printed. */
export async function sendReceiptPdf(
  db: Db,
  reply: FastifyReply,
  id: number,
  document: ReceiptDocument,
  format: ReceiptPaper,
) {
  const [sale, logo] = await Promise.all([findSale(db, id), companyLogo(db)]);
  const note = sale.nota_credito;
  let name = sale.comprobante;
  if (document === 'nota') {
    if (!note) throw notFound(M.creditNoteNotFound);
    name = sunatName(sale.emisor_ruc, SUNAT_CREDIT_NOTE_CODE, note.serie, note.numero);
  } else if (isElectronicReceipt(sale) && sale.cod_sunat !== null) {
    name = sunatName(sale.emisor_ruc, sale.cod_sunat, sale.serie, sale.numero);
  }
  const pdf = await receiptPdf({ sale, document, format, logo });
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}.pdf"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
