import { inArray } from 'drizzle-orm';
import { limaDayStart, limaToday, type Notifications, type Permission } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  clients,
  pets,
  products,
  reminders,
  reservations,
  services,
} from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { notificationsFor } from './notifications';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;

const DAY = 86_400_000;
/** A day far from the real one, so its data never mixes with the calls made today. */
const FIXED_DAY = '2031-03-10';

let cita: (fec_cita: Date, id_est: number) => typeof appointments.$inferInsert;
let reservation: (fec_cita: string, id_est?: number) => typeof reservations.$inferInsert;

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  const { db } = ctx.database;
  const [ana] = await db
    .insert(clients)
    .values({
      dni_cli: '45871236',
      nom_cli: 'Ana',
      ape_cli: 'Quispe',
      tel1_cli: '987654321',
      email_cli: 'ana@x.pe',
      dir_cli: 'Av. Arequipa 100',
    })
    .returning();
  const [firulais] = await db
    .insert(pets)
    .values({ nom_perro: 'Firulais', raza_perro: 'Mestizo', id_cli: ana.id_cli })
    .returning();
  const [bath] = await db
    .insert(services)
    .values({
      nom_srv: 'Baño completo',
      desc_srv: 'Baño con champú hipoalergénico y secado completo del pelaje',
      precio_srv: '45.00',
    })
    .returning();
  cita = (fec_cita, id_est) => ({
    fec_cita,
    id_est,
    precio: '45.00',
    id_cli: ana.id_cli,
    id_perro: firulais.id_perro,
    id_srv: bath.id_srv,
    id_usu: 1,
    obs_perro: 'Sin observaciones',
    fech_reg: limaToday(),
  });
  reservation = (fec_cita, id_est = 1) => ({
    fec_cita,
    id_est,
    id_cli: ana.id_cli,
    id_perro: firulais.id_perro,
    id_usu: 1,
  });
});

const product = (sku: string, nom_prod: string, stock: number, stock_min: number, id_est = 1) => ({
  sku,
  nom_prod,
  categoria: 'Higiene y cuidado' as const,
  precio: '25.00',
  costo: '12.00',
  stock,
  stock_min,
  id_est,
});

const bell = async (api = admin) => {
  const res = await api.get('/notificaciones');
  expect(res.status).toBe(200);
  return res.body.data as Notifications;
};

/** What a role with every permission but `without` sees at `now`. */
const withoutPermission = (without: Permission | null, now?: Date) =>
  notificationsFor(ctx.database.db, (permission) => permission !== without, now);

describe('GET /notificaciones', () => {
  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/notificaciones' });
    expect(res.statusCode).toBe(401);
  });

  it('has nothing to tell when nothing needs attention', async () => {
    expect(await bell()).toEqual({ items: [], total: 0 });
  });

  it('names each active product at or below its minimum, lowest stock first', async () => {
    const { db } = ctx.database;
    await db.insert(products).values([
      product('SH-AVENA', 'Shampoo avena', 2, 5),
      product('CREMA-1', 'Crema de peinar', 5, 5),
      product('COLLAR-S', 'Collar S', 0, 3),
      product('SNACK-1', 'Snack de pollo', 1, 10),
      // Above its minimum, suspended, deleted: none of them.
      product('TOALLA', 'Toalla de microfibra', 6, 5),
      product('PERFUME', 'Perfume canino', 0, 5, 2),
      product('LAZO', 'Lazo decorativo', 0, 5, 3),
    ]);
    expect(await bell()).toEqual({
      items: [
        {
          tipo: 'stock_bajo',
          texto: 'Stock bajo: Collar S (agotado, mínimo 3)',
          enlace: '/productos?bajo_stock=true',
          cantidad: 1,
        },
        {
          tipo: 'stock_bajo',
          texto: 'Stock bajo: Snack de pollo (queda 1, mínimo 10)',
          enlace: '/productos?bajo_stock=true',
          cantidad: 1,
        },
        {
          tipo: 'stock_bajo',
          texto: 'Stock bajo: Shampoo avena (quedan 2, mínimo 5)',
          enlace: '/productos?bajo_stock=true',
          cantidad: 1,
        },
        {
          tipo: 'stock_bajo',
          texto: 'Stock bajo: Crema de peinar (quedan 5, mínimo 5)',
          enlace: '/productos?bajo_stock=true',
          cantidad: 1,
        },
      ],
      total: 4,
    });
  });

  it('names five low-stock products and sums up the rest in one notice', async () => {
    const { db } = ctx.database;
    await db
      .insert(products)
      .values([
        product('GUANTE', 'Guante de baño', 3, 4),
        product('CEPILLO', 'Cepillo de cerdas', 4, 4),
        product('TIJERA', 'Tijera curva', 0, 1),
      ]);
    const { items, total } = await bell();
    expect(items.map((n) => n.texto)).toEqual([
      // Of two with none left, the one whose minimum is higher first.
      'Stock bajo: Collar S (agotado, mínimo 3)',
      'Stock bajo: Tijera curva (agotado, mínimo 1)',
      'Stock bajo: Snack de pollo (queda 1, mínimo 10)',
      'Stock bajo: Shampoo avena (quedan 2, mínimo 5)',
      'Stock bajo: Guante de baño (quedan 3, mínimo 4)',
      'Y 2 productos más con stock bajo',
    ]);
    expect(items[5]).toEqual({
      tipo: 'stock_bajo',
      texto: 'Y 2 productos más con stock bajo',
      enlace: '/productos?bajo_stock=true',
      cantidad: 2,
    });
    // Every low-stock product counts in the badge, the summed-up ones too.
    expect(total).toBe(7);

    await db.delete(products).where(inArray(products.sku, ['GUANTE', 'CEPILLO']));
    expect((await bell()).items.at(-1)?.texto).toBe(
      'Stock bajo: Crema de peinar (quedan 5, mínimo 5)',
    );
    await db.delete(products).where(inArray(products.sku, ['TIJERA']));
  });

  it("counts tomorrow's citas still to come and not yet reminded, by Lima's day", async () => {
    const { db } = ctx.database;
    const tomorrow = limaToday(new Date(Date.now() + DAY));
    const start = limaDayStart(tomorrow).getTime();
    const reminded = await db
      .insert(appointments)
      .values([cita(new Date(start + 9 * 3_600_000), 9), cita(new Date(start + 8 * 3_600_000), 9)])
      .returning({ id_cita: appointments.id_cita });
    // Reminded by hand on WhatsApp, and by the daily e-mail run: seen to.
    await db.insert(reminders).values([
      { id_cita: reminded[0].id_cita, canal: 'whatsapp', id_usu: 2 },
      { id_cita: reminded[1].id_cita, canal: 'email', automatico: true },
    ]);
    await db.insert(appointments).values([
      // Tomorrow's first and last moments, Programada and En Proceso.
      cita(new Date(start), 9),
      cita(new Date(start + DAY - 1), 9),
      cita(new Date(start + 10 * 3_600_000), 5),
      // Tomorrow, but not to come: No Asistió, Completada, Eliminada.
      cita(new Date(start + 11 * 3_600_000), 4),
      cita(new Date(start + 12 * 3_600_000), 6),
      cita(new Date(start + 13 * 3_600_000), 8),
      // The last moment of today and the first of the day after tomorrow.
      cita(new Date(start - 1), 9),
      cita(new Date(start + DAY), 9),
    ]);
    const { items, total } = await bell();
    expect(items.filter((n) => n.tipo === 'citas_manana')).toEqual([
      {
        tipo: 'citas_manana',
        texto: 'Mañana hay 3 citas sin recordatorio',
        enlace: '/recordatorios',
        cantidad: 3,
      },
    ]);
    expect(total).toBe(4 + 1);
  });

  it('counts the pending reservations whose day is today, the last before they expire', async () => {
    const { db } = ctx.database;
    const now = Date.now();
    await db.insert(reservations).values([
      reservation(limaToday()),
      reservation(limaToday()),
      // Confirmed or cancelled: settled. Yesterday's: already expired. Tomorrow's: not yet.
      reservation(limaToday(), 2),
      reservation(limaToday(), 3),
      reservation(limaToday(new Date(now - DAY))),
      reservation(limaToday(new Date(now + DAY))),
    ]);
    const { items, total } = await bell();
    expect(items.filter((n) => n.tipo === 'reservas_por_vencer')).toEqual([
      {
        tipo: 'reservas_por_vencer',
        texto: '2 reservaciones pendientes vencen hoy',
        enlace: '/reservaciones?est=1&ficial=&final=',
        cantidad: 2,
      },
    ]);
    expect(items.map((n) => n.tipo)).toEqual([
      'stock_bajo',
      'stock_bajo',
      'stock_bajo',
      'stock_bajo',
      'citas_manana',
      'reservas_por_vencer',
    ]);
    expect(total).toBe(4 + 1 + 1);
  });

  it("takes today and tomorrow from Lima's clock, not the machine's", async () => {
    const { db } = ctx.database;
    const dayStart = limaDayStart(FIXED_DAY).getTime();
    await db
      .insert(appointments)
      .values([
        cita(new Date(dayStart), 9),
        cita(new Date(dayStart + DAY), 9),
        cita(new Date(dayStart + DAY + 1), 9),
      ]);
    await db.insert(reservations).values([reservation(FIXED_DAY)]);
    const agenda = async (now: number) =>
      (await withoutPermission('catalogo.leer', new Date(now))).items.map((n) => n.texto);

    // 23:59:59.999 in Lima (04:59 UTC of the next day): still the day before FIXED_DAY.
    expect(await agenda(dayStart - 1)).toEqual(['Mañana hay 1 cita sin recordatorio']);
    // Lima's midnight: FIXED_DAY is today, its reservation's last day.
    expect(await agenda(dayStart)).toEqual([
      'Mañana hay 2 citas sin recordatorio',
      '1 reservación pendiente vence hoy',
    ]);
  });
});

describe('notifications by role', () => {
  it('shows the groomer, who reads the catalogue and the agenda, the same as the admin', async () => {
    const groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
    const recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
    const seen = await bell();
    expect(seen.total).toBe(6);
    expect(await bell(recepcion)).toEqual(seen);
    // The same notices; tomorrow's citas open the agenda, since the groomer sends no reminders.
    const tomorrow = limaToday(new Date(Date.now() + DAY));
    expect(await bell(groomer)).toEqual({
      ...seen,
      items: seen.items.map((n) =>
        n.tipo === 'citas_manana' ? { ...n, enlace: `/agenda?fecha=${tomorrow}` } : n,
      ),
    });
  });

  it('leaves out low stock without catalogo.leer and the agenda without agenda.leer', async () => {
    const withoutCatalogue = await withoutPermission('catalogo.leer');
    expect(withoutCatalogue.items.map((n) => n.tipo)).toEqual([
      'citas_manana',
      'reservas_por_vencer',
    ]);
    expect(withoutCatalogue.total).toBe(2);

    const withoutAgenda = await withoutPermission('agenda.leer');
    expect(withoutAgenda.items.every((n) => n.tipo === 'stock_bajo')).toBe(true);
    expect(withoutAgenda.total).toBe(4);

    expect(await withoutPermission(null)).toEqual(await bell());
  });
});
