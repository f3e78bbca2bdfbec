import {
  and,
  count,
  desc,
  eq,
  getTableName,
  gte,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { ListQuery, Page } from '@app/domain';
import type { Db } from '../db/client';
import { foldSql, statusCountedTables, statusCounts, type SearchText } from '../db/schema';
import { invalid } from './errors';
import { rowsOf } from './sql-rows';

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
  // Only a count that reaches the cap asks the planner for its estimate (a plan, no rows read):
  // most filtered pages count fewer and are spared that round trip.
  const counting = (): Promise<Total> =>
    statusOnly(def, query, extra)
      ? statusTotal(db, def, query)
      : db
          .select({ n: count() })
          .from(matching.limit(COUNT_CAP + 1).as('capped'))
          .then(async ([row]) => {
            const exact = row?.n ?? 0;
            if (exact <= COUNT_CAP) return { total: exact, estimated: false };
            return {
              total: Math.max(COUNT_CAP + 1, await plannerEstimate(db, matching)),
              estimated: true,
            };
          });

  const rowsQuery = () =>
    joined(db.select(def.fields).from(def.table).$dynamic())
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

  const [{ total, estimated }, rows] = await pageAndTotal(query, extra, counting, rowsQuery);

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

interface Total {
  total: number;
  estimated: boolean;
}

/**
 * The page and its total, in the order that reads least. Unfiltered, both at once. A search's
 * first page comes first: the large tables search a stored folded column (schema.ts
 * `SearchText`) whose statistics let the planner tell a common word (its page is a few rows
 * down the order index) from a rare one (its few matches come through the trigram index), and
 * a page that is not full is the whole result, so a rare word needs no count. Other text
 * filters (the agenda's, over joined tables) count first: no match means no page to look for,
 * where filters that are each common but never meet would walk the whole list.
 */
async function pageAndTotal(
  query: ListQuery,
  extra: (SQL | undefined)[],
  counting: () => Promise<Total>,
  rowsQuery: () => Promise<unknown[]>,
): Promise<[Total, unknown[]]> {
  const otherFilters = extra.some(Boolean);
  if (query.search && !otherFilters && !query.after && query.page === 1) {
    const rows = await rowsQuery();
    if (rows.length < query.per_page) return [{ total: rows.length, estimated: false }, rows];
    return [await counting(), rows];
  }
  if (query.search || otherFilters) {
    const total = await counting();
    return [total, total.total === 0 ? [] : await rowsQuery()];
  }
  return Promise.all([counting(), rowsQuery()]);
}

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
async function statusTotal(db: Db, def: ListDefinition, query: ListQuery) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${statusCounts.total}), 0)::int` })
    .from(statusCounts)
    .where(
      and(
        eq(statusCounts.table_name, getTableName(def.table)),
        statusCondition(statusCounts.id_est, def, query),
      ),
    );
  return { total: row?.n ?? 0, estimated: false };
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
