import { z } from 'zod';
import { successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { AppointmentReportSchema } from './appointments-report';
import { REPORT_PATHS, REPORT_TEXTS, ReportExportQuerySchema, ReportQuerySchema } from './reports';
import { ReservationReportSchema } from './reservations-report';

const tablesExport = (title: string) =>
  z
    .string()
    .describe(
      `${title} en CSV (UTF-8 con BOM, «;», una tabla tras otra) o en xlsx, una hoja por tabla`,
    );

/** Reporte Citas and Reporte Reservaciones (decisions §reports), each with its export. */
export const REPORT_ENDPOINTS = defineEndpoints('reportes', {
  appointments: {
    method: 'GET',
    path: REPORT_PATHS.appointments,
    query: ReportQuerySchema,
    response: successOf(AppointmentReportSchema),
    permission: 'reportes.leer',
  },
  appointmentsExport: {
    method: 'GET',
    path: REPORT_PATHS.appointmentsExport,
    query: ReportExportQuerySchema,
    response: tablesExport(REPORT_TEXTS.appointmentsTitle),
    permission: 'reportes.leer',
  },
  reservations: {
    method: 'GET',
    path: REPORT_PATHS.reservations,
    query: ReportQuerySchema,
    response: successOf(ReservationReportSchema),
    permission: 'reportes.leer',
  },
  reservationsExport: {
    method: 'GET',
    path: REPORT_PATHS.reservationsExport,
    query: ReportExportQuerySchema,
    response: tablesExport(REPORT_TEXTS.reservationsTitle),
    permission: 'reportes.leer',
  },
});
