import { z } from 'zod';
import { money } from '../../api';
import { reportCount as count, reportPercent as percent, reportPeriod } from './reports';

/**
 * `GET /api/citas/reporte`: the citas whose visit falls in the range. Every figure but
 * `por_estado` leaves out deleted citas (Eliminada is a soft delete, not a visit), and every one
 * but `por_estado` and `canceladas` the cancelled ones (Cancelada freed its time: not a visit
 * booked, a no-show or occupied minutes).
 */
export const AppointmentReportSchema = z.strictObject({
  ...reportPeriod,
  /** Citas neither deleted nor cancelled. */
  citas: count,
  completadas: count,
  no_asistio: count,
  /** Cancelled citas (status 11), apart. */
  canceladas: count,
  /** No Asistió over the visits that were due (Completada + No Asistió). */
  tasa_no_show: percent,
  /** Minutes booked: every cita neither deleted nor cancelled, its duration. */
  minutos: count,
  /** The booked price of the completed citas. */
  ingresos: money,
  /** Clients whose first cita ever falls in the range, and the others seen in it. */
  clientes_nuevos: count,
  clientes_recurrentes: count,
  /** Opening minutes of the range (Ajustes' hours): one groomer's time, for occupancy. */
  minutos_apertura: count,
  /**
   * 'YYYY-MM-DD' or 'YYYY-MM'; each status of the period, the sum of the four (neither deleted
   * nor cancelled), and the cancelled ones apart.
   */
  por_periodo: z.array(
    z.strictObject({
      periodo: z.string(),
      programadas: count,
      en_proceso: count,
      completadas: count,
      no_asistio: count,
      total: count,
      canceladas: count,
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
