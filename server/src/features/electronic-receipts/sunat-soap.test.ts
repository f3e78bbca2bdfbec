import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Sale } from '@app/domain';
import { zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { testCertificate, TEST_CERTIFICATE_PASSWORD } from '../../test/certificate';
import { saleFixture } from '../../test/sale-fixture';
import {
  FAKE_SUNAT_PASSWORD,
  FAKE_SUNAT_RUC,
  FAKE_SUNAT_USER,
  signatureVerifies,
  startFakeSunat,
  type FakeSunat,
} from '../../test/fake-sunat';
import { readCdr, stateOfCode, sunatMessage } from './cdr';
import {
  electronicCreditNote,
  electronicInvoice,
  type ElectronicDocument,
} from './electronic-document';
import { readCertificate, type SigningCertificate } from './certificate';
import { signXml } from './sign';
import {
  getStatus,
  getStatusCdr,
  isConsultable,
  sendBill,
  sendSummary,
  SUNAT_CONSULT_ENDPOINT,
  SUNAT_ENDPOINTS,
  sunatConsultUrl,
  sunatUrl,
  type ConsultedReceipt,
  type SendBillResult,
  type StatusCdrResult,
  type StatusResult,
} from './sunat-soap';
import {
  MAX_UNZIPPED_BYTES,
  receiptFileName,
  SunatZipError,
  unzipSingle,
  zipDocument,
} from './sunat-zip';

/**
 * The transport of electronic receipts (DESIGN §11.2) against the local fake SUNAT: each answer
 * SUNAT gives (accepted, observed, rejected, exception, fault) and each way the network fails,
 * read into what the sender stores. The fake remembers every receipt it answered, as SUNAT does,
 * so each test sends a number of its own.
 */

const RUC = FAKE_SUNAT_RUC;
const APPLICATION_RESPONSE_XSD = fileURLToPath(
  new URL(
    '../../../../../shared/sunat/xsd/2.0/maindoc/UBLPE-ApplicationResponse-1.0.xsd',
    import.meta.url,
  ),
);
const XMLLINT = '/usr/bin/xmllint';

/** A boleta to a DNI, or a factura to a RUC, as `GET /api/venta/{id}` answers it. */
const saleOf = (numero: number, tipo: 'B' | 'F' = 'B'): Sale =>
  saleFixture({
    tipo,
    numero,
    doc: tipo === 'B' ? '45678912' : '20100066603',
    nombre: tipo === 'B' ? 'María Fernández Ñahui' : 'Distribuidora Los Andes S.A.C.',
    emisor: { ruc: RUC },
  });

const SALE = saleOf(27);
const BOLETA_NAME = receiptFileName({ ruc: RUC, tipo: '03', serie: 'B001', numero: 27 });

/** A signed receipt of its own number, and the name its zip goes by. */
type Receipt = { name: string; xml: string; numero: number };
let lastNumber = 100;
function newReceipt(tipo: 'B' | 'F' = 'B'): Receipt {
  const numero = ++lastNumber;
  const sale = saleOf(numero, tipo);
  const code = tipo === 'B' ? '03' : '01';
  const name = receiptFileName({ ruc: RUC, tipo: code, serie: sale.serie, numero });
  return { name, xml: electronicInvoice(sale, cert).xml, numero };
}

let cert: SigningCertificate;
let boleta: ElectronicDocument;
let fake: FakeSunat;
beforeAll(async () => {
  cert = readCertificate(testCertificate({ ruc: RUC }), TEST_CERTIFICATE_PASSWORD);
  boleta = electronicInvoice(SALE, cert);
  fake = await startFakeSunat();
});
afterAll(() => fake.close());

const credentials = () => ({
  url: fake.url,
  ruc: RUC,
  usuarioSol: FAKE_SUNAT_USER,
  claveSol: FAKE_SUNAT_PASSWORD,
});

/**
 * Sends a receipt (a new boleta unless told) in a zip of its own name, unless told another name,
 * XML or zip.
 */
function send(
  options: {
    receipt?: Receipt;
    xml?: string;
    name?: string;
    zip?: Uint8Array;
    claveSol?: string;
    timeoutMs?: number;
  } = {},
): Promise<SendBillResult> {
  const receipt = options.receipt ?? newReceipt();
  const name = options.name ?? receipt.name;
  return sendBill({
    ...credentials(),
    claveSol: options.claveSol ?? FAKE_SUNAT_PASSWORD,
    timeoutMs: options.timeoutMs,
    fileName: name,
    zip: options.zip ?? zipDocument(name, options.xml ?? receipt.xml),
  });
}

function cdrOf(result: SendBillResult | StatusResult | StatusCdrResult) {
  if (result.kind !== 'cdr') throw new Error(`Expected a CDR, got ${JSON.stringify(result)}`);
  return result;
}

describe('the files SUNAT trades in', () => {
  test('names a receipt as RUC-TT-SERIE-NUMERO, the number unpadded', () => {
    expect(BOLETA_NAME).toBe('20123456789-03-B001-27');
    expect(receiptFileName({ ruc: RUC, tipo: '07', serie: 'BC01', numero: 3 })).toBe(
      '20123456789-07-BC01-3',
    );
  });

  test('zips one XML under the name and reads it back', () => {
    const zip = zipDocument(BOLETA_NAME, boleta.xml);
    expect(unzipSingle(zip)).toEqual({ name: `${BOLETA_NAME}.xml`, content: boleta.xml });
  });

  test("skips the folder entries of SUNAT's CDR zips", () => {
    const zip = zipSync({
      'dummy/': new Uint8Array(0),
      'R-x.xml': new TextEncoder().encode('<a/>'),
    });
    expect(unzipSingle(zip)).toEqual({ name: 'R-x.xml', content: '<a/>' });
  });

  test('refuses a zip of two files, a damaged one and one past 5 MB', () => {
    const two = zipSync({ 'a.xml': new Uint8Array(1), 'b.xml': new Uint8Array(1) });
    expect(() => unzipSingle(two)).toThrow(SunatZipError);
    expect(() => unzipSingle(new Uint8Array([1, 2, 3]))).toThrow(SunatZipError);
    const bomb = zipSync({ 'a.xml': new Uint8Array(MAX_UNZIPPED_BYTES + 1) });
    expect(bomb.length).toBeLessThan(50_000);
    expect(() => unzipSingle(bomb)).toThrow(/5 MB/);
  });
});

describe('return codes', () => {
  test.each([
    [0, 'aceptado'],
    [4252, 'observado'],
    [2800, 'rechazado'],
    [3999, 'rechazado'],
    [2000, 'rechazado'],
    [1999, 'error'],
    [102, 'error'],
  ] as const)('code %i is %s', (code, state) => {
    expect(stateOfCode(code)).toBe(state);
  });

  test('has the Spanish text of the common codes, and names any other', () => {
    expect(sunatMessage(102)).toBe('Usuario o contraseña incorrectos.');
    expect(sunatMessage(2335)).toBe('El documento electrónico ingresado ha sido alterado.');
    expect(sunatMessage(2999)).toBe('SUNAT respondió con el código 2999.');
  });
});

describe('sendBill', () => {
  test('an accepted boleta comes back with a signed CDR of code 0 for its number', async () => {
    const before = fake.received.length;
    const { cdr, cdrZip } = cdrOf(
      await send({ receipt: { name: BOLETA_NAME, xml: boleta.xml, numero: 27 } }),
    );
    expect(cdr).toMatchObject({
      state: 'aceptado',
      code: 0,
      notes: [],
      documentId: 'B001-27',
      description: 'La Boleta numero B001-27, ha sido aceptada',
    });
    expect(readCdr(cdrZip)).toEqual(cdr);
    expect(signatureVerifies(cdr.xml, fake.certificatePem)).toBe(true);
    expect(fake.received.slice(before)).toEqual([
      {
        method: 'sendBill',
        fileName: `${BOLETA_NAME}.zip`,
        xml: boleta.xml,
        ticket: null,
        consulted: null,
        user: `${RUC}${FAKE_SUNAT_USER}`,
      },
    ]);
  });

  test.skipIf(!existsSync(XMLLINT) || !existsSync(APPLICATION_RESPONSE_XSD))(
    "the fake's CDR is valid against SUNAT's ApplicationResponse schema",
    async () => {
      fake.answerNext({ observed: 4252 });
      const { cdr } = cdrOf(await send());
      expect(() =>
        execFileSync(XMLLINT, ['--noout', '--schema', APPLICATION_RESPONSE_XSD, '-'], {
          input: cdr.xml,
          stdio: 'pipe',
        }),
      ).not.toThrow();
    },
  );

  test('an observed boleta is accepted with its observations as notes', async () => {
    fake.answerNext({ observed: 4252 });
    const { cdr } = cdrOf(await send());
    expect(cdr.state).toBe('observado');
    expect(cdr.code).toBe(0);
    expect(cdr.notes).toEqual([
      { code: 4252, text: 'El dato ingresado como atributo @listName es incorrecto.' },
    ]);
  });

  test('a rejection 2800 comes back as a CDR of rejection', async () => {
    fake.answerNext({ rejected: 2800 });
    const receipt = newReceipt();
    const { cdr } = cdrOf(await send({ receipt }));
    expect(cdr).toMatchObject({
      state: 'rechazado',
      code: 2800,
      documentId: `B001-${receipt.numero}`,
    });
    expect(cdr.description).toMatch(/tipo de documento de identidad del receptor/);
  });

  test('an exception comes back as a fault with its code, an error to retry', async () => {
    fake.answerNext({ exception: 1033 });
    const result = await send();
    expect(result).toEqual({
      kind: 'fault',
      code: 1033,
      message: 'El comprobante fue registrado previamente con otros datos',
    });
  });

  test('a server fault with the code alone in the faultstring is read with its text', async () => {
    fake.answerNext('soap-fault');
    const result = await send();
    expect(result).toMatchObject({ kind: 'fault', code: 100 });
    expect(result.kind === 'fault' && result.message).toMatch(/^El sistema no puede responder/);
  });

  test('a wrong SOL password is fault 0102, and the password is in no answer', async () => {
    const result = await send({ claveSol: 'clave-equivocada' });
    expect(result).toEqual({
      kind: 'fault',
      code: 102,
      message: 'Usuario o contraseña incorrectos',
    });
    expect(stateOfCode(102)).toBe('error');
    expect(JSON.stringify(result)).not.toContain('clave-equivocada');
  });

  test('escapes the credentials in the envelope', async () => {
    const clave = `a&b<c>"d'`;
    const own = await startFakeSunat({ clave });
    try {
      const { name, xml } = newReceipt();
      const result = await sendBill({
        ...credentials(),
        url: own.url,
        claveSol: clave,
        fileName: `${name}.zip`,
        zip: zipDocument(name, xml),
      });
      expect(cdrOf(result).cdr.state).toBe('aceptado');
    } finally {
      await own.close();
    }
  });

  test('a document altered after signing is rejected 2335', async () => {
    const receipt = newReceipt();
    const tampered = receipt.xml.replace('María Fernández', 'Mario Fernández');
    expect(tampered).not.toBe(receipt.xml);
    const { cdr } = cdrOf(await send({ receipt, xml: tampered }));
    expect(cdr).toMatchObject({ state: 'rechazado', code: 2335 });
  });

  test('a zip whose XML has another name is fault 0161', async () => {
    const zip = zipDocument(`${RUC}-03-B001-28`, boleta.xml);
    expect(await send({ zip })).toMatchObject({ kind: 'fault', code: 161 });
  });

  test('a file named for another number than its XML is fault 1036', async () => {
    const name = `${RUC}-03-B001-28`;
    expect(await send({ name })).toMatchObject({ kind: 'fault', code: 1036 });
  });

  test('a document that breaks the schema is fault 0306', async () => {
    const receipt = newReceipt();
    const broken = receipt.xml.replace(
      '<cbc:UBLVersionID>',
      '<cbc:Unknown>x</cbc:Unknown><cbc:UBLVersionID>',
    );
    expect(broken).not.toBe(receipt.xml);
    expect(await send({ receipt, xml: broken })).toMatchObject({ kind: 'fault', code: 306 });
  });

  test('a credit note is checked against its own schema and accepted', async () => {
    const note = electronicCreditNote(
      {
        serie: 'BC01',
        numero: 1,
        fecha: '2026-11-26T02:10:00.000Z',
        cod_motivo: '01',
        motivo: 'Anulación de la operación',
      },
      SALE,
      cert,
    );
    const name = receiptFileName({ ruc: RUC, tipo: '07', serie: 'BC01', numero: 1 });
    const { cdr } = cdrOf(await send({ name, xml: note.xml }));
    expect(cdr).toMatchObject({ state: 'aceptado', documentId: 'BC01-1' });
  });

  test('no answer within the timeout is a network failure, sent once', async () => {
    const before = fake.received.length;
    fake.answerNext('timeout');
    const result = await send({ timeoutMs: 300 });
    expect(result).toEqual({ kind: 'network', message: 'SUNAT no respondió en 0.3 segundos.' });
    expect(fake.received.length - before).toBe(1);
  });

  test('a dropped connection is a network failure', async () => {
    fake.answerNext('drop');
    const result = await send();
    expect(result.kind).toBe('network');
    expect(result.kind === 'network' && result.message).toMatch(/^Se cortó la conexión con SUNAT/);
  });

  test('a refused connection is a network failure', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const result = await sendBill({
      ...credentials(),
      url: `http://127.0.0.1:${port}/billService`,
      fileName: BOLETA_NAME,
      zip: zipDocument(BOLETA_NAME, boleta.xml),
    });
    expect(result).toEqual({
      kind: 'network',
      message: 'No se pudo conectar con SUNAT (ECONNREFUSED).',
    });
  });
});

describe('sendSummary and getStatus', () => {
  const SUMMARY_ID = 'RC-20261125-1';
  const summaryName = `${RUC}-${SUMMARY_ID}`;
  /** A resumen diario's envelope: the fake checks its name, ID and signature, not its lines. */
  const summaryXml = () =>
    signXml(
      `<?xml version="1.0" encoding="UTF-8"?>` +
        `<SummaryDocuments xmlns="urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1"` +
        ` xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"` +
        ` xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">` +
        `<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>` +
        `<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.1</cbc:CustomizationID>` +
        `<cbc:ID>${SUMMARY_ID}</cbc:ID><cbc:ReferenceDate>2026-11-25</cbc:ReferenceDate>` +
        `<cbc:IssueDate>2026-11-25</cbc:IssueDate></SummaryDocuments>`,
      cert,
    ).xml;

  async function ticketOf() {
    const sent = await sendSummary({
      ...credentials(),
      fileName: summaryName,
      zip: zipDocument(summaryName, summaryXml()),
    });
    if (sent.kind !== 'ticket') throw new Error(`Expected a ticket, got ${JSON.stringify(sent)}`);
    return sent.ticket;
  }

  test('a summary gets a ticket, is in process, then accepted with its CDR', async () => {
    const ticket = await ticketOf();
    expect(ticket).toMatch(/^\d+$/);
    fake.answerNext('in-process');
    expect(await getStatus({ ...credentials(), ticket })).toEqual({ kind: 'in-process' });
    const { cdr } = cdrOf(await getStatus({ ...credentials(), ticket }));
    expect(cdr).toMatchObject({ state: 'aceptado', code: 0, documentId: SUMMARY_ID });
    expect(signatureVerifies(cdr.xml, fake.certificatePem)).toBe(true);
    expect(fake.received.filter((call) => call.ticket === ticket)).toHaveLength(2);
  });

  test('a rejected summary answers status 99 with its CDR of rejection', async () => {
    const ticket = await ticketOf();
    fake.answerNext({ rejected: 2282 });
    const { cdr } = cdrOf(await getStatus({ ...credentials(), ticket }));
    expect(cdr).toMatchObject({ state: 'rechazado', code: 2282 });
  });

  test('an unknown ticket is fault 0127', async () => {
    const result = await getStatus({ ...credentials(), ticket: '999' });
    expect(result).toEqual({ kind: 'fault', code: 127, message: 'El ticket no existe' });
  });
});

describe('getStatusCdr, and a resend after a lost answer', () => {
  const consult = (receipt: ConsultedReceipt, timeoutMs?: number) =>
    getStatusCdr({ ...credentials(), ...receipt, timeoutMs });
  const facturaOf = ({ numero }: Receipt): ConsultedReceipt => ({
    tipo: '01',
    serie: 'F001',
    numero,
  });

  test('gives back the CDR of an accepted factura, the same SUNAT answered', async () => {
    const factura = newReceipt('F');
    const sent = cdrOf(await send({ receipt: factura }));
    const before = fake.received.length;
    const found = cdrOf(await consult(facturaOf(factura)));
    expect(found.cdrZip).toEqual(sent.cdrZip);
    expect(found.cdr).toMatchObject({ state: 'aceptado', documentId: `F001-${factura.numero}` });
    expect(fake.received.slice(before)).toEqual([
      {
        method: 'getStatusCdr',
        fileName: null,
        xml: null,
        ticket: null,
        consulted: `${RUC}-01-F001-${factura.numero}`,
        user: `${RUC}${FAKE_SUNAT_USER}`,
      },
    ]);
  });

  test('gives back the CDR of a rejected factura', async () => {
    const factura = newReceipt('F');
    fake.answerNext({ rejected: 2800 });
    cdrOf(await send({ receipt: factura }));
    const { cdr } = cdrOf(await consult(facturaOf(factura)));
    expect(cdr).toMatchObject({ state: 'rechazado', code: 2800 });
  });

  test('a receipt SUNAT never received is not found', async () => {
    expect(await consult({ tipo: '01', serie: 'F001', numero: 99_999 })).toEqual({
      kind: 'not-found',
    });
  });

  test('an answer lost after SUNAT accepted: the resend is fault 1033, the consult has the CDR', async () => {
    const factura = newReceipt('F');
    fake.answerNext('accept-then-drop');
    const lost = await send({ receipt: factura });
    expect(lost.kind).toBe('network');
    expect(await send({ receipt: factura })).toEqual({
      kind: 'fault',
      code: 1033,
      message: 'El comprobante fue registrado previamente con otros datos',
    });
    const { cdr } = cdrOf(await consult(facturaOf(factura)));
    expect(cdr).toMatchObject({ state: 'aceptado', code: 0 });
  });

  test('a boleta resent after its answer was lost is fault 1033 too', async () => {
    const receipt = newReceipt();
    fake.answerNext('accept-then-drop');
    expect((await send({ receipt })).kind).toBe('network');
    expect(await send({ receipt })).toMatchObject({ kind: 'fault', code: 1033 });
  });

  test('a rejected receipt resent is fault 1032, and an observed one 1033', async () => {
    const rejected = newReceipt();
    fake.answerNext({ rejected: 2800 });
    cdrOf(await send({ receipt: rejected }));
    expect(await send({ receipt: rejected })).toMatchObject({ kind: 'fault', code: 1032 });
    const observed = newReceipt();
    fake.answerNext({ observed: 4252 });
    cdrOf(await send({ receipt: observed }));
    expect(await send({ receipt: observed })).toMatchObject({ kind: 'fault', code: 1033 });
  });

  test('a receipt SUNAT refused with an exception was not taken: sent again, it is accepted', async () => {
    const receipt = newReceipt();
    fake.answerNext({ exception: 100 });
    expect(await send({ receipt })).toMatchObject({ kind: 'fault', code: 100 });
    expect(cdrOf(await send({ receipt })).cdr.state).toBe('aceptado');
  });

  test('boletas and their notes cannot be consulted, as SUNAT answers', async () => {
    const receipt = newReceipt();
    cdrOf(await send({ receipt }));
    expect(await consult({ tipo: '03', serie: 'B001', numero: receipt.numero })).toEqual({
      kind: 'fault',
      code: 9,
      message: 'EL tipo de comprobante debe de ser (01, 07 o 08)',
    });
    expect(await consult({ tipo: '07', serie: 'BC01', numero: 1 })).toMatchObject({
      kind: 'fault',
      code: 10,
    });
  });

  test('only facturas and their notes are consultable', () => {
    expect(isConsultable({ tipo: '01', serie: 'F001' })).toBe(true);
    expect(isConsultable({ tipo: '07', serie: 'FC01' })).toBe(true);
    expect(isConsultable({ tipo: '03', serie: 'B001' })).toBe(false);
    expect(isConsultable({ tipo: '07', serie: 'BC01' })).toBe(false);
  });

  test('a wrong password, a timeout and a dropped connection are a fault and network failures', async () => {
    const receipt = { tipo: '01', serie: 'F001', numero: 1 } as const;
    expect(
      await getStatusCdr({ ...credentials(), ...receipt, claveSol: 'clave-equivocada' }),
    ).toMatchObject({ kind: 'fault', code: 102 });
    fake.answerNext('timeout');
    expect(await consult(receipt, 300)).toEqual({
      kind: 'network',
      message: 'SUNAT no respondió en 0.3 segundos.',
    });
    fake.answerNext('drop');
    expect((await consult(receipt)).kind).toBe('network');
  });
});

describe('sunatUrl', () => {
  const saved = process.env.SUNAT_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.SUNAT_URL;
    else process.env.SUNAT_URL = saved;
  });

  test("is SUNAT's endpoint for the modo, unless SUNAT_URL says otherwise", () => {
    delete process.env.SUNAT_URL;
    expect(sunatUrl('sunat_beta')).toBe(SUNAT_ENDPOINTS.sunat_beta);
    expect(sunatUrl('sunat')).toBe('https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService');
    process.env.SUNAT_URL = 'http://127.0.0.1:9/billService';
    expect(sunatUrl('sunat')).toBe('http://127.0.0.1:9/billService');
  });

  test("consults production's billConsultService in both modos, unless SUNAT_URL says otherwise", () => {
    delete process.env.SUNAT_URL;
    expect(sunatConsultUrl('sunat_beta')).toBe(SUNAT_CONSULT_ENDPOINT);
    expect(sunatConsultUrl('sunat')).toBe(
      'https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService',
    );
    process.env.SUNAT_URL = 'http://127.0.0.1:9/billService';
    expect(sunatConsultUrl('sunat')).toBe('http://127.0.0.1:9/billService');
  });
});
