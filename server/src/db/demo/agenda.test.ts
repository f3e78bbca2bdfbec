import { sql } from 'drizzle-orm';
import { limaToday } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../sql-rows';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { seedAgenda } from './agenda';
import { seedCatalogue } from './catalogue';
import { seedPeople } from './people';
import { seedStaff } from './staff';

const ctx = await setupTestApp();

const one = async <T>(query: ReturnType<typeof sql>) =>
  rowsOf<T>(await ctx.database.db.execute(query))[0];

/**
 * Pairs of visits of one groomer that overlap, neither No Asistió nor Eliminada
 * (decisions §overlap). No visit lasts over 480 minutes: the bound lets the (id_emp, fec_cita)
 * index find the pairs.
 */
const doubleBookings = sql`
  select count(*)::int as n from citas a join citas b
    on b.id_emp = a.id_emp and b.id_cita <> a.id_cita
    and b.fec_cita >= a.fec_cita and b.fec_cita < a.fec_cita + a.duracion * interval '1 minute'
  where a.id_est not in (4, 8) and b.id_est not in (4, 8)`;

describe('agenda demo data', () => {
  it('books the existing clients’ pets with the catalogue’s prices and statuses that fit their days', async () => {
    const { db } = ctx.database;
    expect(await seedAgenda(db, { appointments: 50 })).toEqual({
      appointments: 0,
      reservations: 0,
      triages: 0,
    });
    await seedPeople(db, 40);
    await seedCatalogue(db);
    expect(await seedStaff(db)).toBe(6);
    expect(await seedStaff(db)).toBe(0);
    const result = await seedAgenda(db, { appointments: 300 });
    expect(result).toMatchObject({ appointments: 300, reservations: 150 });
    expect(result.triages).toBeGreaterThan(0);

    const today = limaToday();
    const checks = await one<Record<string, number>>(sql`
      select
        (select count(*) from citas)::int as citas,
        (select count(*) from citas a
          left join servicios s on s.id_srv = a.id_srv
          left join paquetes k on k.id_paq = a.id_paq
          where a.precio <> coalesce(s.precio_srv, k.precio_paq))::int as wrong_price,
        (select count(*) from citas a join perros p on p.id_perro = a.id_perro
          where p.id_cli <> a.id_cli)::int as foreign_pets,
        (select count(*) from citas where fech_reg > ${today}::date or created_at > now())::int as future_registrations,
        (select count(*) from citas where id_est in (4, 6)
          and fec_cita >= (${today}::date + 1)::timestamp at time zone 'UTC' + interval '5 hours')::int as attended_future,
        (select count(*) from reservaciones where id_est = 1 and fec_cita < ${today}::date)::int as stale_pending,
        (select count(*) from triajes t join citas a using (id_cita) where a.id_est not in (5, 6))::int as odd_triages,
        (select count(*) from citas a
          left join servicios s on s.id_srv = a.id_srv
          left join paquetes k on k.id_paq = a.id_paq
          where a.duracion <> coalesce(s.duracion, k.duracion))::int as wrong_duration,
        (select count(*) from citas a join empleados e using (id_emp) where not e.agenda)::int as not_bookable,
        (select count(*) from (select fec_cita at time zone 'UTC' - interval '5 hours' as lima, duracion from citas) a
          where extract(isodow from lima) = 7 or lima::time < '09:00'
            or lima::time + duracion * interval '1 minute' > '19:00')::int as out_of_hours`);
    expect(checks).toEqual({
      citas: 300,
      wrong_price: 0,
      foreign_pets: 0,
      future_registrations: 0,
      attended_future: 0,
      stale_pending: 0,
      odd_triages: 0,
      wrong_duration: 0,
      not_bookable: 0,
      out_of_hours: 0,
    });
    // Every groomer has visits and none is double-booked; some visits wait for a groomer.
    const groomers = await one<{ busy: number; unassigned: number }>(sql`
      select count(distinct id_emp)::int as busy, count(*) filter (where id_emp is null)::int as unassigned
      from citas`);
    expect(groomers.busy).toBe(4);
    expect(groomers.unassigned).toBeGreaterThan(0);
    expect(await one(doubleBookings)).toEqual({ n: 0 });

    // Large loads drop and rebuild indexes and foreign keys: they must all be back.
    const checksOf = sql`
      select
        (select count(*) from pg_constraint where contype = 'f'
          and conrelid in ('citas'::regclass, 'reservaciones'::regclass, 'triajes'::regclass))::int as keys,
        (select count(*) from pg_indexes
          where tablename in ('citas', 'reservaciones', 'triajes'))::int as indexes`;
    const before = await one<{ keys: number; indexes: number }>(checksOf);
    await seedAgenda(db, { appointments: 20_000, reservations: 0 });
    expect(await one(checksOf)).toEqual(before);
    expect(before.keys).toBeGreaterThanOrEqual(13);
    // A second load books each groomer after the visits they already had.
    expect(await one(doubleBookings)).toEqual({ n: 0 });

    const api = apiClient(ctx.app, await ctx.signIn());
    const list = await api.get('/citas/?per_page=5');
    expect(list.body.data.data).toHaveLength(5);
  });
});
