import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES, SALE_MESSAGES, type Sale } from '@app/domain';
import { creditNotes, sales } from '../../db/schema';
import { sendDue, type OutgoingDocument } from '../electronic-receipts';
import { setupTestApp } from '../../test/app';
import { FAKE_PSE_TOKEN, startFakePse, type FakePse } from '../../test/fake-pse';
import { download } from '../../test/files';
import { apiClient } from '../../test/http';
import { saveBilling, saveCompany, signWithTestCertificate } from '../../test/billing';
import { PSE_PENDING_MESSAGE, pseTransport } from './pse-sending';

/*
 * Modo pse (DESIGN §11.2) at the counter and in the sender, against the local fake PSE: a
 * boleta or factura is issued pendiente without XML, the PSE is sent the sale and answers its
 * verdict, hash and QR; a void issues a pending nota de crédito the PSE is sent as one. The fake
 * remembers every document, as a PSE does: each test sends receipts of its own.
 */

const ctx = await setupTestApp();
const db = ctx.database.db;
let adminToken: string;
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let fake: FakePse;
let transport: ReturnType<typeof pseTransport>;

const RUC = '20131312955';
/** The fake PSE's hash: a SHA-1 in base64. */
const PSE_HASH = expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/);
const REJECTION =
  'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.';

// The settings' URL must be https; the transport is given the fake's own.
const sendThroughPse = () =>
  saveBilling(ctx.app, adminToken, {
    modo: 'pse',
    pse_url: 'https://pse.example.pe/api/v1/ruta',
    pse_token: 'x',
  });

beforeAll(async () => {
  fake = await startFakePse({ ruc: RUC });
  transport = pseTransport(db, { url: fake.url, token: FAKE_PSE_TOKEN });
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  await saveCompany(db, RUC);
  await sendThroughPse();
});
afterAll(() => fake.close());

/** A boleta of two lines with a discount: S/. 85.50. */
const boleta = {
  tipo_comp: 'B',
  doc: '45871236',
  nombre: 'Rosa Huamán Torres',
  items: [
    { tipo: 'otro', descripcion: 'Baño completo', cantidad: 1, precio: '45.00' },
    { tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 2, precio: '22.75' },
  ],
  descuento: '5.00',
  pagos: [{ metodo: 'efectivo', monto: '100' }],
};
const factura = {
  tipo_comp: 'F',
  doc: '20100070970',
  nombre: 'Distribuidora Los Andes S.A.C.',
  items: [{ tipo: 'otro', descripcion: 'Baño y corte (convenio)', cantidad: 3, precio: '59.90' }],
  pagos: [{ metodo: 'transferencia', monto: '179.70' }],
};

async function sell(body: object = boleta): Promise<Sale> {
  const res = await recepcion.post('/venta/register', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Sale;
}

async function voidSale(id: number): Promise<Sale> {
  const res = await admin.patch('/venta/anular', {
    id,
    motivo: 'El cliente pidió otro comprobante',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Sale;
}

async function saleOf(id: number): Promise<Sale> {
  const res = await recepcion.get(`/venta/${id}`);
  expect(res.status).toBe(200);
  return res.body.data as Sale;
}

/** The sale's receipt as the sender hands it to its transport, first attempt unless told. */
const outgoing = (sale: Sale, extra: Partial<OutgoingDocument> = {}): OutgoingDocument => ({
  kind: 'venta',
  id: sale.id_venta,
  id_venta: sale.id_venta,
  tipo: sale.tipo_comp === 'F' ? '01' : '03',
  serie: sale.serie,
  numero: sale.numero,
  ruc: RUC,
  xml: null,
  attempts: 0,
  resend: false,
  ...extra,
});

/** The operations the fake was asked for `sale`'s receipt, in order. */
const operationsOn = (sale: Sale) =>
  fake.received
    .filter((request) => request.body?.serie === sale.serie && request.body.numero === sale.numero)
    .map((request) => request.body?.operacion);

describe('issuing in modo pse', () => {
  it('issues a boleta or factura pendiente without XML, due at once', async () => {
    for (const body of [boleta, factura]) {
      const sale = await sell(body);
      expect(sale).toMatchObject({
        cpe_estado: 'pendiente',
        cpe_codigo: null,
        cpe_mensaje: null,
        cpe_hash: null,
        cpe_qr: null,
        tiene_xml: false,
      });
      const [stored] = await db
        .select({ xml: sales.cpe_xml, next: sales.cpe_siguiente })
        .from(sales)
        .where(eq(sales.id_venta, sale.id_venta));
      expect(stored.xml).toBeNull();
      expect(stored.next?.getTime()).toBeLessThanOrEqual(Date.now());
      const xml = await download(ctx.app, adminToken, `/venta/${sale.id_venta}/xml`);
      expect(xml.statusCode).toBe(404);
      expect(xml.json<{ message: string }>().message).toBe(SALE_MESSAGES.xmlAtPse);
      // Its PDF is named as SUNAT names it, like every electronic receipt's.
      const pdf = await download(ctx.app, adminToken, `/venta/${sale.id_venta}/pdf`);
      expect(pdf.headers['content-disposition']).toBe(
        `attachment; filename="${RUC}-${sale.cod_sunat}-${sale.serie}-${sale.numero}.pdf"`,
      );
    }
    // A nota de venta is never an electronic receipt.
    expect((await sell({ ...boleta, tipo_comp: 'T' })).cpe_estado).toBeNull();
  });
});

describe('the PSE transport', () => {
  it('posts the sale and answers aceptado with the PSE’s hash and QR', async () => {
    const sale = await sell();
    const outcome = await transport(outgoing(sale));
    expect(outcome).toEqual({
      state: 'aceptado',
      code: 0,
      message: `La Boleta numero B001-${sale.numero}, ha sido aceptada`,
      hash: PSE_HASH,
      qr: expect.stringContaining(`${RUC} | 03 | B001 | ${sale.numero} | `),
    });
    expect(fake.received.at(-1)?.body).toMatchObject({
      operacion: 'generar_comprobante',
      tipo_de_comprobante: 2,
      serie: 'B001',
      numero: sale.numero,
      cliente_numero_de_documento: '45871236',
      total: 85.5,
    });
  });

  it('answers observado with SUNAT’s observation and its code', async () => {
    const sale = await sell(factura);
    fake.answerNext({ observed: 4252 });
    expect(await transport(outgoing(sale))).toMatchObject({
      state: 'observado',
      code: 4252,
      message: `La Factura numero F001-${sale.numero}, ha sido aceptada\n4252 - El dato ingresado como atributo @listName es incorrecto.`,
      hash: PSE_HASH,
    });
  });

  it('answers rechazado with SUNAT’s code and message', async () => {
    const sale = await sell();
    fake.answerNext({ rejected: 2800 });
    expect(await transport(outgoing(sale))).toMatchObject({
      state: 'rechazado',
      code: 2800,
      message: REJECTION,
    });
  });

  it('answers error while the PSE waits for SUNAT, and then asks instead of generating again', async () => {
    const sale = await sell();
    fake.answerNext('pending');
    expect(await transport(outgoing(sale))).toMatchObject({
      state: 'error',
      code: null,
      message: PSE_PENDING_MESSAGE,
    });
    expect(await transport(outgoing(sale, { attempts: 1 }))).toMatchObject({
      state: 'aceptado',
      code: 0,
    });
    expect(operationsOn(sale)).toEqual(['generar_comprobante', 'consultar_comprobante']);
  });

  it('answers error when the connection drops, and generates the receipt the PSE never had', async () => {
    const sale = await sell();
    fake.answerNext('drop');
    expect(await transport(outgoing(sale))).toEqual({
      state: 'error',
      code: null,
      message: expect.stringMatching(/^Se cortó la conexión con el PSE/),
    });
    expect(await transport(outgoing(sale, { attempts: 1 }))).toMatchObject({ state: 'aceptado' });
    // Asked first: the PSE did not have it (error 24), so it was generated then.
    expect(operationsOn(sale)).toEqual([
      'generar_comprobante',
      'consultar_comprobante',
      'generar_comprobante',
    ]);
  });

  it('never generates twice a receipt whose answer was lost, even for a dead sender’s resend', async () => {
    const sale = await sell();
    fake.answerNext('accept-then-drop');
    expect(await transport(outgoing(sale))).toMatchObject({ state: 'error', code: null });
    expect(await transport(outgoing(sale, { resend: true }))).toMatchObject({
      state: 'aceptado',
      hash: PSE_HASH,
    });
    expect(operationsOn(sale)).toEqual(['generar_comprobante', 'consultar_comprobante']);
  });

  it('answers rechazado for data the PSE refuses, error for anything else', async () => {
    const sale = await sell();
    fake.answerNext({ error: 21, message: 'Los totales no coinciden con la suma de los ítems.' });
    expect(await transport(outgoing(sale))).toEqual({
      state: 'rechazado',
      code: null,
      message:
        'El PSE no aceptó el envío (error 21): Los totales no coinciden con la suma de los ítems.',
    });
    const other = await sell();
    fake.answerNext({ error: 40 });
    expect(await transport(outgoing(other))).toMatchObject({ state: 'error', code: null });
    const wrongToken = pseTransport(db, { url: fake.url, token: 'otro-token' });
    expect(await wrongToken(outgoing(other))).toMatchObject({
      state: 'error',
      code: null,
      message: expect.stringContaining('(error 10)'),
    });
  });
});

describe('the sender in modo pse', () => {
  it('sends a void’s pending nota de crédito to the PSE as a credit note', async () => {
    const voided = await voidSale((await sell()).id_venta);
    const note = voided.nota_credito;
    expect(note).toMatchObject({
      serie: 'BC01',
      numero: 1,
      comprobante: 'BC01-00000001',
      cpe_estado: 'pendiente',
      cpe_hash: null,
      cpe_qr: null,
      tiene_xml: false,
    });
    const [stored] = await db
      .select({ xml: creditNotes.cpe_xml })
      .from(creditNotes)
      .where(eq(creditNotes.id_venta, voided.id_venta));
    expect(stored.xml).toBeNull();

    // Everything due goes: the receipts of the tests above, this one, and its note.
    expect(await sendDue(db, transport)).toBeGreaterThanOrEqual(2);
    const sent = await saleOf(voided.id_venta);
    expect(sent.cpe_estado).toBe('aceptado');
    expect(sent.nota_credito).toMatchObject({
      cpe_estado: 'aceptado',
      cpe_codigo: 0,
      cpe_mensaje: 'La Nota de Credito numero BC01-1, ha sido aceptada',
      cpe_hash: PSE_HASH,
      cpe_qr: expect.stringContaining(`${RUC} | 07 | BC01 | 1 | `),
    });
    const noteRequest = fake.received.find(
      (request) => request.body?.serie === 'BC01' && request.body.numero === 1,
    );
    expect(noteRequest?.body).toMatchObject({
      operacion: 'generar_comprobante',
      tipo_de_comprobante: 3,
      documento_que_se_modifica_tipo: 2,
      documento_que_se_modifica_serie: 'B001',
      documento_que_se_modifica_numero: voided.numero,
      tipo_de_nota_de_credito: 1,
    });
  });

  it('records a receipt the PSE rejects, which is then issued again and accepted', async () => {
    const sale = await sell();
    fake.answerNext({ rejected: 2800 });
    expect(await sendDue(db, transport)).toBe(1);
    expect(await saleOf(sale.id_venta)).toMatchObject({
      cpe_estado: 'rechazado',
      cpe_codigo: 2800,
      cpe_mensaje: REJECTION,
    });
    const res = await admin.post('/venta/reemitir', { id: sale.id_venta });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = res.body.data as Sale;
    expect(created).toMatchObject({ cpe_estado: 'pendiente', tiene_xml: false });
    expect((await saleOf(sale.id_venta)).nota_credito).toBeNull();
    expect(await sendDue(db, transport)).toBe(1);
    expect((await saleOf(created.id_venta)).cpe_estado).toBe('aceptado');
  });
});

describe('a void after the modo changed', () => {
  it('voids a receipt signed here, once in modo pse, with a note the PSE makes', async () => {
    await signWithTestCertificate(ctx.app, adminToken, RUC);
    const signed = await sell();
    expect(signed.tiene_xml).toBe(true);
    await sendThroughPse();
    expect((await voidSale(signed.id_venta)).nota_credito).toMatchObject({
      cpe_estado: 'pendiente',
      cpe_hash: null,
      tiene_xml: false,
    });
  });

  it('voids a receipt the PSE made, once in a SUNAT modo, with a note signed here', async () => {
    const left = await sell();
    await saveBilling(ctx.app, adminToken, { modo: 'sunat_beta' });
    const note = (await voidSale(left.id_venta)).nota_credito;
    expect(note).toMatchObject({ cpe_estado: 'pendiente', tiene_xml: true });
    expect(note?.cpe_hash).not.toBeNull();
  });

  it('refuses the void of an electronic receipt while receipts are not electronic', async () => {
    await sendThroughPse();
    const sale = await sell();
    await saveBilling(ctx.app, adminToken, { modo: 'desactivado' });
    const res = await admin.patch('/venta/anular', {
      id: sale.id_venta,
      motivo: 'Cobro duplicado',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CHARGE_MESSAGES.voidNeedsElectronicMode);
    expect((await saleOf(sale.id_venta)).anulada).toBe(false);
  });
});
