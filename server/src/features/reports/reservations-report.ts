import { between, sql } from 'drizzle-orm';
import {
  LEAD_TIME_RANGES,
  ReservationStatus,
  type ReportQuery,
  type ReservationReport,
} from '@app/domain';
import { dayText } from '../../crud/export';
import type { Db } from '../../db/client';
import { reservationDays } from '../../db/schema';
import type { XlsxSheet } from '../../http/xlsx';
import { percent, periodHeader, periodOf, periodText } from './report-period';

/**
 * Reporte Reservaciones (decisions §reports), from the summary the database keeps of the
 * reservations of each Lima registration day (reservation_days, migration 0010).
 */

export async function reservationReport(db: Db, query: ReportQuery): Promise<ReservationReport> {
  const { desde, hasta, agrupar } = query;
  const rows = await db
    .select({
      day: sql<string>`${reservationDays.lima_day}::text`,
      id_est: reservationDays.id_est,
      bucket: reservationDays.lead_bucket,
      converted: reservationDays.converted,
      total: reservationDays.total,
      days: reservationDays.lead_days,
    })
    .from(reservationDays)
    .where(between(reservationDays.lima_day, desde, hasta));

  const empty = (periodo: string) => ({
    periodo,
    creadas: 0,
    pendientes: 0,
    confirmadas: 0,
    canceladas: 0,
    expiradas: 0,
    convertidas: 0,
  });
  const statusKey = {
    [ReservationStatus.Pendiente]: 'pendientes',
    [ReservationStatus.Confirmada]: 'confirmadas',
    [ReservationStatus.Cancelada]: 'canceladas',
    [ReservationStatus.Expirada]: 'expiradas',
  } as const;
  const all = empty('');
  const periods = new Map<string, ReturnType<typeof empty>>();
  const buckets = LEAD_TIME_RANGES.map(() => 0);
  let leadDays = 0;
  for (const row of rows) {
    if (row.total === 0) continue;
    const periodo = periodOf(row.day, agrupar);
    const period = periods.get(periodo) ?? empty(periodo);
    for (const target of [period, all]) {
      target.creadas += row.total;
      if (row.converted) target.convertidas += row.total;
      const key = statusKey[row.id_est as keyof typeof statusKey];
      if (key) target[key] += row.total;
    }
    periods.set(periodo, period);
    buckets[row.bucket] = (buckets[row.bucket] ?? 0) + row.total;
    leadDays += row.days;
  }
  const { periodo: _all, ...totals } = all;
  return {
    desde,
    hasta,
    agrupar,
    ...totals,
    tasa_confirmacion: percent(all.confirmadas, all.creadas),
    tasa_cancelacion: percent(all.canceladas, all.creadas),
    tasa_expiracion: percent(all.expiradas, all.creadas),
    tasa_conversion: percent(all.convertidas, all.creadas),
    anticipacion_promedio: all.creadas > 0 ? Math.round((leadDays / all.creadas) * 10) / 10 : null,
    por_periodo: [...periods.values()].sort((a, b) => a.periodo.localeCompare(b.periodo)),
    por_anticipacion: LEAD_TIME_RANGES.map((range, index) => ({
      rango: range.rango,
      reservas: buckets[index] ?? 0,
    })),
  };
}

export function reservationTables(r: ReservationReport): XlsxSheet[] {
  return [
    {
      name: 'Resumen',
      header: [
        'Desde',
        'Hasta',
        'Creadas',
        'Pendientes',
        'Confirmadas',
        'Canceladas',
        'Expiradas',
        'Convertidas en cita',
        'Tasa de confirmación (%)',
        'Tasa de cancelación (%)',
        'Tasa de expiración (%)',
        'Tasa de conversión (%)',
        'Anticipación promedio (días)',
      ],
      rows: [
        [
          dayText(r.desde),
          dayText(r.hasta),
          r.creadas,
          r.pendientes,
          r.confirmadas,
          r.canceladas,
          r.expiradas,
          r.convertidas,
          r.tasa_confirmacion,
          r.tasa_cancelacion,
          r.tasa_expiracion,
          r.tasa_conversion,
          r.anticipacion_promedio,
        ],
      ],
    },
    {
      name: r.agrupar === 'mes' ? 'Por mes' : 'Por día',
      header: [
        periodHeader(r.agrupar),
        'Creadas',
        'Pendientes',
        'Confirmadas',
        'Canceladas',
        'Expiradas',
        'Convertidas en cita',
      ],
      rows: r.por_periodo.map((p) => [
        periodText(p.periodo),
        p.creadas,
        p.pendientes,
        p.confirmadas,
        p.canceladas,
        p.expiradas,
        p.convertidas,
      ]),
    },
    {
      name: 'Por anticipación',
      header: ['Anticipación', 'Reservas'],
      rows: r.por_anticipacion.map((a) => [a.rango, a.reservas]),
    },
  ];
}
