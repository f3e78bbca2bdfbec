import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { type Sale } from '@app/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAKE_PSE_TOKEN, startFakePse, type FakePse } from '../../test/fake-pse';
import { saleFixture, type FixtureLine } from '../../test/sale-fixture';
import { consultPse, pseDocument, sendToPse, type PseCreditNote } from './pse-transport';

/**
 * The `pse` transport (DESIGN §11.2) against the local fake PSE: the sale posted in Nubefact's
 * fields, and each answer read into what the sender stores: accepted, observed, rejected,
 * pending, an error, and each way the network fails. The fake remembers every document, as the
 * PSE does, so each test sends a number of its own.
 */

const RUC = '20123456789';

let lastNumber = 0;

/** A sale as `GET /api/venta/{id}` answers it, numbered apart from every other test's. */
function saleOf(
  options: {
    tipo?: 'B' | 'F';
    lines?: FixtureLine[];
    descuento?: string;
    doc?: string;
    nombre?: string;
    fecha?: string;
  } = {},
): Sale {
  const tipo = options.tipo ?? 'B';
  return saleFixture({
    ...options,
    tipo,
    numero: ++lastNumber,
    doc: options.doc ?? (tipo === 'B' ? '45678912' : '20100066603'),
    nombre: options.nombre ?? 'María Fernández Ñahui',
    emisor: { ruc: RUC },
  });
}

let fake: FakePse;
beforeAll(async () => {
  fake = await startFakePse();
});
afterAll(() => fake.close());

const send = (sale: Sale, options: { creditNote?: PseCreditNote; token?: string } = {}) =>
  sendToPse({ url: fake.url, token: options.token ?? FAKE_PSE_TOKEN, sale, ...options });

/** The JSON of the last request the fake received. */
const lastBody = () => fake.received.at(-1)?.body;

describe('the document posted', () => {
  test("a boleta goes in Nubefact's fields, with the token in Nubefact's header", async () => {
    const sale = saleOf();
    await send(sale);
    expect(fake.received.at(-1)?.authorization).toBe(`Token token="${FAKE_PSE_TOKEN}"`);
    expect(lastBody()).toEqual({
      operacion: 'generar_comprobante',
      tipo_de_comprobante: 2,
      serie: 'B001',
      numero: sale.numero,
      sunat_transaction: 1,
      cliente_tipo_de_documento: '1',
      cliente_numero_de_documento: '45678912',
      cliente_denominacion: 'María Fernández Ñahui',
      cliente_direccion: '',
      cliente_email: '',
      fecha_de_emision: '25-11-2026',
      moneda: 1,
      porcentaje_de_igv: 18,
      total_gravada: 38.14,
      total_igv: 6.86,
      total: 45,
      enviar_automaticamente_a_la_sunat: true,
      enviar_automaticamente_al_cliente: false,
      items: [
        {
          unidad_de_medida: 'ZZ',
          codigo: 'servicio-10',
          descripcion: 'Baño pequeño',
          cantidad: 1,
          valor_unitario: 38.14,
          precio_unitario: 45,
          descuento: '',
          subtotal: 38.14,
          tipo_de_igv: 1,
          igv: 6.86,
          total: 45,
          anticipo_regularizacion: false,
        },
      ],
    });
  });

  test("a factura with a discount carries it as descuento_global, its date Lima's day", async () => {
    const sale = saleOf({
      tipo: 'F',
      nombre: 'Distribuidora Los Andes S.A.C.',
      lines: [
        { descripcion: 'Baño mediano', cantidad: 3, precio: '33.90' },
        { descripcion: 'Shampoo antipulgas', cantidad: 1, precio: '25.00' },
      ],
      descuento: '10.00',
      // 22:30 in Lima, already the next day in UTC.
      fecha: '2026-11-26T03:30:00.000Z',
    });
    const result = await send(sale);
    expect(result.kind).toBe('accepted');
    const body = pseDocument(sale);
    expect(body).toMatchObject({
      tipo_de_comprobante: 1,
      serie: 'F001',
      cliente_tipo_de_documento: '6',
      cliente_numero_de_documento: '20100066603',
      fecha_de_emision: '25-11-2026',
      total: 116.7,
    });
    const linesBase = body.items.reduce((sum, item) => sum + item.subtotal, 0);
    expect(body.descuento_global).toBeCloseTo(linesBase - body.total_gravada, 2);
    expect(body.total_descuento).toBe(body.descuento_global);
    expect(body.items[0]).toMatchObject({ cantidad: 3, precio_unitario: 33.9, total: 101.7 });
  });

  test('a boleta without a document names no buyer', () => {
    const body = pseDocument(saleOf({ doc: '', nombre: '' }));
    expect(body).toMatchObject({
      cliente_tipo_de_documento: '-',
      cliente_numero_de_documento: '-',
      cliente_denominacion: 'CLIENTES VARIOS',
    });
  });

  test('a nota de crédito points at the receipt it voids', async () => {
    const sale = saleOf();
    expect((await send(sale)).kind).toBe('accepted');
    const creditNote = {
      serie: 'BC01',
      numero: sale.numero,
      fecha: '2026-11-26T15:00:00.000Z',
      cod_motivo: '01',
      motivo: 'Anulación de la operación',
    };
    const result = await send(sale, { creditNote });
    expect(result).toMatchObject({
      kind: 'accepted',
      message: `La Nota de Credito numero BC01-${sale.numero}, ha sido aceptada`,
    });
    expect(lastBody()).toMatchObject({
      tipo_de_comprobante: 3,
      serie: 'BC01',
      numero: sale.numero,
      fecha_de_emision: '26-11-2026',
      documento_que_se_modifica_tipo: 2,
      documento_que_se_modifica_serie: 'B001',
      documento_que_se_modifica_numero: sale.numero,
      tipo_de_nota_de_credito: 1,
      total: 45,
    });
  });
});

describe("the PSE's answers", () => {
  test('an accepted boleta comes back with its hash, QR and links', async () => {
    const sale = saleOf();
    const result = await send(sale);
    expect(result).toMatchObject({
      kind: 'accepted',
      code: 0,
      message: `La Boleta numero B001-${sale.numero}, ha sido aceptada`,
      note: null,
    });
    if (result.kind !== 'accepted') throw new Error('Expected an accepted receipt');
    expect(result.hash).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(result.qr).toBe(
      `${RUC} | 03 | B001 | ${sale.numero} | 6.86 | 45 | 2026-11-25 | 1 | 45678912 | ${result.hash} |`,
    );
    expect(result.links.pdf).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cpe\/\w+\.pdf$/);
    expect(result.links.xml).toMatch(/\.xml$/);
    expect(result.links.cdr).toMatch(/\.cdr$/);
  });

  test('an observed receipt is accepted with its observation as the note', async () => {
    fake.answerNext({ observed: 4252 });
    expect(await send(saleOf())).toMatchObject({
      kind: 'accepted',
      code: 0,
      note: '4252 - El dato ingresado como atributo @listName es incorrecto.',
    });
  });

  test('a rejection 2800 comes back rejected, with its hash', async () => {
    fake.answerNext({ rejected: 2800 });
    const result = await send(saleOf());
    expect(result).toMatchObject({
      kind: 'rejected',
      code: 2800,
      message:
        'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.',
    });
    expect(result.kind === 'rejected' && result.hash).toBeTruthy();
  });

  test('a receipt SUNAT has not answered yet is pending, then accepted when consulted', async () => {
    const sale = saleOf();
    fake.answerNext('pending');
    const pending = await send(sale);
    expect(pending).toMatchObject({
      kind: 'pending',
      code: null,
      message: 'El PSE todavía no tiene la respuesta de SUNAT.',
      links: { cdr: null },
    });
    const receipt = { tipo: '03', serie: 'B001', numero: sale.numero } as const;
    const call = { url: fake.url, token: FAKE_PSE_TOKEN };
    fake.answerNext('pending');
    expect((await consultPse({ ...call, ...receipt })).kind).toBe('pending');
    const accepted = await consultPse({ ...call, ...receipt });
    expect(accepted).toMatchObject({ kind: 'accepted', code: 0 });
    expect(accepted.kind === 'accepted' && accepted.hash).toBe(
      pending.kind === 'pending' && pending.hash,
    );
    expect(lastBody()).toEqual({
      operacion: 'consultar_comprobante',
      tipo_de_comprobante: 2,
      serie: 'B001',
      numero: sale.numero,
    });
  });

  test('a resend after a lost answer consults instead of generating it twice', async () => {
    const sale = saleOf();
    fake.answerNext('accept-then-drop');
    const lost = await send(sale);
    expect(lost.kind).toBe('network');
    const before = fake.received.length;
    const again = await send(sale);
    expect(again).toMatchObject({ kind: 'accepted', code: 0 });
    expect(fake.received.slice(before).map((request) => request.body?.operacion)).toEqual([
      'generar_comprobante',
      'consultar_comprobante',
    ]);
  });

  test('a wrong token is error 10, and the token is in no answer', async () => {
    const result = await send(saleOf(), { token: 'token-equivocado' });
    expect(result).toEqual({
      kind: 'fault',
      code: 10,
      message: 'No se pudo autenticar, token incorrecto o eliminado',
    });
    expect(JSON.stringify(result)).not.toContain('token-equivocado');
  });

  test('totals that do not add up are refused', async () => {
    const sale = { ...saleOf(), total: '46.00' };
    expect(await send(sale)).toEqual({
      kind: 'fault',
      code: 21,
      message: 'Los totales no coinciden con la suma de los ítems.',
    });
  });

  test("the PSE's internal error is a fault with its code", async () => {
    fake.answerNext({ error: 40 });
    expect(await send(saleOf())).toEqual({
      kind: 'fault',
      code: 40,
      message: 'Error interno desconocido',
    });
  });

  test('consulting a receipt the PSE never received is error 24', async () => {
    const result = await consultPse({
      url: fake.url,
      token: FAKE_PSE_TOKEN,
      tipo: '01',
      serie: 'F001',
      numero: 99_999,
    });
    expect(result).toMatchObject({ kind: 'fault', code: 24 });
  });
});

describe('network failures', () => {
  test('no answer within the timeout', async () => {
    fake.answerNext('timeout');
    const result = await sendToPse({
      url: fake.url,
      token: FAKE_PSE_TOKEN,
      sale: saleOf(),
      timeoutMs: 300,
    });
    expect(result).toEqual({ kind: 'network', message: 'El PSE no respondió en 0.3 segundos.' });
  });

  test('a dropped connection', async () => {
    fake.answerNext('drop');
    const result = await send(saleOf());
    expect(result.kind === 'network' && result.message).toMatch(/^Se cortó la conexión con el PSE/);
  });

  test("a proxy's error page is a network failure", async () => {
    const proxy = createHttpServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const result = await sendToPse({
        url: `http://127.0.0.1:${port}/api/v1/ruta`,
        token: FAKE_PSE_TOKEN,
        sale: saleOf(),
      });
      expect(result).toEqual({
        kind: 'network',
        message: 'El PSE respondió con un error HTTP 502.',
      });
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  test('a refused connection', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const result = await sendToPse({
      url: `http://127.0.0.1:${port}/api/v1/ruta`,
      token: FAKE_PSE_TOKEN,
      sale: saleOf(),
    });
    expect(result).toEqual({
      kind: 'network',
      message: 'No se pudo conectar con el PSE (ECONNREFUSED).',
    });
  });
});
