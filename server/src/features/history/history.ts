import { and, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_STATUSES,
  formatReceiptNumber,
  AppointmentStatus,
  HISTORY_TEXTS,
  HISTORY_ENDPOINTS,
  limaDayStart,
  limaToday,
  Status,
  type HistoryListQuery,
  type HistoryRow,
  type ListQuery,
  type PetTimeline,
} from '@app/domain';
import { listRows, sendExport, withoutMoney, type ExportDefinition } from '../../crud/export';
import { keptPage } from '../../crud/kept-pages';
import { listPage, type ListDefinition } from '../../crud/list';
import { qualified, statusNameSql } from '../../crud/sql';
import type { Db } from '../../db/client';
import {
  appointments,
  clients,
  employees,
  packages,
  pets,
  sales,
  services,
  reportCards,
  triages,
} from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { appointmentColumns, appointmentList, seesPrices } from '../agenda';
import { agendaFilters } from '../agenda';

/**
 * Historial de Citas (decisions §history): the citas before today in Lima, newest first, each with
 * its triage and its sale in force, and a pet's visits over time. Read-only: a past visit is
 * changed from the Citas list, where its rules are.
 */

const triageSql = sql<
  HistoryRow['triaje']
>`(select json_build_object('id', ${triages.id}, 'edad', ${triages.edad}::text, 'peso', ${triages.peso}::text, 'temperatura', ${triages.temperatura}::text, 'nota', ${triages.nota}) from ${triages} where ${qualified(triages.id_cita)} = ${qualified(appointments.id_cita)} and ${triages.id_est} <> ${Status.Eliminado})`;

/** The visit's sale in force: its receipt, and its total `withMoney`. */
const saleSql = (withMoney: boolean) =>
  sql<
    HistoryRow['venta']
  >`(select json_build_object('id_venta', ${sales.id_venta}, 'serie', ${sales.serie}, 'numero', ${sales.numero}${withMoney ? sql`, 'total', ${sales.total}::text` : sql``}) from ${sales} where ${qualified(sales.id_cita)} = ${qualified(appointments.id_cita)} and ${sales.anulada_at} is null)`;

/** The citas list's rows and hidden statuses, ordered by the visit's time on its index. */
const historyList: ListDefinition = {
  ...appointmentList,
  fields: { ...appointmentList.fields, triaje: triageSql, venta: saleSql(true) },
  // A past visit's consents are in its details, not on its row.
  pageFields: undefined,
  createdAt: appointments.fec_cita,
  timeline: undefined,
};

/** The same rows without their price nor their sale's total, for who may not charge. */
const historyListWithoutMoney: ListDefinition = {
  ...historyList,
  fields: Object.fromEntries(
    Object.entries({ ...historyList.fields, venta: saleSql(false) }).filter(
      ([name]) => name !== 'precio',
    ),
  ),
};

/** Before today's start in Lima, and the history's own filters beside the agenda's. */
function historyFilters(query: HistoryListQuery): (SQL | undefined)[] {
  return [
    lt(appointments.fec_cita, limaDayStart(limaToday())),
    ...agendaFilters(appointments)(query),
    query.emp ? eq(appointments.id_emp, query.emp) : undefined,
    query.srv ? eq(appointments.id_srv, query.srv) : undefined,
    query.paq ? eq(appointments.id_paq, query.paq) : undefined,
    query.perro ? eq(appointments.id_perro, query.perro) : undefined,
  ];
}

/** An exported row: read with its price, which only the money columns write. */
type PricedHistoryRow = HistoryRow & { precio: string };

const historyExport: ExportDefinition<PricedHistoryRow> = {
  sheet: 'Historial de citas',
  columns: [
    ...appointmentColumns,
    { header: 'Peso (kg)', value: (r) => (r.triaje ? Number(r.triaje.peso) : null) },
    { header: 'Temperatura (°C)', value: (r) => (r.triaje ? Number(r.triaje.temperatura) : null) },
    {
      header: 'Comprobante',
      value: (r) => r.venta && formatReceiptNumber(r.venta.serie, r.venta.numero),
    },
    { header: 'Cobrado (S/.)', value: (r) => r.venta?.total, kind: 'money' },
  ],
};

const historyExportWithoutMoney = withoutMoney(historyExport);

/** The visits of one pet kept for its timeline: a dog's life of monthly baths and more. */
const MAX_PET_VISITS = 500;

async function petTimeline(db: Db, id: number): Promise<PetTimeline> {
  const [pet] = await db
    .select({
      id_perro: pets.id_perro,
      nom_perro: pets.nom_perro,
      raza_perro: pets.raza_perro,
      cliente: {
        id_cli: clients.id_cli,
        dni_cli: clients.dni_cli,
        nom_cli: clients.nom_cli,
        ape_cli: clients.ape_cli,
        id_est: clients.id_est,
      },
    })
    .from(pets)
    .innerJoin(clients, eq(clients.id_cli, pets.id_cli))
    .where(eq(pets.id_perro, id));
  if (!pet) throw notFound(HISTORY_TEXTS.petNotFound);
  const visits = await db
    .select({
      id_cita: appointments.id_cita,
      fec_cita: appointments.fec_cita,
      id_est: appointments.id_est,
      nom_est: statusNameSql(appointments.id_est, APPOINTMENT_STATUSES),
      item: sql<string>`coalesce(${services.nom_srv}, ${packages.nom_paq}, '')`,
      groomer: sql<string | null>`${employees.nom_emp} || ' ' || ${employees.ape_emp}`,
      precio: appointments.precio,
      peso: sql<string | null>`${triages.peso}::text`,
      temperatura: sql<string | null>`${triages.temperatura}::text`,
      ficha: sql<boolean>`exists (select 1 from ${reportCards} where ${reportCards.id_cita} = ${appointments.id_cita})`,
    })
    .from(appointments)
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
    .leftJoin(
      triages,
      and(eq(triages.id_cita, appointments.id_cita), ne(triages.id_est, Status.Eliminado)),
    )
    .where(and(eq(appointments.id_perro, id), ne(appointments.id_est, AppointmentStatus.Eliminada)))
    .orderBy(desc(appointments.fec_cita), desc(appointments.id_cita))
    .limit(MAX_PET_VISITS);
  return {
    perro: pet,
    visitas: visits.reverse().map(({ id_est, nom_est, fec_cita, ...visit }) => ({
      ...visit,
      fec_cita: fec_cita.toISOString(),
      estado: { id_est, nom_est },
    })),
  };
}

export const historyModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, HISTORY_ENDPOINTS.list, async (request) => {
    const priced = seesPrices(request);
    return ok(
      await keptPage(db, `${priced ? 'priced' : 'unpriced'} ${request.url}`, () =>
        listPage<HistoryRow>(
          db,
          priced ? historyList : historyListWithoutMoney,
          request.query as ListQuery,
          historyFilters(request.query),
        ),
      ),
    );
  });

  route(app, HISTORY_ENDPOINTS.export, async (request, reply) =>
    sendExport(db, request, reply, {
      format: request.query.formato,
      file: HISTORY_TEXTS.exportFile,
      definition: seesPrices(request) ? historyExport : historyExportWithoutMoney,
      rows: listRows<PricedHistoryRow>(
        db,
        historyList,
        request.query as ListQuery,
        historyFilters(request.query),
      ),
      audit: { entidad: 'cita', query: request.query },
    }),
  );

  route(app, HISTORY_ENDPOINTS.pet, async (request) => {
    const timeline = await petTimeline(db, request.params.id);
    if (seesPrices(request)) return ok(timeline);
    return ok({ ...timeline, visitas: timeline.visitas.map(({ precio: _, ...visit }) => visit) });
  });
};
