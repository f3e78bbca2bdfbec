import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  limaToday,
  RESERVATION_MESSAGES,
  RESERVATION_STATUSES,
  ReservationStatus,
  type Reservation,
  type ReservationInput,
  type ReservationUpdate,
  reservationsResource,
} from '@app/domain';
import { sessionOf } from '../../http/authenticate';
import type { Db, Tx } from '../../db/client';
import { reservations } from '../../db/schema';
import { invalid } from '../../http/errors';
import type { ListDefinition } from '../../crud/list';
import { findOne, resourceModule } from '../../crud/resource';
import { statusNameSql } from '../../crud/sql';
import {
  AGENDA_SEARCH_FILTERS,
  agendaFilters,
  bookableClientAndPet,
  bookedClient,
  bookedPet,
  bookedUser,
} from './booking';
import type { ExportDefinition } from '../../crud/export';

const M = RESERVATION_MESSAGES;

export const reservationList: ListDefinition = {
  table: reservations,
  fields: {
    id_res: reservations.id_res,
    fec_reg: reservations.fec_reg,
    fec_cita: reservations.fec_cita,
    id_cli: reservations.id_cli,
    id_perro: reservations.id_perro,
    id_usu: reservations.id_usu,
    id_est: reservations.id_est,
    cliente: bookedClient(reservations.id_cli),
    perro: bookedPet(reservations.id_perro),
    estado: {
      id_est: reservations.id_est,
      nom_est: statusNameSql(reservations.id_est, RESERVATION_STATUSES),
    },
    usuario: bookedUser(reservations.id_usu),
  },
  id: reservations.id_res,
  // Spec §001-2: the list shows and filters by the registration time.
  createdAt: reservations.fec_reg,
  status: reservations.id_est,
  // No `search`: the agenda searches by client (`cli`) and pet (`pe`), each on an index.
  searchFilters: AGENDA_SEARCH_FILTERS,
};

/** At most this many reservations expire per read: a backlog drains over reads, never in one. */
export const EXPIRY_BATCH = 1000;

/**
 * Statuses §expiry: a Pendiente reservation whose day has passed in Lima is due to be Expirada. The
 * status is a literal, not a parameter, so that every plan (generic ones included) can prove
 * the predicate of the partial index `reservaciones_pending_fec_cita_idx` (id_est = 1).
 */
export function dueForExpiry(today: string = limaToday()): SQL {
  return and(
    sql`${reservations.id_est} = ${sql.raw(String(ReservationStatus.Pendiente))}`,
    lt(reservations.fec_cita, today),
  )!;
}

const expired = () => ({ id_est: ReservationStatus.Expirada, updated_at: new Date() });

/**
 * Statuses §expiry for the one reservation a write is about to judge, in the write's transaction.
 */
async function expireReservation(tx: Tx, id: number): Promise<void> {
  await tx
    .update(reservations)
    .set(expired())
    .where(and(eq(reservations.id_res, id), dueForExpiry()));
}

/**
 * Statuses §expiry before every read (list and get). When nothing is due, which is nearly always,
 * it is one probe of the partial index and no write. Otherwise it expires the due rows in a
 * transaction of its own (decisions §transactions), a bounded batch at a time, skipping rows
 * another transaction holds (that one expires them itself or the next read does) and giving up
 * after 200 ms on a table lock (a migration): the read waits on no row. Answers how many it
 * expired.
 */
export async function expireDueReservations(db: Db): Promise<number> {
  const today = limaToday();
  const [due] = await db
    .select({ id: reservations.id_res })
    .from(reservations)
    .where(dueForExpiry(today))
    // In the partial index's order: without it, the planner expects a due row among many
    // pending ones and reads the table looking for it, where nearly always there is none.
    .orderBy(reservations.fec_cita)
    .limit(1);
  if (!due) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('lock_timeout', '200ms', true)`);
    const batch = tx
      .select({ id: reservations.id_res })
      .from(reservations)
      .where(dueForExpiry(today))
      .orderBy(reservations.fec_cita)
      .limit(EXPIRY_BATCH)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(reservations)
      .set(expired())
      .where(and(inArray(reservations.id_res, batch), dueForExpiry(today)))
      .returning({ id: reservations.id_res });
    return rows.length;
  });
}

/** The read goes on with the statuses it finds if the expiry fails: it is retried on the next. */
export async function expireBeforeRead(db: Db, log: FastifyBaseLogger): Promise<void> {
  try {
    await expireDueReservations(db);
  } catch (error) {
    log.warn({ err: error }, 'reservation expiry skipped');
  }
}

const findReservation = (executor: Db | Tx, id: number) =>
  findOne<Reservation>(executor, reservationList, id, M.notFound);

async function createValues(input: ReservationInput, tx: Tx, request: FastifyRequest) {
  const booked = await bookableClientAndPet(tx, {
    dni: input.dni_cli,
    clientId: input.id_cliente,
    petId: input.id_perro,
    fields: { dni: 'dni_cli', client: 'id_cliente', pet: 'id_perro' },
  });
  return {
    ...booked,
    fec_cita: input.fec_cita,
    id_usu: sessionOf(request).userId,
    id_est: ReservationStatus.Pendiente,
  };
}

async function updateValues(input: ReservationUpdate, tx: Tx) {
  await expireReservation(tx, input.id);
  const stored = await findReservation(tx, input.id);
  const booked = await bookableClientAndPet(
    tx,
    {
      dni: input.dnicli,
      clientId: input.idcli,
      petId: input.id_perro,
      fields: { dni: 'dnicli', client: 'idcli', pet: 'id_perro' },
    },
    stored,
  );
  const today = limaToday();
  // A stored day may stay in the past; a new one may not, or it would be born expired.
  if (input.fecita !== stored.fec_cita && input.fecita < today) {
    throw invalid('fecita', M.datePast);
  }
  // Moving an expired reservation to today or later brings it back to Pendiente.
  const revived = stored.id_est === ReservationStatus.Expirada && input.fecita >= today;
  return {
    ...booked,
    fec_cita: input.fecita,
    ...(revived ? { id_est: ReservationStatus.Pendiente } : {}),
  };
}

const ALLOWED = RESERVATION_STATUSES.map((s) => s.id_est);

const reservationExport: ExportDefinition<Reservation> = {
  sheet: 'Reservaciones',
  columns: [
    { header: 'Fecha de cita', value: (r) => r.fec_cita, kind: 'day' },
    { header: 'DNI', value: (r) => r.cliente.dni_cli },
    { header: 'Cliente', value: (r) => `${r.cliente.nom_cli} ${r.cliente.ape_cli}` },
    { header: 'Mascota', value: (r) => r.perro.nom_perro },
    { header: 'Estado', value: (r) => r.estado.nom_est },
    { header: 'Registrado por', value: (r) => r.usuario.login },
    { header: 'Registrada', value: (r) => r.fec_reg, kind: 'time' },
  ],
};

export const reservationsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: reservationsResource,
      table: reservations,
      id: reservations.id_res,
      list: reservationList,
      export: reservationExport,
      filters: agendaFilters(reservations),
      beforeRead: (database) => expireBeforeRead(database, app.log),
      create: { toValues: createValues, message: M.registered },
      update: { toValues: updateValues, message: M.updated },
      // Spec §001-7: `PATCH /reservacion/estado` with `id, est`; any status, in any order
      // (spec §001-4).
      status: {
        allowed: ALLOWED,
        column: reservations.id_est,
        message: M.status,
        invalid: M.statusInvalid,
        onChange: async (tx, id, est) => {
          await expireReservation(tx, id);
          const stored = await findReservation(tx, id);
          if (est === ReservationStatus.Pendiente && stored.fec_cita < limaToday()) {
            throw invalid('est', M.pendingPast);
          }
        },
      },
      notFound: M.notFound,
    }),
    { db },
  );
};
