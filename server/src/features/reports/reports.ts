import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_ENDPOINTS, REPORT_TEXTS, type ReportQuery } from '@app/domain';
import { actorOf, recordAudit } from '../../audit/record';
import { sendTables } from '../../crud/export';
import type { Db } from '../../db/client';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { holdHeavySlot } from '../../http/heavy-work';
import { expireBeforeRead } from '../agenda';
import { appointmentReport, appointmentTables } from './appointments-report';
import { reservationReport, reservationTables } from './reservations-report';

/**
 * The routes of Reporte Citas and Reporte Reservaciones (decisions §reports), each with its
 * export. Reporte Reservaciones first expires the overdue reservations, as their list does.
 */
export const reportsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const fileOf = (file: string, q: ReportQuery, formato: string) =>
    `${file}-${q.desde}-a-${q.hasta}.${formato}`;

  route(app, REPORT_ENDPOINTS.appointments, async (request, reply) => {
    holdHeavySlot(request, reply, 'reporte');
    return ok(await appointmentReport(db, request.query));
  });

  route(app, REPORT_ENDPOINTS.reservations, async (request, reply) => {
    holdHeavySlot(request, reply, 'reporte');
    await expireBeforeRead(db, request.log);
    return ok(await reservationReport(db, request.query));
  });

  const exports = [
    {
      endpoint: REPORT_ENDPOINTS.appointmentsExport,
      file: REPORT_TEXTS.appointmentsFile,
      title: REPORT_TEXTS.appointmentsTitle,
      entidad: 'cita' as const,
      tables: async (q: ReportQuery) => appointmentTables(await appointmentReport(db, q)),
      before: async () => {},
    },
    {
      endpoint: REPORT_ENDPOINTS.reservationsExport,
      file: REPORT_TEXTS.reservationsFile,
      title: REPORT_TEXTS.reservationsTitle,
      entidad: 'reservacion' as const,
      tables: async (q: ReportQuery) => reservationTables(await reservationReport(db, q)),
      before: (log: FastifyBaseLogger) => expireBeforeRead(db, log),
    },
  ];
  for (const report of exports) {
    route(app, report.endpoint, async (request, reply) => {
      const { formato, ...query } = request.query;
      holdHeavySlot(request, reply, 'exportacion');
      await report.before(request.log);
      const tables = await report.tables(query);
      await recordAudit(db, {
        ...actorOf(request),
        accion: 'exportar',
        entidad: report.entidad,
        detalle: `${report.title} ${query.desde} a ${query.hasta} (${formato})`,
      });
      return sendTables(reply, formato, fileOf(report.file, query, formato), tables);
    });
  }
};
