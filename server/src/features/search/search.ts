import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppointmentStatus,
  can,
  limaDayStart,
  limaToday,
  SEARCH_ENDPOINTS,
  SEARCH_GROUP_SIZE,
  SearchResultsSchema,
  Status,
  type Permission,
  type SearchResults,
} from '@app/domain';
import type { Db } from '../../db/client';
import {
  appointments,
  clientPhoneText,
  clients,
  foldSql,
  petListText,
  pets,
} from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';

/**
 * The navbar's search (issue 30 §1): a few clients, pets and citas for what was typed, in one
 * statement. Each group is read from bounded sources only, so no search reads more than a few
 * hundred rows, whatever the planner guesses about the words:
 *
 * - the newest `WINDOW` clients and pets, and the soonest `APPOINTMENT_WINDOW` citas from today,
 *   each tested against the words: they serve the common words (a surname, a pet's name), whose
 *   newest matches (and coming visits) are near the top;
 * - up to `MATCHES` clients and pets the trigram indexes find, in no order, and their citas: they
 *   serve the rare words (a DNI, a phone, a full name), whose matches are few, so every one of
 *   them is read.
 *
 * A group is the first rows of that union in its order. The statement is planned in about 2.5 ms
 * and runs in 2 to 5 ms at 100,000 clients and 200,000 citas, whatever the words. A plain ORDER BY ... LIMIT over the table
 * lets the planner walk the order's index hoping to meet matches soon: for words common apart
 * and rare together ('luna quispe') it walked every row, and for citas with a pet lookup per row
 * (1.4 s at 200,000 citas). Between the two sources (words too rare for the newest rows, too
 * common for the index's first rows) a group shows some matches, not the newest: the list it
 * opens has them all.
 */

/** Newest clients and pets each group tests against the words. */
const WINDOW = 300;
/** Citas from today's start tested; each needs its pet's words, an index lookup. */
const APPOINTMENT_WINDOW = 200;
/** Rows a group takes from the trigram indexes, in no order. */
const MATCHES = 100;
/** Words searched; the rest of a long query is left out, as the lists do. */
const MAX_WORDS = 5;

// Constants written into the statement, not bound: the planner sees them as it sees a literal
// (the partial index on citas not Eliminada, the row counts of each LIMIT).
const literal = (value: number) => sql.raw(String(value));
const MATCHES_LIMIT = literal(MATCHES);
const WINDOW_LIMIT = literal(WINDOW);
const APPOINTMENT_WINDOW_LIMIT = literal(APPOINTMENT_WINDOW);
const GROUP_SIZE = literal(SEARCH_GROUP_SIZE);
const NOT_DELETED = literal(Status.Eliminado);
const NOT_DELETED_APPOINTMENT = literal(AppointmentStatus.Eliminada);

/** `%`, `_` and `\` typed are searched as themselves. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pattern folded as the texts are (`foldSql`): 'GARCÍA' finds 'García'. */
const folded = (pattern: string) => foldSql(sql`${pattern}`);

/**
 * Whether the folded `text` holds the word: anywhere for three letters or more; for fewer, at
 * the start of one of its words ('qu' finds Quispe, not Vásquez), which the trigram index serves
 * too (its trigrams are padded at word starts), where '%qu%' would read all of it.
 */
function holds(text: SQL, word: string): SQL {
  const escaped = escapeLike(word);
  return word.length >= 3
    ? sql`${text} like ${folded(`%${escaped}%`)}`
    : sql`(${text} like ${folded(`${escaped}%`)} or ${text} like ${folded(`% ${escaped}%`)})`;
}

/** Every word in one of the texts `textsOf(word)` names. */
function allWords(words: string[], textsOf: (word: string) => SQL[]): SQL {
  const each = words.map(
    (word) =>
      sql`(${sql.join(
        textsOf(word).map((text) => holds(text, word)),
        sql` or `,
      )})`,
  );
  return sql.join(each, sql` and `);
}

/** A client by DNI, name and surname, and by phone for a word with a digit. */
const clientMatch = (words: string[]) =>
  allWords(words, (word) => [
    sql`${clients.search_text}`,
    ...(/\d/.test(word) ? [clientPhoneText(clients)] : []),
  ]);

/** A pet by its name and breed and by its owner's DNI and names (the pet list's search). */
const petMatch = (words: string[]) => allWords(words, () => [petListText(pets)]);

/** `query`'s rows as a JSON array, each built by `row`, in `order`. */
const jsonArray = (row: SQL, order: SQL, query: SQL) =>
  sql`(select coalesce(json_agg(${row} order by ${order}), '[]'::json) ${query})`;

// The rows the trigram indexes find, named once: the clients' and pets' groups read them, and
// the citas' group reads the citas of each.
const CLIENT_HITS = sql.identifier('client_hits');
const PET_HITS = sql.identifier('pet_hits');

/**
 * The clients and pets (not deleted) the words find, in no order; each use reads at most
 * `MATCHES` of them. Materialized without a LIMIT, so the planner plans them for every match:
 * the trigram index unless the words match much of the table. With the LIMIT inside, it would
 * scan the table hoping to meet 100 matches soon, and read all of it for words common apart
 * and rare together ('ro ma': 50 ms to find none).
 */
function hits(words: string[]): SQL {
  return sql`with ${CLIENT_HITS} as materialized (
      select ${clients.id_cli}, ${clients.created_at} from ${clients}
      where ${clients.id_est} <> ${NOT_DELETED} and ${clientMatch(words)}
    ), ${PET_HITS} as materialized (
      select ${pets.id_perro}, ${pets.created_at} from ${pets}
      where ${pets.id_est} <> ${NOT_DELETED} and ${petMatch(words)}
    )`;
}

/**
 * The ids (and creation times) of what `match` finds in `table`: among its newest `WINDOW` rows,
 * and the first `MATCHES` of its `hits` (the trigram index's), so the newest come first however
 * common the words are.
 */
function foundRows(
  table: typeof clients | typeof pets,
  id: PgColumn,
  match: SQL,
  hits: SQLWrapper,
): SQL {
  const idName = sql.identifier(id.name);
  return sql`
    select ${idName}, created_at from (
      select ${id}, ${table.created_at}, ${match} as hit from ${table}
      where ${table.id_est} <> ${NOT_DELETED}
      order by ${table.created_at} desc, ${id} desc limit ${WINDOW_LIMIT}
    ) newest where hit
    union
    (select ${idName}, created_at from ${hits} limit ${MATCHES_LIMIT})`;
}

/** The first of the clients found, newest first. */
function clientGroup(words: string[]): SQL {
  const found = foundRows(clients, clients.id_cli, clientMatch(words), CLIENT_HITS);
  return jsonArray(
    sql`json_build_object('id_cli', ${clients.id_cli}, 'dni_cli', ${clients.dni_cli},
      'nom_cli', ${clients.nom_cli}, 'ape_cli', ${clients.ape_cli},
      'tel1_cli', ${clients.tel1_cli}, 'id_est', ${clients.id_est})`,
    sql`f.created_at desc, f.id_cli desc`,
    sql`from (
      select * from (${found}) u order by created_at desc, id_cli desc limit ${GROUP_SIZE}
    ) f join ${clients} on ${clients.id_cli} = f.id_cli`,
  );
}

/** The first of the pets found, newest first, with their owner. */
function petGroup(words: string[]): SQL {
  const found = foundRows(pets, pets.id_perro, petMatch(words), PET_HITS);
  return jsonArray(
    sql`json_build_object('id_perro', ${pets.id_perro}, 'nom_perro', ${pets.nom_perro},
      'raza_perro', ${pets.raza_perro}, 'id_est', ${pets.id_est}, 'id_cli', ${clients.id_cli},
      'dni_cli', ${clients.dni_cli}, 'nom_cli', ${clients.nom_cli}, 'ape_cli', ${clients.ape_cli})`,
    sql`f.created_at desc, f.id_perro desc`,
    sql`from (
      select * from (${found}) u order by created_at desc, id_perro desc limit ${GROUP_SIZE}
    ) f join ${pets} on ${pets.id_perro} = f.id_perro
    join ${clients} on ${clients.id_cli} = ${pets.id_cli}`,
  );
}

/**
 * The first of the citas (not Eliminada) of the clients or pets found: from today's start on,
 * soonest first, then the earlier ones, latest first (the Citas list's order). Besides the citas
 * of the index's matches, the soonest `APPOINTMENT_WINDOW` from today's start are tested against
 * their pet's words (and owner's): the coming visits of a common surname.
 */
function appointmentGroup(words: string[], todayStart: Date): SQL {
  const visible = sql`${appointments.id_est} <> ${NOT_DELETED_APPOINTMENT}`;
  const start = sql`${todayStart.toISOString()}::timestamptz`;
  const found = sql`
    select ${appointments.id_cita}, ${appointments.fec_cita} from ${appointments}
    where ${visible} and ${appointments.id_perro} in (
      select id_perro from ${PET_HITS} limit ${MATCHES_LIMIT})
    union
    select ${appointments.id_cita}, ${appointments.fec_cita} from ${appointments}
    where ${visible} and ${appointments.id_cli} in (
      select id_cli from ${CLIENT_HITS} limit ${MATCHES_LIMIT})
    union
    select id_cita, fec_cita from (
      select ${appointments.id_cita}, ${appointments.fec_cita},
        (select ${petMatch(words)} from ${pets} where ${pets.id_perro} = ${appointments.id_perro}) as hit
      from ${appointments} where ${visible} and ${appointments.fec_cita} >= ${start}
      order by ${appointments.fec_cita}, ${appointments.id_cita} limit ${APPOINTMENT_WINDOW_LIMIT}
    ) coming where hit`;
  const order = (t: string) => {
    const at = sql.raw(`${t}fec_cita`);
    return sql`${at} < ${start}, case when ${at} >= ${start} then ${at} end, ${at} desc, ${sql.raw(`${t}id_cita`)}`;
  };
  return jsonArray(
    sql`json_build_object('id_cita', ${appointments.id_cita},
      'fec_cita', to_char(${appointments.fec_cita} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'id_est', ${appointments.id_est}, 'id_cli', ${clients.id_cli}, 'dni_cli', ${clients.dni_cli},
      'nom_cli', ${clients.nom_cli}, 'ape_cli', ${clients.ape_cli},
      'id_perro', ${pets.id_perro}, 'nom_perro', ${pets.nom_perro})`,
    order('f.'),
    sql`from (
      select * from (${found}) u order by ${order('')} limit ${GROUP_SIZE}
    ) f join ${appointments} on ${appointments.id_cita} = f.id_cita
    join ${clients} on ${clients.id_cli} = ${appointments.id_cli}
    join ${pets} on ${pets.id_perro} = ${appointments.id_perro}`,
  );
}

/**
 * The words of a query, at most `MAX_WORDS`: split on blanks, without those that hold no letter
 * or digit ('%', '-'), which the trigram indexes cannot look up and which name nothing.
 */
export const searchWords = (q: string) =>
  q
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_WORDS);

/**
 * The statement that answers `q` for a role that `may` read what it names: clients and pets
 * need `clientes.leer`, citas `agenda.leer`; a group it may not read is not asked for. Undefined
 * when nothing is to be read.
 */
export function searchStatement(
  q: string,
  may: (permission: Permission) => boolean,
  now = new Date(),
): SQL | undefined {
  const words = searchWords(q);
  const groups: SQL[] = [];
  if (may('clientes.leer')) {
    groups.push(sql`${clientGroup(words)} as clientes`, sql`${petGroup(words)} as mascotas`);
  }
  if (may('agenda.leer')) {
    groups.push(sql`${appointmentGroup(words, limaDayStart(limaToday(now)))} as citas`);
  }
  return words.length > 0 && groups.length > 0
    ? sql`${hits(words)} select ${sql.join(groups, sql`, `)}`
    : undefined;
}

/** What `q` finds that the role may read: each group it may read, empty or not; one statement. */
export async function searchFor(
  db: Db,
  q: string,
  may: (permission: Permission) => boolean,
  now = new Date(),
): Promise<SearchResults> {
  const statement = searchStatement(q, may, now);
  if (!statement) return emptyResults(may);
  const [row] = rowsOf(await db.execute(statement));
  return SearchResultsSchema.parse(row);
}

/** The groups the role may read, each empty. */
function emptyResults(may: (permission: Permission) => boolean): SearchResults {
  return {
    ...(may('clientes.leer') && { clientes: [], mascotas: [] }),
    ...(may('agenda.leer') && { citas: [] }),
  };
}

export const searchModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, SEARCH_ENDPOINTS.search, async (request) => {
    const { role } = sessionOf(request);
    return ok(await searchFor(db, request.query.q, (permission) => can(role, permission)));
  });
};
