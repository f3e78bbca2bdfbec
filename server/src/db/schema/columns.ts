import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  index,
  integer,
  numeric,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Milliseconds, like a JS Date: the lists' keyset cursor carries the time of a row through one,
 * and a value with microseconds would not compare equal to itself on the next page.
 */
export const listTime = (name: string) =>
  timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();
export const createdAt = () => listTime('created_at');
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type SearchColumn = AnyPgColumn | ExtraConfigColumn;

/** Letters a search ignores the accent of, in both cases, and what they become. */
export const ACCENTED = 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
export const UNACCENTED = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';

/**
 * Text folded for search: lower case, accents off ('Peña García' -> 'pena garcia'). Only
 * IMMUTABLE built-ins (no unaccent extension, which PGlite lacks), so a trigram index can be
 * built on it; the accented capitals are mapped too, whatever the database's collation does.
 * Searches fold both the text and the pattern, and the indexes are on the folded text.
 */
export function foldSql(value: SQL | SearchColumn): SQL {
  return sql`translate(lower(${value}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${UNACCENTED}'`)})`;
}

/**
 * Text a list search looks in (`searchCondition`, crud/list.ts). An expression is folded when
 * searched, and has a trigram index on its folded form: fine for small tables. `{ folded }` is
 * a stored generated column holding the folded text already, with a trigram index on it: the
 * large tables, where folding every row a search rechecks or walks would cost several times
 * the match itself (translate() is slow).
 */
export type SearchText = SQL | { folded: SQL | SearchColumn };

/** A GIN trigram index on the folded text: what `searchCondition` (crud/list.ts) matches. */
export const trigramOps = (text: SQL) => sql`(${foldSql(text)}) gin_trgm_ops`;

/** The folded text of `raw`, stored: computed once per write instead of once per row read. */
export const storedSearchText = (raw: SQL) =>
  text('search_text').notNull().generatedAlwaysAs(foldSql(raw));

/** Columns by name, for a generated column's expression (the table is still being defined). */
export const named = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, sql`${sql.identifier(name)}`])) as Record<K, SQL>;

/**
 * Newest first, with the id as tie-breaker: the order and keyset of every list. Ascending, so
 * a backward scan serves `ORDER BY created_at DESC, id DESC` (drizzle's `.desc()` adds NULLS
 * LAST, which that order cannot use). The status last: a page's ids under the usual filter
 * (every status but Eliminado) come from the index alone, so a numbered page's OFFSET reads
 * index entries, not the rows it skips (crud/list.ts `rowsOfPage`).
 */
export const listOrderIndexes = (
  name: string,
  t: { created_at: ExtraConfigColumn; id_est: ExtraConfigColumn },
  id: ExtraConfigColumn,
) => [
  index(`${name}_created_at_idx`).on(t.created_at, id, t.id_est),
  index(`${name}_id_est_created_at_idx`).on(t.id_est, t.created_at, id),
];

/** Money: numeric(10,2), read and written as strings so no float ever touches it. */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

/**
 * How an electronic document is being sent (DESIGN §11.2), beside its `cpe_estado`: when the next
 * attempt is due (null: nothing to send), when a sender claimed it (a claim older than a few
 * minutes belongs to a sender that died), how many attempts were made and SUNAT's last answer.
 */
export const sendingColumns = () => ({
  cpe_siguiente: timestamp('cpe_siguiente', { withTimezone: true, precision: 3 }),
  cpe_reclamado: timestamp('cpe_reclamado', { withTimezone: true, precision: 3 }),
  cpe_intentos: smallint('cpe_intentos').notNull().default(0),
  cpe_codigo: integer('cpe_codigo'),
  cpe_mensaje: text('cpe_mensaje'),
});
