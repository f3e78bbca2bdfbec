import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type Client,
  CLIENT_ENDPOINTS,
  CLIENT_MESSAGES,
  type ClientInput,
  type ClientUpdate,
  PRIVACY_NOTICE_VERSION,
  clientsResource,
  AppointmentStatus,
  RECORD_STATUSES,
  Status,
  statusName,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { appointments, clients, clientSearchSql, consents } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { describeUniqueIndex, notFound } from '../../http/errors';
import type { ListDefinition } from '../../crud/list';
import { qualified } from '../../crud/sql';
import { resourceModule } from '../../crud/resource';
import type { ExportDefinition } from '../../crud/export';

describeUniqueIndex('clientes_dni_key', 'dni', CLIENT_MESSAGES.duplicateDni);

// search_text is the folded copy of DNI and names that the search reads, not part of the record.
const {
  updated_at: _updatedAt,
  search_text: _searchText,
  ...clientColumns
} = getTableColumns(clients);

/**
 * The client's no-shows and last completed visit (decisions §no-shows), each an index-only read of
 * citas_client_history_idx however many visits the client has.
 */
const clientVisitFields = {
  inasistencias: sql<number>`(select count(*)::int from ${appointments} where ${appointments.id_cli} = ${qualified(clients.id_cli)} and ${appointments.id_est} = ${AppointmentStatus.NoAsistio})`,
  ultima_visita:
    sql<Date | null>`(select max(${appointments.fec_cita}) from ${appointments} where ${appointments.id_cli} = ${qualified(clients.id_cli)} and ${appointments.id_est} = ${AppointmentStatus.Completada})`.mapWith(
      appointments.fec_cita,
    ),
};

export const clientList: ListDefinition = {
  table: clients,
  fields: { ...clientColumns, ...clientVisitFields },
  id: clients.id_cli,
  createdAt: clients.created_at,
  status: clients.id_est,
  search: [clientSearchSql(clients)],
  hiddenStatuses: [Status.Eliminado],
};

/** A client's columns from the form's input (also the import's rows). */
export const clientValues = (input: ClientInput) => ({
  dni_cli: input.dni,
  nom_cli: input.name,
  ape_cli: input.surname,
  tel1_cli: input.tel1,
  tel2_cli: input.tel2,
  email_cli: input.email,
  dir_cli: input.direccion,
  // Left out, a choice keeps its value (a new client's is the column's default).
  ...(input.recordatorios === undefined ? {} : { recordatorios: input.recordatorios }),
  ...(input.marketing === undefined ? {} : { marketing: input.marketing }),
});

const toValues = async (input: ClientInput) => clientValues(input);

/** The client's two choices, each kept in `consentimientos` when it changes. */
const CHOICES = ['recordatorios', 'marketing'] as const;
type Choices = Partial<Record<(typeof CHOICES)[number], boolean>>;

/**
 * A consent row for each choice given at the counter that differs from `before` (a new
 * client's: none yet, so any choice given is recorded).
 */
async function recordChoices(tx: Tx, id_cli: number, input: ClientInput, before: Choices) {
  const changed = CHOICES.flatMap((tipo) => {
    const aceptado = input[tipo];
    return aceptado === undefined || aceptado === before[tipo] ? [] : [{ tipo, aceptado }];
  });
  if (changed.length === 0) return;
  await tx.insert(consents).values(
    changed.map(({ tipo, aceptado }) => ({
      id_cli,
      tipo,
      aceptado,
      version: PRIVACY_NOTICE_VERSION,
      origen: 'mostrador',
    })),
  );
}

/** The edit's row; the choices that change are recorded before it is written. */
async function updateValues(input: ClientUpdate, tx: Tx) {
  const [stored] = await tx
    .select({ recordatorios: clients.recordatorios, marketing: clients.marketing })
    .from(clients)
    .where(eq(clients.id_cli, input.id))
    .for('update');
  if (stored) await recordChoices(tx, input.id, input, stored);
  return clientValues(input);
}

/** The active client with this DNI, or undefined. */
export async function findActiveClientByDni(db: Db, value: string) {
  const [client] = await db
    .select({ id_cli: clients.id_cli, nom_cli: clients.nom_cli, ape_cli: clients.ape_cli })
    .from(clients)
    .where(and(eq(clients.dni_cli, value), eq(clients.id_est, Status.Activo)));
  return client;
}

const clientExport: ExportDefinition<Client> = {
  sheet: 'Clientes',
  columns: [
    { header: 'DNI', value: (c) => c.dni_cli },
    { header: 'Nombre', value: (c) => c.nom_cli },
    { header: 'Apellido', value: (c) => c.ape_cli },
    { header: 'Teléfono', value: (c) => c.tel1_cli },
    { header: 'Teléfono 2', value: (c) => c.tel2_cli },
    { header: 'Email', value: (c) => c.email_cli },
    { header: 'Dirección', value: (c) => c.dir_cli },
    { header: 'Estado', value: (c) => statusName(c.id_est) },
    { header: 'Inasistencias', value: (c) => c.inasistencias },
    { header: 'Última visita', value: (c) => c.ultima_visita, kind: 'time' },
    { header: 'Registrado', value: (c) => c.created_at, kind: 'time' },
  ],
};

export const clientsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: clientsResource,
      table: clients,
      id: clients.id_cli,
      list: clientList,
      export: clientExport,
      create: {
        toValues,
        after: (input, id, tx) => recordChoices(tx, id, input, {}),
        message: CLIENT_MESSAGES.registered,
      },
      update: { toValues: updateValues, message: CLIENT_MESSAGES.updated },
      status: {
        allowed: RECORD_STATUSES.map((s) => s.id_est),
        column: clients.id_est,
        message: CLIENT_MESSAGES.status,
      },
      remove: { inUse: CLIENT_MESSAGES.inUse },
      notFound: CLIENT_MESSAGES.notFound,
    }),
    { db },
  );

  route(app, CLIENT_ENDPOINTS.byDni, async (request) => {
    const [client] = await db
      .select({
        id_cli: clients.id_cli,
        nom_cli: clients.nom_cli,
        ape_cli: clients.ape_cli,
        ...clientVisitFields,
      })
      .from(clients)
      .where(and(eq(clients.dni_cli, request.params.dni), eq(clients.id_est, Status.Activo)));
    if (!client) throw notFound(CLIENT_MESSAGES.notFound);
    return ok([{ ...client, ultima_visita: client.ultima_visita?.toISOString() ?? null }]);
  });
};
