import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { limaToday, type Dashboard, type DashboardCharts } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, pets, products, reservations, services } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { percentChange } from './dashboard';

const ctx = await setupTestApp();
let api: ReturnType<typeof apiClient>;

const HOUR = 3_600_000;
const today = limaToday();
const todayStart = new Date(`${today}T00:00:00-05:00`);
const atDay = (days: number, hour = 10) =>
  new Date(todayStart.getTime() + days * 24 * HOUR + hour * HOUR);
/** The second day of last month, 10:00 Lima. */
const lastMonth = (() => {
  const date = new Date(`${today.slice(0, 7)}-02T15:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date;
})();
const longAgo = new Date(lastMonth.getTime() - 200 * 24 * HOUR);
let anaId: number;

beforeAll(async () => {
  api = apiClient(ctx.app, await ctx.signIn());
  const { db } = ctx.database;
  const [ana, beto] = await db
    .insert(clients)
    .values([
      {
        dni_cli: '45871236',
        nom_cli: 'Ana',
        ape_cli: 'Quispe',
        tel1_cli: '987654321',
        email_cli: 'ana@x.pe',
        dir_cli: 'Av. Arequipa 100',
      },
      {
        dni_cli: '40112233',
        nom_cli: 'Beto',
        ape_cli: 'Rojas',
        tel1_cli: '987654322',
        email_cli: 'beto@x.pe',
        dir_cli: 'Jr. Lima 200',
        id_est: 2,
      },
    ])
    .returning();
  anaId = ana.id_cli;
  const [firulais, toby] = await db
    .insert(pets)
    .values([
      { nom_perro: 'Firulais', raza_perro: 'Mestizo', id_cli: ana.id_cli },
      { nom_perro: 'Toby', raza_perro: 'Pug', id_cli: ana.id_cli },
      { nom_perro: 'Rocky', raza_perro: 'Boxer', id_cli: beto.id_cli, id_est: 3 },
    ])
    .returning();
  const [bath] = await db
    .insert(services)
    .values({
      nom_srv: 'Baño completo',
      desc_srv: 'Baño con champú hipoalergénico y secado completo del pelaje',
      precio_srv: '45.00',
    })
    .returning();

  const cita = (fec_cita: Date, id_est: number, precio: string, perro = firulais) => ({
    fec_cita,
    id_est,
    precio,
    id_cli: ana.id_cli,
    id_perro: perro.id_perro,
    id_srv: bath.id_srv,
    id_usu: 1,
    obs_perro: 'Sin observaciones',
    fech_reg: today,
  });
  await db.insert(appointments).values([
    // Today: Programada, En Proceso, two Completada and one Eliminada (not counted).
    cita(new Date(todayStart.getTime() + 1000), 9, '45.00'),
    cita(new Date(todayStart.getTime() + 2000), 5, '45.00'),
    cita(new Date(todayStart.getTime() + 3000), 6, '45.00'),
    cita(new Date(todayStart.getTime() + 4000), 6, '30.50', toby),
    cita(new Date(todayStart.getTime() + 5000), 8, '99.00'),
    // Last month: two completed, one that did not come.
    cita(lastMonth, 6, '25.00'),
    cita(lastMonth, 6, '25.00'),
    cita(lastMonth, 4, '25.00'),
    // Outside every range.
    cita(longAgo, 6, '500.00'),
    // Ahead: the next appointments; one already marked No Asistió is not "next".
    cita(atDay(2), 9, '45.00', toby),
    cita(atDay(1), 9, '45.00'),
    cita(atDay(3), 4, '45.00'),
  ]);
  await db.insert(reservations).values([
    { fec_cita: today, id_cli: ana.id_cli, id_perro: firulais.id_perro, id_usu: 1 },
    { fec_cita: limaToday(atDay(5)), id_cli: ana.id_cli, id_perro: toby.id_perro, id_usu: 1 },
    // Dated yesterday: expired, not pending work.
    { fec_cita: limaToday(atDay(-1)), id_cli: ana.id_cli, id_perro: toby.id_perro, id_usu: 1 },
    {
      fec_cita: limaToday(atDay(4)),
      id_cli: ana.id_cli,
      id_perro: toby.id_perro,
      id_usu: 1,
      id_est: 2,
    },
  ]);
});

/** The admin's figures: the money included. */
const figures = async () => (await api.get('/dashboard')).body.data as Required<Dashboard>;
/** The admin's charts: the money included. */
const charts = async () =>
  (await api.get('/dashboard/graficos')).body.data as Required<DashboardCharts>;

describe('dashboard', () => {
  it('needs a session', async () => {
    for (const url of ['/api/dashboard', '/api/dashboard/graficos'])
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it("tells today's appointments, pending work, clients, pets and revenue", async () => {
    const res = await api.get('/dashboard');
    expect(res.status).toBe(200);
    const data = res.body.data as Required<Dashboard>;
    expect(data.today).toBe(today);
    expect(data.appointmentsToday).toEqual({
      total: 4,
      byStatus: [
        { id_est: 5, total: 1 },
        { id_est: 6, total: 2 },
        { id_est: 8, total: 1 },
        { id_est: 9, total: 1 },
      ],
    });
    expect(data.pendingReservations).toBe(2);
    expect(data.activeClients).toBe(1);
    expect(data.newClientsThisMonth).toBe(2);
    expect(data.activePets).toBe(2);
    expect(data.revenue).toEqual({ thisMonth: '75.50', lastMonth: '50.00', changePct: 51 });
  });

  it('sends the money only to who may read the sales report: a groomer sees counts', async () => {
    for (const login of ['groomer', 'recepcion']) {
      const res = await apiClient(ctx.app, await ctx.signIn(login)).get('/dashboard');
      expect(res.status).toBe(200);
      const data = res.body.data as Dashboard;
      expect(data).not.toHaveProperty('revenue');
      expect(data.appointmentsToday.total).toBe(4);
      const chartsRes = await apiClient(ctx.app, await ctx.signIn(login)).get(
        '/dashboard/graficos',
      );
      expect(chartsRes.status).toBe(200);
      const chartData = chartsRes.body.data as DashboardCharts;
      expect(chartData).not.toHaveProperty('revenuePerMonth');
      expect(chartData.appointmentsPerDay).toHaveLength(14);
    }
  });

  it('charts the last 14 days, today by status and the last 6 months', async () => {
    const { appointmentsPerDay, revenuePerMonth, todayByStatus } = await charts();
    expect(todayByStatus).toEqual((await figures()).appointmentsToday.byStatus);
    expect(appointmentsPerDay).toHaveLength(14);
    expect(appointmentsPerDay[13]).toEqual({ day: today, total: 4 });
    expect(appointmentsPerDay[0]?.day).toBe(limaToday(atDay(-13)));
    expect(appointmentsPerDay.slice(0, 13).every((d) => d.total === 0)).toBe(true);

    expect(revenuePerMonth).toHaveLength(6);
    expect(revenuePerMonth[5]).toEqual({ month: today.slice(0, 7), revenue: '75.50' });
    expect(revenuePerMonth[4]).toEqual({
      month: lastMonth.toISOString().slice(0, 7),
      revenue: '50.00',
    });
    expect(revenuePerMonth.slice(0, 4).map((m) => m.revenue)).toEqual([
      '0.00',
      '0.00',
      '0.00',
      '0.00',
    ]);
  });

  it('lists the next appointments and the latest registrations', async () => {
    const { upcoming, recentActivity } = await figures();
    expect(upcoming.map((c) => c.fec_cita)).toEqual([
      atDay(1).toISOString(),
      atDay(2).toISOString(),
    ]);
    expect(upcoming[1]).toMatchObject({
      id_est: 9,
      cliente: { nom_cli: 'Ana', ape_cli: 'Quispe' },
      perro: { nom_perro: 'Toby' },
      item: 'Baño completo',
      tipo: 'servicio',
    });

    expect(recentActivity).toHaveLength(8);
    const times = recentActivity.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
    // Reservations were registered last.
    expect(recentActivity[0]).toMatchObject({ kind: 'reservacion', cliente: 'Ana Quispe' });
  });

  it('lists the active products at or below their minimum, lowest stock first', async () => {
    expect((await figures()).lowStock).toEqual({ total: 0, items: [] });
    const product = (sku: string, stock: number, stock_min: number, id_est = 1) => ({
      sku,
      nom_prod: `Producto ${sku}`,
      categoria: 'Insumos' as const,
      precio: '10.00',
      costo: '5.00',
      stock,
      stock_min,
      id_est,
    });
    const { db } = ctx.database;
    await db
      .insert(products)
      .values([
        product('AT-MIN', 5, 5),
        product('ABOVE', 6, 5),
        product('SUSPENDED', 0, 5, 2),
        product('DELETED', 0, 5, 3),
        ...['E1', 'E2', 'E3', 'E4', 'E5'].map((sku, i) => product(sku, i, 10)),
      ]);
    const { lowStock } = await figures();
    // At its minimum counts; above it, suspended or deleted does not. Five named at most.
    expect(lowStock.total).toBe(6);
    expect(lowStock.items.map((p) => [p.sku, p.stock, p.stock_min])).toEqual([
      ['E1', 0, 10],
      ['E2', 1, 10],
      ['E3', 2, 10],
      ['E4', 3, 10],
      ['E5', 4, 10],
    ]);
    expect(lowStock.items[0]).toEqual({
      id_prod: expect.any(Number),
      sku: 'E1',
      nom_prod: 'Producto E1',
      stock: 0,
      stock_min: 10,
    });
    await db
      .update(products)
      .set({ stock: 20 })
      .where(inArray(products.sku, ['E1', 'E2']));
    expect((await figures()).lowStock.items.map((p) => p.sku)).toEqual([
      'E3',
      'E4',
      'E5',
      'AT-MIN',
    ]);
  });

  it('keeps the counts, days and revenue exact as records change', async () => {
    const { db } = ctx.database;
    const [programada] = await db
      .select({ id: appointments.id_cita })
      .from(appointments)
      .where(
        and(
          eq(appointments.id_est, 9),
          gte(appointments.fec_cita, todayStart),
          lt(appointments.fec_cita, atDay(1, 0)),
        ),
      );
    // Completed today: counted in today's statuses and in this month's revenue.
    expect((await api.patch('/cita/estado', { cita: programada.id, est: 6 })).status).toBe(200);
    let data = await figures();
    expect(data.revenue.thisMonth).toBe('120.50');
    expect(data.appointmentsToday.byStatus).toEqual([
      { id_est: 5, total: 1 },
      { id_est: 6, total: 3 },
      { id_est: 8, total: 1 },
    ]);
    // Moved to yesterday, then deleted.
    await db
      .update(appointments)
      .set({ fec_cita: atDay(-1) })
      .where(eq(appointments.id_cita, programada.id));
    expect((await charts()).appointmentsPerDay.slice(-2).map((d) => d.total)).toEqual([1, 3]);
    await db.delete(appointments).where(eq(appointments.id_cita, programada.id));
    expect((await charts()).appointmentsPerDay.slice(-2).map((d) => d.total)).toEqual([0, 3]);
    data = await figures();
    expect(data.revenue.thisMonth).toBe('75.50');

    await api.patch('/cliente', { id: anaId, estado: 2 });
    const [extra] = await db
      .insert(pets)
      .values({ nom_perro: 'Nala', raza_perro: 'Pug', id_cli: anaId })
      .returning();
    data = await figures();
    expect([data.activeClients, data.activePets]).toEqual([0, 3]);
    await db.delete(pets).where(eq(pets.id_perro, extra.id_perro));
    await api.patch('/cliente', { id: anaId, estado: 1 });
    data = await figures();
    expect([data.activeClients, data.activePets]).toEqual([1, 2]);
  });

  it("counts a charged cita's sale instead of its price, walk-in sales too, voids and tips not", async () => {
    const { db } = ctx.database;
    const [completed] = await db
      .select({ id: appointments.id_cita, id_srv: appointments.id_srv })
      .from(appointments)
      .where(
        and(
          eq(appointments.id_est, 6),
          eq(appointments.precio, '45.00'),
          gte(appointments.fec_cita, todayStart),
        ),
      );
    const sell = (body: object) =>
      api.post('/venta/register', {
        tipo_comp: 'T',
        items: [{ tipo: 'otro', descripcion: 'Baño completo', cantidad: 1, precio: '50.00' }],
        pagos: [{ metodo: 'efectivo', monto: '55.00' }],
        propina: '5',
        ...body,
      });
    expect((await figures()).revenue.thisMonth).toBe('75.50');
    // The cita's service at its booked S/. 45.00, and S/. 5.00 more.
    const charged = await sell({
      id_cita: completed.id,
      items: [
        { tipo: 'servicio', id: completed.id_srv, cantidad: 1 },
        { tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '5.00' },
      ],
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);
    expect((await figures()).revenue.thisMonth).toBe('80.50');
    const walkIn = await sell({});
    expect((await figures()).revenue.thisMonth).toBe('130.50');
    await api.patch('/venta/anular', { id: walkIn.body.data.id_venta, motivo: 'Cobro duplicado' });
    const data = await figures();
    expect(data.revenue.thisMonth).toBe('80.50');
    expect((await charts()).revenuePerMonth[5].revenue).toBe('80.50');
  });

  it('counts a cancelled cita of today as cancelled: in its own status, not among the visits', async () => {
    const { db } = ctx.database;
    const before = await figures();
    const beforeCharts = await charts();
    const [cancelled] = await db
      .insert(appointments)
      .values({
        fec_cita: new Date(todayStart.getTime() + 6000),
        id_est: 11,
        precio: '45.00',
        id_cli: anaId,
        id_perro: (await db.select({ id: pets.id_perro }).from(pets).limit(1))[0].id,
        id_srv: (await db.select({ id: services.id_srv }).from(services).limit(1))[0].id,
        id_usu: 1,
        obs_perro: 'Sin observaciones',
        fech_reg: today,
        motivo_cancelacion: 'El cliente viaja',
      })
      .returning();
    const data = await figures();
    expect(data.appointmentsToday.total).toBe(before.appointmentsToday.total);
    expect(data.appointmentsToday.byStatus).toContainEqual({ id_est: 11, total: 1 });
    const after = await charts();
    expect(after.appointmentsPerDay).toEqual(beforeCharts.appointmentsPerDay);
    expect(after.todayByStatus).toContainEqual({ id_est: 11, total: 1 });
    await db.delete(appointments).where(eq(appointments.id_cita, cancelled.id_cita));
  });

  it('computes the change of revenue exactly', () => {
    expect(percentChange('75.50', '50.00')).toBe(51);
    expect(percentChange('0.00', '50.00')).toBe(-100);
    expect(percentChange('10.00', '3.00')).toBe(233.3);
    expect(percentChange('10.00', '0.00')).toBeNull();
  });
});
