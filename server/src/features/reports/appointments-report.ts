import { between, inArray, sql } from 'drizzle-orm';
import {
  APPOINTMENT_STATUSES,
  AppointmentStatus,
  formatCents,
  minutesOfTime,
  parseCents,
  REPORT_TEXTS,
  type AppointmentReport,
  type OpeningHours,
  type ReportQuery,
} from '@app/domain';
import { dayText } from '../../crud/export';
import type { Db } from '../../db/client';
import {
  appointmentDays,
  appointmentTotals,
  clientFirstVisits,
  clientVisitYears,
  employees,
  packages,
  services,
} from '../../db/schema';
import type { XlsxSheet } from '../../http/xlsx';
import { openingHours } from '../settings';
import { percent, periodHeader, periodOf, periodText } from './report-period';

/**
 * Reporte Citas (decisions §reports). Its figures come from the summaries the database keeps
 * (appointment_days, appointment_totals, client_first_visits, client_visit_years: migrations
 * 0004, 0010 and 0015), so a year costs a few thousand summary rows however many visits it had,
 * and the distinct clients seen at most a row per client and calendar year it spans.
 */

/** Days of a year's bits in client_visit_years (a leap year's 366). */
const YEAR_BITS = 366;

/** The day of its year of a `YYYY-MM-DD` day, from 0 (the first of January). */
const dayOfYear = (day: string) =>
  (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${day.slice(0, 4)}-01-01T00:00:00Z`)) / 86_400_000;

/**
 * The calendar years a range spans, each with the bits of its days inside the range, as
 * client_visit_years stores a year's days ('0011…0').
 */
export function yearMasks(desde: string, hasta: string): { years: number[]; masks: string[] } {
  const years: number[] = [];
  const masks: string[] = [];
  for (let year = Number(desde.slice(0, 4)); year <= Number(hasta.slice(0, 4)); year++) {
    const first = desde.startsWith(`${year}-`) ? dayOfYear(desde) : 0;
    const last = hasta.startsWith(`${year}-`) ? dayOfYear(hasta) : YEAR_BITS - 1;
    years.push(year);
    masks.push('0'.repeat(first) + '1'.repeat(last - first + 1) + '0'.repeat(YEAR_BITS - last - 1));
  }
  return { years, masks };
}

/**
 * How many distinct clients had a cita (not deleted) in the range: the clients whose days of
 * some year the range spans meet the range's days of that year. A client counts once whatever
 * the number of its years.
 */
export async function clientsSeen(db: Db, desde: string, hasta: string): Promise<number> {
  const { years, masks } = yearMasks(desde, hasta);
  const zero = sql.raw(`B'${'0'.repeat(YEAR_BITS)}'`);
  const [row] = await db
    .select({
      total: sql<number>`count(${years.length > 1 ? sql`distinct ` : sql``}${clientVisitYears.id_cli})::int`,
    })
    .from(clientVisitYears)
    .innerJoin(
      // The masks cast once to bits here, not once per row in the filter.
      sql`unnest(${`{${years.join(',')}}`}::smallint[], ${`{${masks.join(',')}}`}::bit(${sql.raw(String(YEAR_BITS))})[]) as range_days (year, mask)`,
      sql`range_days.year = ${clientVisitYears.year}`,
    )
    .where(sql`${clientVisitYears.days} & range_days.mask <> ${zero}`);
  return row?.total ?? 0;
}

/** The Lima days of a range, as `YYYY-MM-DD`. */
function* daysOf(desde: string, hasta: string) {
  for (let at = Date.parse(`${desde}T00:00:00Z`); at <= Date.parse(`${hasta}T00:00:00Z`);) {
    yield new Date(at).toISOString().slice(0, 10);
    at += 86_400_000;
  }
}

/** One groomer's open minutes in the range: every open weekday's hours. */
function openMinutes(hours: OpeningHours, desde: string, hasta: string): number {
  let minutes = 0;
  for (const day of daysOf(desde, hasta)) {
    const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const open = hours.find((d) => d.dia === weekday);
    if (open?.abierto) minutes += minutesOfTime(open.cierra) - minutesOfTime(open.abre);
  }
  return minutes;
}

/** Soles summed by the database ('1234.50') in exact cents. */
const cents = (money: string) => parseCents(money) ?? 0;

export async function appointmentReport(db: Db, query: ReportQuery): Promise<AppointmentReport> {
  const { desde, hasta, agrupar } = query;
  const [days, totals, [{ nuevos }], atendidos, hours] = await Promise.all([
    db
      .select({
        day: sql<string>`${appointmentDays.lima_day}::text`,
        id_est: appointmentDays.id_est,
        total: appointmentDays.total,
        revenue: appointmentDays.revenue,
      })
      .from(appointmentDays)
      .where(between(appointmentDays.lima_day, desde, hasta)),
    db
      .select({
        dimension: appointmentTotals.dimension,
        ref_id: appointmentTotals.ref_id,
        id_est: appointmentTotals.id_est,
        total: sql<number>`sum(${appointmentTotals.total})::int`,
        minutes: sql<number>`sum(${appointmentTotals.minutes})::int`,
        revenue: sql<string>`sum(${appointmentTotals.revenue})::text`,
      })
      .from(appointmentTotals)
      .where(between(appointmentTotals.lima_day, desde, hasta))
      .groupBy(appointmentTotals.dimension, appointmentTotals.ref_id, appointmentTotals.id_est),
    db
      .select({ nuevos: sql<number>`count(*)::int` })
      .from(clientFirstVisits)
      .where(between(clientFirstVisits.first_day, desde, hasta)),
    clientsSeen(db, desde, hasta),
    openingHours(db),
  ]);

  const deleted = (id_est: number) => id_est === AppointmentStatus.Eliminada;
  // A cancelled cita freed its time (statuses §transitions): counted apart, never as a visit
  // booked, a no-show or occupied minutes.
  const cancelled = (id_est: number) => id_est === AppointmentStatus.Cancelada;
  const byStatus = new Map<number, number>();
  const periods = new Map<string, AppointmentReport['por_periodo'][number]>();
  let ingresos = 0;
  for (const row of days) {
    // A day's status whose citas all changed keeps its row, at zero.
    if (row.total === 0) continue;
    byStatus.set(row.id_est, (byStatus.get(row.id_est) ?? 0) + row.total);
    if (deleted(row.id_est)) continue;
    const periodo = periodOf(row.day, agrupar);
    const period = periods.get(periodo) ?? {
      periodo,
      programadas: 0,
      en_proceso: 0,
      completadas: 0,
      no_asistio: 0,
      total: 0,
      canceladas: 0,
    };
    const key = (
      {
        [AppointmentStatus.Programada]: 'programadas',
        [AppointmentStatus.EnProceso]: 'en_proceso',
        [AppointmentStatus.Completada]: 'completadas',
        [AppointmentStatus.NoAsistio]: 'no_asistio',
        [AppointmentStatus.Cancelada]: 'canceladas',
      } as const
    )[row.id_est];
    if (key) period[key] += row.total;
    if (!cancelled(row.id_est)) period.total += row.total;
    periods.set(periodo, period);
    if (row.id_est === AppointmentStatus.Completada) ingresos += cents(row.revenue);
  }

  const count = (id_est: number) => byStatus.get(id_est) ?? 0;
  const citas = [...byStatus].reduce(
    (sum, [id, n]) => (deleted(id) || cancelled(id) ? sum : sum + n),
    0,
  );
  const completadas = count(AppointmentStatus.Completada);
  const noAsistio = count(AppointmentStatus.NoAsistio);
  const minutosApertura = openMinutes(hours, desde, hasta);

  const live = totals.filter((t) => t.total !== 0 && !deleted(t.id_est) && !cancelled(t.id_est));
  const grouped = <K>(rows: typeof live, keyOf: (row: (typeof live)[number]) => K) => {
    const groups = new Map<K, typeof live>();
    for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
    return groups;
  };
  const sum = (rows: typeof live, pick: (row: (typeof live)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const completed = (rows: typeof live) =>
    rows.filter((r) => r.id_est === AppointmentStatus.Completada);

  const ids = (dimension: string) => [
    ...new Set(live.filter((t) => t.dimension === dimension && t.ref_id > 0).map((t) => t.ref_id)),
  ];
  const [groomerNames, serviceNames, packageNames] = await Promise.all([
    namesOf(db, 'g', ids('g')),
    namesOf(db, 's', ids('s')),
    namesOf(db, 'p', ids('p')),
  ]);

  const groomerRows = live.filter((t) => t.dimension === 'g');
  const porGroomer = [...grouped(groomerRows, (r) => r.ref_id)].map(([ref, rows]) => {
    const minutos = sum(rows, (r) => r.minutes);
    return {
      id_emp: ref === 0 ? null : ref,
      groomer: ref === 0 ? REPORT_TEXTS.unassigned : (groomerNames.get(ref) ?? ''),
      citas: sum(rows, (r) => r.total),
      completadas: sum(completed(rows), (r) => r.total),
      no_asistio: sum(
        rows.filter((r) => r.id_est === AppointmentStatus.NoAsistio),
        (r) => r.total,
      ),
      minutos,
      ocupacion: ref === 0 ? null : percent(minutos, minutosApertura),
    };
  });

  const itemRows = live.filter((t) => t.dimension === 's' || t.dimension === 'p');
  const porItem = [...grouped(itemRows, (r) => `${r.dimension}${r.ref_id}`)].map(([, rows]) => {
    const { dimension, ref_id } = rows[0];
    const names = dimension === 's' ? serviceNames : packageNames;
    return {
      tipo: dimension === 's' ? ('servicio' as const) : ('paquete' as const),
      id_item: ref_id,
      nombre: names.get(ref_id) ?? '',
      citas: sum(rows, (r) => r.total),
      completadas: sum(completed(rows), (r) => r.total),
      ingresos: formatCents(sum(completed(rows), (r) => cents(r.revenue))),
    };
  });

  return {
    desde,
    hasta,
    agrupar,
    citas,
    completadas,
    no_asistio: noAsistio,
    canceladas: count(AppointmentStatus.Cancelada),
    tasa_no_show: percent(noAsistio, completadas + noAsistio),
    minutos: sum(groomerRows, (r) => r.minutes),
    ingresos: formatCents(ingresos),
    clientes_nuevos: nuevos,
    clientes_recurrentes: Math.max(0, atendidos - nuevos),
    minutos_apertura: minutosApertura,
    por_periodo: [...periods.values()].sort((a, b) => a.periodo.localeCompare(b.periodo)),
    por_estado: APPOINTMENT_STATUSES.map(({ id_est, nom_est }) => ({
      id_est,
      nom_est,
      total: count(id_est),
    })),
    por_item: porItem.sort((a, b) => b.citas - a.citas || a.nombre.localeCompare(b.nombre)),
    por_groomer: porGroomer.sort((a, b) => b.citas - a.citas || a.groomer.localeCompare(b.groomer)),
  };
}

/** The names of the groomers (`g`), services (`s`) or packages (`p`) a report shows. */
async function namesOf(db: Db, dimension: 'g' | 's' | 'p', ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows =
    dimension === 'g'
      ? await db
          .select({
            id: employees.id_emp,
            name: sql<string>`${employees.nom_emp} || ' ' || ${employees.ape_emp}`,
          })
          .from(employees)
          .where(inArray(employees.id_emp, ids))
      : dimension === 's'
        ? await db
            .select({ id: services.id_srv, name: services.nom_srv })
            .from(services)
            .where(inArray(services.id_srv, ids))
        : await db
            .select({ id: packages.id_paq, name: packages.nom_paq })
            .from(packages)
            .where(inArray(packages.id_paq, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function appointmentTables(r: AppointmentReport): XlsxSheet[] {
  return [
    {
      name: 'Resumen',
      header: [
        'Desde',
        'Hasta',
        'Citas',
        'Completadas',
        'No asistió',
        'Tasa de inasistencia (%)',
        'Minutos reservados',
        'Ingresos (S/.)',
        'Clientes nuevos',
        'Clientes recurrentes',
        'Canceladas',
      ],
      rows: [
        [
          dayText(r.desde),
          dayText(r.hasta),
          r.citas,
          r.completadas,
          r.no_asistio,
          r.tasa_no_show,
          r.minutos,
          r.ingresos,
          r.clientes_nuevos,
          r.clientes_recurrentes,
          r.canceladas,
        ],
      ],
      money: [7],
    },
    {
      name: r.agrupar === 'mes' ? 'Por mes' : 'Por día',
      header: [
        periodHeader(r.agrupar),
        'Programadas',
        'En proceso',
        'Completadas',
        'No asistió',
        'Total',
        'Canceladas',
      ],
      rows: r.por_periodo.map((p) => [
        periodText(p.periodo),
        p.programadas,
        p.en_proceso,
        p.completadas,
        p.no_asistio,
        p.total,
        p.canceladas,
      ]),
    },
    {
      name: 'Por estado',
      header: ['Estado', 'Citas'],
      rows: r.por_estado.map((s) => [s.nom_est, s.total]),
    },
    {
      name: 'Por servicio o paquete',
      header: ['Tipo', 'Servicio o paquete', 'Citas', 'Completadas', 'Ingresos (S/.)'],
      rows: r.por_item.map((i) => [
        i.tipo === 'servicio' ? 'Servicio' : 'Paquete',
        i.nombre,
        i.citas,
        i.completadas,
        i.ingresos,
      ]),
      money: [4],
    },
    {
      name: 'Por groomer',
      header: ['Groomer', 'Citas', 'Completadas', 'No asistió', 'Minutos', 'Ocupación (%)'],
      rows: r.por_groomer.map((g) => [
        g.groomer,
        g.citas,
        g.completadas,
        g.no_asistio,
        g.minutos,
        g.ocupacion,
      ]),
    },
  ];
}
