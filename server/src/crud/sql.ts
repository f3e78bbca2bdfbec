import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { StatusItem } from '@app/domain';

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
