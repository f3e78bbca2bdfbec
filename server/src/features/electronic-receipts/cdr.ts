import {
  DOMParser,
  onErrorStopParsing,
  type Document as XmlDocument,
  type Element as XmlElement,
  type Node as XmlNode,
} from '@xmldom/xmldom';
import { SunatZipError, unzipSingle } from './sunat-zip';

/**
 * SUNAT's answer to a receipt, its CDR (constancia de recepción, DESIGN §11.2): a zip holding a
 * signed UBL 2.0 `ApplicationResponse` whose `cac:DocumentResponse/cac:Response` carries the
 * return code (CódigosRetorno.md) and whose `cbc:Note`s carry the observations, 'CODE - text'.
 */

export type CdrState = 'aceptado' | 'observado' | 'rechazado' | 'error';

export type CdrNote = { code: number; text: string };

export type CdrResult = {
  /** cac:Response/cbc:ResponseCode: 0 accepted, 2000–3999 rejected, 4000+ observed. */
  code: number;
  description: string;
  /** The observations; a code 0 with notes is an accepted receipt with observations. */
  notes: CdrNote[];
  state: CdrState;
  /** cac:DocumentReference/cbc:ID: the receipt it answers ('B001-27') or the summary's ID. */
  documentId: string;
  /** The ApplicationResponse itself. */
  xml: string;
};

/** A CDR that cannot be read: a damaged zip, or no ApplicationResponse with a response code. */
export class CdrError extends Error {
  override name = 'CdrError';
}

/** What a return code means for the receipt (CódigosRetorno.md, DESIGN §11.2). */
export function stateOfCode(code: number): CdrState {
  if (code === 0) return 'aceptado';
  if (code >= 4000) return 'observado';
  if (code >= 2000) return 'rechazado';
  // 0100–1999: SUNAT could not take the receipt (exceptions); sending it again may succeed.
  return 'error';
}

/**
 * Parses XML, throwing on anything that is not well-formed. Documents are walked with xmldom's own
 * DOM calls rather than xpath, whose types would pull the browser's DOM library into the server.
 */
export function parseXml(xml: string): XmlDocument {
  return new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, 'text/xml');
}

/** The child elements of that local name ('*' for any), whatever their namespace prefix. */
function childElements(parent: XmlNode | null | undefined, localName: string): XmlElement[] {
  return [...(parent?.childNodes ?? [])].filter(
    (node): node is XmlElement =>
      node.nodeType === node.ELEMENT_NODE && (localName === '*' || node.localName === localName),
  );
}

/** The trimmed text at a path of local names below `parent` ('DocumentReference/ID'), or ''. */
function textAt(parent: XmlNode | null | undefined, path: string): string {
  let node: XmlNode | undefined = parent ?? undefined;
  for (const name of path.split('/')) node = childElements(node, name)[0];
  return node?.textContent?.trim() ?? '';
}

/** The text of the first element of that local name anywhere in the document, or null. */
export function descendantText(doc: XmlDocument, localName: string): string | null {
  const found = doc.getElementsByTagNameNS('*', localName).item(0);
  return found ? (found.textContent ?? '').trim() : null;
}

/** '4252 - El dato ingresado como atributo @listName es incorrecto.' */
function noteOf(text: string): CdrNote {
  const parts = /^(\d{1,4})\s*-\s*([\s\S]*)$/.exec(text.trim());
  // SUNAT writes every note with its code; one without keeps its text under code 0.
  return parts ? { code: Number(parts[1]), text: parts[2].trim() } : { code: 0, text: text.trim() };
}

/** Reads a CDR zip as SUNAT's sendBill or getStatus returns it. */
export function readCdr(zip: Uint8Array): CdrResult {
  let xml: string;
  try {
    xml = unzipSingle(zip).content;
  } catch (error) {
    throw new CdrError(error instanceof SunatZipError ? error.message : 'The CDR is not a zip');
  }
  let doc: XmlDocument;
  try {
    doc = parseXml(xml);
  } catch {
    throw new CdrError('The CDR is not well-formed XML');
  }
  const root = doc.documentElement;
  if (root?.localName !== 'ApplicationResponse') {
    throw new CdrError('The CDR is no ApplicationResponse');
  }
  const [documentResponse] = childElements(root, 'DocumentResponse');
  const codeText = textAt(documentResponse, 'Response/ResponseCode');
  if (!/^\d+$/.test(codeText)) throw new CdrError('The CDR has no response code');
  const code = Number(codeText);
  const notes = childElements(root, 'Note')
    .map((note) => noteOf(note.textContent ?? ''))
    .filter((note) => note.text !== '');
  return {
    code,
    description: textAt(documentResponse, 'Response/Description') || sunatMessage(code),
    notes,
    // SUNAT accepts a receipt with observations as code 0 and lists them as notes.
    state: code === 0 && notes.length > 0 ? 'observado' : stateOfCode(code),
    documentId: textAt(documentResponse, 'DocumentReference/ID'),
    xml,
  };
}

/**
 * The return codes a salon meets most (CódigosRetorno.md, accents restored): what the
 * 'Comprobantes electrónicos' screen shows when SUNAT's answer brings no text of its own.
 */
const MESSAGES: Record<number, string> = {
  100: 'El sistema no puede responder su solicitud. Intente nuevamente o comuníquese con su Administrador.',
  101: 'El encabezado de seguridad es incorrecto.',
  102: 'Usuario o contraseña incorrectos.',
  103: 'El usuario ingresado no existe.',
  104: 'La clave ingresada es incorrecta.',
  105: 'El usuario no está activo.',
  106: 'El usuario no es válido.',
  109: 'El sistema no puede responder su solicitud (el servicio de autenticación no está disponible).',
  110: 'No se pudo obtener la información del tipo de usuario.',
  111: 'No tiene el perfil para enviar comprobantes electrónicos.',
  112: 'El usuario debe ser secundario.',
  113: 'El usuario no está afiliado a Factura Electrónica.',
  125: 'No se pudo obtener la constancia.',
  126: 'El ticket no le pertenece al usuario.',
  127: 'El ticket no existe.',
  130: 'El sistema no puede responder su solicitud (no se pudo obtener el ticket de proceso).',
  135: 'El sistema no puede responder su solicitud (no se pudo encolar el pedido).',
  138: 'El sistema no puede responder su solicitud (error en base de datos).',
  140: 'Existe un documento igual en proceso.',
  151: 'El nombre del archivo ZIP es incorrecto.',
  152: 'No se puede enviar por este método un archivo de resumen.',
  154: 'El RUC del archivo no corresponde al RUC del usuario o el proveedor no está autorizado a enviar comprobantes del contribuyente.',
  155: 'El archivo ZIP está vacío.',
  156: 'El archivo ZIP está corrupto.',
  157: 'El archivo ZIP no contiene comprobantes.',
  158: 'El archivo ZIP contiene demasiados comprobantes para este tipo de envío.',
  159: 'El nombre del archivo XML es incorrecto.',
  160: 'El archivo XML está vacío.',
  161: 'El nombre del archivo XML no coincide con el nombre del archivo ZIP.',
  200: 'No se pudo procesar su solicitud (ocurrió un error en el batch).',
  306: 'No se puede leer (parsear) el archivo XML.',
  1032: 'El comprobante ya está informado y se encuentra con estado anulado o rechazado.',
  1033: 'El comprobante fue registrado previamente con otros datos.',
  1034: 'Número de RUC del nombre del archivo no coincide con el consignado en el contenido del archivo XML.',
  1035: 'Número de serie del nombre del archivo no coincide con el consignado en el contenido del archivo XML.',
  1036: 'Número de documento en el nombre del archivo no coincide con el consignado en el contenido del XML.',
  1078: 'El emisor no se encuentra autorizado a emitir en el SEE-Desde los sistemas del contribuyente.',
  1083: 'El número de RUC del receptor no existe.',
  2017: 'El número de documento de identidad del receptor debe ser RUC.',
  2220: 'El ID debe coincidir con el nombre del archivo.',
  2223: 'El archivo ya fue presentado anteriormente.',
  2282: 'Existe documento ya informado anteriormente.',
  2325: 'El certificado usado no es el comunicado a SUNAT.',
  2326: 'El certificado usado se encuentra de baja.',
  2335: 'El documento electrónico ingresado ha sido alterado.',
  2800: 'El dato ingresado en el tipo de documento de identidad del receptor no está permitido.',
  2801: 'El DNI ingresado no cumple con el estándar.',
  2987: 'El comprobante ya fue informado y se encuentra anulado o rechazado.',
  3105: 'El XML debe contener al menos un tributo por línea de afectación por IGV.',
  4252: 'El dato ingresado como atributo @listName es incorrecto.',
  4332: 'El código de producto de SUNAT no es válido.',
  4443: 'El comprobante fue informado fuera del plazo establecido.',
};

/** SUNAT's text for a return code, or a plain sentence naming the code when it is not listed. */
export function sunatMessage(code: number): string {
  return MESSAGES[code] ?? `SUNAT respondió con el código ${String(code).padStart(4, '0')}.`;
}
