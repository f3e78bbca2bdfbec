import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  BOOKING_MESSAGES,
  Status,
  type AgendaListQuery,
  type BookingClient,
  type BookingPet,
  type BookingUser,
} from '@app/domain';
import type { Tx } from '../../db/client';
import {
  clients,
  clientSearchSql,
  pets,
  petSearchSql,
  users,
  userSearchSql,
} from '../../db/schema';
import { searchCondition } from '../../crud/list';
import { bookedObject } from '../../crud/sql';
import { invalid } from '../../http/errors';
import { petCareFields } from '../clients';

/**
 * What the reservation and appointment modules share: the booked client, pet and user, and the
 * agenda's extra filters.
 */

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
    ...petCareFields,
  });

/** The user who registered the row. */
export const bookedUser = (reference: PgColumn) =>
  bookedObject<BookingUser>(users, users.id, reference, { id: users.id, login: users.login });

/** The columns of an agenda row that name its client, pet and user. */
export interface AgendaKeys {
  id_cli: PgColumn;
  id_perro: PgColumn;
  id_usu: PgColumn;
  /**
   * The client's folded text kept on the row itself (citas, reservaciones): `cli` then reads the
   * row's own trigram index instead of collecting every matching client first.
   */
  cliente_search?: PgColumn;
  /** The pet's folded text kept on the row itself, for `pe` as `cliente_search` is for `cli`. */
  perro_search?: PgColumn;
}

/** The rows whose `column` is among the ids of `table` that match the search `words`. */
function among(column: PgColumn, table: PgTable, id: PgColumn, condition: SQL | undefined) {
  return condition && sql`${column} in (select ${id} from ${table} where ${condition})`;
}

/** The agenda lists' text filters (`agendaFilters`): client, pet and user. */
export const AGENDA_SEARCH_FILTERS = ['cli', 'pe', 'usu'] as const;

/** `cli`, `pe` and `usu` of the agenda lists (spec §001-7), each on an index. */
export function agendaFilters(keys: AgendaKeys) {
  return (query: Record<string, unknown>): (SQL | undefined)[] => {
    const { cli, pe, usu } = query as Partial<AgendaListQuery>;
    return [
      keys.cliente_search
        ? searchCondition([{ folded: keys.cliente_search }], cli)
        : among(
            keys.id_cli,
            clients,
            clients.id_cli,
            searchCondition([clientSearchSql(clients)], cli),
          ),
      keys.perro_search
        ? searchCondition([{ folded: keys.perro_search }], pe)
        : among(keys.id_perro, pets, pets.id_perro, searchCondition([petSearchSql(pets)], pe)),
      among(keys.id_usu, users, users.id, searchCondition([userSearchSql(users)], usu)),
    ];
  };
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
