import type { Document as XmlDocument } from '@xmldom/xmldom';
import { CdrError, descendantText, parseXml, readCdr, sunatMessage, type CdrResult } from './cdr';

/**
 * SUNAT's billService (DESIGN §11.2), spoken directly: a SOAP 1.1 POST with WS-Security's
 * UsernameToken, three operations, and billConsultService's getStatusCdr, which gives back the
 * CDR of a receipt already sent. Every outcome is a value, never an exception: a CDR, a SOAP
 * fault with SUNAT's return code, or a network failure (refused, dropped, timed out), which the
 * sender retries. The SOL password goes in the request and nowhere else: no log, no error
 * message.
 */

export const SUNAT_ENDPOINTS = {
  sunat_beta: 'https://e-beta.sunat.gob.pe/ol-ti-itcpfegem-beta/billService',
  sunat: 'https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService',
} as const;

export type SunatMode = keyof typeof SUNAT_ENDPOINTS;

/** The endpoint of a modo, unless SUNAT_URL points elsewhere (the tests' local fake). */
export function sunatUrl(modo: SunatMode): string {
  return process.env.SUNAT_URL || SUNAT_ENDPOINTS[modo];
}

/** billConsultService: SUNAT publishes it in production only. */
export const SUNAT_CONSULT_ENDPOINT =
  'https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService';

/**
 * Where getStatusCdr is asked: SUNAT_URL when set (the local fake answers every operation on one
 * URL), else production's billConsultService for both modos. Beta has no consult service, and
 * production knows nothing of beta's receipts: in sunat_beta a consult ends in a fault (beta's
 * SOL user is not production's) or 'not-found', never in a CDR.
 */
export function sunatConsultUrl(_modo: SunatMode): string {
  return process.env.SUNAT_URL || SUNAT_CONSULT_ENDPOINT;
}

/** How long a call may take before it counts as a network failure. */
export const SUNAT_TIMEOUT_MS = 30_000;

export type SunatCall = {
  url: string;
  ruc: string;
  usuarioSol: string;
  claveSol: string;
  timeoutMs?: number;
};

/** A zip to send: `fileName` is 'RUC-TT-SERIE-NUMERO' (receiptFileName), '.zip' optional. */
export type SunatFile = { fileName: string; zip: Uint8Array };

export type CdrAnswer = { kind: 'cdr'; cdr: CdrResult; cdrZip: Uint8Array };
/** SUNAT refused the call: its return code when the fault names one (0102, 0151, 1033...). */
export type SunatFault = { kind: 'fault'; code: number | null; message: string };
/** SUNAT was not reached, or its answer was lost: the receipt's fate is unknown. */
export type SunatNetworkError = { kind: 'network'; message: string };

export type SendBillResult = CdrAnswer | SunatFault | SunatNetworkError;
export type SendSummaryResult = { kind: 'ticket'; ticket: string } | SunatFault | SunatNetworkError;
/** getStatus: the CDR once processed (statusCode 0 or 99), 'in-process' while 98. */
export type StatusResult = CdrAnswer | { kind: 'in-process' } | SunatFault | SunatNetworkError;
/** getStatusCdr: the receipt's CDR, or 'not-found' when SUNAT has no such receipt. */
export type StatusCdrResult = CdrAnswer | { kind: 'not-found' } | SunatFault | SunatNetworkError;

/** A receipt already sent, as getStatusCdr names it. */
export type ConsultedReceipt = {
  /** Catálogo 01: 01 factura, 03 boleta, 07 nota de crédito. */
  tipo: '01' | '03' | '07';
  serie: string;
  numero: number;
};

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const SERVICE = 'http://service.sunat.gob.pe';
const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const PASSWORD_TEXT =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

type Operation = 'sendBill' | 'sendSummary' | 'getStatus' | 'getStatusCdr';

/** The request: the credentials in the header, the operation's parameters in the body. */
function envelope(call: SunatCall, operation: Operation, parameters: Record<string, string>) {
  const fields = Object.entries(parameters)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:ser="${SERVICE}" xmlns:wsse="${WSSE}">` +
    `<soapenv:Header><wsse:Security><wsse:UsernameToken>` +
    `<wsse:Username>${escapeXml(call.ruc + call.usuarioSol)}</wsse:Username>` +
    `<wsse:Password Type="${PASSWORD_TEXT}">${escapeXml(call.claveSol)}</wsse:Password>` +
    `</wsse:UsernameToken></wsse:Security></soapenv:Header>` +
    `<soapenv:Body><ser:${operation}>${fields}</ser:${operation}></soapenv:Body>` +
    `</soapenv:Envelope>`
  );
}

/**
 * The return code of a fault: SUNAT puts it after the fault code ('soap-env:Client.0111'), or
 * alone in the fault string ('0109'), or before its text ('1033 - El comprobante...').
 */
function faultCodeOf(faultcode: string, faultstring: string): number | null {
  const found =
    /[.:](\d{1,4})$/.exec(faultcode) ?? /^(\d{1,4})(?:$|\s*[-:]\s)/.exec(faultstring.trim());
  return found ? Number(found[1]) : null;
}

function faultOf(doc: XmlDocument): SunatFault | null {
  if (descendantText(doc, 'Fault') === null) return null;
  const faultcode = descendantText(doc, 'faultcode') ?? '';
  const faultstring = descendantText(doc, 'faultstring') ?? '';
  const code = faultCodeOf(faultcode, faultstring);
  const text = /^\d*$/.test(faultstring) ? (descendantText(doc, 'message') ?? '') : faultstring;
  const message =
    text || (code === null ? 'SUNAT respondió con un error sin detalle.' : sunatMessage(code));
  return { kind: 'fault', code, message };
}

const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * Why fetch failed, in the words the admin reads in the receipt's history; `service` names who
 * was called ('SUNAT', 'el PSE').
 */
export function networkError(
  error: unknown,
  timeoutMs: number,
  service = 'SUNAT',
): SunatNetworkError {
  if (error instanceof Error && error.name === 'TimeoutError') {
    const sentence = `${service} no respondió en ${timeoutMs / 1000} segundos.`;
    return { kind: 'network', message: sentence[0].toUpperCase() + sentence.slice(1) };
  }
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const code =
    cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
  if (CONNECTION_FAILURES.has(code)) {
    return { kind: 'network', message: `No se pudo conectar con ${service} (${code}).` };
  }
  return {
    kind: 'network',
    message: `Se cortó la conexión con ${service}${code ? ` (${code})` : ''}.`,
  };
}

/** One SOAP call: the answer's document, or the fault or network failure it ended in. */
async function post(
  call: SunatCall,
  operation: Operation,
  parameters: Record<string, string>,
): Promise<{ kind: 'answer'; doc: XmlDocument } | SunatFault | SunatNetworkError> {
  const timeoutMs = call.timeoutMs ?? SUNAT_TIMEOUT_MS;
  let status: number;
  let body: string;
  try {
    const response = await fetch(call.url, {
      method: 'POST',
      // SOAP 1.1 quotes the action; SUNAT's WSDL names each one urn:<operation>.
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"urn:${operation}"` },
      body: envelope(call, operation, parameters),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    body = await response.text();
  } catch (error) {
    return networkError(error, timeoutMs);
  }
  let doc: XmlDocument | null = null;
  try {
    doc = parseXml(body);
  } catch {
    // Not XML: a proxy's or a load balancer's error page, handled below.
  }
  const fault = doc && faultOf(doc);
  if (fault) return fault;
  if (!doc || status < 200 || status >= 300) {
    return { kind: 'network', message: `SUNAT respondió con un error HTTP ${status}.` };
  }
  return { kind: 'answer', doc };
}

/** A base64 CDR read, or the fault that says it could not be. */
function cdrAnswer(base64: string | null): CdrAnswer | SunatFault {
  if (!base64) {
    return { kind: 'fault', code: null, message: 'SUNAT no devolvió la constancia (CDR).' };
  }
  const cdrZip = new Uint8Array(Buffer.from(base64, 'base64'));
  try {
    return { kind: 'cdr', cdr: readCdr(cdrZip), cdrZip };
  } catch (error) {
    if (!(error instanceof CdrError)) throw error;
    return { kind: 'fault', code: null, message: 'La constancia (CDR) de SUNAT no se pudo leer.' };
  }
}

const zipName = (fileName: string) => (fileName.endsWith('.zip') ? fileName : `${fileName}.zip`);

const fileParameters = ({ fileName, zip }: SunatFile) => ({
  fileName: zipName(fileName),
  contentFile: Buffer.from(zip).toString('base64'),
});

/** Sends one receipt (factura, boleta or nota) and reads SUNAT's CDR. */
export async function sendBill(request: SunatCall & SunatFile): Promise<SendBillResult> {
  const answer = await post(request, 'sendBill', fileParameters(request));
  if (answer.kind !== 'answer') return answer;
  return cdrAnswer(descendantText(answer.doc, 'applicationResponse'));
}

/** Sends a resumen diario or a comunicación de baja: SUNAT answers a ticket for getStatus. */
export async function sendSummary(request: SunatCall & SunatFile): Promise<SendSummaryResult> {
  const answer = await post(request, 'sendSummary', fileParameters(request));
  if (answer.kind !== 'answer') return answer;
  const ticket = descendantText(answer.doc, 'ticket');
  if (!ticket) return { kind: 'fault', code: null, message: 'SUNAT no devolvió el ticket.' };
  return { kind: 'ticket', ticket };
}

/** Asks how a summary's ticket went: 98 still in process, 0 or 99 processed, with its CDR. */
export async function getStatus(request: SunatCall & { ticket: string }): Promise<StatusResult> {
  const answer = await post(request, 'getStatus', { ticket: request.ticket });
  if (answer.kind !== 'answer') return answer;
  const statusCode = descendantText(answer.doc, 'statusCode');
  if (statusCode === '98') return { kind: 'in-process' };
  const content = descendantText(answer.doc, 'content');
  if (statusCode !== '0' && statusCode !== '99' && !content) {
    const code = statusCode && /^\d{1,4}$/.test(statusCode) ? Number(statusCode) : null;
    return {
      kind: 'fault',
      code,
      message: code === null ? 'SUNAT no informó el estado del ticket.' : sunatMessage(code),
    };
  }
  return cdrAnswer(content);
}

/**
 * getStatusCdr's answers without a CDR that mean SUNAT has no such receipt: 0011 'El comprobante
 * de pago electrónico no existe', and 0127, which the service answers for an unknown receipt.
 */
const NOT_FOUND_CODES = new Set([11, 127]);

/**
 * Whether billConsultService serves the receipt: facturas and their notes, series F…; a boleta or
 * a note of one never gets past its 0009/0010.
 */
export function isConsultable({ tipo, serie }: Pick<ConsultedReceipt, 'tipo' | 'serie'>) {
  return (tipo === '01' || tipo === '07') && serie.startsWith('F');
}

/**
 * Asks billConsultService for the CDR of a receipt already sent: how a send whose answer was lost
 * ends (a resend answers fault 1033, 'registrado previamente'). SUNAT answers 0004 'La constancia
 * existe' with the CDR zip; any answer carrying one is read the same. It serves facturas and
 * their notes only (series F…): a boleta, or a note of one, is refused with 0009 or 0010, a fault.
 */
export async function getStatusCdr(
  request: SunatCall & ConsultedReceipt,
): Promise<StatusCdrResult> {
  const answer = await post(request, 'getStatusCdr', {
    rucComprobante: request.ruc,
    tipoComprobante: request.tipo,
    serieComprobante: request.serie,
    numeroComprobante: String(request.numero),
  });
  if (answer.kind === 'fault' && answer.code !== null && NOT_FOUND_CODES.has(answer.code)) {
    return { kind: 'not-found' };
  }
  if (answer.kind !== 'answer') return answer;
  const content = descendantText(answer.doc, 'content');
  if (content) return cdrAnswer(content);
  const statusCode = descendantText(answer.doc, 'statusCode') ?? '';
  const code = /^\d{1,4}$/.test(statusCode) ? Number(statusCode) : null;
  if (code !== null && NOT_FOUND_CODES.has(code)) return { kind: 'not-found' };
  const statusMessage = descendantText(answer.doc, 'statusMessage');
  return {
    kind: 'fault',
    code,
    message:
      statusMessage ||
      (code === null ? 'SUNAT no devolvió la constancia (CDR).' : sunatMessage(code)),
  };
}
