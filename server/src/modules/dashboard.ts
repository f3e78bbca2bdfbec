import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AppointmentStatus,
  limaToday,
  ReservationStatus,
  Status,
  type Dashboard,
  type DashboardActivity,
  type DashboardAppointment,
} from '@app/domain';
import type { Db } from '../db/client';
import { appointments, clients, packages, pets, reservations, services } from '../db/schema';
import { ok } from '../http/envelope';

const PER_DAY = 14;
const PER_MONTH = 6;
const LIST_SIZE = 8;

/** Peru has one zone and no DST: a Lima day starts at 05:00 UTC. */
const limaStart = (day: string) => new Date(`${day}T00:00:00-05:00`);

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day (`YYYY-MM-01`) of the month `months` away from the month of `day`. */
function monthStart(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** numeric(10,2) strings to cents, exactly. */
function cents(money: string): bigint {
  const [whole = '0', fraction = ''] = money.split('.');
  return BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
}

/** Change from `before` to `after` in percent, one decimal; none when `before` is zero. */
export function percentChange(after: string, before: string): number | null {
  const base = cents(before);
  if (base === 0n) return null;
  // Per mille in integers, rounded half away from zero, then one decimal.
  const diff = (cents(after) - base) * 2000n;
  const perMille = (diff + (diff >= 0n ? base : -base)) / (2n * base);
  return Number(perMille) / 10;
}

const fullName = sql<string>`${clients.nom_cli} || ' ' || ${clients.ape_cli}`;

interface Range {
  from: Date;
  to: Date;
}

/** A Lima day or month as the instants it spans: compared as is, no per-row zone conversion. */
const within = ({ from, to }: Range) =>
  sql`${appointments.fec_cita} >= ${from.toISOString()} and ${appointments.fec_cita} < ${to.toISOString()}`;
const revenueWhere = (condition: SQL) =>
  sql<string>`round(coalesce(sum(${appointments.precio}) filter (where ${condition}), 0), 2)::text`;

/**
 * `GET /dashboard`: the business's figures for the home screen in one call. Every figure is an
 * aggregate computed in SQL over a range of citas_fec_cita_idx (14 days, 6 months), a count, or
 * a top-N read of a created_at index; the queries run together.
 */
export async function dashboardFigures(db: Db, now = new Date()): Promise<Dashboard> {
  const today = limaToday(now);
  const dayRange = (day: string): Range => ({
    from: limaStart(day),
    to: limaStart(addDays(day, 1)),
  });
  const monthRange = (offset: number): Range => ({
    from: limaStart(monthStart(today, offset)),
    to: limaStart(monthStart(today, offset + 1)),
  });
  const days = Array.from({ length: PER_DAY }, (_, i) => addDays(today, i + 1 - PER_DAY));
  const months = Array.from({ length: PER_MONTH }, (_, i) => i + 1 - PER_MONTH);

  const firstDay = limaStart(days[0]);
  const [
    perDayAndStatus,
    [revenue],
    [totals],
    upcomingRows,
    recentCitas,
    recentReservations,
    recentClients,
  ] = await Promise.all([
    // The last 14 days by day and status: the chart and today's figures, from one range scan.
    db
      .select({
        day: sql<number>`floor((extract(epoch from ${appointments.fec_cita}) - ${firstDay.getTime() / 1000}) / 86400)::int`,
        id_est: appointments.id_est,
        total: sql<number>`count(*)::int`,
      })
      .from(appointments)
      .where(within({ from: firstDay, to: dayRange(today).to }))
      .groupBy(sql`1`, appointments.id_est),
    // Each month's revenue as a filtered sum: no per-row time zone conversion.
    db
      .select({
        perMonth: sql<string[]>`array[${sql.join(
          months.map((offset) => revenueWhere(within(monthRange(offset)))),
          sql`, `,
        )}]`,
      })
      .from(appointments)
      .where(
        and(
          within({ from: monthRange(1 - PER_MONTH).from, to: monthRange(0).to }),
          eq(appointments.id_est, AppointmentStatus.Completada),
        ),
      ),
    db
      .select({
        activeClients: sql<number>`(select count(*)::int from ${clients} where ${clients.id_est} = ${Status.Activo})`,
        newClients: sql<number>`(select count(*)::int from ${clients} where ${clients.created_at} >= ${monthRange(0).from.toISOString()})`,
        activePets: sql<number>`(select count(*)::int from ${pets} where ${pets.id_est} = ${Status.Activo})`,
        // A pending reservation dated before today is Expirada (DESIGN §5): not pending work.
        pending: sql<number>`(select count(*)::int from ${reservations} where ${reservations.id_est} = ${ReservationStatus.Pendiente} and ${reservations.fec_cita} >= ${today})`,
      })
      .from(sql`(select 1) as one`),
    db
      .select({
        id_cita: appointments.id_cita,
        fec_cita: appointments.fec_cita,
        id_est: appointments.id_est,
        cliente: { id_cli: clients.id_cli, nom_cli: clients.nom_cli, ape_cli: clients.ape_cli },
        perro: { id_perro: pets.id_perro, nom_perro: pets.nom_perro },
        nom_srv: services.nom_srv,
        nom_paq: packages.nom_paq,
      })
      .from(appointments)
      .innerJoin(clients, eq(clients.id_cli, appointments.id_cli))
      .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
      .leftJoin(services, eq(services.id_srv, appointments.id_srv))
      .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
      .where(
        and(
          gte(appointments.fec_cita, now),
          inArray(appointments.id_est, [AppointmentStatus.Programada, AppointmentStatus.EnProceso]),
        ),
      )
      .orderBy(asc(appointments.fec_cita), asc(appointments.id_cita))
      .limit(LIST_SIZE),
    db
      .select({
        id: appointments.id_cita,
        at: appointments.created_at,
        cliente: fullName,
        mascota: pets.nom_perro,
        fec_cita: appointments.fec_cita,
      })
      .from(appointments)
      .innerJoin(clients, eq(clients.id_cli, appointments.id_cli))
      .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
      .orderBy(desc(appointments.created_at), desc(appointments.id_cita))
      .limit(LIST_SIZE),
    db
      .select({
        id: reservations.id_res,
        at: reservations.fec_reg,
        cliente: fullName,
        mascota: pets.nom_perro,
        fec_cita: reservations.fec_cita,
      })
      .from(reservations)
      .innerJoin(clients, eq(clients.id_cli, reservations.id_cli))
      .innerJoin(pets, eq(pets.id_perro, reservations.id_perro))
      .orderBy(desc(reservations.fec_reg), desc(reservations.id_res))
      .limit(LIST_SIZE),
    db
      .select({ id: clients.id_cli, at: clients.created_at, cliente: fullName })
      .from(clients)
      .orderBy(desc(clients.created_at), desc(clients.id_cli))
      .limit(LIST_SIZE),
  ]);

  const revenuePerMonth = months.map((offset, i) => ({
    month: monthStart(today, offset).slice(0, 7),
    revenue: revenue?.perMonth[i] ?? '0.00',
  }));
  const thisMonth = revenuePerMonth[PER_MONTH - 1].revenue;
  const lastMonth = revenuePerMonth[PER_MONTH - 2].revenue;
  const perDay = new Array<number>(PER_DAY).fill(0);
  const byStatus: { id_est: number; total: number }[] = [];
  for (const row of perDayAndStatus) {
    if (row.id_est !== AppointmentStatus.Eliminada)
      perDay[row.day] = (perDay[row.day] ?? 0) + row.total;
    if (row.day === PER_DAY - 1) byStatus.push({ id_est: row.id_est, total: row.total });
  }
  byStatus.sort((a, b) => a.id_est - b.id_est);

  const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);
  const recentActivity: DashboardActivity[] = [
    ...recentCitas.map((r) => ({ kind: 'cita' as const, ...r, fec_cita: iso(r.fec_cita) })),
    ...recentReservations.map((r) => ({ kind: 'reservacion' as const, ...r })),
    ...recentClients.map((r) => ({
      kind: 'cliente' as const,
      ...r,
      mascota: null,
      fec_cita: null,
    })),
  ]
    .map((r) => ({ ...r, at: iso(r.at) }))
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
    .slice(0, LIST_SIZE);

  const upcoming: DashboardAppointment[] = upcomingRows.map(({ nom_srv, nom_paq, ...row }) => ({
    ...row,
    fec_cita: iso(row.fec_cita),
    item: nom_srv ?? nom_paq ?? '',
    tipo: nom_srv !== null ? 'servicio' : 'paquete',
  }));

  return {
    today,
    appointmentsToday: {
      total: byStatus
        .filter((s) => s.id_est !== AppointmentStatus.Eliminada)
        .reduce((total, s) => total + s.total, 0),
      byStatus,
    },
    pendingReservations: totals?.pending ?? 0,
    activeClients: totals?.activeClients ?? 0,
    newClientsThisMonth: totals?.newClients ?? 0,
    activePets: totals?.activePets ?? 0,
    revenue: { thisMonth, lastMonth, changePct: percentChange(thisMonth, lastMonth) },
    appointmentsPerDay: days.map((day, i) => ({ day, total: perDay[i] ?? 0 })),
    revenuePerMonth,
    upcoming,
    recentActivity,
  };
}

export const dashboardModule: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  app.get('/dashboard', { schema: { tags: ['dashboard'] } }, async () =>
    ok(await dashboardFigures(db)),
  );
  done();
};
