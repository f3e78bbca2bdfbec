import { z } from 'zod';
import { isoDateTime, money } from '../../api';
import { blankIsUnset, PAGE_TOO_DEEP, pagingFields, withinListOffset } from '../../list-query';
import { id, isoDate } from '../../rules';
import type { Permission } from '../../permissions';
import type { BadgeColor } from '../../statuses';
import { SALE_MESSAGES } from '../checkout/sale-messages';

/**
 * The electronic documents as the admin follows them (DESIGN §11.2, screen CAJA › 'Comprobantes
 * electrónicos'): each boleta, factura and nota de crédito, the state SUNAT left it in, its
 * attempts, and a resend of one that is waiting or failed.
 */

/**
 * Who follows the documents (the screen, a resend, the bell's notice, the dashboard's line): the
 * admins, as the sales report and voids.
 */
export const ELECTRONIC_RECEIPTS_PERMISSION = 'caja.administrar' satisfies Permission;

/**
 * Where a document stands: `pendiente` until it is sent, `aceptado` (CDR code 0), `observado`
 * (4000+: accepted with notes), `rechazado` (2000–3999: its number is spent), `error` (0100–1999,
 * the network, a timeout: tried again later).
 */
export const ELECTRONIC_STATES = [
  'pendiente',
  'aceptado',
  'observado',
  'rechazado',
  'error',
] as const;
export type ElectronicState = (typeof ELECTRONIC_STATES)[number];

export const ELECTRONIC_STATE_LABELS: Record<ElectronicState, string> = {
  pendiente: 'Pendiente',
  aceptado: 'Aceptado',
  observado: 'Observado',
  rechazado: 'Rechazado',
  error: 'Error',
};

/** The chip of each state; its label always says it too (never the colour alone). */
export const ELECTRONIC_STATE_COLORS: Record<ElectronicState, BadgeColor> = {
  pendiente: 'info',
  aceptado: 'success',
  observado: 'yellow',
  rechazado: 'error',
  error: 'warning',
};

/** States SUNAT has accepted the document in: nothing more to do with it. */
export const ACCEPTED_STATES: readonly ElectronicState[] = ['aceptado', 'observado'];
/** States a resend applies to: the sender still has the document to send. */
export const RESENDABLE_STATES: readonly ElectronicState[] = ['pendiente', 'error'];

/** The list's state filter: one state, or every one SUNAT has not accepted (the bell's). */
export const UNACCEPTED_FILTER = 'sin_aceptar';
export const ELECTRONIC_STATE_FILTERS = [...ELECTRONIC_STATES, UNACCEPTED_FILTER] as const;
export type ElectronicStateFilter = (typeof ELECTRONIC_STATE_FILTERS)[number];
export const ELECTRONIC_STATE_FILTER_LABELS: Record<ElectronicStateFilter, string> = {
  ...ELECTRONIC_STATE_LABELS,
  sin_aceptar: 'Sin aceptar (pendiente, error o rechazado)',
};
/** States SUNAT has not accepted the document in. */
export const UNACCEPTED_STATES: readonly ElectronicState[] = ['pendiente', 'error', 'rechazado'];

/** Catálogo 01 of the documents sent: 01 factura, 03 boleta, 07 nota de crédito. */
export const ELECTRONIC_DOCUMENT_TYPES = ['01', '03', '07'] as const;
export type ElectronicDocumentType = (typeof ELECTRONIC_DOCUMENT_TYPES)[number];

export const ELECTRONIC_DOCUMENT_TYPE_LABELS: Record<ElectronicDocumentType, string> = {
  '01': 'Factura',
  '03': 'Boleta',
  '07': 'Nota de crédito',
};

/** What a document is in our data: the sale's own receipt, or the nota de crédito voiding it. */
export const ELECTRONIC_DOCUMENT_KINDS = ['venta', 'nota'] as const;
export type ElectronicDocumentKind = (typeof ELECTRONIC_DOCUMENT_KINDS)[number];

export const ELECTRONIC_RECEIPT_MESSAGES = {
  stateInvalid: 'Seleccione un estado válido',
  typeInvalid: 'El tipo debe ser 01 (factura), 03 (boleta) o 07 (nota de crédito)',
  kindInvalid: 'El documento debe ser venta o nota',
  idInvalid: 'Identificador inválido',
  dateFormat: SALE_MESSAGES.dateFormat,
  rangeOrder: SALE_MESSAGES.rangeOrder,
  notFound: 'Comprobante electrónico no encontrado',
  alreadyAccepted: 'Este comprobante ya fue aceptado por SUNAT.',
  rejected: 'SUNAT rechazó este comprobante: emítalo de nuevo.',
  resent: 'El comprobante se enviará a SUNAT en unos segundos.',
  noCdr: 'Este comprobante aún no tiene la constancia de SUNAT (CDR).',
} as const;

const M = ELECTRONIC_RECEIPT_MESSAGES;

/**
 * `GET /api/comprobantes-electronicos`: a page of documents, newest first, by state, by the Lima
 * days they were issued on (`desde`..`hasta`) and by type.
 */
export const ElectronicReceiptListQuerySchema = z
  .object({
    ...pagingFields,
    estado: blankIsUnset(z.enum(ELECTRONIC_STATE_FILTERS, { error: M.stateInvalid })),
    desde: blankIsUnset(isoDate(M.dateFormat)),
    hasta: blankIsUnset(isoDate(M.dateFormat)),
    tipo: blankIsUnset(z.enum(ELECTRONIC_DOCUMENT_TYPES, { error: M.typeInvalid })),
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    message: M.rangeOrder,
    path: ['desde'],
  })
  .refine(withinListOffset, {
    message: PAGE_TOO_DEEP,
    path: ['page'],
  });
export type ElectronicReceiptListQuery = z.infer<typeof ElectronicReceiptListQuerySchema>;

/** A row of the list: one electronic document and where it stands with SUNAT. */
export const ElectronicReceiptSchema = z.strictObject({
  kind: z.enum(ELECTRONIC_DOCUMENT_KINDS),
  /** id_venta for a venta, id_nota for a nota. */
  id: z.number().int(),
  /** The sale it is (venta) or voids (nota): its files download from `/api/venta/{id_venta}`. */
  id_venta: z.number().int(),
  /** 'B001-00000012'. */
  comprobante: z.string(),
  tipo: z.enum(ELECTRONIC_DOCUMENT_TYPES),
  /** When it was issued. */
  fecha: isoDateTime,
  /** The customer as printed on the sale. */
  cliente: z.string(),
  cliente_doc: z.string(),
  /** The sale's total (a nota voids it whole). */
  total: money,
  estado: z.enum(ELECTRONIC_STATES),
  /** SUNAT's last return code; null before any answer. */
  codigo: z.number().int().nullable(),
  /** SUNAT's last answer (or what went wrong), in Spanish. */
  mensaje: z.string().nullable(),
  /** Attempts made so far. */
  intentos: z.number().int(),
  /** When the next attempt is due; null when nothing is left to send. */
  siguiente: isoDateTime.nullable(),
  /** Its signed XML is stored (not in modo pse, where the PSE signs): `/api/venta/{id}/xml`. */
  has_xml: z.boolean(),
  /** SUNAT's CDR is stored: `GET /api/venta/{id_venta}/cdr` downloads it. */
  has_cdr: z.boolean(),
  /** The sale was voided: by this nota, by its own, or issued again after SUNAT rejected it. */
  anulada: z.boolean(),
});
export type ElectronicReceipt = z.infer<typeof ElectronicReceiptSchema>;

/** `/api/comprobantes-electronicos/{tipo}/{id}/envios`: tipo venta|nota, and its id. */
export const ElectronicDocumentParamsSchema = z.object({
  tipo: z.enum(ELECTRONIC_DOCUMENT_KINDS, { error: M.kindInvalid }),
  id: id(M.idInvalid),
});

/** One attempt to send a document, and what it left the document in. */
export const SendingAttemptSchema = z.strictObject({
  id: z.number().int(),
  at: isoDateTime,
  estado: z.enum(ELECTRONIC_STATES),
  codigo: z.number().int().nullable(),
  mensaje: z.string().nullable(),
});
export type SendingAttempt = z.infer<typeof SendingAttemptSchema>;

/** `POST /api/comprobantes-electronicos/reenviar`: which document to send again now. */
export const ResendInputSchema = z.object({
  kind: z.enum(ELECTRONIC_DOCUMENT_KINDS, { error: M.kindInvalid }),
  id: id(M.idInvalid),
});
export type ResendInput = z.infer<typeof ResendInputSchema>;

/**
 * Today's electronic documents by state (the dashboard's line; admins only): only the states
 * that have any, in ELECTRONIC_STATES' order.
 */
export const ElectronicStateCountSchema = z.strictObject({
  estado: z.enum(ELECTRONIC_STATES),
  total: z.number().int(),
});
export type ElectronicStateCount = z.infer<typeof ElectronicStateCountSchema>;

/** A document still waiting for SUNAT's acceptance this long after its issue is the bell's. */
export const UNACCEPTED_WARNING_HOURS = 24;

/** The screen's path. */
export const ELECTRONIC_RECEIPTS_PATH = '/comprobantes-electronicos';

/**
 * The screen's list filtered: every filter written, blank ones too, since a blank in the address
 * overrides the screen's default (this month).
 */
export function electronicReceiptsLink(filters: {
  estado?: ElectronicStateFilter;
  desde?: string;
  hasta?: string;
}): string {
  const { estado = '', desde = '', hasta = '' } = filters;
  return `${ELECTRONIC_RECEIPTS_PATH}?estado=${estado}&desde=${desde}&hasta=${hasta}&tipo=`;
}
