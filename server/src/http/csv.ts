import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { limaWallClock } from '@app/domain';

/**
 * CSV as Excel opens it in es-PE (api §exports): UTF-8 with a byte order mark, `;` between
 * cells, CRLF between rows, dates `dd/mm/yyyy`. Streamed: rows are written as they are read.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
const CSV_NEWLINE = '\r\n';

export type CsvCell = string | number | null | undefined;

/**
 * A cell as text: quoted when it holds the separator, a quote or a line break (quotes doubled);
 * text Excel would take for a formula (`=`, `+`, `-`, `@` first) is prefixed with `'`, so a
 * client named `=HYPERLINK(...)` stays text. Numbers are written as they are.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]): string =>
  cells.map(csvCell).join(CSV_SEPARATOR) + CSV_NEWLINE;

/** `dd/mm/yyyy HH:mm:ss` in Lima (UTC−5 all year), whatever the zone of the machine. */
export function limaDateTimeText(at: Date): string {
  const iso = limaWallClock(at).toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

/**
 * Sends `rows` as a CSV download named `filename`: the BOM and the header first, then each row
 * as the iterable yields it. Headers are sent before the rows are read: a failure while reading
 * cuts the download short (the client sees it incomplete), so callers read what can fail
 * predictably (the first batch) before calling this.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
) {
  async function* lines() {
    yield CSV_BOM + csvLine(header);
    for await (const row of rows) yield csvLine(row);
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
