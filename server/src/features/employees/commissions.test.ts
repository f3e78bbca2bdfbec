import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  COMMISSION_MESSAGES as M,
  commissionOf,
  limaToday,
  parseCents,
  type CommissionReport,
  type GroomerCommission,
  type OwnCommission,
} from '@app/domain';
import { commissionCloses, sales, users } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { createService, limaDay, registerGroomer, registerOwner } from '../../test/agenda';

const ctx = await setupTestApp();
const { db } = ctx.database;
let admin: ReturnType<typeof apiClient>;
let adminToken: string;
let recepcion: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;
let ana: number;
let beto: number;
let bath: number;
let cut: number;
let shampoo: number;

const today = limaToday();

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
  ana = (await registerGroomer(admin, 'Ana')).id_emp;
  beto = (await registerGroomer(admin, 'Beto')).id_emp;
  // The 'groomer' user is Ana at the counter's phone.
  await db.update(users).set({ id_emp: ana }).where(eq(users.login, 'groomer'));
  bath = await createService(db, 'Baño completo', '45.00');
  cut = await createService(db, 'Corte de pelo', '60.00');
  const product = await admin.post('/producto/register', {
    sku: 'comision-1',
    nombre: 'Shampoo de avena 500 ml',
    categoria: 'Higiene y cuidado',
    precio: '35.90',
    costo: '18',
    stock_min: 0,
    stock_inicial: 20,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  shampoo = product.body.data.id_prod as number;
});

let hour = 7;
/** A cita of a new client with groomer `emp` for `id_srv`, charged at once with `extra`. */
async function chargeCita(emp: number, id_srv: number, extra: object = {}, items: object[] = []) {
  const owner = await registerOwner(admin, 'Rosa', 'Toby');
  hour += 1;
  const booked = await recepcion.post('/cita/register', {
    fec_cita: `${limaDay(1)}T${String(hour).padStart(2, '0')}:00`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_servicio: id_srv,
    id_emp: emp,
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id_cita = booked.body.data.id_cita as number;
  const sold = await recepcion.post('/venta/register', {
    tipo_comp: 'T',
    id_cita,
    items: [{ tipo: 'servicio', id: id_srv, cantidad: 1 }, ...items],
    pagos: [{ metodo: 'efectivo', monto: '500' }],
    ...extra,
  });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  return sold.body.data as { id_venta: number; comprobante: string };
}

const reportOf = async (desde = today, hasta = today, emp?: number) => {
  const res = await admin.get(
    `/comisiones?desde=${desde}&hasta=${hasta}${emp ? `&emp=${emp}` : ''}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as CommissionReport;
};

const figureOf = (report: CommissionReport, id: number) =>
  report.groomers.find((g) => g.id_emp === id) as GroomerCommission;

const cents = (text: string) => parseCents(text) ?? 0;

describe('an employee’s rates', () => {
  it('are 0 % until saved, refuse what is not a rate, and name the items they override', async () => {
    const none = await admin.get(`/empleado/${ana}/comision`);
    expect(none.body.data).toEqual({
      id_emp: ana,
      pct_servicios: '0.00',
      pct_productos: '0.00',
      propinas: 'groomer',
      descuento_reduce: true,
      por_item: [],
    });
    const refused = await admin.put('/empleado/comision', {
      id_emp: ana,
      pct_servicios: '101',
      pct_productos: '10',
      propinas: 'todos',
      por_item: [{ pct: 5 }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      pct_servicios: [M.pctInvalid],
      propinas: [M.tipsInvalid],
      'por_item.0.id_srv': [M.itemRequired],
    });
    const unknown = await admin.put('/empleado/comision', {
      id_emp: ana,
      pct_servicios: '40',
      pct_productos: '10',
      propinas: 'groomer',
      por_item: [{ id_srv: 999_999, pct: 5 }],
    });
    expect(unknown.body.errors).toEqual({ 'por_item.0.id_srv': [M.itemUnknown] });

    const saved = await admin.put('/empleado/comision', {
      id_emp: ana,
      pct_servicios: '40',
      pct_productos: '12,5',
      propinas: 'groomer',
      por_item: [{ id_srv: cut, pct: '50' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      pct_servicios: '40.00',
      pct_productos: '12.50',
      por_item: [{ tipo: 'servicio', id: cut, nombre: 'Corte de pelo', pct: '50.00' }],
    });
    expect((await recepcion.put('/empleado/comision', { id_emp: ana })).status).toBe(403);
    expect((await groomer.get('/comisiones?desde=2026-01-01&hasta=2026-01-02')).status).toBe(403);
  });
});

describe('a period’s commissions', () => {
  it('are each line’s rate on what it charged, its tip apart, and add up to the cent', async () => {
    const before = figureOf(await reportOf(), ana);
    const first = await chargeCita(ana, bath, { propina: '5' }, [
      { tipo: 'producto', id: shampoo, cantidad: 1 },
    ]);
    // 10 % off S/. 60.00: the base is S/. 54.00, at the item's 50 %.
    const second = await chargeCita(ana, cut, { descuento: '6' });
    const report = await reportOf();
    const figure = figureOf(report, ana);
    const lines = figure.lineas.filter((l) => l.id_venta === first.id_venta);
    expect(lines).toEqual([
      expect.objectContaining({ tipo: 'servicio', base: '45.00', pct: '40.00', comision: '18.00' }),
      expect.objectContaining({ tipo: 'producto', base: '35.90', pct: '12.50', comision: '4.49' }),
      expect.objectContaining({ tipo: 'propina', propina: '5.00', comision: '0.00', pct: null }),
    ]);
    expect(lines[0].comprobante).toBe(first.comprobante);
    expect(figure.lineas.find((l) => l.id_venta === second.id_venta)).toMatchObject({
      base: '54.00',
      pct: '50.00',
      comision: '27.00',
    });
    // The figure is the sum of its lines, each rounded to the cent.
    const sum = (key: 'comision' | 'propina') =>
      figure.lineas.reduce((total, line) => total + cents(line[key]), 0);
    expect(cents(figure.comision)).toBe(sum('comision'));
    expect(cents(figure.propinas)).toBe(sum('propina'));
    expect(cents(figure.total)).toBe(sum('comision') + sum('propina'));
    expect(cents(figure.comision) - cents(before?.comision ?? '0.00')).toBe(1800 + 449 + 2700);
    expect(commissionOf('35.90', '12.50')).toBe('4.49');
    expect(commissionOf('-35.90', '12.50')).toBe('-4.49');

    // Beto has no rates: his cita earns nothing but his tip.
    await chargeCita(beto, bath, { propina: '3' });
    expect(figureOf(await reportOf(today, today, beto), beto)).toMatchObject({
      comision: '0.00',
      propinas: '3.00',
    });
  });

  it('shares the tips of groomers who share them with the team, to the cent', async () => {
    for (const id of [ana, beto]) {
      const saved = await admin.put('/empleado/comision', {
        id_emp: id,
        pct_servicios: id === ana ? '40' : '0',
        pct_productos: id === ana ? '12.5' : '0',
        propinas: 'equipo',
        por_item: id === ana ? [{ id_srv: cut, pct: '50' }] : [],
      });
      expect(saved.status).toBe(200);
    }
    const sale = await chargeCita(beto, bath, { propina: '7.01' });
    const report = await reportOf();
    const parts = [ana, beto].map((id) =>
      figureOf(report, id).lineas.find((l) => l.id_venta === sale.id_venta && l.tipo === 'propina'),
    );
    expect(parts.map((line) => line?.propina).sort()).toEqual(['3.50', '3.51']);
    expect(parts[0]?.descripcion).toBe('Propina del equipo');
    for (const id of [ana, beto]) {
      await admin.put('/empleado/comision', {
        id_emp: id,
        pct_servicios: id === ana ? '40' : '0',
        pct_productos: id === ana ? '12.5' : '0',
        propinas: 'groomer',
        por_item: id === ana ? [{ id_srv: cut, pct: '50' }] : [],
      });
    }
  });

  it('takes a void back in the period it happens, and a closed period never changes', async () => {
    const yesterday = addDays(today, -1);
    const sale = await chargeCita(ana, bath, { propina: '5' });
    // The sale was issued yesterday: it belongs to yesterday's period.
    await db
      .update(sales)
      .set({ fecha: new Date(Date.now() - 86_400_000) })
      .where(eq(sales.id_venta, sale.id_venta));
    const earned = figureOf(await reportOf(yesterday, yesterday), ana);
    expect(earned.comision).toBe('18.00');

    expect(
      (await recepcion.post('/comisiones/cierre', { desde: yesterday, hasta: yesterday })).status,
    ).toBe(403);
    const future = await admin.post('/comisiones/cierre', { desde: yesterday, hasta: today });
    expect(future.status).toBe(422);
    expect(future.body.errors.hasta).toEqual([M.futureClose]);
    const closed = await admin.post('/comisiones/cierre', { desde: yesterday, hasta: yesterday });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    expect(closed.body.data.cierre).toMatchObject({ desde: yesterday, hasta: yesterday });
    const again = await admin.post('/comisiones/cierre', {
      desde: addDays(yesterday, -3),
      hasta: yesterday,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.overlapsClosed(yesterday, yesterday));

    // Voided today, and Ana's rate changed since: the closed period still says what it said,
    // and today's takes back what it earned then, at the rate it had then.
    await admin.put('/empleado/comision', {
      id_emp: ana,
      pct_servicios: '30',
      pct_productos: '12.5',
      propinas: 'groomer',
    });
    const voided = await admin.patch('/venta/anular', {
      id: sale.id_venta,
      motivo: 'Cobro equivocado',
    });
    expect(voided.status).toBe(200);
    const frozen = await reportOf(yesterday, yesterday);
    expect(frozen.cierre).not.toBeNull();
    expect(figureOf(frozen, ana).comision).toBe('18.00');
    const taken = figureOf(await reportOf(), ana).lineas.find((l) => l.id_venta === sale.id_venta);
    expect(taken).toMatchObject({
      anulacion: true,
      base: '-45.00',
      pct: '40.00',
      comision: '-18.00',
    });
    const tip = figureOf(await reportOf(), ana).lineas.find(
      (l) => l.id_venta === sale.id_venta && l.tipo === 'propina',
    );
    expect(tip).toMatchObject({ anulacion: true, propina: '-5.00' });
    const closes = (await admin.get('/comisiones/cierres')).body.data as unknown[];
    expect(closes).toHaveLength(1);
    expect(await db.select().from(commissionCloses)).toHaveLength(1);
  });
});

describe('a visit a bono covers', () => {
  it('earns on the bono’s price per visit', async () => {
    const pack = await admin.post('/bono/register', {
      nombre: 'Pack 4 baños',
      items: [{ id_srv: bath, cantidad: 4 }],
      precio: '160',
      vigencia_dias: 30,
    });
    expect(pack.status, JSON.stringify(pack.body)).toBe(201);
    const owner = await registerOwner(admin, 'Carla', 'Bruno');
    const bought = await recepcion.post('/venta/register', {
      tipo_comp: 'T',
      id_cliente: owner.id_cli,
      items: [{ tipo: 'bono', id: pack.body.data.id_bono, cantidad: 1 }],
      pagos: [{ metodo: 'efectivo', monto: '160' }],
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const booked = await recepcion.post('/cita/register', {
      fec_cita: `${limaDay(2)}T09:00`,
      dni_cli: owner.dni,
      id_perro: owner.petId,
      id_servicio: bath,
      id_emp: ana,
      fech_reg: limaDay(0),
      obs: 'Sin observaciones',
    });
    const covered = await recepcion.post('/venta/register', {
      tipo_comp: 'T',
      id_cita: booked.body.data.id_cita,
      items: [{ tipo: 'servicio', id: bath, cantidad: 1 }],
      pagos: [],
    });
    expect(covered.status, JSON.stringify(covered.body)).toBe(201);
    // S/. 160.00 for 4 visits: this one is based on S/. 40.00, at Ana's 30 %.
    const line = figureOf(await reportOf(), ana).lineas.find(
      (l) => l.id_venta === covered.body.data.id_venta,
    );
    expect(line).toMatchObject({ base: '40.00', pct: '30.00', comision: '12.00' });
  });
});

describe('the export', () => {
  it('writes each groomer’s figure and every line behind it, as CSV and xlsx', async () => {
    const download = (formato: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/comisiones/export?desde=${today}&hasta=${today}&formato=${formato}`,
        headers: { authorization: adminToken },
      });
    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFResumen\r\n')).toBe(true);
    const figure = figureOf(await reportOf(), ana);
    expect(text).toContain(`${figure.nombre};${figure.base};${figure.comision};`);
    expect(text).toContain('Detalle');
    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect((await download('pdf')).statusCode).toBe(422);
  });
});

describe('a groomer’s own figure', () => {
  it('is their current period’s, since the last closed one, and nothing of others', async () => {
    const res = await groomer.get('/comisiones/mias');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const own = res.body.data as OwnCommission;
    expect(own.desde).toBe(today);
    expect(own.hasta).toBe(today);
    const figure = figureOf(await reportOf(), ana);
    expect(own).toMatchObject({
      comision: figure.comision,
      propinas: figure.propinas,
      total: figure.total,
    });
    expect(Object.keys(own).sort()).toEqual(['comision', 'desde', 'hasta', 'propinas', 'total']);
    expect((await admin.get('/comisiones/mias')).status).toBe(404);
  });
});
