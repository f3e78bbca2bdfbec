import { z } from 'zod';
import { isoDateTime, money } from '../../api';
import { blankIsUnset, ListQuerySchema } from '../../list-query';
import { isoDate } from '../../rules';
import { IssuedGiftCardSchema } from './gift-cards';
import { PAYMENT_METHOD_IDS, RECEIPT_TYPE_IDS, SALE_ITEM_KINDS } from './receipt-codes';
import { SALE_MESSAGES as M } from './sale-messages';

/** An issued sale as the API answers it (decisions §sunat-snapshot), one or in the sales list. */

/** `GET /api/ventas/`: the list query plus the day range, the receipt type and a payment method. */
export const SaleListQuerySchema = ListQuerySchema.safeExtend({
  desde: blankIsUnset(isoDate(M.dateFormat)),
  hasta: blankIsUnset(isoDate(M.dateFormat)),
  tipo: blankIsUnset(z.enum(RECEIPT_TYPE_IDS, { error: M.receiptTypeInvalid })),
  metodo: blankIsUnset(z.enum(PAYMENT_METHOD_IDS, { error: M.methodInvalid })),
}).refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
  message: M.rangeOrder,
  path: ['desde'],
});
export type SaleListQuery = z.infer<typeof SaleListQuerySchema>;

/** A row of the sales list. */
export const SaleSummarySchema = z.strictObject({
  id_venta: z.number().int(),
  fecha: isoDateTime,
  tipo_comp: z.enum(RECEIPT_TYPE_IDS),
  serie: z.string(),
  numero: z.number().int(),
  /** 'B001-00000001'. */
  comprobante: z.string(),
  id_cita: z.number().int().nullable(),
  id_cli: z.number().int().nullable(),
  cliente_doc: z.string(),
  cliente_nombre: z.string(),
  total: money,
  propina: money,
  /** The payment methods used, in the order paid. */
  metodos: z.array(z.enum(PAYMENT_METHOD_IDS)),
  /** Who charged it. */
  usuario: z.string().nullable(),
  anulada: z.boolean(),
});
export type SaleSummary = z.infer<typeof SaleSummarySchema>;

/** A line of an issued receipt, with what SUNAT's UBL will need (decisions §sunat-snapshot). */
export const SaleLineSchema = z.strictObject({
  linea: z.number().int(),
  tipo: z.enum(SALE_ITEM_KINDS),
  id_item: z.number().int().nullable(),
  descripcion: z.string(),
  cantidad: z.number().int(),
  unidad: z.string(),
  afectacion_igv: z.string(),
  /** With IGV. */
  precio_unitario: money,
  /** Without IGV. */
  valor_unitario: money,
  base: money,
  igv: money,
  total: money,
});
export type SaleLine = z.infer<typeof SaleLineSchema>;

export const SalePaymentLineSchema = z.strictObject({
  metodo: z.enum(PAYMENT_METHOD_IDS),
  monto: money,
});

/**
 * The nota de crédito that voided an electronic receipt (DESIGN §11.1): catálogo 01 07, reason
 * 01, numbered in BC01 (of boletas) or FC01 (of facturas); its XML downloads apart.
 */
export const CreditNoteSchema = z.strictObject({
  serie: z.string(),
  numero: z.number().int(),
  /** 'BC01-00000001'. */
  comprobante: z.string(),
  fecha: isoDateTime,
  /** Catálogo 09: 01, anulación de la operación. */
  cod_motivo: z.string(),
  motivo: z.string(),
  cpe_estado: z.string().nullable(),
  /** SUNAT's last return code and answer (or what went wrong), as for the receipt. */
  cpe_codigo: z.number().int().nullable(),
  cpe_mensaje: z.string().nullable(),
  cpe_hash: z.string().nullable(),
  cpe_qr: z.string().nullable(),
  /** Its signed XML is stored here (not in modo pse, where the PSE builds and signs it). */
  tiene_xml: z.boolean(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

/** `GET /api/venta/{id}`: the receipt, immutable once issued. */
export const SaleSchema = SaleSummarySchema.extend({
  cod_sunat: z.string().nullable(),
  moneda: z.string(),
  tipo_operacion: z.string(),
  cliente_doc_tipo: z.string(),
  emisor_ruc: z.string(),
  emisor_nombre: z.string(),
  emisor_direccion: z.string(),
  gravadas: money,
  descuento: money,
  igv: money,
  pagado: money,
  vuelto: money,
  monto_letras: z.string(),
  items: z.array(SaleLineSchema),
  pagos: z.array(SalePaymentLineSchema),
  /** The gift cards this sale sold, with their codes: only in the answer of its registration. */
  tarjetas_regalo: z.array(IssuedGiftCardSchema).optional(),
  anulada_at: isoDateTime.nullable(),
  anulada_por: z.string().nullable(),
  motivo_anulacion: z.string().nullable(),
  /**
   * The electronic receipt (DESIGN §11.1), null while modo is desactivado and for a nota de
   * venta: its state ('pendiente' until it is sent, then 'aceptado', 'observado', 'rechazado' or
   * 'error', DESIGN §11.2), SUNAT's last return code and answer in Spanish (or what went wrong),
   * its hash (the signature's DigestValue) and the text of its QR: in modo pse both arrive with
   * the PSE's answer. The signed XML is not here: `GET /api/venta/{id}/xml` downloads it when
   * `tiene_xml` (a PSE keeps its own).
   */
  cpe_estado: z.string().nullable(),
  cpe_codigo: z.number().int().nullable(),
  cpe_mensaje: z.string().nullable(),
  cpe_hash: z.string().nullable(),
  cpe_qr: z.string().nullable(),
  tiene_xml: z.boolean(),
  /** The nota de crédito its void issued, when it was an electronic receipt. */
  nota_credito: CreditNoteSchema.nullable(),
  /** Who charged it, by name ('Recepción Principal'); `usuario` is their login. */
  cajero: z.string().nullable(),
  /** The pet of the cita it charged. */
  mascota: z.string().nullable(),
  /** The groomer of the cita it charged. */
  groomer: z.string().nullable(),
});
export type Sale = z.infer<typeof SaleSchema>;

/** The documents of a sale that download (`?documento=`): the receipt, or its nota de crédito. */
export const RECEIPT_DOCUMENTS = ['comprobante', 'nota'] as const;
export type ReceiptDocument = (typeof RECEIPT_DOCUMENTS)[number];

/** The paper a receipt is laid out for, printed or as a PDF. */
export const RECEIPT_PAPERS = ['a4', '80mm'] as const;
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number];

/** `GET /api/venta/{id}/xml?documento=comprobante|nota`. */
export const ReceiptFileQuerySchema = z.object({
  documento: z.enum(RECEIPT_DOCUMENTS, { error: M.documentInvalid }).default('comprobante'),
});

/** `GET /api/venta/{id}/pdf?documento=comprobante|nota&formato=a4|80mm`. */
export const ReceiptPdfQuerySchema = ReceiptFileQuerySchema.extend({
  formato: z.enum(RECEIPT_PAPERS, { error: M.paperInvalid }).default('a4'),
});
