import { z } from 'zod';
import { reportCount as count, reportPercent as percent, reportPeriod } from './reports';

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
  ...reportPeriod,
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
