import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { StatusItem } from '@app/domain';

/** The catalogue's name of a status id, computed in SQL: one id means different things per scope. */
export function statusNameSql(column: PgColumn, catalogue: readonly StatusItem[]): SQL<string> {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const whens = catalogue.map((s) => `when ${Number(s.id_est)} then ${quote(s.nom_est)}`).join(' ');
  return sql<string>`(case ${column} ${sql.raw(whens)} else 'Desconocido' end)`;
}

/** A moment as `Date.toISOString()` writes it, in UTC to the millisecond; null stays null. */
export const isoText = (at: SQL | PgColumn) =>
  sql<string>`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A column as `table.column`. Drizzle leaves a one-table query's columns bare, and inside a
 * subquery a bare name is the subquery's own column: a correlated subquery names both sides so.
 */
export const qualified = (column: PgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

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
  fields: Record<string, PgColumn | SQL>,
): SQL<T> {
  const pairs = Object.entries(fields).map(
    ([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`,
  );
  return sql<T>`(select json_build_object(${sql.join(pairs, sql`, `)}) from ${table} where ${key} = ${qualified(reference)})`;
}
