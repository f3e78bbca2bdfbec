import { and, asc, desc, eq, getTableName, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  addDays,
  AppointmentStatus,
  can,
  DASHBOARD_REVENUE_PERMISSION,
  DASHBOARD_ENDPOINTS,
  ELECTRONIC_RECEIPTS_PERMISSION,
  formatCents,
  parseCents,
  limaToday,
  LOW_STOCK_NAMED,
  ReservationStatus,
  Status,
  type Dashboard,
  type DashboardActivity,
  type DashboardCharts,
  type DashboardStatusCount,
  type DashboardAppointment,
  type DashboardLowStock,
} from '@app/domain';
import type { Db } from '../../db/client';
import {
  appointmentDays,
  appointments,
  clients,
  packages,
  pets,
  products,
  reservations,
  sales,
  services,
  statusCounts,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { todaysElectronicReceipts } from '../electronic-receipts';

const PER_DAY = 14;
const PER_MONTH = 6;
const LIST_SIZE = 8;

/** Peru has one zone and no DST: a Lima day starts at 05:00 UTC. */
const limaStart = (day: string) => new Date(`${day}T00:00:00-05:00`);

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

/** The rows of a table with this status, from the exact counts the triggers keep. */
const statusTotal = (table: typeof clients | typeof pets, status: number) =>
  sql<number>`coalesce((select ${statusCounts.total} from ${statusCounts} where ${statusCounts.table_name} = ${getTableName(table)} and ${statusCounts.id_est} = ${status}), 0)::int`;

/**
 * The active products at or below their minimum (decisions §products): how many, and the first
 * `limit`, lowest stock first (of two alike, the one whose minimum is higher). The WHERE repeats
 * the predicate of the partial index `productos_low_stock_idx`, with the status as a literal so
 * that even a generic plan can use it: the rows read are the low-stock ones, never the catalogue.
 */
export async function lowStock(db: Db, limit = LOW_STOCK_NAMED): Promise<DashboardLowStock> {
  const rows = await db
    .select({
      id_prod: products.id_prod,
      sku: products.sku,
      nom_prod: products.nom_prod,
      stock: products.stock,
      stock_min: products.stock_min,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(products)
    .where(
      sql`${products.stock} <= ${products.stock_min} and ${products.id_est} = ${sql.raw(String(Status.Activo))}`,
    )
    .orderBy(asc(products.stock), desc(products.stock_min), asc(products.id_prod))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _, ...item }) => item) };
}

/** The statuses a day's count leaves out: deleted and cancelled citas are not visits. */
const NOT_VISITS: readonly number[] = [AppointmentStatus.Eliminada, AppointmentStatus.Cancelada];

/**
 * Each month's revenue (README, 'Ingresos') from the month of `first` to this one: its sales in
 * force, tips apart, plus the booked price of its completed citas that have none (visits from
 * before checkout existed). The completed citas' prices come from appointment_days; only the
 * sales are read themselves, so the cards ask for two months and the chart for six.
 */
async function monthlyRevenue(db: Db, today: string, first: string) {
  const [completedRows, salesRows, chargedRows] = await Promise.all([
    db
      .select({
        month: sql<string>`to_char(${appointmentDays.lima_day}, 'YYYY-MM')`,
        revenue: sql<string>`round(sum(${appointmentDays.revenue}), 2)::text`,
      })
      .from(appointmentDays)
      .where(
        and(
          eq(appointmentDays.id_est, AppointmentStatus.Completada),
          gte(appointmentDays.lima_day, first),
          lt(appointmentDays.lima_day, monthStart(today, 1)),
        ),
      )
      .groupBy(sql`1`),
    db
      .select({
        month: sql<string>`to_char(${sales.fecha} - interval '5 hours', 'YYYY-MM')`,
        revenue: sql<string>`sum(${sales.total})::text`,
      })
      .from(sales)
      .where(and(gte(sales.fecha, limaStart(first)), isNull(sales.anulada_at)))
      .groupBy(sql`1`),
    // The completed citas of the months that were charged: their price is in their sale.
    db
      .select({
        month: sql<string>`to_char(${appointments.fec_cita} - interval '5 hours', 'YYYY-MM')`,
        revenue: sql<string>`sum(${appointments.precio})::text`,
      })
      .from(sales)
      .innerJoin(appointments, eq(appointments.id_cita, sales.id_cita))
      .where(
        and(
          isNull(sales.anulada_at),
          eq(appointments.id_est, AppointmentStatus.Completada),
          gte(appointments.fec_cita, limaStart(first)),
          // A visit is charged the day it happens or after: no earlier sale can be its own.
          gte(sales.fecha, limaStart(addDays(first, -1))),
        ),
      )
      .groupBy(sql`1`),
  ]);
  const perMonth = (rows: { month: string; revenue: string }[]) =>
    new Map(rows.map((r) => [r.month, parseCents(r.revenue) ?? 0]));
  const [completed, sold, charged] = [completedRows, salesRows, chargedRows].map(perMonth);
  const months: { month: string; revenue: string }[] = [];
  for (let at = first; at <= today; at = monthStart(at, 1)) {
    const month = at.slice(0, 7);
    const cents = (sold.get(month) ?? 0) + (completed.get(month) ?? 0) - (charged.get(month) ?? 0);
    months.push({ month, revenue: formatCents(cents) });
  }
  return months;
}

/**
 * `GET /dashboard`: the business's figures for the home screen's cards and lists in one call,
 * the queries run together; the charts are `dashboardCharts`'s, asked after. Nothing reads a
 * table whole: today's statuses come from appointment_days and the active clients and pets from
 * status_counts (both kept exact by triggers, migration 0004), the rest are counts over a range
 * of an index (this month's clients, pending reservations ahead), top-N reads of an order index,
 * the low-stock products through their partial index, two months of sales for the money, and
 * today's electronic receipts by state (a day of the sales' `fecha` index).
 */
export async function dashboardFigures(
  db: Db,
  now = new Date(),
  {
    revenue: withRevenue = true,
    electronicReceipts: withReceipts = true,
  }: { revenue?: boolean; electronicReceipts?: boolean } = {},
): Promise<Dashboard> {
  const today = limaToday(now);

  // The next and the latest appointments first, then their names: joined after the LIMIT, the
  // planner sizes the joins for eight rows (joined before it, it planned for the whole table
  // and prepared caches as large, a few milliseconds a call).
  const nextCitas = db
    .select({
      id_cita: appointments.id_cita,
      fec_cita: appointments.fec_cita,
      id_est: appointments.id_est,
      id_cli: appointments.id_cli,
      id_perro: appointments.id_perro,
      id_srv: appointments.id_srv,
      id_paq: appointments.id_paq,
    })
    .from(appointments)
    .where(
      and(
        gte(appointments.fec_cita, now),
        inArray(appointments.id_est, [AppointmentStatus.Programada, AppointmentStatus.EnProceso]),
      ),
    )
    .orderBy(asc(appointments.fec_cita), asc(appointments.id_cita))
    .limit(LIST_SIZE)
    .as('next_citas');
  const latestCitas = db
    .select({
      id: appointments.id_cita,
      at: appointments.created_at,
      fec_cita: appointments.fec_cita,
      id_cli: appointments.id_cli,
      id_perro: appointments.id_perro,
    })
    .from(appointments)
    .orderBy(desc(appointments.created_at), desc(appointments.id_cita))
    .limit(LIST_SIZE)
    .as('latest_citas');
  const latestReservations = db
    .select({
      id: reservations.id_res,
      at: reservations.fec_reg,
      fec_cita: reservations.fec_cita,
      id_cli: reservations.id_cli,
      id_perro: reservations.id_perro,
    })
    .from(reservations)
    .orderBy(desc(reservations.fec_reg), desc(reservations.id_res))
    .limit(LIST_SIZE)
    .as('latest_reservations');

  const [
    todayRows,
    months,
    [totals],
    upcomingRows,
    recentCitas,
    recentReservations,
    recentClients,
    lowStockProducts,
    electronicReceiptsToday,
  ] = await Promise.all([
    db
      .select({ id_est: appointmentDays.id_est, total: appointmentDays.total })
      .from(appointmentDays)
      .where(eq(appointmentDays.lima_day, today)),
    // This month's and last month's revenue, for who may see the money.
    withRevenue ? monthlyRevenue(db, today, monthStart(today, -1)) : [],
    db
      .select({
        activeClients: statusTotal(clients, Status.Activo),
        newClients: sql<number>`(select count(*)::int from ${clients} where ${clients.created_at} >= ${limaStart(monthStart(today, 0)).toISOString()})`,
        activePets: statusTotal(pets, Status.Activo),
        // A pending reservation dated before today is Expirada (statuses §expiry): not pending
        // work.
        pending: sql<number>`(select count(*)::int from ${reservations} where ${reservations.id_est} = ${ReservationStatus.Pendiente} and ${reservations.fec_cita} >= ${today})`,
      })
      .from(sql`(select 1) as one`),
    db
      .select({
        id_cita: nextCitas.id_cita,
        fec_cita: nextCitas.fec_cita,
        id_est: nextCitas.id_est,
        cliente: { id_cli: clients.id_cli, nom_cli: clients.nom_cli, ape_cli: clients.ape_cli },
        perro: { id_perro: pets.id_perro, nom_perro: pets.nom_perro },
        nom_srv: services.nom_srv,
        nom_paq: packages.nom_paq,
      })
      .from(nextCitas)
      .innerJoin(clients, eq(clients.id_cli, nextCitas.id_cli))
      .innerJoin(pets, eq(pets.id_perro, nextCitas.id_perro))
      .leftJoin(services, eq(services.id_srv, nextCitas.id_srv))
      .leftJoin(packages, eq(packages.id_paq, nextCitas.id_paq))
      .orderBy(asc(nextCitas.fec_cita), asc(nextCitas.id_cita)),
    db
      .select({
        id: latestCitas.id,
        at: latestCitas.at,
        cliente: fullName,
        mascota: pets.nom_perro,
        fec_cita: latestCitas.fec_cita,
      })
      .from(latestCitas)
      .innerJoin(clients, eq(clients.id_cli, latestCitas.id_cli))
      .innerJoin(pets, eq(pets.id_perro, latestCitas.id_perro)),
    db
      .select({
        id: latestReservations.id,
        at: latestReservations.at,
        cliente: fullName,
        mascota: pets.nom_perro,
        fec_cita: latestReservations.fec_cita,
      })
      .from(latestReservations)
      .innerJoin(clients, eq(clients.id_cli, latestReservations.id_cli))
      .innerJoin(pets, eq(pets.id_perro, latestReservations.id_perro)),
    db
      .select({ id: clients.id_cli, at: clients.created_at, cliente: fullName })
      .from(clients)
      .orderBy(desc(clients.created_at), desc(clients.id_cli))
      .limit(LIST_SIZE),
    lowStock(db),
    withReceipts ? todaysElectronicReceipts(db, now) : undefined,
  ]);

  // A day and status whose appointments all moved away stays behind with a total of 0.
  const byStatus = todayRows.filter((row) => row.total !== 0).sort((a, b) => a.id_est - b.id_est);

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

  const [lastMonth, thisMonth] = months.map((m) => m.revenue);
  const money =
    withRevenue && thisMonth !== undefined && lastMonth !== undefined
      ? { revenue: { thisMonth, lastMonth, changePct: percentChange(thisMonth, lastMonth) } }
      : {};
  return {
    today,
    ...money,
    appointmentsToday: {
      total: byStatus
        .filter((s) => !NOT_VISITS.includes(s.id_est))
        .reduce((total, s) => total + s.total, 0),
      byStatus,
    },
    pendingReservations: totals?.pending ?? 0,
    activeClients: totals?.activeClients ?? 0,
    newClientsThisMonth: totals?.newClients ?? 0,
    activePets: totals?.activePets ?? 0,
    upcoming,
    recentActivity,
    lowStock: lowStockProducts,
    ...(electronicReceiptsToday && { electronicReceiptsToday }),
  };
}

/**
 * `GET /dashboard/graficos`: the dashboard's charts, apart from its figures so that the page is
 * usable before them: the last 14 days by day and status (appointment_days) and, for who may see
 * the money, the last 6 months' revenue.
 */
export async function dashboardCharts(
  db: Db,
  now = new Date(),
  { revenue: withRevenue = true }: { revenue?: boolean } = {},
): Promise<DashboardCharts> {
  const today = limaToday(now);
  const days = Array.from({ length: PER_DAY }, (_, i) => addDays(today, i + 1 - PER_DAY));
  const [perDayAndStatus, revenuePerMonth] = await Promise.all([
    db
      .select({
        day: appointmentDays.lima_day,
        id_est: appointmentDays.id_est,
        total: appointmentDays.total,
      })
      .from(appointmentDays)
      .where(and(gte(appointmentDays.lima_day, days[0]), lte(appointmentDays.lima_day, today))),
    withRevenue ? monthlyRevenue(db, today, monthStart(today, 1 - PER_MONTH)) : undefined,
  ]);
  const perDay = new Array<number>(PER_DAY).fill(0);
  const todayByStatus: DashboardStatusCount[] = [];
  for (const row of perDayAndStatus) {
    // A day and status whose appointments all moved away stays behind with a total of 0.
    if (row.total === 0) continue;
    const day = days.indexOf(row.day);
    if (!NOT_VISITS.includes(row.id_est)) perDay[day] = (perDay[day] ?? 0) + row.total;
    if (row.day === today) todayByStatus.push({ id_est: row.id_est, total: row.total });
  }
  todayByStatus.sort((a, b) => a.id_est - b.id_est);
  return {
    today,
    appointmentsPerDay: days.map((day, i) => ({ day, total: perDay[i] ?? 0 })),
    todayByStatus,
    ...(revenuePerMonth ? { revenuePerMonth } : {}),
  };
}

export const dashboardModule: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  const money = (request: FastifyRequest) => ({
    revenue: can(sessionOf(request).role, DASHBOARD_REVENUE_PERMISSION),
  });
  // Who may open CAJA › 'Comprobantes electrónicos' sees today's by state.
  const receipts = (request: FastifyRequest) => ({
    electronicReceipts: can(sessionOf(request).role, ELECTRONIC_RECEIPTS_PERMISSION),
  });
  route(app, DASHBOARD_ENDPOINTS.figures, async (request) =>
    ok(await dashboardFigures(db, new Date(), { ...money(request), ...receipts(request) })),
  );
  route(app, DASHBOARD_ENDPOINTS.charts, async (request) =>
    ok(await dashboardCharts(db, new Date(), money(request))),
  );
  done();
};
