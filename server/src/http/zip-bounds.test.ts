import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, workbookBomb, zipOf } from '../test/zip-bomb';
import { measureZip } from './zip-bounds';

const MB = 1024 * 1024;
const bounds = { maxBytes: 48 * MB, maxItems: 100_000 };

describe('measuring a zip before reading it', () => {
  it('passes a real workbook', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Clientes');
    for (let row = 0; row < 200; row += 1) sheet.addRow([`Cliente ${row}`, row, 'Lince']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(measureZip(bytes, bounds)).toBe('ok');
  });

  it('passes a streamed workbook, whose sizes follow each entry (as our exports are)', async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream });
    const sheet = book.addWorksheet('Ventas');
    for (let row = 0; row < 200; row += 1) sheet.addRow([`Venta ${row}`, row]).commit();
    sheet.commit();
    await book.commit();
    expect(measureZip(Buffer.concat(chunks), bounds)).toBe('ok');
  });

  // How fast they are refused is the benchmark's to measure, never a timed test's (a loaded CI
  // machine failed one): these say what is refused.
  it('stops a 400 KB file that inflates to 400 MB while declaring 1 KB', () => {
    const bomb = workbookBomb(400, 1024);
    expect(bomb.length).toBeLessThan(450 * 1024);
    expect(measureZip(bomb, bounds)).toBe('too-large');
  });

  it('refuses an entry declaring more than the bound', () => {
    expect(measureZip(workbookBomb(400, 400 * MB), bounds)).toBe('too-large');
  });

  it('counts rows, cells and shared strings, also cut between two chunks', () => {
    const sheetOf = (rows: number) =>
      zipOf([
        {
          name: 'xl/worksheets/sheet1.xml',
          deflated: deflateRawSync(
            Buffer.from('<row r="1"><c r="A1"/><c r="B1"/></row>'.repeat(rows)),
          ),
          declaredSize: 0,
        },
      ]);
    // Three items a row: 33 333 rows are 99 999 items, one more row is over.
    expect(measureZip(sheetOf(33_333), bounds)).toBe('ok');
    expect(measureZip(sheetOf(33_334), bounds)).toBe('too-large');
  });

  it('tells a broken zip from a large one', () => {
    const cut = workbookBomb(1, 1024).subarray(0, 300);
    expect(measureZip(cut, bounds)).not.toBe('too-large');
    const garbage = zipOf([
      { name: 'a.xml', deflated: Buffer.from([0xff, 0xff]), declaredSize: 2 },
    ]);
    expect(measureZip(garbage, bounds)).toBe('unreadable');
    expect(
      measureZip(zipOf([{ name: 'z', deflated: deflatedZeros(1), declaredSize: 1 }]), bounds),
    ).toBe('ok');
  });
});
