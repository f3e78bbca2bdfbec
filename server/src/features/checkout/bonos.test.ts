import { beforeAll, describe, expect, it } from 'vitest';
import {
  BONO_MESSAGES as B,
  type Bono,
  type ClientBono,
  type Sale,
  type SalesReport,
} from '@app/domain';
import { settings } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { createService, limaDay, registerOwner, type Owner } from '../../test/agenda';
import { invoiceXml } from '../electronic-receipts';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;
let bathId: number;
let cutId: number;
let pack: Bono;

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
  await ctx.database.db.insert(settings).values({
    nomEmp: 'Peluquería Canina Huellitas',
    dirEmp: 'Av. Benavides 1234, Miraflores',
    fonoEmp: '987654321',
    emailEmp: 'contacto@huellitas.pe',
    rucEmp: '20131312955',
  });
  bathId = await createService(ctx.database.db, 'Baño completo', '45.00');
  cutId = await createService(ctx.database.db, 'Corte de uñas', '15.00');
  const res = await admin.post('/bono/register', {
    nombre: 'Pack 4 baños',
    items: [{ id_srv: bathId, cantidad: 4 }],
    precio: '160',
    vigencia_dias: 30,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  pack = res.body.data as Bono;
});

const bath = (extra: object = {}) => ({ tipo: 'servicio', id: bathId, cantidad: 1, ...extra });

/** A nota de venta selling bono `id` to `owner`, paid in cash. */
async function sellBono(owner: Owner, bono: Bono = pack): Promise<Sale> {
  const res = await recepcion.post('/venta/register', {
    tipo_comp: 'T',
    id_cliente: owner.id_cli,
    items: [{ tipo: 'bono', id: bono.id_bono, cantidad: 1 }],
    pagos: [{ metodo: 'efectivo', monto: bono.precio }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Sale;
}

/** A sale of `items` to `owner`; answers the response. */
const charge = (owner: Owner, items: object[], extra: object = {}) =>
  recepcion.post('/venta/register', {
    tipo_comp: 'T',
    id_cliente: owner.id_cli,
    items,
    pagos: [],
    ...extra,
  });

const bonosOf = async (owner: Owner) =>
  (await recepcion.get(`/cliente/${owner.id_cli}/bonos`)).body.data as ClientBono[];

const voidSale = (id: number) =>
  admin.patch('/venta/anular', { id, motivo: 'Prueba de anulación' });

describe('the catalogue', () => {
  it('names what a bono covers and refuses what cannot be covered', async () => {
    expect(pack).toMatchObject({
      nombre: 'Pack 4 baños',
      precio: '160.00',
      vigencia_dias: 30,
      items: [{ tipo: 'servicio', id: bathId, nombre: 'Baño completo', cantidad: 4 }],
    });
    const available = (await recepcion.get('/bonos/disponibles')).body.data as Bono[];
    expect(available.map((b) => b.id_bono)).toContain(pack.id_bono);

    const refused = async (body: object, field: string, message: string) => {
      const res = await admin.post('/bono/register', {
        nombre: 'Pack',
        items: [{ id_srv: bathId, cantidad: 2 }],
        precio: '80',
        vigencia_dias: 60,
        ...body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[field].join(' ')).toContain(message);
    };
    await refused({ items: [] }, 'items', B.itemsRequired);
    await refused(
      { items: [{ id_srv: bathId, id_paq: 1, cantidad: 1 }] },
      'items.0.id_paq',
      B.itemBoth,
    );
    await refused({ items: [{ cantidad: 1 }] }, 'items.0.id_srv', B.itemRequired);
    await refused(
      {
        items: [
          { id_srv: bathId, cantidad: 1 },
          { id_srv: bathId, cantidad: 2 },
        ],
      },
      'items.1.id_srv',
      B.itemRepeated,
    );
    await refused({ items: [{ id_srv: 999_999, cantidad: 1 }] }, 'items', B.itemUnavailable);
    await refused({ vigencia_dias: 0 }, 'vigencia_dias', B.validityInvalid);
    await refused({ precio: '0.50' }, 'precio', B.priceMin);
    expect((await recepcion.post('/bono/register', { nombre: 'X' })).status).toBe(403);
  });
});

describe('selling and using a bono', () => {
  it('sells one to the sale’s client, valid for its days, and uses it at S/. 0.00', async () => {
    const owner = await registerOwner(recepcion, 'Bono');
    const anonymous = await recepcion.post('/venta/register', {
      tipo_comp: 'T',
      items: [{ tipo: 'bono', id: pack.id_bono, cantidad: 1 }],
      pagos: [{ metodo: 'efectivo', monto: '160' }],
    });
    expect(anonymous.status).toBe(422);
    expect(anonymous.body.errors['items.0.id']).toContain(B.saleNeedsClient);

    const sold = await sellBono(owner);
    const [bono] = await bonosOf(owner);
    expect(sold.items[0]).toMatchObject({
      tipo: 'bono',
      descripcion: `Pack 4 baños — Bono N.º ${bono.id}`,
      total: '160.00',
    });
    expect(bono).toMatchObject({
      estado: 'vigente',
      comprobante: sold.comprobante,
      vence: limaDay(30),
      items: [{ tipo: 'servicio', id: bathId, cantidad: 4, usados: 0, quedan: 4 }],
    });

    // Nothing to charge: a nota de venta without payments.
    const boleta = await charge(owner, [bath()], { tipo_comp: 'B' });
    expect(boleta.status).toBe(422);
    expect(boleta.body.errors.tipo_comp).toContain(B.zeroSaleNeedsNote);
    const used = await charge(owner, [bath()]);
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const visit = used.body.data as Sale;
    expect(visit.total).toBe('0.00');
    expect(visit.items[0]).toMatchObject({
      descripcion: `Baño completo — Bono N.º ${bono.id} — quedan 3`,
      precio_unitario: '0.00',
    });
    expect((await bonosOf(owner))[0].items[0]).toMatchObject({ usados: 1, quedan: 3 });

    // Four more baths: three covered, the fourth charged at its price; a cut is charged.
    const more = await charge(
      owner,
      [bath({ cantidad: 4 }), { tipo: 'servicio', id: cutId, cantidad: 1 }],
      {
        pagos: [{ metodo: 'efectivo', monto: '60' }],
      },
    );
    expect(more.status, JSON.stringify(more.body)).toBe(201);
    const split = more.body.data as Sale;
    expect(split.items.map((i) => [i.descripcion, i.cantidad, i.total])).toEqual([
      [`Baño completo — Bono N.º ${bono.id} — quedan 0`, 3, '0.00'],
      ['Baño completo', 1, '45.00'],
      ['Corte de uñas', 1, '15.00'],
    ]);
    expect((await bonosOf(owner))[0]).toMatchObject({ estado: 'agotado' });

    // A void gives the uses back.
    expect((await voidSale(split.id_venta)).status).toBe(200);
    expect((await bonosOf(owner))[0].items[0]).toMatchObject({ usados: 1, quedan: 3 });
    // The bono's own sale cannot be voided while a use stands.
    const refused = await voidSale(sold.id_venta);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(B.usedBeforeVoid(bono.id));
    expect((await voidSale(visit.id_venta)).status).toBe(200);
    expect((await voidSale(sold.id_venta)).status).toBe(200);
    expect((await bonosOf(owner))[0]).toMatchObject({ estado: 'anulado' });
    const after = await charge(owner, [bath()], { pagos: [{ metodo: 'efectivo', monto: '45' }] });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect((after.body.data as Sale).total).toBe('45.00');
  });

  it('uses the oldest valid bono first, skips an expired one, and charges a line marked sin_bono', async () => {
    const owner = await registerOwner(recepcion, 'Orden');
    await sellBono(owner);
    await sellBono(owner);
    const [newer, older] = await bonosOf(owner);
    expect(newer.id).toBeGreaterThan(older.id);

    const first = (await charge(owner, [bath()])).body.data as Sale;
    expect(first.items[0].descripcion).toContain(`Bono N.º ${older.id} — quedan 3`);

    // Its last valid day is today: still used. Yesterday: expired, the newer one is used.
    const adjust = (vence: string) =>
      admin.post(`/bono-cliente/${older.id}/ajuste`, { vence, motivo: 'Prueba de vigencia' });
    expect((await adjust(limaDay(0))).status).toBe(200);
    const today = (await charge(owner, [bath()])).body.data as Sale;
    expect(today.items[0].descripcion).toContain(`Bono N.º ${older.id} — quedan 2`);
    expect((await adjust(limaDay(-1))).status).toBe(200);
    expect((await bonosOf(owner)).find((b) => b.id === older.id)?.estado).toBe('vencido');
    const next = (await charge(owner, [bath()])).body.data as Sale;
    expect(next.items[0].descripcion).toContain(`Bono N.º ${newer.id} — quedan 3`);

    const declined = await charge(owner, [bath({ sin_bono: true })], {
      pagos: [{ metodo: 'yape', monto: '45' }],
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(201);
    expect((declined.body.data as Sale).items[0]).toMatchObject({
      descripcion: 'Baño completo',
      total: '45.00',
    });
  });

  it('lets two counters race for the last use: one is covered, the other must pay', async () => {
    const owner = await registerOwner(recepcion, 'Carrera');
    await sellBono(owner);
    const [bono] = await bonosOf(owner);
    await admin.post(`/bono-cliente/${bono.id}/ajuste`, {
      items: [{ tipo: 'servicio', id: bathId, cantidad: 1 }],
      motivo: 'Queda una sola visita',
    });
    const results = await Promise.all([charge(owner, [bath()]), charge(owner, [bath()])]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect((await bonosOf(owner))[0]).toMatchObject({
      estado: 'agotado',
      items: [{ usados: 1, quedan: 0 }],
    });
  });

  it('leaves a covered line out of the electronic receipt of a boleta', async () => {
    const owner = await registerOwner(recepcion, 'Boleta');
    await sellBono(owner);
    const res = await charge(owner, [bath(), { tipo: 'servicio', id: cutId, cantidad: 1 }], {
      tipo_comp: 'B',
      pagos: [{ metodo: 'efectivo', monto: '15' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = res.body.data as Sale;
    expect(sale.items).toHaveLength(2);
    const xml = invoiceXml(sale);
    expect(xml.match(/<cac:InvoiceLine>/g)).toHaveLength(1);
    expect(xml).toContain('Corte de uñas');
    expect(xml).not.toContain('Bono N.º');
  });
});

describe('adjusting a client’s bono', () => {
  it('is the admin’s, with a reason, never below what was used, and audited', async () => {
    const owner = await registerOwner(recepcion, 'Ajuste');
    await sellBono(owner);
    await charge(owner, [bath()]);
    const [bono] = await bonosOf(owner);
    const url = `/bono-cliente/${bono.id}/ajuste`;
    const body = { items: [{ tipo: 'servicio', id: bathId, cantidad: 6 }], motivo: 'Cortesía' };
    expect((await recepcion.post(url, body)).status).toBe(403);
    expect((await groomer.post(url, body)).status).toBe(403);
    const noReason = await admin.post(url, { ...body, motivo: '' });
    expect(noReason.body.errors.motivo).toContain(B.adjustReasonRequired);
    const below = await admin.post(url, { ...body, items: [{ ...body.items[0], cantidad: 0 }] });
    expect(below.status).toBe(422);
    const nothing = await admin.post(url, { vence: bono.vence, motivo: 'Sin cambios' });
    expect(nothing.body.errors.motivo).toContain(B.adjustNothing);
    expect((await admin.post('/bono-cliente/999999/ajuste', body)).status).toBe(404);

    const res = await admin.post(url, { ...body, vence: limaDay(90) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      vence: limaDay(90),
      items: [{ cantidad: 6, usados: 1, quedan: 5 }],
    });
    const audit = await admin.get('/auditoria/?entidad=bono_cliente');
    expect(JSON.stringify(audit.body.data)).toContain('Cortesía');
  });
});

describe('Reporte Ventas', () => {
  it('counts the bonos sold and the visits they covered', async () => {
    const owner = await registerOwner(recepcion, 'Reporte');
    const before = (await admin.get(`/ventas/reporte?desde=${limaDay(0)}&hasta=${limaDay(0)}`)).body
      .data as SalesReport;
    await sellBono(owner);
    await charge(owner, [bath({ cantidad: 2 })]);
    const after = (await admin.get(`/ventas/reporte?desde=${limaDay(0)}&hasta=${limaDay(0)}`)).body
      .data as SalesReport;
    expect(after.bonos.vendidos - before.bonos.vendidos).toBe(1);
    expect(Number(after.bonos.monto) - Number(before.bonos.monto)).toBe(160);
    expect(after.bonos.usos - before.bonos.usos).toBe(2);
  });
});
