import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GIFT_CARD_ALPHABET,
  SALE_MESSAGES as M,
  type GiftCard,
  type IssuedGiftCard,
  type Sale,
  type SalesReport,
} from '@app/domain';
import { giftCards } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
});

const card = (precio: string) => ({ tipo: 'tarjeta_regalo', cantidad: 1, precio });
const bath = { tipo: 'otro', descripcion: 'Baño completo', cantidad: 1, precio: '45.00' };

/** A nota de venta selling gift cards, paid in cash; answers the cards sold. */
async function sellCards(...amounts: string[]): Promise<{ sale: Sale; cards: IssuedGiftCard[] }> {
  const total = amounts.reduce((sum, a) => sum + Number(a), 0).toFixed(2);
  const res = await recepcion.post('/venta/register', {
    tipo_comp: 'T',
    items: amounts.map(card),
    pagos: [{ metodo: 'efectivo', monto: total }],
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const sale = res.body.data as Sale;
  return { sale, cards: sale.tarjetas_regalo ?? [] };
}

/** A nota de venta of a S/. 45.00 bath paid with `pagos`. */
const payBath = (pagos: object[]) =>
  recepcion.post('/venta/register', { tipo_comp: 'T', items: [bath], pagos });

const balanceOf = async (codigo: string) =>
  (await recepcion.get(`/tarjeta-regalo/${codigo}`)).body.data as GiftCard;

describe('selling a gift card', () => {
  it('answers its code once, keeps only its hash, and names only its end on the receipt', async () => {
    const { sale, cards } = await sellCards('50', '100');
    expect(cards.map((c) => c.monto)).toEqual(['50.00', '100.00']);
    const pattern = new RegExp(`^([${GIFT_CARD_ALPHABET}]{4}-){2}[${GIFT_CARD_ALPHABET}]{4}$`);
    for (const { codigo } of cards) expect(codigo).toMatch(pattern);
    expect(cards[0].codigo).not.toBe(cards[1].codigo);
    expect(sale.items.map((i) => i.descripcion)).toEqual(
      cards.map((c) => `Tarjeta de regalo ····-····-${c.codigo.slice(-4)}`),
    );
    const read = (await recepcion.get(`/venta/${sale.id_venta}`)).body.data as Sale;
    expect(read).not.toHaveProperty('tarjetas_regalo');
    const stored = await ctx.database.db
      .select({ hash: giftCards.codigo_hash, ultimos: giftCards.ultimos })
      .from(giftCards)
      .where(eq(giftCards.id_venta, sale.id_venta));
    expect(stored.map((s) => s.ultimos)).toEqual(cards.map((c) => c.codigo.slice(-4)));
    expect(JSON.stringify(stored)).not.toContain(cards[0].codigo.replaceAll('-', ''));

    // Read by its code, typed any way: lower case, without dashes.
    const balance = await balanceOf(cards[0].codigo.replaceAll('-', '').toLowerCase());
    expect(balance).toMatchObject({ monto: '50.00', saldo: '50.00', estado: 'activa' });
    expect(balance.movimientos).toEqual([
      expect.objectContaining({ tipo: 'carga', monto: '50.00', comprobante: sale.comprobante }),
    ]);
  });

  it('sells it alone on a nota de venta, one per line, with its amount', async () => {
    const refused = async (body: object, field: string, message: string) => {
      const res = await recepcion.post('/venta/register', {
        tipo_comp: 'T',
        items: [card('50')],
        pagos: [{ metodo: 'efectivo', monto: '50' }],
        ...body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[field]).toContain(message);
    };
    await refused({ tipo_comp: 'B' }, 'items', M.giftCardAlone);
    await refused(
      { items: [card('50'), bath], pagos: [{ metodo: 'efectivo', monto: '95' }] },
      'items',
      M.giftCardAlone,
    );
    await refused(
      { propina: '5', pagos: [{ metodo: 'efectivo', monto: '55' }] },
      'items',
      M.giftCardAlone,
    );
    await refused(
      { items: [{ ...card('50'), cantidad: 2 }] },
      'items.0.cantidad',
      M.giftCardOnePerLine,
    );
    await refused(
      { items: [{ tipo: 'tarjeta_regalo', cantidad: 1 }] },
      'items.0.precio',
      M.giftCardAmountRequired,
    );
    await refused({ items: [{ ...card('50'), id: 3 }] }, 'items.0.id', M.giftCardWithId);
    const { cards } = await sellCards('80');
    await refused(
      { pagos: [{ metodo: 'tarjeta_regalo', monto: '50', codigo: cards[0].codigo }] },
      'pagos.0.metodo',
      M.giftCardPaidByGiftCard,
    );
  });
});

describe('paying with a gift card', () => {
  it('spends the balance, never below zero, and a void gives it back', async () => {
    const { cards } = await sellCards('60');
    const [{ codigo }] = cards;
    const paid = await payBath([{ metodo: 'tarjeta_regalo', monto: '45', codigo }]);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.pagos).toEqual([{ metodo: 'tarjeta_regalo', monto: '45.00' }]);
    expect((await balanceOf(codigo)).saldo).toBe('15.00');

    const short = await payBath([{ metodo: 'tarjeta_regalo', monto: '45', codigo }]);
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(M.giftCardShort('15.00'));
    expect(short.body.message).toBe('Saldo insuficiente en la tarjeta de regalo: quedan S/. 15.00');
    // Part by card, the rest in cash.
    const split = await payBath([
      { metodo: 'tarjeta_regalo', monto: '15', codigo },
      { metodo: 'efectivo', monto: '30' },
    ]);
    expect(split.status).toBe(201);
    const spent = await balanceOf(codigo);
    expect(spent).toMatchObject({ saldo: '0.00', estado: 'agotada' });
    expect(spent.movimientos.map((m) => [m.tipo, m.monto])).toEqual([
      ['carga', '60.00'],
      ['consumo', '-45.00'],
      ['consumo', '-15.00'],
    ]);

    const voided = await admin.patch('/venta/anular', {
      id: paid.body.data.id_venta,
      motivo: 'Cobro equivocado',
    });
    expect(voided.status).toBe(200);
    const back = await balanceOf(codigo);
    expect(back.saldo).toBe('45.00');
    expect(back.movimientos.at(-1)).toMatchObject({ tipo: 'devolucion', monto: '45.00' });
  });

  it('refuses a code no card has, a missing code, and gives no change', async () => {
    const unknown = await payBath([
      { metodo: 'tarjeta_regalo', monto: '45', codigo: 'ZZZZ-ZZZZ-ZZZZ' },
    ]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors['pagos.0.codigo']).toEqual([M.giftCardNotFound]);
    const missing = await payBath([{ metodo: 'tarjeta_regalo', monto: '45' }]);
    expect(missing.body.errors['pagos.0.codigo']).toEqual([M.giftCardCodeRequired]);
    const malformed = await payBath([{ metodo: 'tarjeta_regalo', monto: '45', codigo: 'abc' }]);
    expect(malformed.body.errors['pagos.0.codigo']).toEqual([M.giftCardCodeInvalid]);
    const { cards } = await sellCards('100');
    const change = await payBath([
      { metodo: 'tarjeta_regalo', monto: '50', codigo: cards[0].codigo },
    ]);
    expect(change.status).toBe(422);
    expect(JSON.stringify(change.body.errors)).toContain(M.nonCashOverDue);
    expect((await balanceOf(cards[0].codigo)).saldo).toBe('100.00');
  });

  it('spends the last of a balance once when two sales try it at once', async () => {
    const { cards } = await sellCards('45');
    const [{ codigo }] = cards;
    const both = await Promise.all([
      payBath([{ metodo: 'tarjeta_regalo', monto: '45', codigo }]),
      payBath([{ metodo: 'tarjeta_regalo', monto: '45', codigo }]),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await balanceOf(codigo)).saldo).toBe('0.00');
  });

  it('voids an unused card with its sale, not a used one; reads are the desk’s', async () => {
    const unused = await sellCards('30');
    const voided = await admin.patch('/venta/anular', {
      id: unused.sale.id_venta,
      motivo: 'El cliente desistió',
    });
    expect(voided.status).toBe(200);
    const dead = await balanceOf(unused.cards[0].codigo);
    expect(dead).toMatchObject({ saldo: '0.00', estado: 'anulada' });
    const refused = await payBath([
      { metodo: 'tarjeta_regalo', monto: '30', codigo: unused.cards[0].codigo },
      { metodo: 'efectivo', monto: '15' },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.giftCardVoided);

    const used = await sellCards('50');
    await payBath([
      { metodo: 'tarjeta_regalo', monto: '10', codigo: used.cards[0].codigo },
      { metodo: 'efectivo', monto: '35' },
    ]);
    const kept = await admin.patch('/venta/anular', {
      id: used.sale.id_venta,
      motivo: 'No procede',
    });
    expect(kept.status).toBe(409);
    expect(kept.body.message).toBe(M.giftCardUsed);

    expect((await recepcion.get('/tarjeta-regalo/ZZZZZZZZZZZZ')).status).toBe(404);
    expect((await recepcion.get('/tarjeta-regalo/abc')).status).toBe(422);
    expect((await groomer.get(`/tarjeta-regalo/${used.cards[0].codigo}`)).status).toBe(403);
  });
});

describe('Reporte Ventas', () => {
  it('adds gift cards up as one item, with what was sold, spent and is still held', async () => {
    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const report = async () =>
      (await admin.get(`/ventas/reporte?desde=${today}&hasta=${today}`)).body.data as SalesReport;
    const before = await report();
    const { cards } = await sellCards('70', '30');
    await payBath([
      { metodo: 'tarjeta_regalo', monto: '25', codigo: cards[0].codigo },
      { metodo: 'efectivo', monto: '20' },
    ]);
    const after = await report();
    const plus = (a: string, b: number) => (Number(a) + b).toFixed(2);
    expect(after.tarjetas_regalo).toEqual({
      vendidas: plus(before.tarjetas_regalo.vendidas, 100),
      usadas: plus(before.tarjetas_regalo.usadas, 25),
      saldo: plus(before.tarjetas_regalo.saldo, 75),
    });
    const lines = after.por_item.filter((item) => item.tipo === 'tarjeta_regalo');
    expect(lines).toEqual([
      expect.objectContaining({ descripcion: 'Tarjeta de regalo', id_item: null }),
    ]);
  });
});
