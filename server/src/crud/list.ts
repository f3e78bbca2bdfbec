import {
  and,
  asc,
  desc,
  eq,
  getTableName,
  gte,
  inArray,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { limaDayStart, limaToday, type ListQuery, type Page } from '@app/domain';
import type { Db, Tx } from '../db/client';
import { foldSql, statusCountedTables, statusCounts, type SearchText } from '../db/schema';
import { invalid } from '../http/errors';
import { rowsOf } from '../db/sql-rows';
import { qualified } from './sql';

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
  /**
   * What a page's rows carry besides `fields`, worked out for the page's rows only, after its
   * LIMIT: neither a single row nor an export reads them (the Citas list's 'Sin firmar').
   */
  pageFields?: SelectedFields;
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
  /**
   * Extra filters (the resource's own, by query key) that are text searches, as `search` is:
   * beyond the cap their total says "more than" instead of asking the planner.
   */
  searchFilters?: readonly string[];
  /** Soft-deleted statuses: hidden unless the status filter asks for them. */
  hiddenStatuses?: number[];
  /**
   * Ordered around today instead of newest first (appointments: decisions §citas-order): the rows
   * from today's start in Lima on, soonest first, then the earlier ones, latest first. The column
   * needs an index, and millisecond values (the cursor carries them through a Date).
   */
  timeline?: PgColumn;
}

/** Peru has one zone and no DST: a day starts at 05:00 UTC. */
const limaDayEnd = (day: string) => new Date(limaDayStart(day).getTime() + 86_400_000);

/**
 * Lima days `from`..`to` (both included, either may be absent) on a timestamp column, as two
 * bounds on the column itself: its index serves them.
 */
export function dayRangeConditions(column: PgColumn, from?: string, to?: string): SQL[] {
  return [
    ...(from ? [gte(column, limaDayStart(from))] : []),
    ...(to ? [lt(column, limaDayEnd(to))] : []),
  ];
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Where a search's words go in a page's values: a search matches its first five words. */
const WORD_KEYS = ['word1', 'word2', 'word3', 'word4', 'word5'] as const;
type WordKey = (typeof WORD_KEYS)[number];

const searchWords = (search: string | undefined) =>
  (search ?? '').split(/\s+/).filter(Boolean).slice(0, WORD_KEYS.length);

/**
 * The words of a search must each match one of the texts (an AND of ORs), ignoring case and
 * accents ('garcia' finds 'García'): the pattern and the texts are folded by `foldSql` (a stored
 * folded column as it is), and each text has a trigram index on its folded form, which this
 * condition uses. With `bind`, the patterns are the page's values (`pageValues`).
 */
export function searchCondition(
  texts: SearchText[],
  search: string | undefined,
  bind?: Bind,
): SQL | undefined {
  const words = searchWords(search);
  const folded = texts.map((text) => ('folded' in text ? text.folded : foldSql(text)));
  return and(
    ...words.map((word, i) => {
      const pattern = foldSql(sql`${bind ? bind(WORD_KEYS[i]) : likePattern(word)}`);
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
  return parseCursor(Buffer.from(value, 'base64url').toString());
}

/** `at|id`: the order time and the id of the last row seen. */
function parseCursor(text: string): Cursor {
  const [at, id] = text.split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^\d{1,10}$/.test(id)) {
    throw invalid('after', 'Cursor de paginación inválido');
  }
  return { at, id: Number(id) };
}

/**
 * Where a value of a page's query goes: `literal` puts the value itself in the query (one
 * parameter of a statement built for this request), `placeholder` a named placeholder of a
 * prepared statement, filled from `PageValues` on each execution.
 */
type Bind = (name: keyof PageValues) => unknown;

/** The values a page's query takes; a prepared statement gets them as placeholders. */
interface PageValues extends Partial<Record<WordKey, string>> {
  est?: number;
  /** Lima day bounds: a Date for a query built per request, its ISO text for a prepared one. */
  ficial?: Date | string;
  final?: Date | string;
  /** A timeline's split: today's start in Lima (as the day bounds). */
  split?: Date | string;
  at?: string;
  id?: number;
  limit: number;
  offset: number;
}

/** The status asked for, or every status but the hidden ones. */
const statusCondition = (column: PgColumn, def: ListDefinition, query: ListQuery, bind: Bind) =>
  query.est !== undefined
    ? eq(column, bind('est'))
    : def.hiddenStatuses?.length
      ? notInArray(column, def.hiddenStatuses)
      : undefined;

/** The conditions every list shares: status, registration date range (Lima days) and search. */
export function commonConditions(
  def: ListDefinition,
  query: ListQuery,
  bind: Bind = literal(pageValues(query)),
): (SQL | undefined)[] {
  const { search } = def;
  return [
    statusCondition(def.status, def, query, bind),
    query.ficial ? gte(def.createdAt, bind('ficial')) : undefined,
    query.final ? lt(def.createdAt, bind('final')) : undefined,
    search ? searchCondition(search, query.search, bind) : undefined,
  ];
}

function pageValues(query: ListQuery, cursor?: Cursor): PageValues {
  const values: PageValues = {
    est: query.est,
    ficial: query.ficial ? limaDayStart(query.ficial) : undefined,
    final: query.final ? limaDayEnd(query.final) : undefined,
    at: cursor?.at,
    id: cursor?.id,
    limit: query.per_page,
    offset: cursor ? 0 : (query.page - 1) * query.per_page,
  };
  searchWords(query.search).forEach((word, i) => (values[WORD_KEYS[i]] = likePattern(word)));
  return values;
}

const literal =
  (values: PageValues): Bind =>
  (name) =>
    values[name];
const placeholder: Bind = (name) => sql.placeholder(name);

/** A select of `fields` from the list's table with its joins: its rows as the list shows them. */
export function rowsSelect(
  executor: Db | Tx,
  def: ListDefinition,
  fields: SelectedFields = def.fields,
): PgSelect {
  const select = executor.select(fields).from(def.table).$dynamic();
  return def.join ? def.join(select) : select;
}

/** A page's rows' fields: the list's, and what only its pages carry. */
function fieldsOfPage(def: ListDefinition): SelectedFields {
  return def.pageFields ? { ...def.fields, ...def.pageFields } : def.fields;
}

/**
 * The rows of one page: `ids` picks the page (its filters, order, LIMIT and OFFSET, selecting
 * the id alone) and the row's `fields` are read for those ids only, in `order` again. The
 * per-row figures among the fields (booked records, a client's visits) are scalar subqueries:
 * in the page's own select list PostgreSQL would compute them for every row an OFFSET skips
 * too (page 500 of the clients: 10,000 rows, 20,000 index reads), here for the page's rows.
 */
function rowsOfPage(
  db: Db,
  def: ListDefinition,
  fields: SelectedFields,
  ids: PgSelect,
  order: SQL[],
): PgSelect {
  return rowsSelect(db, def, fields)
    .where(inArray(def.id, ids))
    .orderBy(...order);
}

/**
 * A page's ids with the list's total (under TOTAL), the matches read once when they are few.
 * The total's capped read keeps its rows (`matched`, with the columns pages are ordered by): up
 * to the cap the page is taken from them, beyond it from the table along its order index. A
 * search that matches a few clients, or a surname within a month, read its matches twice, for
 * the total and for the page, and the trigram index read was most of the statement's cost.
 * Nothing matched: no page is looked for (filters that are each common but never meet would
 * otherwise walk the whole list for it). `page` adds the page's own conditions (cursor, half),
 * order, LIMIT and OFFSET to a select of the table, or of `matched` under the table's name.
 */
function idsOfMatches(
  db: Db,
  def: ListDefinition,
  /** The matches the total counts, with these fields (`pageQueries`). */
  capped: (fields: SelectedFields) => PgSelect,
  where: SQL | undefined,
  order: SQL[],
  page: (select: PgSelect, conditions: (SQL | undefined)[]) => PgSelect,
): PgSelect {
  const orderColumns = [def.id, def.createdAt, def.timeline].filter(
    (column, i, all): column is PgColumn => !!column && all.indexOf(column) === i,
  );
  // A select of `matched` or of the union names the columns as SQL: drizzle checks that a
  // column field belongs to the table it selects from.
  const columns = Object.fromEntries(
    orderColumns.map((column) => [column.name, qualified(column)]),
  );
  const matched = db.$with('matched').as(capped(columns));
  const total = db
    .$with('page_total')
    .as(db.select({ n: sql<number>`count(*)::int`.as('n') }).from(matched));
  const counted = sql<number>`(select n from page_total)`;
  const table = sql.identifier(getTableName(def.table));
  const few = page(
    db
      .select(columns)
      .from(sql`matched as ${table}`)
      .$dynamic(),
    [sql`${counted} between 1 and ${COUNT_CAP}`],
  );
  const many = page(idsSelect(db, def, columns), [where, sql`${counted} > ${COUNT_CAP}`]);
  return db
    .with(matched, total)
    .select({ [ID]: qualified(def.id).mapWith(def.id), [TOTAL]: counted.mapWith(Number) })
    .from(sql`((${few}) union all (${many})) as ${table}`)
    .orderBy(...order)
    .$dynamic();
}

/** The page's ids (or these `fields`): the list's joins only when they may drop or repeat a row. */
function idsSelect(
  db: Db,
  def: ListDefinition,
  fields: SelectedFields = { [ID]: def.id },
): PgSelect {
  const select = db.select(fields).from(def.table).$dynamic();
  return def.join && def.joinsFilter !== false ? def.join(select) : select;
}

/** The key of a page's id in its ids statement (`idsSelect`). */
const ID = 'id';

/**
 * The rows of a page whose ids (and total) were read first, with the list's fields, in the ids'
 * order; the first row carries the total. A statement PostgreSQL plans for each request's
 * values (a search's words, a date range, the agenda's filters) selects the ids alone: with the
 * fields' subqueries it took longer to plan than to run (a client search planned in 1.9 ms, its
 * ids alone in 0.3 ms). The rows are read by one statement per list and database, prepared once
 * and kept: a primary-key read, planned once per connection.
 */
async function rowsOfIds(
  db: Db,
  def: ListDefinition,
  idRows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  if (idRows.length === 0) return [];
  const byShape = keptShapes(db, def);
  let statement = byShape.get(ROWS_SHAPE);
  if (!statement) {
    statement = rowsSelect(db, def, fieldsOfPage(def))
      .where(sql`${qualified(def.id)} = any(${sql.placeholder('ids')}::${idArrayType(def.id)})`)
      .prepare(`list_rows_${getTableName(def.table)}_${++preparedCount}`);
    byShape.set(ROWS_SHAPE, statement);
  }
  const ids = idRows.map((row) => row[ID]);
  const position = new Map(ids.map((id, i) => [id, i]));
  const rows = await statement.execute({ ids });
  rows.sort((a, b) => (position.get(a[def.id.name]) ?? 0) - (position.get(b[def.id.name]) ?? 0));
  if (rows[0]) rows[0][TOTAL] = idRows[0]?.[TOTAL];
  return rows;
}

/** The key of a list's rows statement among its kept shapes (`keptShapes`). */
const ROWS_SHAPE = 'rows';

/** The SQL array type of these ids. */
const idArrayType = (id: PgColumn) =>
  sql.raw(id.getSQLType().startsWith('big') ? 'bigint[]' : 'int[]');

/** A prepared ids statement (`idsSelect`) whose rows are then read by `rowsOfIds`. */
const idsFirst = (db: Db, def: ListDefinition, ids: PreparedPage): PreparedPage => ({
  execute: async (values) => rowsOfIds(db, def, await ids.execute(values)),
});

/**
 * A page's statements: the rows (with `fields`), the total they carry and the matching rows the
 * total counts, their values bound by `bind`.
 */
function pageQueries(
  db: Db,
  def: ListDefinition,
  query: ListQuery,
  extra: (SQL | undefined)[],
  cursor: Cursor | undefined,
  bind: Bind,
  /** The page size written into the statement, in place of a parameter. */
  limit?: SQL,
) {
  const where = and(...commonConditions(def, query, bind), ...extra);
  const joined = (select: PgSelect) => (def.join ? def.join(select) : select);

  // A new builder each time: drizzle's `limit` changes the builder it is called on, and the
  // planner's estimate must see the matching rows without the count's cap.
  const matchingRows = (fields: SelectedFields = { one: sql`1` }) => {
    const counted = db.select(fields).from(def.table).$dynamic();
    return (def.joinsFilter === false ? counted : joined(counted)).where(where);
  };
  const matching = matchingRows();
  // With registration days, the capped count reads the matches newest first, along the
  // order index, up to the cap (or sorts the few): rows are stored in registration order, and
  // an unordered LIMIT, planned as if matches were spread evenly, was read by a sequential scan
  // from the oldest rows, which the range filters out (a common surname in the last 12 months:
  // 50,000 rows read for 201). Without days, any first matches count: a join's first ones.
  const capped = (fields?: SelectedFields) =>
    (query.ficial || query.final
      ? matchingRows(fields).orderBy(desc(def.createdAt), desc(def.id))
      : matchingRows(fields)
    ).limit(COUNT_CAP + 1);
  // Filtered by status alone, a status-counted table knows its exact total at any size.
  const totalSql = statusOnly(def, query, extra)
    ? statusTotalSql(def, query, bind)
    : sql<number>`(select count(*)::int from (${capped()}) as capped)`;

  const order = [desc(def.createdAt), desc(def.id)];
  /** The page's cursor, order, LIMIT and OFFSET on `select`, with these `conditions`. */
  const onPage = (select: PgSelect, conditions: (SQL | undefined)[]) => {
    const ordered = select
      .where(
        and(
          ...conditions,
          cursor
            ? sql`(${def.createdAt}, ${def.id}) < (${bind('at')}::timestamptz, ${bind('id')})`
            : undefined,
        ),
      )
      .orderBy(...order)
      // drizzle writes an SQL object given as the limit into the statement as it is.
      .limit(limit ? (limit as unknown as number) : (bind('limit') as number));
    // OFFSET 0 is left out of the statement (as drizzle leaves it out of a literal 0).
    return cursor || query.page === 1 ? ordered : ordered.offset(bind('offset') as number);
  };
  /** The page's rows with the list's fields and their total, in one statement. */
  const rowsQuery = () =>
    rowsOfPage(
      db,
      def,
      { ...fieldsOfPage(def), [TOTAL]: totalSql.mapWith(Number) },
      onPage(idsSelect(db, def), [where]),
      order,
    );
  /** The page's ids with their total (under TOTAL), for `rowsOfIds`. */
  const idsQuery = () =>
    statusOnly(def, query, extra)
      ? onPage(idsSelect(db, def, { [ID]: def.id, [TOTAL]: totalSql.mapWith(Number) }), [where])
      : idsOfMatches(db, def, capped, where, order, onPage);
  return { matching, capped, totalSql, rowsQuery, idsQuery };
}

/** At most this many prepared shapes per list and database (see `preparedPage`). */
const MAX_PREPARED_SHAPES = 64;

interface PreparedPage {
  execute(values: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}

/**
 * The page-and-total statements of a list, prepared once per database, list and shape (which
 * filters are set, how many words the search has, cursor or not, first page or not) and kept:
 * a page without extra filters runs one of them with its values, and drizzle does not build
 * its SQL again. Without a search PostgreSQL does not parse it again either (a named
 * statement). A search's statement is sent unnamed, so PostgreSQL plans it for its words each
 * time: a generic plan of `LIKE $1` cannot see how rare the word is. Such a statement (and a
 * date range's, also planned each time) selects the page's ids alone (`rowsOfIds`).
 */
const preparedPages = new WeakMap<Db, WeakMap<ListDefinition, Map<string, PreparedPage>>>();
let preparedCount = 0;

/** The statements kept for a list on a database, by shape. */
function keptShapes(db: Db, def: ListDefinition): Map<string, PreparedPage> {
  let byDef = preparedPages.get(db);
  if (!byDef) preparedPages.set(db, (byDef = new WeakMap()));
  let byShape = byDef.get(def);
  if (!byShape) byDef.set(def, (byShape = new Map<string, PreparedPage>()));
  return byShape;
}

function preparedPage(
  db: Db,
  def: ListDefinition,
  query: ListQuery,
  cursor?: Cursor,
): PreparedPage | undefined {
  const byShape = keptShapes(db, def);
  // Without a date range the page size is written into the statement: PostgreSQL then plans
  // it once per connection (a generic plan, as cheap as each custom one), where a LIMIT
  // parameter makes the generic plan look costly and every execution is planned anew. A date
  // range keeps its custom plans: the rows a range matches vary too much for one plan.
  const dated = Boolean(query.ficial || query.final);
  const words = searchWords(query.search).length;
  const shape = [
    query.est !== undefined,
    Boolean(query.ficial),
    Boolean(query.final),
    Boolean(cursor),
    !cursor && query.page > 1,
  ]
    .map(Number)
    .join('')
    .concat(dated ? '' : `:${query.per_page}`, `/${words}`);
  let prepared = byShape.get(shape);
  // Each statement holds a plan in every connection: odd page sizes past the bound are built
  // per request instead.
  if (!prepared && byShape.size < MAX_PREPARED_SHAPES) {
    const limit = dated ? undefined : sql.raw(String(query.per_page));
    const { rowsQuery, idsQuery } = pageQueries(db, def, query, [], cursor, placeholder, limit);
    // Statement names are per connection, and one connection may serve several databases'
    // objects (tests): a counter keeps every name to one text. No name: an unnamed statement.
    const name = words ? '' : `list_${getTableName(def.table)}_${++preparedCount}`;
    // Planned on each execution (a search, a date range): the ids first (`rowsOfIds`).
    prepared =
      words || dated ? idsFirst(db, def, idsQuery().prepare(name)) : rowsQuery().prepare(name);
    byShape.set(shape, prepared);
  }
  return prepared;
}

/** A prepared page's values: timestamps as ISO text, as drizzle would send them. */
const preparedValues = (values: PageValues): Record<string, unknown> => ({
  ...values,
  ficial: values.ficial instanceof Date ? values.ficial.toISOString() : values.ficial,
  final: values.final instanceof Date ? values.final.toISOString() : values.final,
  split: values.split instanceof Date ? values.split.toISOString() : values.split,
});

/** A timeline's two halves: from today's start on (0), and before it (1). */
type Half = 0 | 1;
interface TimelineCursor extends Cursor {
  half: Half;
}

const TIMELINE_CURSOR = 't';

function encodeTimelineCursor(row: Record<string, unknown>, def: ListDefinition, half: Half) {
  const at = row[def.timeline!.name];
  const id = row[def.id.name];
  if (!(at instanceof Date) || typeof id !== 'number') return null;
  const text = `${TIMELINE_CURSOR}|${half}|${at.toISOString()}|${id}`;
  return Buffer.from(text).toString('base64url');
}

function decodeTimelineCursor(value: string): TimelineCursor {
  const [mark, half, ...rest] = Buffer.from(value, 'base64url').toString().split('|');
  if (mark !== TIMELINE_CURSOR || (half !== '0' && half !== '1')) {
    throw invalid('after', 'Cursor de paginación inválido');
  }
  return { ...parseCursor(rest.join('|')), half: half === '0' ? 0 : 1 };
}

/** What a timeline's page asks of one half: its rows from `offset` on, at most `limit`. */
interface HalfRead {
  half: Half;
  offset: number;
  limit: number;
  /** The keyset: the rows after this one, in the half's order. */
  from?: Cursor;
  /** The list's total with the rows: until a half read has found some. */
  total: boolean;
}

/**
 * The statements of one half of a timeline page, with the list's total if asked: its ids on the
 * column's index in the half's order (today's start on, soonest first; before it, latest first),
 * then their fields in the same statement (`rowsQuery`), or the ids alone (`idsQuery`).
 */
function timelineHalf(
  db: Db,
  def: ListDefinition,
  query: ListQuery,
  extra: (SQL | undefined)[],
  bind: Bind,
  { half, offset, from, total }: Omit<HalfRead, 'limit'>,
  /** The page size written into the statement, in place of a parameter. */
  limit?: SQL,
) {
  const column = def.timeline!;
  const where = and(...commonConditions(def, query, bind), ...extra);
  const order = half === 0 ? [asc(column), asc(def.id)] : [desc(column), desc(def.id)];
  const keyset = sql`(${column}, ${def.id})`;
  const after = sql`(${bind('at')}::timestamptz, ${bind('id')})`;
  const onHalf = (select: PgSelect, conditions: (SQL | undefined)[]) => {
    const ids = select
      .where(
        and(
          ...conditions,
          half === 0 ? gte(column, bind('split')) : lt(column, bind('split')),
          from ? (half === 0 ? sql`${keyset} > ${after}` : sql`${keyset} < ${after}`) : undefined,
        ),
      )
      .orderBy(...order)
      // drizzle writes an SQL object given as the limit into the statement as it is.
      .limit(limit ? (limit as unknown as number) : (bind('limit') as number));
    return offset ? ids.offset(bind('offset') as number) : ids;
  };
  const queries = total ? pageQueries(db, def, query, extra, undefined, bind) : undefined;
  const counted: SelectedFields = queries ? { [TOTAL]: queries.totalSql.mapWith(Number) } : {};
  return {
    /** The half's rows with the list's fields (and the total), in one statement. */
    rowsQuery: () =>
      rowsOfPage(
        db,
        def,
        { ...fieldsOfPage(def), ...counted },
        onHalf(idsSelect(db, def), [where]),
        order,
      ),
    /** The half's ids (and the total), for `rowsOfIds`. */
    idsQuery: () =>
      queries
        ? idsOfMatches(db, def, queries.capped, where, order, onHalf)
        : onHalf(idsSelect(db, def), [where]),
  };
}

/**
 * A timeline half's statement for a page of the list's size without extra filters or search,
 * prepared once per database, list and shape and kept, as `preparedPage` keeps a list's.
 */
function preparedHalf(
  db: Db,
  def: ListDefinition,
  query: ListQuery,
  read: HalfRead,
): PreparedPage | undefined {
  if ((def.search && query.search) || read.limit !== query.per_page) return undefined;
  const byShape = keptShapes(db, def);
  const dated = Boolean(query.ficial || query.final);
  const shape = [
    read.half,
    query.est !== undefined,
    Boolean(query.ficial),
    Boolean(query.final),
    Boolean(read.from),
    read.offset > 0,
    read.total,
  ]
    .map(Number)
    .join('')
    .concat(dated ? '' : `:${query.per_page}`);
  let prepared = byShape.get(`t${shape}`);
  if (!prepared && byShape.size < MAX_PREPARED_SHAPES) {
    const limit = dated ? undefined : sql.raw(String(query.per_page));
    const name = `list_${getTableName(def.table)}_${++preparedCount}`;
    const { rowsQuery, idsQuery } = timelineHalf(db, def, query, [], placeholder, read, limit);
    // A date range is planned on each execution: the ids first (`rowsOfIds`).
    prepared = dated ? idsFirst(db, def, idsQuery().prepare(name)) : rowsQuery().prepare(name);
    byShape.set(`t${shape}`, prepared);
  }
  return prepared;
}

/**
 * A timeline list's page: each half is read on the column's index in its own order, so a page
 * costs its rows (plus the OFFSET of numbered pages, bounded by MAX_LIST_OFFSET) however many
 * visits the list holds. The later half is read only when the first runs out on this page.
 * `skippedUpcoming(offset)` counts the upcoming rows, up to `offset`.
 */
async function timelineRows(
  query: ListQuery,
  after: TimelineCursor | undefined,
  read: (half: HalfRead) => Promise<Record<string, unknown>[]>,
  skippedUpcoming: (offset: number) => Promise<number>,
): Promise<{ row: Record<string, unknown>; half: Half }[]> {
  const size = query.per_page;
  if (after?.half === 1) {
    const rows = await read({ half: 1, offset: 0, limit: size, from: after, total: true });
    return rows.map((row) => ({ row, half: 1 as const }));
  }
  const offset = after ? 0 : (query.page - 1) * size;
  const first = await read({ half: 0, offset, limit: size, from: after, total: true });
  const rows = first.map((row) => ({ row, half: 0 as const }));
  if (rows.length === size) return rows;
  // How many upcoming rows this page's OFFSET went past: all of them when it found none.
  const skipped = rows.length === 0 && offset > 0 ? await skippedUpcoming(offset) : offset;
  const rest = await read({
    half: 1,
    offset: rows.length ? 0 : offset - skipped,
    limit: size - rows.length,
    // The first half's rows carried it.
    total: rows.length === 0,
  });
  return [...rows, ...rest.map((row) => ({ row, half: 1 as const }))];
}

/**
 * One page of a list, newest first: OFFSET paging for the first pages, keyset paging with
 * `after` for deep ones, and a total that is exact up to COUNT_CAP.
 */
export async function listPage<T>(
  db: Db,
  def: ListDefinition,
  query: ListQuery,
  extra: (SQL | undefined)[] = [],
): Promise<Page<T>> {
  if (def.timeline) return timelinePage(db, def, query, extra);
  const cursor = query.after ? decodeCursor(query.after) : undefined;
  const values = pageValues(query, cursor);
  const filtered = extra.some(Boolean);
  // Built on first use: a prepared page needs them only for its rarer follow-up queries.
  let built: ReturnType<typeof pageQueries> | undefined;
  const queries = () => (built ??= pageQueries(db, def, query, extra, cursor, literal(values)));

  const countOnly = async () =>
    Number(
      rowsOf<{ n: number | string }>(await db.execute(sql`select ${queries().totalSql} as n`))[0]
        ?.n ?? 0,
    );

  // A kept page without extra filters: one statement (or its ids first, when planned for each
  // request's values). Extra filters (the agenda's, over joined tables too) read the ids first,
  // counted first in their statement: no match, no page looked for.
  const prepared = filtered ? undefined : preparedPage(db, def, query, cursor);
  const rows: Record<string, unknown>[] = prepared
    ? await prepared.execute(preparedValues(values))
    : await rowsOfIds(db, def, await queries().idsQuery());
  const carried = rows[0]?.[TOTAL];
  for (const row of rows) delete row[TOTAL];
  const total =
    typeof carried === 'number'
      ? carried
      : // No row: nothing matches, unless the page lies beyond the last one.
        query.page === 1 && !cursor
        ? 0
        : await countOnly();
  const last = rows.at(-1);
  return pageAnswer(
    query,
    rows as T[],
    await shownTotal(db, def, query, extra, total, () => queries().matching),
    last && rows.length === query.per_page ? encodeCursor(last, def) : null,
  );
}

interface ShownTotal {
  total: number;
  estimated: boolean;
}

/**
 * Beyond the cap, a list gives the planner's estimate (a plan, no rows read); a text search
 * (`search`, `searchFilters`) says "more than" only: its estimate would be rough, and staff
 * refine a search, not page it.
 */
async function shownTotal(
  db: Db,
  def: ListDefinition,
  query: ListQuery,
  extra: (SQL | undefined)[],
  counted: number,
  matching: () => PgSelect,
): Promise<ShownTotal> {
  if (statusOnly(def, query, extra) || counted <= COUNT_CAP) {
    return { total: counted, estimated: false };
  }
  const searched =
    query.search || def.searchFilters?.some((key) => (query as Record<string, unknown>)[key]);
  const total = searched
    ? COUNT_CAP + 1
    : Math.max(COUNT_CAP + 1, await plannerEstimate(db, matching()));
  return { total, estimated: true };
}

function pageAnswer<T>(
  query: ListQuery,
  data: T[],
  { total, estimated }: ShownTotal,
  next_cursor: string | null,
): Page<T> {
  return {
    current_page: query.page,
    data,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total_is_estimate: estimated || undefined,
    next_cursor,
  };
}

/**
 * A page of a timeline list: its rows in timeline order, and the list's usual total, carried
 * by the first half read that finds rows. Without extra filters or a search each half's
 * statement is kept (`preparedHalf`).
 */
async function timelinePage<T>(
  db: Db,
  def: ListDefinition,
  query: ListQuery,
  extra: (SQL | undefined)[],
): Promise<Page<T>> {
  const after = query.after ? decodeTimelineCursor(query.after) : undefined;
  const split = limaDayStart(limaToday());
  const values: PageValues = { ...pageValues(query), split };
  let built: ReturnType<typeof pageQueries> | undefined;
  const queries = () => (built ??= pageQueries(db, def, query, extra, undefined, literal(values)));
  let carried: unknown;
  const read = async (half: HalfRead) => {
    const halfValues: PageValues = {
      ...values,
      offset: half.offset,
      limit: half.limit,
      at: half.from?.at,
      id: half.from?.id,
    };
    const prepared = extra.some(Boolean) ? undefined : preparedHalf(db, def, query, half);
    const rows = prepared
      ? await prepared.execute(preparedValues(halfValues))
      : await rowsOfIds(
          db,
          def,
          await timelineHalf(db, def, query, extra, literal(halfValues), half).idsQuery(),
        );
    carried ??= rows[0]?.[TOTAL];
    for (const row of rows) delete row[TOTAL];
    return rows;
  };
  const skippedUpcoming = async (offset: number) => {
    const counted = db
      .select({ one: sql`1` })
      .from(def.table)
      .$dynamic();
    const where = and(...commonConditions(def, query), ...extra);
    const bounded = (def.join ? def.join(counted) : counted)
      .where(and(where, gte(def.timeline!, split)))
      .limit(offset);
    const [{ n }] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*)::int as n from (${bounded}) as upcoming`),
    );
    return Number(n);
  };
  const rows = await timelineRows(query, after, read, skippedUpcoming);
  const counted =
    typeof carried === 'number'
      ? carried
      : Number(
          rowsOf<{ n: number | string }>(
            await db.execute(sql`select ${queries().totalSql} as n`),
          )[0]?.n ?? 0,
        );
  const last = rows.at(-1);
  return pageAnswer(
    query,
    rows.map(({ row }) => row as T),
    await shownTotal(db, def, query, extra, counted, () => queries().matching),
    last && rows.length === query.per_page ? encodeTimelineCursor(last.row, def, last.half) : null,
  );
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
function statusTotalSql(def: ListDefinition, query: ListQuery, bind: Bind): SQL<number> {
  return sql<number>`(select coalesce(sum(${statusCounts.total}), 0)::int from ${statusCounts} where ${and(
    eq(statusCounts.table_name, getTableName(def.table)),
    statusCondition(statusCounts.id_est, def, query, bind),
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
