import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * Excel workbooks (api §exports), streamed: each row is written to the zip as it comes, so a
 * sheet of any length takes bounded memory. A text cell stays text (never a formula, whatever
 * it starts with); money columns are numbers shown as soles.
 */

export type XlsxCell = string | number | Date | null | undefined;

export interface XlsxSheet {
  name: string;
  header: readonly string[];
  rows: AsyncIterable<readonly XlsxCell[]> | Iterable<readonly XlsxCell[]>;
  /** Columns (0-based) holding soles: written as numbers with the S/. format. */
  money?: readonly number[];
  /** Columns of days and of Lima times, their cells Dates of the wall clock. */
  days?: readonly number[];
  times?: readonly number[];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SOLES_FORMAT = '"S/. "#,##0.00';
const DAY_FORMAT = 'dd/mm/yyyy';
const TIME_FORMAT = 'dd/mm/yyyy hh:mm';

const formatOf = (sheet: XlsxSheet, index: number) =>
  sheet.money?.includes(index)
    ? SOLES_FORMAT
    : sheet.days?.includes(index)
      ? DAY_FORMAT
      : sheet.times?.includes(index)
        ? TIME_FORMAT
        : undefined;

async function writeWorkbook(stream: PassThrough, sheets: readonly XlsxSheet[]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.columns = sheet.header.map((header, index) => ({
      header,
      width: Math.max(sheet.times?.includes(index) ? 18 : 12, header.length + 4),
      style: formatOf(sheet, index) ? { numFmt: formatOf(sheet, index) } : {},
    }));
    worksheet.getRow(1).font = { bold: true };
    for await (const row of sheet.rows) {
      const cells = row.map((cell, index) =>
        sheet.money?.includes(index) && typeof cell === 'string' ? Number(cell) : (cell ?? null),
      );
      worksheet.addRow(cells).commit();
    }
    worksheet.commit();
  }
  await workbook.commit();
}

/** Sends `sheets` as an .xlsx download named `filename`. */
export function sendXlsx(reply: FastifyReply, filename: string, sheets: readonly XlsxSheet[]) {
  const stream = new PassThrough();
  writeWorkbook(stream, sheets).catch((error: unknown) => {
    reply.log.error(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
