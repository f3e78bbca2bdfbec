import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  BOOKING_MESSAGES,
  Status,
  type AgendaListQuery,
  type BookingClient,
  type BookingPet,
  type BookingUser,
  type StatusItem,
} from '@app/domain';
import type { Db, Tx } from '../db/client';
import { clients, clientSearchSql, pets, petSearchSql, users, userSearchSql } from '../db/schema';
import { invalid, notFound } from '../http/errors';
import { searchCondition, type ListDefinition } from '../http/list';

/**
 * What the reservation and appointment modules share: the booked client and pet, the agenda's
 * extra filters and the status names of a catalogue.
 */

/** The catalogue's name of a status id, computed in SQL: one id means different things per scope. */
export function statusNameSql(column: PgColumn, catalogue: readonly StatusItem[]): SQL<string> {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const whens = catalogue.map((s) => `when ${Number(s.id_est)} then ${quote(s.nom_est)}`).join(' ');
  return sql<string>`(case ${column} ${sql.raw(whens)} else 'Desconocido' end)`;
}

/**
 * A booked record as the row's nested object (`cliente`, `perro`...), read by a scalar subquery
 * on its key instead of a join: a page of the agenda joined to five tables cost ten times more
 * to plan than to read; this way it plans as one table and reads one index entry per record.
 * Null when the row has no such record (an appointment's service or package).
 */
export function bookedObject<T>(
  table: PgTable,
  key: PgColumn,
  reference: PgColumn,
  fields: Record<string, PgColumn>,
): SQL<T> {
  const pairs = Object.entries(fields).map(
    ([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`,
  );
  // Qualified by hand: drizzle leaves a one-table query's columns bare, and a bare name here
  // would be the subquery's own column.
  const outer = sql`${sql.identifier(getTableName(reference.table))}.${sql.identifier(reference.name)}`;
  return sql<T>`(select json_build_object(${sql.join(pairs, sql`, `)}) from ${table} where ${key} = ${outer})`;
}

/** The row's client, with its own status: an edit form shows a retired one as such. */
export const bookedClient = (reference: PgColumn) =>
  bookedObject<BookingClient>(clients, clients.id_cli, reference, {
    id_cli: clients.id_cli,
    dni_cli: clients.dni_cli,
    nom_cli: clients.nom_cli,
    ape_cli: clients.ape_cli,
    id_est: clients.id_est,
  });

/** The row's pet, with its own status. */
export const bookedPet = (reference: PgColumn) =>
  bookedObject<BookingPet>(pets, pets.id_perro, reference, {
    id_perro: pets.id_perro,
    nom_perro: pets.nom_perro,
    id_est: pets.id_est,
  });

/** The user who registered the row. */
export const bookedUser = (reference: PgColumn) =>
  bookedObject<BookingUser>(users, users.id, reference, { id: users.id, login: users.login });

/** The columns of an agenda row that name its client, pet and user. */
export interface AgendaKeys {
  id_cli: PgColumn;
  id_perro: PgColumn;
  id_usu: PgColumn;
}

/** The rows whose `column` is among the ids of `table` that match the search `words`. */
function among(column: PgColumn, table: PgTable, id: PgColumn, condition: SQL | undefined) {
  return condition && sql`${column} in (select ${id} from ${table} where ${condition})`;
}

/** `cli`, `pe` and `usu` of the agenda lists (spec 001 §7), each on its own table's index. */
export function agendaFilters(keys: AgendaKeys) {
  return (query: Record<string, unknown>): (SQL | undefined)[] => {
    const { cli, pe, usu } = query as Partial<AgendaListQuery>;
    return [
      among(keys.id_cli, clients, clients.id_cli, searchCondition([clientSearchSql(clients)], cli)),
      among(keys.id_perro, pets, pets.id_perro, searchCondition([petSearchSql(pets)], pe)),
      among(keys.id_usu, users, users.id, searchCondition([userSearchSql(users)], usu)),
    ];
  };
}

/** One row of a list by id, with the list's joins and nested objects. */
export async function findListRow<T>(
  executor: Db | Tx,
  list: ListDefinition & { table: PgTable },
  id: PgColumn,
  value: number,
  message: string,
): Promise<T> {
  const select = executor.select(list.fields).from(list.table).$dynamic();
  const [row] = await (list.join ? list.join(select) : select).where(eq(id, value));
  if (!row) throw notFound(message);
  return row as T;
}

export interface BookingRequest {
  dni: string;
  /** The client id the caller sent beside the DNI, if any: it must be the DNI's. */
  clientId?: number | null;
  petId: number;
  /** The payload's field names, so a refusal lands on the right form field. */
  fields: { dni: string; client: string; pet: string };
}

export interface Booked {
  id_cli: number;
  id_perro: number;
}

/**
 * The client with this DNI and their pet, refused with a clear 422 when either is missing,
 * the pet is someone else's, or either is suspended or deleted. On an edit, `current` holds
 * what is booked already: keeping it is allowed even if it was retired since.
 */
export async function bookableClientAndPet(
  tx: Tx,
  request: BookingRequest,
  current?: Booked,
): Promise<Booked> {
  const { fields } = request;
  const [client] = await tx
    .select({ id_cli: clients.id_cli, id_est: clients.id_est })
    .from(clients)
    .where(eq(clients.dni_cli, request.dni))
    // A status change running beside this booking waits for it, and vice versa.
    .for('share');
  if (!client) throw invalid(fields.dni, BOOKING_MESSAGES.clientNotFound);
  if (request.clientId != null && request.clientId !== client.id_cli) {
    throw invalid(fields.client, BOOKING_MESSAGES.clientMismatch);
  }
  if (client.id_est !== Status.Activo && current?.id_cli !== client.id_cli) {
    throw invalid(fields.dni, BOOKING_MESSAGES.clientInactive);
  }
  const [pet] = await tx
    .select({ id_perro: pets.id_perro, id_cli: pets.id_cli, id_est: pets.id_est })
    .from(pets)
    .where(eq(pets.id_perro, request.petId))
    .for('share');
  if (!pet) throw invalid(fields.pet, BOOKING_MESSAGES.petNotFound);
  if (pet.id_cli !== client.id_cli) throw invalid(fields.pet, BOOKING_MESSAGES.petNotOwned);
  if (pet.id_est !== Status.Activo && current?.id_perro !== pet.id_perro) {
    throw invalid(fields.pet, BOOKING_MESSAGES.petInactive);
  }
  return { id_cli: client.id_cli, id_perro: pet.id_perro };
}
