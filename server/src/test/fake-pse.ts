import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local PSE for the tests (DESIGN §11.2): a JSON API in Nubefact's style on 127.0.0.1, with
 * its generar_comprobante and consultar_comprobante. It checks the token, the required fields
 * and that the totals add up, remembers every document it generated (a second generar of one is
 * its error 23, consultar answers it), and answers as the test queued: accepted, observed,
 * rejected, pending (no answer from SUNAT yet), an error, silence or a dropped connection. It is
 * written apart from the code it tests, as the PSE is.
 */

export type FakePseBehaviour =
  | 'accepted'
  /** Generated but not yet answered by SUNAT: aceptada_por_sunat false and no code. */
  | 'pending'
  /** The request is read and never answered, until the fake closes. */
  | 'timeout'
  /** The request is read and the connection destroyed. */
  | 'drop'
  /** The document is generated and accepted, then the connection destroyed: the answer lost. */
  | 'accept-then-drop'
  /** Accepted with an observation in sunat_note, 'CODE - text'. */
  | { observed: number; message?: string }
  /** Rejected by SUNAT with that code (2000–3999). */
  | { rejected: number; message?: string }
  /** Nubefact's error JSON with that code (10 token, 20/21 data, 40 internal...). */
  | { error: number; message?: string };

export type ReceivedPseRequest = {
  authorization: string | null;
  /** The JSON sent, or null when it was not JSON. */
  body: Record<string, unknown> | null;
};

export type FakePse = {
  /** The company's route, Nubefact's RUTA. */
  url: string;
  received: ReceivedPseRequest[];
  /** Queues how the next requests are answered, one behaviour per request, in order. */
  answerNext(...behaviours: FakePseBehaviour[]): void;
  close(): Promise<void>;
};

export const FAKE_PSE_TOKEN = 'token-de-prueba-0123456789abcdef';

/** Nubefact's error texts. */
const ERRORS: Record<number, string> = {
  10: 'No se pudo autenticar, token incorrecto o eliminado',
  11: 'La ruta o URL que estás usando no es correcta o no existe',
  12: 'Solicitud incorrecta, la cabecera (Header) no contiene un Content-Type correcto',
  20: 'El archivo enviado no cumple con el formato establecido',
  21: 'No se pudo completar la operación',
  23: 'Este documento ya existe en NubeFacT',
  24: 'El documento indicado no existe o no fue enviado a NubeFacT',
  40: 'Error interno desconocido',
};
/** SUNAT's texts for the codes the fake answers. */
const SUNAT_TEXTS: Record<number, string> = {
  2800: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
  4252: 'El dato ingresado como atributo @listName es incorrecto.',
};
const sunatText = (code: number) =>
  SUNAT_TEXTS[code] ?? `Respuesta de prueba con el código ${code}`;

const DOCUMENT_NAMES: Record<number, string> = {
  1: 'La Factura',
  2: 'La Boleta',
  3: 'La Nota de Credito',
};
const DOCUMENT_CODES: Record<number, string> = { 1: '01', 2: '03', 3: '07' };

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';
/** Amounts Nubefact takes as numbers or as numeric strings. */
const amount = (value: unknown): number | null =>
  isNumber(value)
    ? value
    : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)
      ? Number(value)
      : null;
const withinCent = (a: number, b: number) => Math.abs(a - b) <= 0.01 + 1e-9;

/** The reason a generar_comprobante is refused: Nubefact's code and text, or null when valid. */
function problemOf(doc: Json): { codigo: number; errors: string } | null {
  const missing = (field: string) => ({ codigo: 20, errors: `Falta el campo "${field}".` });
  const tipo = doc.tipo_de_comprobante;
  if (tipo !== 1 && tipo !== 2 && tipo !== 3) return missing('tipo_de_comprobante');
  for (const field of [
    'serie',
    'cliente_tipo_de_documento',
    'cliente_numero_de_documento',
    'cliente_denominacion',
    'fecha_de_emision',
  ]) {
    if (!isText(doc[field])) return missing(field);
  }
  for (const field of ['numero', 'sunat_transaction', 'moneda', 'porcentaje_de_igv']) {
    if (!isNumber(doc[field])) return missing(field);
  }
  if (!/^\d{2}-\d{2}-\d{4}$/.test(String(doc.fecha_de_emision))) {
    return { codigo: 20, errors: 'La fecha de emisión debe tener el formato dd-mm-aaaa.' };
  }
  const serie = String(doc.serie);
  const modified = doc.documento_que_se_modifica_tipo;
  const letter = tipo === 1 || (tipo === 3 && modified === 1) ? 'F' : 'B';
  if (!new RegExp(`^${letter}[A-Z0-9]{3}$`).test(serie)) {
    return { codigo: 21, errors: `La serie debe empezar con ${letter} y tener 4 caracteres.` };
  }
  if (tipo === 3) {
    if (modified !== 1 && modified !== 2) return missing('documento_que_se_modifica_tipo');
    if (!isText(doc.documento_que_se_modifica_serie)) {
      return missing('documento_que_se_modifica_serie');
    }
    if (!isNumber(doc.documento_que_se_modifica_numero)) {
      return missing('documento_que_se_modifica_numero');
    }
    if (!isNumber(doc.tipo_de_nota_de_credito)) return missing('tipo_de_nota_de_credito');
  }
  const [gravada, igv, total] = ['total_gravada', 'total_igv', 'total'].map((field) =>
    amount(doc[field]),
  );
  if (gravada === null) return missing('total_gravada');
  if (igv === null) return missing('total_igv');
  if (total === null) return missing('total');
  const items = doc.items;
  if (!Array.isArray(items) || items.length === 0) return missing('items');
  let subtotals = 0;
  let totals = 0;
  for (const item of items) {
    if (!isJson(item)) return missing('items');
    for (const field of ['unidad_de_medida', 'descripcion']) {
      if (!isText(item[field])) return missing(`items.${field}`);
    }
    for (const field of ['cantidad', 'tipo_de_igv']) {
      if (!isNumber(item[field])) return missing(`items.${field}`);
    }
    const [value, price, subtotal, itemIgv, itemTotal] = [
      'valor_unitario',
      'precio_unitario',
      'subtotal',
      'igv',
      'total',
    ].map((field) => amount(item[field]));
    if (value === null || price === null || subtotal === null || itemIgv === null) {
      return missing('items.valor_unitario, precio_unitario, subtotal o igv');
    }
    if (itemTotal === null) return missing('items.total');
    if (!withinCent(subtotal + itemIgv, itemTotal)) {
      return { codigo: 21, errors: `El total del ítem "${String(item.descripcion)}" no cuadra.` };
    }
    subtotals += subtotal;
    totals += itemTotal;
  }
  const discount = amount(doc.descuento_global) ?? 0;
  if (!withinCent(subtotals - discount, gravada) || !withinCent(gravada + igv, total)) {
    return { codigo: 21, errors: 'Los totales no coinciden con la suma de los ítems.' };
  }
  if (discount === 0 && !withinCent(totals, total)) {
    return { codigo: 21, errors: 'El total no coincide con la suma de los ítems.' };
  }
  return null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function replyError(res: ServerResponse, codigo: number, errors = ERRORS[codigo]) {
  const status = codigo === 10 ? 401 : codigo >= 40 ? 500 : 400;
  reply(res, status, { errors: errors ?? `Error ${codigo}`, codigo });
}

/** A generated document and what it came to. */
type Stored = { doc: Json; hash: string; key: string; answer: Json };

/** Starts a fake PSE on a free port of 127.0.0.1; its route accepts only `token`. */
export async function startFakePse(
  options: { token?: string; ruc?: string } = {},
): Promise<FakePse> {
  const token = options.token ?? FAKE_PSE_TOKEN;
  const ruc = options.ruc ?? '20123456789';
  const route = '/api/v1/8e2b1c4d-ruta-de-prueba';
  const received: ReceivedPseRequest[] = [];
  const queue: FakePseBehaviour[] = [];
  /** By 'tipo-serie-numero'. */
  const documents = new Map<string, Stored>();
  let base = '';

  /** Nubefact's answer about a document, as the behaviour makes it. */
  function answerOf(stored: Stored, behaviour: FakePseBehaviour): Json {
    const { doc, hash, key } = stored;
    const tipo = Number(doc.tipo_de_comprobante);
    const number = `${String(doc.serie)}-${String(doc.numero)}`;
    const link = `${base}/cpe/${key}`;
    const qr = [
      ruc,
      DOCUMENT_CODES[tipo],
      doc.serie,
      doc.numero,
      doc.total_igv,
      doc.total,
      String(doc.fecha_de_emision).split('-').reverse().join('-'),
      doc.cliente_tipo_de_documento,
      doc.cliente_numero_de_documento,
      hash,
    ]
      .map((field) => `${String(field)} | `)
      .join('');
    const accepted = `${DOCUMENT_NAMES[tipo]} numero ${number}, ha sido aceptada`;
    const outcome =
      behaviour === 'pending'
        ? { aceptada_por_sunat: false, sunat_description: null, sunat_responsecode: null }
        : typeof behaviour === 'object' && 'rejected' in behaviour
          ? {
              aceptada_por_sunat: false,
              sunat_description: behaviour.message ?? sunatText(behaviour.rejected),
              sunat_responsecode: String(behaviour.rejected),
            }
          : { aceptada_por_sunat: true, sunat_description: accepted, sunat_responsecode: '0' };
    const note =
      typeof behaviour === 'object' && 'observed' in behaviour
        ? `${behaviour.observed} - ${behaviour.message ?? sunatText(behaviour.observed)}`
        : null;
    return {
      tipo_de_comprobante: tipo,
      serie: doc.serie,
      numero: doc.numero,
      enlace: link,
      ...outcome,
      sunat_note: note,
      sunat_soap_error: '',
      pdf_zip_base64: '',
      xml_zip_base64: '',
      cdr_zip_base64: '',
      cadena_para_codigo_qr: qr.trimEnd(),
      codigo_hash: hash,
      enlace_del_pdf: `${link}.pdf`,
      enlace_del_xml: `${link}.xml`,
      enlace_del_cdr: outcome.sunat_responsecode === null ? '' : `${link}.cdr`,
    };
  }

  const keyOf = (doc: Json) =>
    `${String(doc.tipo_de_comprobante)}-${String(doc.serie)}-${String(doc.numero)}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const behaviour = queue.shift() ?? 'accepted';
    let body: Json | null = null;
    try {
      const parsed: unknown = JSON.parse(raw);
      body = isJson(parsed) ? parsed : null;
    } catch {
      // Not JSON: refused below with error 20.
    }
    received.push({ authorization: req.headers.authorization ?? null, body });
    if (behaviour === 'timeout') return;
    if (behaviour === 'drop') return req.socket.destroy();
    if (req.url !== route) return replyError(res, 11);
    if (req.headers.authorization !== `Token token="${token}"`) return replyError(res, 10);
    if (!req.headers['content-type']?.startsWith('application/json')) return replyError(res, 12);
    if (typeof behaviour === 'object' && 'error' in behaviour) {
      return replyError(res, behaviour.error, behaviour.message);
    }
    if (!body) return replyError(res, 20);

    if (body.operacion === 'consultar_comprobante') {
      const stored = documents.get(keyOf(body));
      if (!stored) return replyError(res, 24);
      // A pending document is decided when it is asked for, by the consult's behaviour.
      if (stored.answer.aceptada_por_sunat === false && stored.answer.sunat_responsecode === null) {
        stored.answer = answerOf(stored, behaviour);
      }
      return reply(res, 200, stored.answer);
    }
    if (body.operacion !== 'generar_comprobante') return replyError(res, 20);
    const problem = problemOf(body);
    if (problem) return replyError(res, problem.codigo, problem.errors);
    const key = keyOf(body);
    if (documents.has(key)) return replyError(res, 23);
    const stored: Stored = {
      doc: body,
      key: createHash('sha256').update(`${ruc}-${key}`).digest('hex').slice(0, 32),
      hash: createHash('sha1').update(raw).digest('base64'),
      answer: {},
    };
    stored.answer = answerOf(stored, behaviour);
    documents.set(key, stored);
    if (behaviour === 'accept-then-drop') return req.socket.destroy();
    reply(res, 200, stored.answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.stack : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // listen() on a port resolves to an AddressInfo, never a pipe's name.
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}${route}`,
    received,
    answerNext: (...behaviours) => queue.push(...behaviours),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
