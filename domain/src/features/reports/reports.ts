import { z } from 'zod';
import { isoDay, money } from '../../api';
import {
  SALES_REPORT_GROUPINGS,
  SalesReportExportQuerySchema,
  SalesReportQuerySchema,
} from '../checkout/sales';

/**
 * Reporte Citas and Reporte Reservaciones (decisions §reports): a Lima date range, by day or by
 * month, as Reporte Ventas; each figure with the table behind it, and CSV and xlsx exports.
 */

export const REPORT_PATHS = {
  appointments: '/citas/reporte',
  appointmentsExport: '/citas/reporte/export',
  reservations: '/reservaciones/reporte',
  reservationsExport: '/reservaciones/reporte/export',
} as const;

/** `desde`, `hasta` (Lima days, both included) and `agrupar` ('dia' or 'mes'). */
export const ReportQuerySchema = SalesReportQuerySchema;
export type ReportQuery = z.infer<typeof ReportQuerySchema>;
export const ReportExportQuerySchema = SalesReportExportQuerySchema;

/** A share in percent with one decimal (12.5), or null when there is nothing to divide by. */
const percent = z.number().nullable();
const count = z.number().int();

const range = {
  desde: isoDay,
  hasta: isoDay,
  agrupar: z.enum(SALES_REPORT_GROUPINGS),
};

/**
 * `GET /api/citas/reporte`: the citas whose visit falls in the range. Every figure but
 * `por_estado` leaves out deleted citas (Eliminada is a soft delete, not a visit).
 */
export const AppointmentReportSchema = z.strictObject({
  ...range,
  /** Citas not deleted. */
  citas: count,
  completadas: count,
  no_asistio: count,
  /** No Asistió over the visits that were due (Completada + No Asistió). */
  tasa_no_show: percent,
  /** Minutes booked: every cita not deleted, its duration. */
  minutos: count,
  /** The booked price of the completed citas. */
  ingresos: money,
  /** Clients whose first cita ever falls in the range, and the others seen in it. */
  clientes_nuevos: count,
  clientes_recurrentes: count,
  /** Opening minutes of the range (Ajustes' hours): one groomer's time, for occupancy. */
  minutos_apertura: count,
  /** 'YYYY-MM-DD' or 'YYYY-MM'; each status of the period and their sum (not deleted). */
  por_periodo: z.array(
    z.strictObject({
      periodo: z.string(),
      programadas: count,
      en_proceso: count,
      completadas: count,
      no_asistio: count,
      total: count,
    }),
  ),
  /** Every status, deleted included, even when none. */
  por_estado: z.array(z.strictObject({ id_est: count, nom_est: z.string(), total: count })),
  por_item: z.array(
    z.strictObject({
      tipo: z.enum(['servicio', 'paquete']),
      id_item: count,
      nombre: z.string(),
      citas: count,
      completadas: count,
      ingresos: money,
    }),
  ),
  /** By groomer; unassigned citas under null ('Sin asignar', no occupancy). */
  por_groomer: z.array(
    z.strictObject({
      id_emp: count.nullable(),
      groomer: z.string(),
      citas: count,
      completadas: count,
      no_asistio: count,
      minutos: count,
      /** Minutes booked over `minutos_apertura`. */
      ocupacion: percent,
    }),
  ),
});
export type AppointmentReport = z.infer<typeof AppointmentReportSchema>;

/** How far ahead reservations are made: the booking day to the visit day, in Lima. */
export const LEAD_TIME_RANGES = [
  { rango: 'Mismo día', hasta: 0 },
  { rango: '1 a 3 días', hasta: 3 },
  { rango: '4 a 7 días', hasta: 7 },
  { rango: '8 a 14 días', hasta: 14 },
  { rango: 'Más de 14 días', hasta: null },
] as const;

/**
 * `GET /api/reservaciones/reporte`: the reservations registered in the range, by their status
 * now; 'convertidas' are those whose pet has a cita (not deleted) on the reserved day.
 */
export const ReservationReportSchema = z.strictObject({
  ...range,
  creadas: count,
  pendientes: count,
  confirmadas: count,
  canceladas: count,
  expiradas: count,
  convertidas: count,
  /** Each over `creadas`. */
  tasa_confirmacion: percent,
  tasa_cancelacion: percent,
  tasa_expiracion: percent,
  tasa_conversion: percent,
  /** Days from the booking to the reserved day, on average (one decimal). */
  anticipacion_promedio: z.number().nullable(),
  por_periodo: z.array(
    z.strictObject({
      periodo: z.string(),
      creadas: count,
      pendientes: count,
      confirmadas: count,
      canceladas: count,
      expiradas: count,
      convertidas: count,
    }),
  ),
  /** One row per LEAD_TIME_RANGES entry, in its order. */
  por_anticipacion: z.array(z.strictObject({ rango: z.string(), reservas: count })),
});
export type ReservationReport = z.infer<typeof ReservationReportSchema>;

/** Texts of both report pages beyond the spec (the tone of decisions §beyond-spec). */
export const REPORT_TEXTS = {
  appointmentsTitle: 'Reporte Citas',
  reservationsTitle: 'Reporte Reservaciones',
  appointmentsFile: 'reporte-citas',
  reservationsFile: 'reporte-reservaciones',
  loadError: 'No se pudo cargar el reporte',
  unassigned: 'Sin asignar',
} as const;
