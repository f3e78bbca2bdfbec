import { asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_IMPORT_MESSAGES,
  PRODUCT_MESSAGES,
  STOCK_MESSAGES,
  limaToday,
  type ProductImport,
} from '@app/domain';
import { auditEntries, products, stockMovements } from '../../db/schema';
import { XLSX_TYPE } from '../../http/xlsx';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { gifImage, multipartBody, pngImage } from '../../test/images';
import { IMPORT_STOCK_REASON } from './product-transfer';
import { workbookOf } from '../../test/files';

const ctx = await setupTestApp();
const db = ctx.database.db;
const T = PRODUCT_IMPORT_MESSAGES;
let adminToken: string;
let groomerToken: string;
let recepcionToken: string;
let admin: ReturnType<typeof apiClient>;

const HEADER = 'SKU;Nombre;Categoría;Precio;Costo;Stock mínimo;Stock';

beforeAll(async () => {
  adminToken = await ctx.signIn();
  groomerToken = await ctx.signIn('groomer');
  recepcionToken = await ctx.signIn('recepcion');
  admin = apiClient(ctx.app, adminToken);
});

/** A product registered through the catalogue's form route. */
async function register(sku: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/producto/register', {
    sku,
    nombre: `Producto ${sku}`,
    categoria: 'Higiene y cuidado',
    precio: '45.90',
    costo: '20.00',
    stock_min: 5,
    stock_inicial: 10,
    ...extra,
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data.id_prod as number;
}

const productBySku = async (sku: string) =>
  (await db.select().from(products).where(eq(products.sku, sku)))[0];

const movementsOf = (id: number) =>
  db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.id_prod, id))
    .orderBy(asc(stockMovements.id));

const csv = (...lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');

interface Upload {
  bytes?: Buffer;
  filename?: string;
  type?: string;
  confirmar?: string;
  token?: string;
}

/** `POST /api/productos/importar` with the file as a browser sends it. */
async function upload({
  bytes,
  filename = 'productos.csv',
  type = 'text/csv',
  confirmar,
  token = adminToken,
}: Upload) {
  const { payload, contentType } = await multipartBody(
    confirmar === undefined ? {} : { confirmar },
    bytes ? [{ name: 'archivo', filename, type, bytes }] : [],
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/productos/importar',
    headers: { 'content-type': contentType, authorization: token },
    payload,
  });
  return {
    status: res.statusCode,
    body: res.json<{
      status: string;
      message: string;
      data: ProductImport;
      errors?: Record<string, string[]>;
    }>(),
  };
}

const download = (query: string, token = adminToken) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/productos/export?${query}`,
    headers: { authorization: token },
  });

/** The data lines of an exported CSV, without the BOM and the header. */
function csvLines(text: string) {
  expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
  return text.slice(1).split('\r\n').slice(1, -1);
}

/** An xlsx file with a header and rows, as a user's Excel would save it. */
async function xlsxFile(header: string[], rows: (string | number | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Catálogo');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const productCount = async () => (await db.select({ id: products.id_prod }).from(products)).length;
const movementCount = async () =>
  (await db.select({ id: stockMovements.id }).from(stockMovements)).length;

describe('GET /api/productos/export', () => {
  beforeAll(async () => {
    await register('EXP-001', { nombre: 'Shampoo avena', precio: '35.50', stock_inicial: 2 });
    await register('EXP-002', {
      nombre: '=HYPERLINK("x"); "Premium"',
      categoria: 'Snacks',
      stock_inicial: 40,
    });
    await register('EXP-003', { nombre: 'Collar rojo', categoria: 'Accesorios', stock_min: 0 });
  });

  it('writes every product the filters select as a CSV Excel opens in es-PE', async () => {
    const res = await download('formato=csv&search=exp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="productos-${limaToday()}.csv"`,
    );
    expect(csvLines(res.rawPayload.toString('utf8'))).toEqual([
      'EXP-001;Shampoo avena;Higiene y cuidado;35.50;20.00;5;2',
      `EXP-002;"'=HYPERLINK(""x""); ""Premium""";Snacks;45.90;20.00;5;40`,
      'EXP-003;Collar rojo;Accesorios;45.90;20.00;0;10',
    ]);
  });

  it('keeps to the category and low stock filters, and says who took the copy', async () => {
    const snacks = await download('formato=csv&search=exp&categoria=Snacks');
    expect(csvLines(snacks.rawPayload.toString('utf8'))).toHaveLength(1);
    const low = await download('formato=csv&search=exp&bajo_stock=true');
    expect(csvLines(low.rawPayload.toString('utf8')).map((l) => l.split(';')[0])).toEqual([
      'EXP-001',
    ]);
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.accion, 'exportar'))
      .orderBy(asc(auditEntries.id))
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({
      entidad: 'producto',
      id_usu: 1,
      detalle: 'Catálogo de productos (csv): search=exp, bajo_stock=true',
    });
  });

  it('writes an xlsx workbook with prices in soles, for every role that reads the catalogue', async () => {
    const res = await download('formato=xlsx&search=exp', groomerToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="productos-${limaToday()}.xlsx"`,
    );
    const sheet = (await workbookOf(res.rawPayload)).worksheets[0];
    expect(sheet.name).toBe('Productos');
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER.split(';')]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'EXP-001',
      'Shampoo avena',
      'Higiene y cuidado',
      35.5,
      20,
      5,
      2,
    ]);
    expect(sheet.getCell('D2').numFmt).toBe('"S/. "#,##0.00');
    expect(sheet.actualRowCount).toBe(4);
  });

  it('reads past one batch, by SKU', async () => {
    const many = Array.from(
      { length: 520 },
      (_, i) => `LOTE-${String(i).padStart(4, '0')};Producto de lote ${i};Insumos;2.00;1.00;0;0`,
    );
    expect((await upload({ bytes: csv(HEADER, ...many), confirmar: 'true' })).status).toBe(200);
    const res = await download('formato=csv&categoria=Insumos&search=lote');
    const lines = csvLines(res.rawPayload.toString('utf8'));
    expect(lines).toHaveLength(520);
    expect(lines[0].startsWith('LOTE-0000;')).toBe(true);
    expect(lines[519].startsWith('LOTE-0519;')).toBe(true);
  });

  it('refuses an unknown format', async () => {
    const res = await download('formato=pdf');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.formato).toEqual([
      'El formato debe ser csv o xlsx',
    ]);
  });
});

describe('POST /api/productos/importar: preview', () => {
  it('shows each row with its Spanish errors and changes nothing', async () => {
    const before = { products: await productCount(), movements: await movementCount() };
    const res = await upload({
      bytes: csv(
        HEADER,
        'PRV-001;Shampoo neutro;Higiene y cuidado;30.00;12.00;3;8',
        'prv-002;Yo;Golosinas;0;-1;2;x',
        'EXP-001;Shampoo avena;Higiene y cuidado;35.50;20.00;5;2',
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(T.previewed);
    expect(res.body.data).toEqual({
      filas: [
        { fila: 2, sku: 'PRV-001', nombre: 'Shampoo neutro', accion: 'nuevo', errores: {} },
        {
          fila: 3,
          sku: 'PRV-002',
          nombre: 'Yo',
          accion: 'nuevo',
          errores: {
            nombre: [PRODUCT_MESSAGES.nameMin],
            categoria: [PRODUCT_MESSAGES.categoryInvalid],
            precio: [PRODUCT_MESSAGES.priceMin],
            costo: [PRODUCT_MESSAGES.costMin],
            stock: [PRODUCT_MESSAGES.initialStockInvalid],
          },
        },
        { fila: 4, sku: 'EXP-001', nombre: 'Shampoo avena', accion: 'actualizar', errores: {} },
      ],
      validas: 2,
      con_errores: 1,
      importadas: 0,
    });
    expect(await productCount()).toBe(before.products);
    expect(await movementCount()).toBe(before.movements);
  });

  it('refuses to import when any row has errors (422), and nothing changes', async () => {
    const id = await register('ERR-001', { stock_inicial: 7 });
    const before = { products: await productCount(), movements: await movementCount() };
    const res = await upload({
      bytes: csv(
        HEADER,
        'ERR-001;Nombre nuevo;Salud;50.00;25.00;1;99',
        'ERR-002;Producto bueno;Salud;10.00;5.00;1;4',
        'ERR-003;Producto caro;Salud;100000;5.00;1;4',
      ),
      confirmar: 'true',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 'error',
      message: T.hasErrors,
      errors: { 'filas.4.precio': [PRODUCT_MESSAGES.moneyMax] },
    });
    expect(await productCount()).toBe(before.products);
    expect(await movementCount()).toBe(before.movements);
    expect(await productBySku('ERR-001')).toMatchObject({ nom_prod: 'Producto ERR-001', stock: 7 });
    expect(await movementsOf(id)).toHaveLength(1);
  });

  it('marks each repeat of a SKU in the file, the first one aside', async () => {
    const res = await upload({
      bytes: csv(
        HEADER,
        'DUP-001;Primero;Salud;10.00;5.00;1;1',
        'DUP-002;Otro;Salud;10.00;5.00;1;1',
        'dup-001;Segundo;Salud;10.00;5.00;1;1',
        ' DUP-001 ;Tercero;Salud;10.00;5.00;1;1',
      ),
    });
    expect(res.status).toBe(200);
    const errors = res.body.data.filas.map((row) => [row.fila, row.errores]);
    expect(errors).toEqual([
      [2, {}],
      [3, {}],
      [4, { sku: [T.duplicateSku] }],
      [5, { sku: [T.duplicateSku] }],
    ]);
    expect(res.body.data.con_errores).toBe(2);
  });
});

describe('POST /api/productos/importar: import', () => {
  it('creates and updates from a CSV separated by commas, stock moved by movements', async () => {
    const kept = await register('IMP-001', { stock_inicial: 10, precio: '20.00' });
    const counted = await register('IMP-002', { stock_inicial: 10 });
    const res = await upload({
      bytes: csv(
        'sku,nombre,categoria,precio,costo,stock_min,stock',
        'imp-001,Shampoo de coco 500 ml,Higiene y cuidado,22.5,10,3,10',
        'IMP-002,"Snack de pollo, 200 g",snacks,12.00,6.00,4,4',
        'IMP-003,Cepillo de cerdas,Accesorios,18.00,7.50,2,6',
        'IMP-004,Toallitas húmedas,Insumos,9.90,4.00,10,',
      ),
      confirmar: 'true',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(T.imported(4));
    expect(res.body.data).toMatchObject({ validas: 4, con_errores: 0, importadas: 4 });
    expect(res.body.data.filas.map((row) => row.accion)).toEqual([
      'actualizar',
      'actualizar',
      'nuevo',
      'nuevo',
    ]);

    // Updated fields, the same stock: no movement.
    expect(await productBySku('IMP-001')).toMatchObject({
      nom_prod: 'Shampoo de coco 500 ml',
      precio: '22.50',
      costo: '10.00',
      stock_min: 3,
      stock: 10,
    });
    expect(await movementsOf(kept)).toHaveLength(1);
    // A count that differs: an 'ajuste' to the file's stock.
    expect(await productBySku('IMP-002')).toMatchObject({
      nom_prod: 'Snack de pollo, 200 g',
      categoria: 'Snacks',
      stock: 4,
    });
    expect((await movementsOf(counted)).at(-1)).toMatchObject({
      tipo: 'ajuste',
      cantidad: -6,
      stock: 4,
      motivo: IMPORT_STOCK_REASON,
      id_usu: 1,
    });
    // New: its stock enters as the register route's 'Stock inicial'; none when the cell is blank.
    const brush = await productBySku('IMP-003');
    expect(brush).toMatchObject({ precio: '18.00', costo: '7.50', stock: 6, id_est: 1 });
    expect(await movementsOf(brush.id_prod)).toMatchObject([
      { tipo: 'entrada', cantidad: 6, stock: 6, motivo: STOCK_MESSAGES.initial },
    ]);
    const wipes = await productBySku('IMP-004');
    expect(wipes).toMatchObject({ nom_prod: 'Toallitas húmedas', stock: 0 });
    expect(await movementsOf(wipes.id_prod)).toEqual([]);

    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.accion, 'importar'))
      .orderBy(asc(auditEntries.id))
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({
      entidad: 'producto',
      id_usu: 1,
      detalle: 'Importación de catálogo: 4 filas, 2 nuevos, 2 actualizados, 2 movimientos de stock',
    });
  });

  it('imports an xlsx workbook with Spanish headers in any case and accents', async () => {
    await register('XLS-001', { stock_inicial: 3 });
    const bytes = await xlsxFile(
      ['sku', 'NOMBRE', 'Categoria', 'Precio (S/.)', 'costo', 'STOCK MINIMO', 'stock'],
      [
        ['XLS-001', 'Perfume canino', 'Higiene y cuidado', 39.9, 15, 2, 9],
        [
          'XLS-002',
          'Alimento senior 3 kg',
          'Alimento', // 89.89999999999999, as a formula's result may be.
          0.1 + 0.2 + 89.6,
          60,
          1,
          12,
        ],
        [null, null, null, null, null, null, null],
        ['XLS-003', 'Pipeta antipulgas', 'Salud', '28.00', '14.00', '0', null],
      ],
    );
    const res = await upload({
      bytes,
      filename: 'catalogo.xlsx',
      type: XLSX_TYPE,
      confirmar: 'true',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.filas.map((row) => [row.fila, row.accion])).toEqual([
      [2, 'actualizar'],
      [3, 'nuevo'],
      [5, 'nuevo'],
    ]);
    expect(await productBySku('XLS-001')).toMatchObject({ precio: '39.90', stock: 9 });
    expect(await productBySku('XLS-002')).toMatchObject({ precio: '89.90', stock: 12 });
    expect(await productBySku('XLS-003')).toMatchObject({
      nom_prod: 'Pipeta antipulgas',
      stock: 0,
    });
  });

  it('reads back its own export, both formats, as updates that change nothing', async () => {
    for (const formato of ['csv', 'xlsx']) {
      const file = await download(`formato=${formato}&search=exp`);
      const before = await movementCount();
      const res = await upload({ bytes: file.rawPayload, confirmar: 'true' });
      expect(res.status).toBe(200);
      expect(res.body.data.filas.map((row) => [row.sku, row.accion, row.errores])).toEqual([
        ['EXP-001', 'actualizar', {}],
        ['EXP-002', 'actualizar', {}],
        ['EXP-003', 'actualizar', {}],
      ]);
      expect(await movementCount()).toBe(before);
      expect((await productBySku('EXP-002'))?.nom_prod).toBe('=HYPERLINK("x"); "Premium"');
    }
  });

  it('reads a CSV that Excel saved in Windows-1252', async () => {
    const latin1 = Buffer.from(
      'SKU;Nombre;Categoría;Precio;Costo;Stock mínimo\r\nANS-001;Cepillo púas;Accesorios;15;5;1\r\n',
      'latin1',
    );
    expect(latin1.includes(0xed)).toBe(true);
    const res = await upload({ bytes: latin1 });
    expect(res.status).toBe(200);
    expect(res.body.data.filas).toEqual([
      { fila: 2, sku: 'ANS-001', nombre: 'Cepillo púas', accion: 'nuevo', errores: {} },
    ]);
  });

  it('imports the most rows a file may carry, in one go', async () => {
    const rows = Array.from(
      { length: 5000 },
      (_, i) =>
        `MAX-${String(i).padStart(5, '0')};Producto número ${i};Insumos;3.50;1.20;1;${i % 7}`,
    );
    const before = await movementCount();
    const res = await upload({ bytes: csv(HEADER, ...rows), confirmar: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.data.importadas).toBe(5000);
    expect(await movementCount()).toBe(before + rows.filter((_, i) => i % 7 > 0).length);
  }, 120_000);
});

describe('POST /api/productos/importar: files it refuses', () => {
  const refused = (res: Awaited<ReturnType<typeof upload>>, message: string) => {
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: 'error', message, errors: { archivo: [message] } });
  };

  it('refuses more than 5000 rows', async () => {
    const rows = Array.from(
      { length: 5001 },
      (_, i) => `TOO-${i};Producto ${i};Insumos;3.50;1.20;1;1`,
    );
    refused(await upload({ bytes: csv(HEADER, ...rows) }), T.tooManyRows);
  });

  it('refuses what is neither CSV nor xlsx, by its content', async () => {
    refused(await upload({ bytes: pngImage(), filename: 'productos.csv' }), T.fileType);
    refused(await upload({ bytes: gifImage(), filename: 'productos.xlsx' }), T.fileType);
    refused(
      await upload({ bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), type: 'application/pdf' }),
      T.fileType,
    );
    refused(await upload({ bytes: Buffer.from([0x53, 0x4b, 0x55, 0, 1, 2, 3]) }), T.fileType);
  });

  it('refuses a workbook it cannot read', async () => {
    const whole = await xlsxFile(HEADER.split(';'), [['BRK-1', 'Roto', 'Salud', 1, 1, 1, 1]]);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.8));
    refused(await upload({ bytes: cut, type: XLSX_TYPE }), T.fileUnreadable);
  });

  it('refuses a CSV with an unclosed quote', async () => {
    refused(
      await upload({
        bytes: csv(HEADER, 'Q-1;"Sin cerrar;Salud;1;1;1;1', 'Q-2;Otro;Salud;1;1;1;1'),
      }),
      T.fileUnreadable,
    );
  });

  it('names the columns a file lacks', async () => {
    refused(
      await upload({ bytes: csv('sku;nombre;categoría;stock', 'COL-1;Sin precio;Salud;1') }),
      T.columnsMissing(['Precio', 'Costo', 'Stock mínimo']),
    );
  });

  it('refuses a file without rows, or no file at all', async () => {
    refused(await upload({ bytes: csv(HEADER, ';;;;;;', '') }), T.empty);
    refused(await upload({ bytes: Buffer.from('\r\n\r\n') }), T.empty);
    refused(
      await upload({ bytes: await xlsxFile(HEADER.split(';'), []), type: XLSX_TYPE }),
      T.empty,
    );
    refused(await upload({}), T.fileRequired);
    refused(await upload({ bytes: Buffer.alloc(0) }), T.fileRequired);
  });

  it('is the admin’s: the front desk may not import', async () => {
    const res = await upload({
      bytes: csv(HEADER, 'REC-1;Producto;Salud;1;1;1;1'),
      confirmar: 'true',
      token: recepcionToken,
    });
    expect(res.status).toBe(403);
    expect(
      await db
        .select()
        .from(products)
        .where(inArray(products.sku, ['REC-1'])),
    ).toEqual([]);
  });
});
