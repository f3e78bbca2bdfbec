import { IGV_PERCENT, limaWallClock, parseCents, type Sale } from '@app/domain';
import { z } from 'zod';
import { stateOfCode, sunatMessage } from './cdr';
import { networkError, type SunatNetworkError } from './sunat-soap';
import { chargedLines, customerOf } from './ubl';

/**
 * The `pse` modo (DESIGN §11.2): the sale goes to a PSE's JSON API in Nubefact's documented
 * style instead of to SUNAT; the PSE builds, signs and sends the document and answers what SUNAT
 * said, with the hash, the QR's text and links to its PDF, XML and CDR. The JSON is built from
 * the sale's stored snapshot only, as the UBL is. Every outcome is a value, never an exception,
 * as with SUNAT; the token goes in the request's header and nowhere else.
 */

export const PSE_TIMEOUT_MS = 30_000;

export type PseCall = { url: string; token: string; timeoutMs?: number };

/** The nota de crédito that voids the sale (catálogo 09 reason). */
export type PseCreditNote = {
  serie: string;
  numero: number;
  /** ISO date-time. */
  fecha: string;
  motivo: string;
  cod_motivo: string;
};

export type PseLinks = { pdf: string | null; xml: string | null; cdr: string | null };

/**
 * What the PSE answered about a receipt: accepted by SUNAT (with observations in `note`),
 * rejected (2000–3999, the number is spent), or pending while the PSE has no answer from SUNAT
 * yet (boletas often wait for the PSE's resumen diario): consultPse follows it up.
 */
export type PseAnswer = {
  kind: 'accepted' | 'rejected' | 'pending';
  /** SUNAT's return code, as the PSE passed it on; null while pending. */
  code: number | null;
  message: string;
  /** SUNAT's observations of an accepted receipt ('4252 - ...'), when any. */
  note: string | null;
  hash: string | null;
  qr: string | null;
  links: PseLinks;
};
/** The PSE refused the request: its error code (10 token, 20/21 data, 24 unknown, 40 internal). */
export type PseFault = { kind: 'fault'; code: number | null; message: string };
export type PseResult = PseAnswer | PseFault | SunatNetworkError;

/** Nubefact's codes for the document types. */
const DOCUMENT_TYPES = { '01': 1, '03': 2, '07': 3 } as const;
type DocumentType = keyof typeof DOCUMENT_TYPES;
const CURRENCIES: Record<string, number> = { PEN: 1, USD: 2, EUR: 3 };
/** Nubefact's error for a document it already has (a resend after a lost answer). */
const ALREADY_EXISTS = 23;

/** A stored amount ('45.50') in cents; the snapshot's amounts are always valid money. */
function cents(value: string): number {
  const parsed = parseCents(value);
  if (parsed === undefined) throw new RangeError(`Not an amount: ${value}`);
  return parsed;
}

const soles = (amountCents: number) => amountCents / 100;

/** A unit amount of a line, with the ten decimals SUNAT allows: 10169 cents / 3 → 33.8966666667. */
const perUnit = (amountCents: number, quantity: number) =>
  Number((amountCents / quantity / 100).toFixed(10));

/** 'dd-mm-aaaa', Lima's calendar day. */
function emissionDate(iso: string): string {
  const wall = limaWallClock(new Date(iso)).toISOString();
  return `${wall.slice(8, 10)}-${wall.slice(5, 7)}-${wall.slice(0, 4)}`;
}

function receiptType(sale: Sale): '01' | '03' {
  if (sale.cod_sunat === '01' || sale.cod_sunat === '03') return sale.cod_sunat;
  throw new Error(`Sale ${sale.serie}-${sale.numero} is not a boleta or factura`);
}

/**
 * The `generar_comprobante` request of a sale's boleta or factura, or of the nota de crédito that
 * voids it. The sale's discount (IGV included, over the whole sale) goes as Nubefact's
 * `descuento_global`, without IGV: what separates the lines' values from the sale's gravadas, so
 * the totals are the stored ones to the cent.
 */
export function pseDocument(sale: Sale, creditNote?: PseCreditNote) {
  const type = receiptType(sale);
  const customer = customerOf(sale);
  const linesBase = sale.items.reduce((sum, line) => sum + cents(line.base), 0);
  const discount = cents(sale.descuento) > 0 ? Math.max(0, linesBase - cents(sale.gravadas)) : 0;
  const currency = CURRENCIES[sale.moneda];
  if (currency === undefined) throw new Error(`No PSE code for the currency ${sale.moneda}`);
  return {
    operacion: 'generar_comprobante',
    tipo_de_comprobante: DOCUMENT_TYPES[creditNote ? '07' : type],
    serie: creditNote?.serie ?? sale.serie,
    numero: creditNote?.numero ?? sale.numero,
    /** Venta interna. */
    sunat_transaction: 1,
    cliente_tipo_de_documento: customer.docType,
    cliente_numero_de_documento: customer.doc,
    cliente_denominacion: customer.name,
    // The snapshot keeps no address of the buyer; SUNAT asks none of a boleta or factura.
    cliente_direccion: '',
    cliente_email: '',
    fecha_de_emision: emissionDate(creditNote?.fecha ?? sale.fecha),
    moneda: currency,
    porcentaje_de_igv: IGV_PERCENT,
    ...(discount > 0
      ? { descuento_global: soles(discount), total_descuento: soles(discount) }
      : {}),
    total_gravada: soles(cents(sale.gravadas)),
    total_igv: soles(cents(sale.igv)),
    total: soles(cents(sale.total)),
    ...(creditNote
      ? {
          documento_que_se_modifica_tipo: DOCUMENT_TYPES[type],
          documento_que_se_modifica_serie: sale.serie,
          documento_que_se_modifica_numero: sale.numero,
          // Nubefact numbers the reasons as catálogo 09 does: '01' anulación is 1.
          tipo_de_nota_de_credito: Number(creditNote.cod_motivo),
          observaciones: creditNote.motivo,
        }
      : {}),
    enviar_automaticamente_a_la_sunat: true,
    enviar_automaticamente_al_cliente: false,
    items: chargedLines(sale).map((line) => ({
      unidad_de_medida: line.unidad,
      codigo: line.id_item === null ? '' : `${line.tipo}-${line.id_item}`,
      descripcion: line.descripcion,
      cantidad: line.cantidad,
      valor_unitario: perUnit(cents(line.base), line.cantidad),
      precio_unitario: perUnit(cents(line.total), line.cantidad),
      descuento: '',
      subtotal: soles(cents(line.base)),
      // Every line is gravada, operación onerosa (SUNAT_IGV_AFFECTATION '10').
      tipo_de_igv: 1,
      igv: soles(cents(line.igv)),
      total: soles(cents(line.total)),
      anticipo_regularizacion: false,
    })),
  };
}

export type PseDocument = ReturnType<typeof pseDocument>;

/** A text field of the answer: blank and missing alike are null. */
const text = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null)
  .catch(null);
/** A code, as a number or a string of digits ('0', '2800'); anything else is null. */
const returnCode = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (/^\d+$/.test(String(value ?? '')) ? Number(value) : null))
  .catch(null);

/** What Nubefact answers to generar_comprobante and consultar_comprobante, or its error. */
const PseAnswerSchema = z.object({
  errors: z.unknown().optional(),
  codigo: returnCode,
  aceptada_por_sunat: z.boolean().nullish().catch(null),
  sunat_description: text,
  sunat_note: text,
  sunat_responsecode: returnCode,
  sunat_soap_error: text,
  codigo_hash: text,
  cadena_para_codigo_qr: text,
  enlace_del_pdf: text,
  enlace_del_xml: text,
  enlace_del_cdr: text,
});
type PseAnswerBody = z.infer<typeof PseAnswerSchema>;

function errorMessage(errors: unknown): string {
  if (typeof errors === 'string' && errors.trim()) return errors.trim();
  if (Array.isArray(errors) && errors.every((error) => typeof error === 'string')) {
    return errors.join(' ');
  }
  return 'El PSE respondió con un error sin detalle.';
}

function answerOf(body: PseAnswerBody): PseAnswer {
  const code = body.sunat_responsecode;
  const common = {
    code,
    note: body.sunat_note,
    hash: body.codigo_hash,
    qr: body.cadena_para_codigo_qr,
    links: { pdf: body.enlace_del_pdf, xml: body.enlace_del_xml, cdr: body.enlace_del_cdr },
  };
  if (body.aceptada_por_sunat === true) {
    return {
      kind: 'accepted',
      message: body.sunat_description ?? 'Aceptado por SUNAT.',
      ...common,
    };
  }
  if (code !== null && stateOfCode(code) === 'rechazado') {
    return { kind: 'rejected', message: body.sunat_description ?? sunatMessage(code), ...common };
  }
  // No answer from SUNAT yet, or an exception (0100–1999) the PSE retries on its own.
  return {
    kind: 'pending',
    message:
      body.sunat_description ??
      body.sunat_soap_error ??
      'El PSE todavía no tiene la respuesta de SUNAT.',
    ...common,
  };
}

/** One POST to the PSE, its answer read. */
async function post(call: PseCall, request: object): Promise<PseResult> {
  const timeoutMs = call.timeoutMs ?? PSE_TIMEOUT_MS;
  let status: number;
  let raw: string;
  try {
    const response = await fetch(call.url, {
      method: 'POST',
      headers: {
        authorization: `Token token="${call.token}"`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    raw = await response.text();
  } catch (error) {
    return networkError(error, timeoutMs, 'el PSE');
  }
  let json: unknown = null;
  try {
    json = JSON.parse(raw);
  } catch {
    // Not JSON: a proxy's or a load balancer's error page, handled below.
  }
  const parsed = PseAnswerSchema.safeParse(json);
  const ok = status >= 200 && status < 300;
  if (parsed.success && parsed.data.errors !== undefined && parsed.data.errors !== null) {
    return { kind: 'fault', code: parsed.data.codigo, message: errorMessage(parsed.data.errors) };
  }
  if (!ok) return { kind: 'network', message: `El PSE respondió con un error HTTP ${status}.` };
  if (!parsed.success) {
    return { kind: 'fault', code: null, message: 'La respuesta del PSE no se pudo leer.' };
  }
  return answerOf(parsed.data);
}

/** A receipt the PSE already has. */
export type PseReceipt = { tipo: DocumentType; serie: string; numero: number };

/** Asks the PSE how a receipt it has went (Nubefact's consultar_comprobante). */
export function consultPse(request: PseCall & PseReceipt): Promise<PseResult> {
  return post(request, {
    operacion: 'consultar_comprobante',
    tipo_de_comprobante: DOCUMENT_TYPES[request.tipo],
    serie: request.serie,
    numero: request.numero,
  });
}

/**
 * Posts a sale's boleta or factura, or the nota de crédito that voids it, to the PSE. A resend
 * after a lost answer finds it there (error 23): it is consulted instead, so a receipt is
 * generated once whatever the network did.
 */
export async function sendToPse(
  request: PseCall & { sale: Sale; creditNote?: PseCreditNote },
): Promise<PseResult> {
  const document = pseDocument(request.sale, request.creditNote);
  const result = await post(request, document);
  if (result.kind !== 'fault' || result.code !== ALREADY_EXISTS) return result;
  return consultPse({
    ...request,
    tipo: request.creditNote ? '07' : receiptType(request.sale),
    serie: document.serie,
    numero: document.numero,
  });
}
