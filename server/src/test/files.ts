import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { like } from 'drizzle-orm';
import type { App } from '../app';
import type { Db } from '../db/client';
import { storedFiles } from '../db/schema';

/** A file the API streams, fetched as the web does: with the session's Authorization. */
export const download = (app: App, token: string, url: string) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: token } });

/** The rows of an exported CSV (its BOM checked and dropped), the header first. */
export function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV has no byte order mark');
  return Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
}

/** A workbook the API sent, opened. */
export async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** An exported workbook's first sheet as plain values, the header first. */
export async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const book = await workbookOf(bytes);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The names of the uploads stored in the database that start with `prefix`, in order. */
export async function storedNames(db: Db, prefix = ''): Promise<string[]> {
  const rows = await db
    .select({ nombre: storedFiles.nombre })
    .from(storedFiles)
    .where(like(storedFiles.nombre, `${prefix}%`))
    .orderBy(storedFiles.nombre);
  return rows.map((row) => row.nombre);
}
