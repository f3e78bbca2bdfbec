import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  limaToday,
  limaWallClock,
  type AuditEntity,
  type ExportFormat,
  type ListQuery,
} from '@app/domain';
import { actorOf, recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import { limaDateTimeText, sendCsv, type CsvCell } from '../http/csv';
import { holdHeavySlot } from '../http/heavy-work';
import { sendXlsx, type XlsxCell, type XlsxSheet } from '../http/xlsx';
import { commonConditions, rowsSelect, type ListDefinition } from './list';

/**
 * A list as a file (api §exports): what its filters select, every row, read from the database
 * in keyset batches and written as it is read, so an export of any length takes the memory of
 * one batch.
 */

/** How a cell is written: soles as numbers with the S/. format, days and Lima times as dates. */
export type ExportKind = 'text' | 'money' | 'day' | 'time';

type ExportValue = string | number | Date | null | undefined;

export interface ExportColumn<Row> {
  header: string;
  value(row: Row): ExportValue;
  /** 'money' takes numeric text ('45.00'); 'day' a `YYYY-MM-DD`; 'time' a Date or ISO text. */
  kind?: ExportKind;
}

export interface ExportDefinition<Row> {
  /** The sheet's name in the workbook. */
  sheet: string;
  columns: ExportColumn<Row>[];
}

/** The same export without its money columns, for who may not see money. */
export const withoutMoney = <Row>(def: ExportDefinition<Row>): ExportDefinition<Row> => ({
  ...def,
  columns: def.columns.filter((column) => column.kind !== 'money'),
});

/** Rows read per query: a few hundred rows of a list are well under a megabyte. */
export const EXPORT_BATCH = 500;

/**
 * Every row `def` lists under `query` and `extra`, newest first by the list's order time (the
 * visit's time for a timeline list), in batches of EXPORT_BATCH on the order index.
 */
export async function* listRows<Row>(
  db: Db,
  def: ListDefinition,
  query: ListQuery,
  extra: (SQL | undefined)[] = [],
): AsyncGenerator<Row> {
  const order = def.timeline ?? def.createdAt;
  const where = and(...commonConditions(def, query), ...extra);
  let last: { at: string; id: number } | undefined;
  for (;;) {
    const batch = await rowsSelect(db, def)
      .where(
        and(
          where,
          last ? sql`(${order}, ${def.id}) < (${last.at}::timestamptz, ${last.id})` : undefined,
        ),
      )
      .orderBy(desc(order), desc(def.id))
      .limit(EXPORT_BATCH);
    yield* batch as Row[];
    const end = batch.at(-1);
    if (batch.length < EXPORT_BATCH || !end) return;
    const at: unknown = end[order.name];
    last = {
      at: at instanceof Date ? at.toISOString() : String(at),
      id: Number(end[def.id.name]),
    };
  }
}

/** A `YYYY-MM-DD` day as staff read it: dd/mm/yyyy. */
export const dayText = (day: string) => day.slice(0, 10).split('-').reverse().join('/');

const asDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** A day as Excel keeps it: midnight of a zone-less date. */
const dayDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

function csvValue(kind: ExportKind | undefined, value: ExportValue) {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'day') return dayText(String(value));
  if (kind === 'time') return limaDateTimeText(asDate(value));
  return value instanceof Date ? limaDateTimeText(value) : value;
}

function xlsxValue(kind: ExportKind | undefined, value: ExportValue) {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'money') return Number(value);
  if (kind === 'day') return dayDate(String(value));
  // Excel's times have no zone: the Lima wall clock is written as it reads.
  if (kind === 'time' || value instanceof Date) return limaWallClock(asDate(value));
  return value;
}

const columnsOf = (columns: ExportColumn<never>[], kind: ExportKind) =>
  columns.flatMap((column, index) => (column.kind === kind ? [index] : []));

/** The filters an export was asked with, for its entry in the audit log. */
export function filterText(query: Record<string, unknown>): string {
  const ignored = new Set(['page', 'per_page', 'after', 'formato']);
  const set = Object.entries(query).filter(
    ([name, value]) => !ignored.has(name) && value !== undefined && value !== '',
  );
  return set.map(([name, value]) => `${name}=${String(value)}`).join(', ') || 'sin filtros';
}

export interface ExportRequest<Row> {
  format: ExportFormat;
  /** The file's name before its day: 'clientes' → clientes-2026-11-23.xlsx. */
  file: string;
  definition: ExportDefinition<Row>;
  rows: AsyncIterator<Row>;
  /** Recorded in the audit log (who took a copy of what). */
  audit: { entidad: AuditEntity; query: Record<string, unknown> };
}

/**
 * Sends `rows` as CSV (UTF-8 with BOM, `;`, dd/mm/yyyy) or xlsx. The first batch is read before
 * the headers go: a failure there is still an error answer, not a cut download.
 */
export async function sendExport<Row>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  { format, file, definition, rows, audit }: ExportRequest<Row>,
) {
  holdHeavySlot(request, reply, 'exportacion');
  const first = await rows.next();
  await recordAudit(db, {
    ...actorOf(request),
    accion: 'exportar',
    entidad: audit.entidad,
    detalle: `${definition.sheet} (${format}): ${filterText(audit.query)}`,
  });
  const columns = definition.columns as ExportColumn<never>[];
  async function* cells<C>(write: typeof csvValue | typeof xlsxValue): AsyncGenerator<C[]> {
    if (first.done) return;
    const line = (row: Row) => columns.map((c) => write(c.kind, c.value(row as never)) as C);
    yield line(first.value);
    for (let next = await rows.next(); !next.done; next = await rows.next()) {
      yield line(next.value);
    }
  }
  const header = columns.map((column) => column.header);
  const name = `${file}-${limaToday()}.${format}`;
  if (format === 'csv') return sendCsv(reply, name, header, cells<CsvCell>(csvValue));
  return sendXlsx(reply, name, [
    {
      name: definition.sheet,
      header,
      rows: cells<XlsxCell>(xlsxValue),
      money: columnsOf(columns, 'money'),
      days: columnsOf(columns, 'day'),
      times: columnsOf(columns, 'time'),
    },
  ]);
}

/** The tables one after another, each under its name, a blank line between them. */
async function* csvBlocks(tables: readonly XlsxSheet[]): AsyncGenerator<CsvCell[]> {
  for (const [index, table] of tables.entries()) {
    if (index > 0) yield [];
    yield [table.name];
    yield [...table.header];
    for await (const row of table.rows) {
      yield row.map((cell) => (cell instanceof Date ? limaDateTimeText(cell) : cell));
    }
  }
}

/**
 * A report's tables as a file: one sheet each in xlsx, one block each in CSV (its first line,
 * the first table's name, stands where a list has its header).
 */
export async function sendTables(
  reply: FastifyReply,
  format: ExportFormat,
  name: string,
  tables: readonly XlsxSheet[],
) {
  if (format === 'xlsx') return sendXlsx(reply, name, tables);
  const blocks = csvBlocks(tables);
  const title = await blocks.next();
  return sendCsv(reply, name, title.done ? [] : (title.value as string[]), blocks);
}
