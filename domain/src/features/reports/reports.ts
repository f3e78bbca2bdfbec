import { z } from 'zod';
import { isoDay } from '../../api';
import {
  SALES_REPORT_GROUPINGS,
  SalesReportExportQuerySchema,
  SalesReportQuerySchema,
} from '../checkout/sales-report';

/**
 * Reporte Citas and Reporte Reservaciones (decisions §reports): a Lima date range, by day or by
 * month, as Reporte Ventas; each figure with the table behind it, and CSV and xlsx exports. This
 * file holds what both share; each report's answer is in its own file.
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
export const reportPercent = z.number().nullable();
export const reportCount = z.number().int();

/** The range a report answers for, as its query asked. */
export const reportPeriod = {
  desde: isoDay,
  hasta: isoDay,
  agrupar: z.enum(SALES_REPORT_GROUPINGS),
};

/** Texts of both report pages beyond the spec (the tone of decisions §beyond-spec). */
export const REPORT_TEXTS = {
  appointmentsTitle: 'Reporte Citas',
  reservationsTitle: 'Reporte Reservaciones',
  appointmentsFile: 'reporte-citas',
  reservationsFile: 'reporte-reservaciones',
  loadError: 'No se pudo cargar el reporte',
  unassigned: 'Sin asignar',
} as const;
