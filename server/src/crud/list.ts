import { and, desc, eq, getTableName, gte, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { ListQuery, Page } from '@app/domain';
import type { Db } from '../db/client';
import { foldSql, statusCountedTables, statusCounts, type SearchText } from '../db/schema';
import { invalid } from '../http/errors';
import { rowsOf } from '../db/sql-rows';

/**
 * Totals are exact up to this many rows and a planner estimate beyond it: counting every
 * match would make each page cost as much as the whole table. Ten pages of 20: staff refine a
 * search long before that, and the count of a common word reads about this many matches, so
 * the cap is most of its cost (at 1000, a common surname's count read five times the pages).
 */
export const COUNT_CAP = 200;

export interface ListDefinition {
  table: PgTable;
  /** The row's columns, with nested objects for joined records. */
  fields: SelectedFields;
  /** Joins the rows need; applied to the count too, since filters may refer to them. */
  join?: (query: PgSelect) => PgSelect;
  /**
   * False when the joins neither drop nor repeat a row (inner joins on not-null foreign keys,
   * left joins on keys) and no filter refers to the joined tables: the count leaves them out.
   */
  joinsFilter?: boolean;
  id: PgColumn;
  createdAt: PgColumn;
  status: PgColumn;
  /** Texts searched by `search`: every word must appear in one of them. */
  search?: SearchText[];
  /** Soft-deleted statuses: hidden unless the status filter asks for them. */
  hiddenStatuses?: number[];
}

/** Peru has one zone and no DST: a day starts at 05:00 UTC. */
const LIMA_OFFSET = '-05:00';
const limaDayStart = (day: string) => new Date(`${day}T00:00:00${LIMA_OFFSET}`);
const limaDayEnd = (day: string) => new Date(limaDayStart(day).getTime() + 86_400_000);

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The words of a search must each match one of the texts (an AND of ORs), ignoring case and
 * accents ('garcia' finds 'García'): the pattern and the texts are folded by `foldSql` (a stored
 * folded column as it is), and each text has a trigram index on its folded form, which this
 * condition uses.
 */
export function searchCondition(texts: SearchText[], search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const folded = texts.map((text) => ('folded' in text ? text.folded : foldSql(text)));
  return and(
    ...words.map((word) => {
      const pattern = foldSql(sql`${likePattern(word)}`);
      return or(...folded.map((text) => sql`${text} LIKE ${pattern}`));
    }),
  );
}

interface Cursor {
  at: string;
  id: number;
}

/**
 * The last row's order time and id. The time goes through a JS Date (milliseconds), which is
 * exact because every list order column is `timestamptz(3)` (schema.ts `listTime`): rows that
 * share a millisecond are told apart by the id, and none is skipped or repeated.
 */
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

/** The status asked for, or every status but the hidden ones. */
const statusCondition = (column: PgColumn, def: ListDefinition, query: ListQuery) =>
  query.est !== undefined
    ? eq(column, query.est)
    : def.hiddenStatuses?.length
      ? notInArray(column, def.hiddenStatuses)
      : undefined;

/** The conditions every list shares: status, registration date range (Lima days) and search. */
export function commonConditions(def: ListDefinition, query: ListQuery): (SQL | undefined)[] {
  const { search } = def;
  return [
    statusCondition(def.status, def, query),
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

  const counted = db
    .select({ one: sql`1` })
    .from(def.table)
    .$dynamic();
  const matching = (def.joinsFilter === false ? counted : joined(counted)).where(where);
  // Filtered by status alone, a status-counted table knows its exact total at any size.
  const keptTotal = statusOnly(def, query, extra);
  const totalSql = keptTotal
    ? statusTotalSql(def, query)
    : sql<number>`(select count(*)::int from (${matching.limit(COUNT_CAP + 1)}) as capped)`;

  const rowsQuery = (fields: SelectedFields) =>
    joined(db.select(fields).from(def.table).$dynamic())
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

  const countOnly = async () =>
    Number(
      rowsOf<{ n: number | string }>(await db.execute(sql`select ${totalSql} as n`))[0]?.n ?? 0,
    );

  let total: number;
  let rows: Record<string, unknown>[];
  if (extra.some(Boolean)) {
    // The agenda's filters over joined tables count first: no match means no page to look for,
    // where filters that are each common but never meet would walk the whole list.
    total = await countOnly();
    rows = total === 0 ? [] : await rowsQuery(def.fields);
  } else {
    // The page and its total in one statement: one round trip, one plan.
    rows = await rowsQuery({ ...def.fields, [TOTAL]: totalSql.mapWith(Number) });
    const carried = rows[0]?.[TOTAL];
    for (const row of rows) delete row[TOTAL];
    total =
      typeof carried === 'number'
        ? carried
        : // No row: nothing matches, unless the page lies beyond the last one.
          query.page === 1 && !cursor
          ? 0
          : await countOnly();
  }
  // Beyond the cap, a list gives the planner's estimate (a plan, no rows read); a text search
  // says "more than" only: its estimate would be rough, and staff refine a search, not page it.
  const estimated = !keptTotal && total > COUNT_CAP;
  if (estimated) {
    total = query.search
      ? COUNT_CAP + 1
      : Math.max(COUNT_CAP + 1, await plannerEstimate(db, matching));
  }

  const data = rows as T[];
  const last = rows.at(-1);
  return {
    current_page: query.page,
    data,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total_is_estimate: estimated || undefined,
    next_cursor: last && rows.length === query.per_page ? encodeCursor(last, def) : null,
  };
}

/** The key under which a page's rows carry their total, removed before they are answered. */
const TOTAL = '__total';

/** A page of a status-counted table (schema.ts `statusCounts`) that only the status filters. */
function statusOnly(def: ListDefinition, query: ListQuery, extra: (SQL | undefined)[]) {
  return (
    statusCountedTables.includes(def.table) &&
    !query.search &&
    !query.ficial &&
    !query.final &&
    !extra.some(Boolean)
  );
}

/** The exact total of such a page, from the kept counts: the whole list for one row read. */
function statusTotalSql(def: ListDefinition, query: ListQuery): SQL<number> {
  return sql<number>`(select coalesce(sum(${statusCounts.total}), 0)::int from ${statusCounts} where ${and(
    eq(statusCounts.table_name, getTableName(def.table)),
    statusCondition(statusCounts.id_est, def, query),
  )})`;
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
