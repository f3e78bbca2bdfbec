import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import Papa from 'papaparse';
import type { FieldErrors } from './errors';
import { measureZip } from './zip-bounds';

/**
 * Reading an uploaded table (decisions §imports): a CSV (UTF-8 or Windows-1252, `;` or `,`)
 * or the first sheet of an xlsx, as rows of text cells under a header. The file is checked as a
 * file here (its type by its bytes, its size once unpacked, its row count); its rows are the
 * caller's to check.
 */

export interface TableRow {
  /** The row's number in the file: the header is row 1. */
  fila: number;
  cells: string[];
}

export interface Table {
  header: string[];
  /** The rows that carry something: blank lines are dropped. */
  rows: TableRow[];
}

export interface TableFileOptions {
  /** The most rows (header aside) the file may carry. */
  maxRows: number;
  /** The error a refused file throws, told why (the caller names its field). */
  refuse(message: string): Error;
  messages: { fileType: string; fileUnreadable: string; empty: string; tooManyRows: string };
}

/** A header as written by anyone: no accents, case, units in brackets or spacing. */
export const foldHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\(.*?\)/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');

/**
 * The text of a CSV: UTF-8 (its BOM dropped), or Windows-1252 where the bytes are not UTF-8
 * (Excel's «CSV (delimitado por comas)» on Windows writes that).
 */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** What the exports' CSV guards against formulas (csv.ts `csvCell`) read back as typed. */
const csvText = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '');

/**
 * `;` (Excel in es-PE, our exports) or `,`: whichever the header line has more of. Papa's guess
 * reads every line and misses on a short file whose last line is blank.
 */
function separatorOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (separator: string) => header.split(separator).length;
  return count(',') > count(';') ? ',' : ';';
}

function readCsv(bytes: Buffer, { refuse, messages }: TableFileOptions): Table {
  if (bytes.includes(0)) throw refuse(messages.fileType);
  const text = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, {
    delimiter: separatorOf(text),
    skipEmptyLines: false,
  });
  // An unclosed quote swallows the rest of the file into one cell: nothing after it is a row.
  if (parsed.errors.some((error) => error.type === 'Quotes')) {
    throw refuse(messages.fileUnreadable);
  }
  const [header = [], ...records] = parsed.data;
  return {
    header,
    rows: records.map((cells, index) => ({ fila: index + 2, cells: cells.map(csvText) })),
  };
}

/** A cell of a workbook as text: numbers without float noise, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
  // A hyperlink (Excel makes one of a typed email): its text, itself maybe rich.
  if ('text' in value) return cellText(value.text);
  if ('error' in value) return value.error;
  return '';
}

/**
 * What a workbook may unpack to: 20 000 rows of long, all different texts are about 30 MB of XML
 * and 600 000 rows, cells and shared strings. A small zip that inflates to far more (a "zip
 * bomb") is refused while it is inflated, before a reader builds anything from it.
 */
const MAX_UNPACKED_BYTES = 48 * 1024 * 1024;
const ITEMS_PER_ROW = 60;
export const UNPACKED_TOO_LARGE =
  'El archivo ocupa demasiado al descomprimirlo: divídalo en archivos más pequeños';

async function readXlsx(bytes: Buffer, options: TableFileOptions): Promise<Table> {
  const { refuse, messages, maxRows } = options;
  const bounds = { maxBytes: MAX_UNPACKED_BYTES, maxItems: (maxRows + 1) * ITEMS_PER_ROW };
  const verdict = measureZip(bytes, bounds);
  if (verdict === 'too-large') throw refuse(UNPACKED_TOO_LARGE);
  if (verdict === 'unreadable') throw refuse(messages.fileUnreadable);
  const book = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer; it reads a Node Buffer as well.
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(messages.fileUnreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw refuse(messages.empty);
  if (sheet.actualRowCount > maxRows + 1) throw refuse(messages.tooManyRows);
  const cellsOf = (row: ExcelJS.Row) =>
    Array.from({ length: row.cellCount }, (_, index) => cellText(row.getCell(index + 1).value));
  const rows: TableRow[] = [];
  sheet.eachRow((row, fila) => {
    if (fila > 1) rows.push({ fila, cells: cellsOf(row) });
  });
  return { header: cellsOf(sheet.getRow(1)), rows };
}

/**
 * The file's header and its rows that carry something, or the file refused: neither CSV nor
 * xlsx, unreadable, without a row, or over `maxRows`.
 */
export async function readTableFile(bytes: Buffer, options: TableFileOptions): Promise<Table> {
  const { refuse, messages, maxRows } = options;
  const type = await fileTypeFromBuffer(bytes);
  // Text has no signature: anything file-type names but a workbook is neither CSV nor xlsx.
  if (type && type.ext !== 'xlsx') throw refuse(messages.fileType);
  const table = type ? await readXlsx(bytes, options) : readCsv(bytes, options);
  const rows = table.rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw refuse(messages.empty);
  if (rows.length > maxRows) throw refuse(messages.tooManyRows);
  return { header: table.header, rows };
}

/** The rows' errors as the error envelope carries them: `filas.<fila>.<columna>`. */
export function rowErrors(rows: readonly { fila: number; errores: FieldErrors }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const row of rows) {
    for (const [column, messages] of Object.entries(row.errores)) {
      errors[`filas.${row.fila}.${column}`] = messages;
    }
  }
  return errors;
}

/** `items` in slices of `size`, for multi-row inserts that stay under the parameter limit. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}
