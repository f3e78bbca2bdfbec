import { and, count, desc, eq, gte, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { ListQuery, Page } from '@app/domain';
import type { Db, Tx } from '../db/client';
import { invalid } from './errors';
import { rowsOf } from './sql-rows';

/**
 * Totals are exact up to this many rows and a planner estimate beyond it: counting every
 * match would make each page cost as much as the whole table.
 */
export const COUNT_CAP = 1000;

export interface ListDefinition {
  table: PgTable;
  /** The row's columns, with nested objects for joined records. */
  fields: SelectedFields;
  /** Joins the rows need; applied to the count too, since filters may refer to them. */
  join?: (query: PgSelect) => PgSelect;
  id: PgColumn;
  createdAt: PgColumn;
  status: PgColumn;
  /** Expressions searched by `search`: every word must appear in one of them. */
  search?: SQL[];
  /** Soft-deleted statuses: hidden unless the status filter asks for them. */
  hiddenStatuses?: number[];
}

/** Peru has one zone and no DST: a day starts at 05:00 UTC. */
const LIMA_OFFSET = '-05:00';
const limaDayStart = (day: string) => new Date(`${day}T00:00:00${LIMA_OFFSET}`);
const limaDayEnd = (day: string) => new Date(limaDayStart(day).getTime() + 86_400_000);

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The words of a search must each match one of the expressions (an AND of ORs). */
export function searchCondition(expressions: SQL[], search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  return and(
    ...words.map((word) => or(...expressions.map((e) => sql`${e} ILIKE ${likePattern(word)}`))),
  );
}

interface Cursor {
  at: string;
  id: number;
}

function encodeCursor(row: Record<string, unknown>, def: ListDefinition): string | null {
  const at = row[def.createdAt.name];
  const id = row[def.id.name];
  if (!(at instanceof Date) || typeof id !== 'number') return null;
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  const [at, id] = Buffer.from(value, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^\d{1,10}$/.test(id)) {
    throw invalid('after', 'Cursor de paginación inválido');
  }
  return { at, id: Number(id) };
}

/** The conditions every list shares: status, registration date range (Lima days) and search. */
export function commonConditions(def: ListDefinition, query: ListQuery): (SQL | undefined)[] {
  const { search } = def;
  return [
    query.est !== undefined
      ? eq(def.status, query.est)
      : def.hiddenStatuses?.length
        ? notInArray(def.status, def.hiddenStatuses)
        : undefined,
    query.ficial ? gte(def.createdAt, limaDayStart(query.ficial)) : undefined,
    query.final ? lt(def.createdAt, limaDayEnd(query.final)) : undefined,
    search ? searchCondition(search, query.search) : undefined,
  ];
}

export type ListPage<T> = Page<T> & { next_cursor: string | null };

/**
 * One page of a list, newest first: OFFSET paging for the first pages, keyset paging with
 * `after` for deep ones, and a total that is exact up to COUNT_CAP.
 */
export async function listPage<T>(
  db: Db,
  def: ListDefinition,
  query: ListQuery,
  extra: (SQL | undefined)[] = [],
): Promise<ListPage<T>> {
  const where = and(...commonConditions(def, query), ...extra);
  const cursor = query.after ? decodeCursor(query.after) : undefined;
  const joined = (select: PgSelect) => (def.join ? def.join(select) : select);

  const matching = joined(
    db
      .select({ one: sql`1` })
      .from(def.table)
      .$dynamic(),
  ).where(where);
  // The planner's estimate is asked for alongside the capped count, not after it: one round
  // trip fewer, for a query that only plans.
  const counting = Promise.all([
    db.select({ n: count() }).from(matching.limit(COUNT_CAP + 1).as('capped')),
    plannerEstimate(db, matching),
  ]).then(([[counted], estimate]) => {
    const exact = counted?.n ?? 0;
    return exact <= COUNT_CAP
      ? { total: exact, estimated: false }
      : { total: Math.max(COUNT_CAP + 1, estimate), estimated: true };
  });

  const rowsQuery = (executor: Db | Tx) =>
    joined(executor.select(def.fields).from(def.table).$dynamic())
      .where(
        and(
          where,
          cursor
            ? sql`(${def.createdAt}, ${def.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
            : undefined,
        ),
      )
      .orderBy(desc(def.createdAt), desc(def.id))
      .limit(query.per_page)
      .offset(cursor ? 0 : (query.page - 1) * query.per_page);

  // A search with many matches finds its first page a few rows down the order index; the
  // planner cannot know that a pattern is common and would read every match to sort them.
  const walkOrderIndex = () =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
      );
      return rowsQuery(tx);
    });
  // Text filters wait for the count: no match means no page to look for (filters that are each
  // common but never meet would otherwise walk the whole list), many mean walking the order.
  const textFiltered = Boolean(query.search) || extra.some(Boolean);
  const [{ total, estimated }, rows] = await Promise.all([
    counting,
    textFiltered
      ? counting.then((c) =>
          c.total === 0 ? [] : c.estimated && query.search ? walkOrderIndex() : rowsQuery(db),
        )
      : rowsQuery(db),
  ]);

  const data = rows as T[];
  const last = data.at(-1) as Record<string, unknown> | undefined;
  return {
    current_page: query.page,
    data,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total_is_estimate: estimated || undefined,
    next_cursor: last && data.length === query.per_page ? encodeCursor(last, def) : null,
  };
}

async function plannerEstimate(db: Db, query: PgSelect): Promise<number> {
  const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(
    await db.execute(sql`explain (format json) ${query}`),
  );
  const parsed: unknown =
    typeof plan?.['QUERY PLAN'] === 'string'
      ? JSON.parse(plan['QUERY PLAN'])
      : plan?.['QUERY PLAN'];
  const rows = (parsed as [{ Plan?: { 'Plan Rows'?: number } }] | undefined)?.[0]?.Plan?.[
    'Plan Rows'
  ];
  return typeof rows === 'number' ? Math.round(rows) : COUNT_CAP + 1;
}
