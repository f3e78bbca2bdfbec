import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { limaWallClock } from '@app/domain';
import {
  DOMParser,
  onErrorStopParsing,
  type Document as XmlDocument,
  type Element as XmlElement,
  type Node as XmlNode,
} from '@xmldom/xmldom';
import { unzipSync, zipSync } from 'fflate';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { testCertificate, TEST_CERTIFICATE_PASSWORD } from './certificate';
import { validateUbl } from './xsd';

/**
 * A local SUNAT for the tests (DESIGN §11.2): SOAP 1.1 on 127.0.0.1, billService's sendBill,
 * sendSummary and getStatus and billConsultService's getStatusCdr, all on one URL. It checks
 * what SUNAT checks first (the SOL credentials, the zip and its names, the XSD, the signature
 * against the certificate in KeyInfo) and answers a CDR signed with its own certificate, or
 * whatever the test queued: an observation, a rejection, an exception, a SOAP fault, silence or a
 * dropped connection. Like SUNAT it remembers every receipt it answered: a resend is fault 1033
 * (1032 when it was rejected), and getStatusCdr gives its CDR back. It is written apart from the
 * code it tests (its own zip, signing and checks), as SUNAT is.
 */

export type FakeSunatBehaviour =
  | 'accepted'
  /** getStatus answers statusCode 98: the summary is still being processed. */
  | 'in-process'
  /** A server fault with the code alone in the faultstring ('0100'). */
  | 'soap-fault'
  /** The request is read and never answered, until the fake closes. */
  | 'timeout'
  /** The request is read and the connection destroyed. */
  | 'drop'
  /** sendBill accepts and remembers the receipt, then destroys the connection: the answer lost. */
  | 'accept-then-drop'
  /** sendBill accepts and remembers the receipt, and never answers: the sender dies waiting. */
  | 'accept-then-hang'
  /** Accepted with an observation: code 0 and a note 'CODE - text', as SUNAT does. */
  | { observed: number; message?: string }
  /** A CDR of rejection with that code (2000–3999). */
  | { rejected: number; message?: string }
  /** A SOAP fault with that code (0100–1999): SUNAT did not take the document. */
  | { exception: number; message?: string };

export type ReceivedBill = {
  method: 'sendBill' | 'sendSummary' | 'getStatus' | 'getStatusCdr';
  /** The zip's name, as sent. */
  fileName: string | null;
  /** The XML inside the zip, when it could be read. */
  xml: string | null;
  ticket: string | null;
  /** getStatusCdr's receipt, 'RUC-TT-SERIE-NUMERO'. */
  consulted: string | null;
  /** WS-Security's Username: RUC + SOL user. */
  user: string;
};

/** The salon the fake serves, its SOL login, and a fixed port (0: a free one). */
export type FakeSunatOptions = { ruc?: string; usuario?: string; clave?: string; port?: number };

export type FakeSunat = {
  /** The billService's URL, for SUNAT_URL. */
  url: string;
  close(): Promise<void>;
  received: ReceivedBill[];
  /** Queues how the next requests are answered, one behaviour per request, in order. */
  answerNext(...behaviours: FakeSunatBehaviour[]): void;
  /** The certificate the CDRs are signed with, PEM. */
  certificatePem: string;
};

/** SUNAT beta's public test credentials. */
export const FAKE_SUNAT_RUC = '20123456789';
export const FAKE_SUNAT_USER = 'MODDATOS';
export const FAKE_SUNAT_PASSWORD = 'moddatos';
const SUNAT_RUC = '20131312955';

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
const APPLICATION_RESPONSE = 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2';

/** SUNAT's texts for the codes the fake answers (CódigosRetorno.md). */
const TEXTS: Record<number, string> = {
  4: 'La constancia existe',
  9: 'EL tipo de comprobante debe de ser (01, 07 o 08)',
  10: 'Sólo se puede consultar facturas, notas de crédito y debito electrónicas, cuya serie empieza con "F"',
  100: 'El sistema no puede responder su solicitud. Intente nuevamente o comuníquese con su Administrador',
  102: 'Usuario o contraseña incorrectos',
  127: 'El ticket no existe',
  151: 'El nombre del archivo ZIP es incorrecto',
  154: 'El RUC del archivo no corresponde al RUC del usuario o el proveedor no esta autorizado a enviar comprobantes del contribuyente',
  155: 'El archivo ZIP esta vacio',
  156: 'El archivo ZIP esta corrupto',
  157: 'El archivo ZIP no contiene comprobantes',
  158: 'El archivo ZIP contiene demasiados comprobantes para este tipo de envío',
  160: 'El archivo XML esta vacio',
  161: 'El nombre del archivo XML no coincide con el nombre del archivo ZIP',
  306: 'No se puede leer (parsear) el archivo XML',
  1032: 'El comprobante ya esta informado y se encuentra con estado anulado o rechazado',
  1033: 'El comprobante fue registrado previamente con otros datos',
  1036: 'Número de documento en el nombre del archivo no coincide con el consignado en el contenido del XML',
  2220: 'El ID debe coincidir con el nombre del archivo',
  2335: 'El documento electrónico ingresado ha sido alterado',
  2800: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
  4252: 'El dato ingresado como atributo @listName es incorrecto.',
};
const textOfCode = (code: number) => TEXTS[code] ?? `Respuesta de prueba con el código ${code}`;
const padded = (code: number) => String(code).padStart(4, '0');

/* Reading XML */

const parse = (xml: string): XmlDocument | null => {
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, 'text/xml');
  } catch {
    return null;
  }
};

/** The child elements of that local name ('*' for any), whatever their prefix. */
const childElements = (parent: XmlNode | undefined, localName: string): XmlElement[] =>
  [...(parent?.childNodes ?? [])].filter(
    (node): node is XmlElement =>
      node.nodeType === node.ELEMENT_NODE && (localName === '*' || node.localName === localName),
  );

/** The text at a path of local names below `parent` ('Envelope/Body/*'), or ''. */
function textAt(parent: XmlNode, localPath: string): string {
  let node: XmlNode | undefined = parent;
  for (const name of localPath.split('/')) node = childElements(node, name)[0];
  return node?.textContent?.trim() ?? '';
}

/* Signing, as SUNAT signs its CDRs */

type Signer = { privateKeyPem: string; certificatePem: string };
let sunatSigner: Signer | null = null;

/** The fake SUNAT's key and certificate: a test certificate with SUNAT as its holder. */
function signer(): Signer {
  if (sunatSigner) return sunatSigner;
  const pfx = testCertificate({
    holder: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT (PRUEBA)',
  });
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(forge.util.binary.raw.encode(pfx)),
    TEST_CERTIFICATE_PASSWORD,
  );
  const keyBag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
    forge.pki.oids.pkcs8ShroudedKeyBag
  ]?.[0];
  const certBag = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0];
  if (!keyBag?.key || !certBag?.cert) throw new Error('The test certificate has no key or cert');
  sunatSigner = {
    privateKeyPem: forge.pki.privateKeyToPem(keyBag.key),
    certificatePem: forge.pki.certificateToPem(certBag.cert),
  };
  return sunatSigner;
}

function signCdr(xml: string): string {
  const { privateKeyPem, certificatePem } = signer();
  const signature = new SignedXml({
    privateKey: privateKeyPem,
    publicCert: certificatePem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  });
  signature.addReference({
    xpath: '/*',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    isEmptyUri: true,
  });
  signature.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: 'SignSUNAT' },
    location: { reference: "//*[local-name()='ExtensionContent']", action: 'append' },
  });
  return signature.getSignedXml();
}

/**
 * Whether a document's enveloped signature verifies: with `publicCert` when given, else with the
 * certificate in its own KeyInfo (what SUNAT checks of a receipt).
 */
export function signatureVerifies(xml: string, publicCert?: string): boolean {
  const doc = parse(xml);
  const signature = doc?.getElementsByTagNameNS(DSIG, 'Signature').item(0);
  if (!signature) return false;
  const verifier = new SignedXml(
    publicCert ? { publicCert } : { getCertFromKeyInfo: SignedXml.getCertFromKeyInfo },
  );
  try {
    verifier.loadSignature(signature);
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}

/* Documents */

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

type Outcome = { code: number; description: string; notes: string[] };

/** The ApplicationResponse SUNAT answers about a document, signed, zipped as R-<name>.zip. */
function cdrZip(baseName: string, documentId: string, outcome: Outcome): Uint8Array {
  const wall = limaWallClock(new Date()).toISOString();
  const [date, time] = [wall.slice(0, 10), wall.slice(11, 19)];
  const ruc = baseName.slice(0, 11);
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<ar:ApplicationResponse xmlns:ar="${APPLICATION_RESPONSE}" xmlns:cac="${CAC}" xmlns:cbc="${CBC}" xmlns:ext="${EXT}">` +
    `<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>` +
    `<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID>` +
    `<cbc:ID>${Date.now()}</cbc:ID>` +
    `<cbc:IssueDate>${date}</cbc:IssueDate><cbc:IssueTime>${time}</cbc:IssueTime>` +
    `<cbc:ResponseDate>${date}</cbc:ResponseDate><cbc:ResponseTime>${time}</cbc:ResponseTime>` +
    outcome.notes.map((note) => `<cbc:Note>${escapeXml(note)}</cbc:Note>`).join('') +
    `<cac:Signature><cbc:ID>SignSUNAT</cbc:ID>` +
    `<cac:SignatoryParty><cac:PartyIdentification><cbc:ID>${SUNAT_RUC}</cbc:ID></cac:PartyIdentification>` +
    `<cac:PartyName><cbc:Name>SUNAT</cbc:Name></cac:PartyName></cac:SignatoryParty>` +
    `<cac:DigitalSignatureAttachment><cac:ExternalReference><cbc:URI>#SignSUNAT</cbc:URI>` +
    `</cac:ExternalReference></cac:DigitalSignatureAttachment></cac:Signature>` +
    `<cac:SenderParty><cac:PartyIdentification><cbc:ID>${SUNAT_RUC}</cbc:ID></cac:PartyIdentification></cac:SenderParty>` +
    `<cac:ReceiverParty><cac:PartyIdentification><cbc:ID>6-${escapeXml(ruc)}</cbc:ID></cac:PartyIdentification></cac:ReceiverParty>` +
    `<cac:DocumentResponse><cac:Response>` +
    `<cbc:ReferenceID>${escapeXml(documentId)}</cbc:ReferenceID>` +
    `<cbc:ResponseCode>${outcome.code}</cbc:ResponseCode>` +
    `<cbc:Description>${escapeXml(outcome.description)}</cbc:Description>` +
    `</cac:Response><cac:DocumentReference><cbc:ID>${escapeXml(documentId)}</cbc:ID></cac:DocumentReference>` +
    `</cac:DocumentResponse></ar:ApplicationResponse>`;
  // SUNAT's CDR zips carry an empty 'dummy' folder beside the XML.
  return zipSync({
    'dummy/': new Uint8Array(0),
    [`R-${baseName}.xml`]: new TextEncoder().encode(signCdr(xml)),
  });
}

/** SUNAT's words for an accepted document. */
const ACCEPTED: Record<string, string> = {
  '01': 'La Factura numero {id}, ha sido aceptada',
  '03': 'La Boleta numero {id}, ha sido aceptada',
  '07': 'La Nota de Credito numero {id}, ha sido aceptada',
  RC: 'El Resumen diario {id}, ha sido aceptado',
  RA: 'La Comunicacion de baja {id}, ha sido aceptada',
};

/** What a behaviour makes of a document that passed the checks. */
function outcomeOf(behaviour: FakeSunatBehaviour, tipo: string, documentId: string): Outcome {
  const accepted = (ACCEPTED[tipo] ?? 'El documento {id} ha sido aceptado').replace(
    '{id}',
    documentId,
  );
  if (typeof behaviour === 'object' && 'observed' in behaviour) {
    const text = behaviour.message ?? textOfCode(behaviour.observed);
    return { code: 0, description: accepted, notes: [`${padded(behaviour.observed)} - ${text}`] };
  }
  if (typeof behaviour === 'object' && 'rejected' in behaviour) {
    const description = behaviour.message ?? textOfCode(behaviour.rejected);
    return { code: behaviour.rejected, description, notes: [] };
  }
  return { code: 0, description: accepted, notes: [] };
}

const rejection = (code: number): Outcome => ({ code, description: textOfCode(code), notes: [] });

/* The SOAP side */

type Fault = { fault: number; detail?: string };
type Checked = Fault | { documentId: string; tipo: string; outcome: Outcome | null };

const isFault = (checked: Checked): checked is Fault => 'fault' in checked;

/** The one XML file of a zip, or the fault SUNAT answers about it. */
function xmlOfZip(base64: string): Fault | { name: string; xml: string } {
  if (!base64) return { fault: 155 };
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(Buffer.from(base64, 'base64'));
  } catch {
    return { fault: 156 };
  }
  const files = Object.entries(entries).filter(([name]) => !name.endsWith('/'));
  if (files.length === 0) return { fault: 157 };
  if (files.length > 1) return { fault: 158 };
  const [[name, bytes]] = files;
  if (bytes.length === 0) return { fault: 160 };
  return { name, xml: new TextDecoder().decode(bytes) };
}

const BILL_NAME = /^(\d{11})-(01|03|07)-([A-Z0-9]{4})-(\d{1,8})\.zip$/;
const SUMMARY_NAME = /^(\d{11})-(RC|RA)-(\d{8})-(\d{1,5})\.zip$/;

/**
 * SUNAT's checks of a sent file, in its order: the zip's name and RUC, the zip, the XML's name,
 * the XML against its schema (receipts only: the 2.0 summaries' schemas are not in the tests'
 * copy), the ID against the name, then the signature (a CDR of rejection 2335).
 */
async function checkFile(
  fileName: string,
  file: ReturnType<typeof xmlOfZip>,
  userRuc: string,
  summary: boolean,
): Promise<Checked> {
  const name = (summary ? SUMMARY_NAME : BILL_NAME).exec(fileName);
  if (!name) return { fault: 151 };
  const [, ruc, tipo, third, fourth] = name;
  if (ruc !== userRuc) return { fault: 154 };
  if ('fault' in file) return file;
  if (file.name !== fileName.replace(/\.zip$/, '.xml')) return { fault: 161 };
  const doc = parse(file.xml);
  if (!doc) return { fault: 306 };
  if (!summary) {
    const problems = await validateUbl(file.xml, tipo === '07' ? 'credit-note' : 'invoice');
    if (problems.length > 0) return { fault: 306, detail: problems[0] };
  }
  const documentId = summary ? `${tipo}-${third}-${fourth}` : `${third}-${fourth}`;
  const id = textAt(doc, '*/ID');
  if (id !== documentId) {
    return summary ? { documentId, tipo, outcome: rejection(2220) } : { fault: 1036 };
  }
  const outcome = signatureVerifies(file.xml) ? null : rejection(2335);
  return { documentId, tipo, outcome };
}

type Request = {
  operation: ReceivedBill['method'];
  user: string;
  password: string;
  fileName: string;
  contentFile: string;
  ticket: string;
  /** getStatusCdr's 'RUC-TT-SERIE-NUMERO', or ''. */
  consulted: string;
};

const OPERATIONS = ['sendBill', 'sendSummary', 'getStatus', 'getStatusCdr'] as const;
const isOperation = (name: string | null): name is Request['operation'] =>
  OPERATIONS.some((operation) => operation === name);

function requestOf(envelope: string): Request | null {
  const doc = parse(envelope);
  if (!doc) return null;
  const [body] = childElements(childElements(doc, 'Envelope')[0], 'Body');
  const [operation] = childElements(body, '*');
  if (!operation) return null;
  const name = operation.localName;
  if (!isOperation(name)) return null;
  const security = 'Envelope/Header/Security/UsernameToken';
  const consulted =
    name === 'getStatusCdr'
      ? ['ruc', 'tipo', 'serie', 'numero']
          .map((field) => textAt(operation, `${field}Comprobante`))
          .join('-')
      : '';
  return {
    operation: name,
    user: textAt(doc, `${security}/Username`),
    password: textAt(doc, `${security}/Password`),
    fileName: textAt(operation, 'fileName'),
    contentFile: textAt(operation, 'contentFile'),
    ticket: textAt(operation, 'ticket'),
    consulted,
  };
}

const soap = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap-env:Envelope xmlns:soap-env="${SOAP_ENV}">` +
  `<soap-env:Header/><soap-env:Body>${body}</soap-env:Body></soap-env:Envelope>`;

function reply(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
  res.end(soap(body));
}

/** A client fault as SUNAT writes it: the code after the fault code, its text in faultstring. */
function replyFault(res: ServerResponse, { fault, detail }: Fault, message?: string) {
  const text = message ?? textOfCode(fault) + (detail ? ` - Detalle: ${detail}` : '');
  reply(
    res,
    500,
    `<soap-env:Fault><faultcode>soap-env:Client.${padded(fault)}</faultcode>` +
      `<faultstring>${escapeXml(text)}</faultstring></soap-env:Fault>`,
  );
}

const SERVICE_NS = 'xmlns:br="http://service.sunat.gob.pe"';
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const MAX_BODY_BYTES = 20 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('Request too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

type Summary = { baseName: string; documentId: string; tipo: string; outcome: Outcome | null };
/** A receipt answered by sendBill: its CDR, and whether it was a rejection. */
type Answered = { cdrZip: Uint8Array; rejected: boolean };

const isRejection = (code: number) => code >= 2000 && code < 4000;

/** Starts a fake billService on a free port of 127.0.0.1. */
export async function startFakeSunat(options: FakeSunatOptions = {}): Promise<FakeSunat> {
  const ruc = options.ruc ?? FAKE_SUNAT_RUC;
  const user = ruc + (options.usuario ?? FAKE_SUNAT_USER);
  const password = options.clave ?? FAKE_SUNAT_PASSWORD;
  const received: ReceivedBill[] = [];
  const queue: FakeSunatBehaviour[] = [];
  const summaries = new Map<string, Summary>();
  /** By 'RUC-TT-SERIE-NUMERO'. */
  const answered = new Map<string, Answered>();

  async function sendBill(
    res: ServerResponse,
    request: Request,
    file: ReturnType<typeof xmlOfZip>,
    behaviour: FakeSunatBehaviour,
  ) {
    const checked = await checkFile(request.fileName, file, ruc, false);
    if (isFault(checked)) return replyFault(res, checked);
    const baseName = request.fileName.replace(/\.zip$/, '');
    const before = answered.get(baseName);
    if (before) return replyFault(res, { fault: before.rejected ? 1032 : 1033 });
    const outcome = checked.outcome ?? outcomeOf(behaviour, checked.tipo, checked.documentId);
    const zip = cdrZip(baseName, checked.documentId, outcome);
    answered.set(baseName, { cdrZip: zip, rejected: isRejection(outcome.code) });
    if (behaviour === 'accept-then-drop') {
      res.socket?.destroy();
      return;
    }
    if (behaviour === 'accept-then-hang') return;
    reply(
      res,
      200,
      `<br:sendBillResponse ${SERVICE_NS}><applicationResponse>${base64(zip)}</applicationResponse></br:sendBillResponse>`,
    );
  }

  async function sendSummary(
    res: ServerResponse,
    request: Request,
    file: ReturnType<typeof xmlOfZip>,
  ) {
    const checked = await checkFile(request.fileName, file, ruc, true);
    if (isFault(checked)) return replyFault(res, checked);
    const ticket = String(Date.now() * 100 + summaries.size);
    const baseName = request.fileName.replace(/\.zip$/, '');
    summaries.set(ticket, {
      baseName,
      documentId: checked.documentId,
      tipo: checked.tipo,
      outcome: checked.outcome,
    });
    reply(
      res,
      200,
      `<br:sendSummaryResponse ${SERVICE_NS}><ticket>${ticket}</ticket></br:sendSummaryResponse>`,
    );
  }

  /** A summary's outcome is decided when it is asked for: by the getStatus's behaviour. */
  function getStatus(res: ServerResponse, request: Request, behaviour: FakeSunatBehaviour) {
    const summary = summaries.get(request.ticket);
    if (!summary) return replyFault(res, { fault: 127 });
    const status = (statusCode: string, content = '') =>
      reply(
        res,
        200,
        `<br:getStatusResponse ${SERVICE_NS}><status>${content}<statusCode>${statusCode}</statusCode></status></br:getStatusResponse>`,
      );
    if (behaviour === 'in-process') return status('98');
    const outcome = summary.outcome ?? outcomeOf(behaviour, summary.tipo, summary.documentId);
    const zip = cdrZip(summary.baseName, summary.documentId, outcome);
    status(isRejection(outcome.code) ? '99' : '0', `<content>${base64(zip)}</content>`);
  }

  /**
   * billConsultService serves facturas and their notes (series F…) only; of those it knows, it
   * answers 0004 with the CDR, of others 0127.
   */
  function getStatusCdr(res: ServerResponse, request: Request) {
    const [, tipo, serie] = request.consulted.split('-');
    const statusCdr = (code: number, content = '') =>
      reply(
        res,
        200,
        `<br:getStatusCdrResponse ${SERVICE_NS}><statusCdr>${content}` +
          `<statusCode>${padded(code)}</statusCode><statusMessage>${escapeXml(textOfCode(code))}</statusMessage>` +
          `</statusCdr></br:getStatusCdrResponse>`,
      );
    if (!['01', '07', '08'].includes(tipo)) return statusCdr(9);
    if (!serie?.startsWith('F')) return statusCdr(10);
    const known = answered.get(request.consulted);
    if (!known) return statusCdr(127);
    statusCdr(4, `<content>${base64(known.cdrZip)}</content>`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const behaviour = queue.shift() ?? 'accepted';
    const request = requestOf(body);
    if (!request) {
      return reply(
        res,
        500,
        `<soap-env:Fault><faultcode>soap-env:Client</faultcode><faultstring>Solicitud no válida</faultstring></soap-env:Fault>`,
      );
    }
    // getStatus carries no file: its 'empty zip' is never looked at.
    const file = xmlOfZip(request.contentFile);
    received.push({
      method: request.operation,
      fileName: request.fileName || null,
      xml: 'xml' in file ? file.xml : null,
      ticket: request.ticket || null,
      consulted: request.consulted || null,
      user: request.user,
    });
    // Read, and never answered: close() ends the connection.
    if (behaviour === 'timeout') return;
    if (behaviour === 'drop') return req.socket.destroy();
    if (request.user !== user || request.password !== password) {
      return replyFault(res, { fault: 102 });
    }
    if (behaviour === 'soap-fault') {
      return reply(
        res,
        500,
        `<soap-env:Fault><faultcode>soap-env:Server</faultcode><faultstring>0100</faultstring><detail><message>${escapeXml(textOfCode(100))}</message></detail></soap-env:Fault>`,
      );
    }
    if (typeof behaviour === 'object' && 'exception' in behaviour) {
      return replyFault(res, { fault: behaviour.exception }, behaviour.message);
    }
    if (request.operation === 'sendBill') return sendBill(res, request, file, behaviour);
    if (request.operation === 'sendSummary') return sendSummary(res, request, file);
    if (request.operation === 'getStatusCdr') return getStatusCdr(res, request);
    return getStatus(res, request, behaviour);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.stack : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  // listen() on a port resolves to an AddressInfo, never a pipe's name.
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ol-ti-itcpfegem-beta/billService`,
    received,
    answerNext: (...behaviours) => queue.push(...behaviours),
    certificatePem: signer().certificatePem,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
