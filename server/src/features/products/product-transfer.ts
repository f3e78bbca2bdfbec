import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  exportQueryOf,
  PRODUCT_CATEGORIES,
  PRODUCT_FILE_COLUMNS,
  PRODUCT_IMPORT_MESSAGES,
  PRODUCT_ENDPOINTS,
  ProductInputSchema,
  ProductListQuerySchema,
  STOCK_MESSAGES,
  limaToday,
  productsResource,
  type ProductImport,
  type ProductImportRow,
  type ProductInput,
} from '@app/domain';
import { actorOf, recordAudit } from '../../audit/record';
import { commonConditions } from '../../crud/list';
import type { Db, Tx } from '../../db/client';
import { products, stockMovements } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { sendCsv, type CsvCell } from '../../http/csv';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError, invalid, zodIssuesToErrors, type FieldErrors } from '../../http/errors';
import { holdHeavySlot } from '../../http/heavy-work';
import { MULTIPART_LIMITS, readMultipart } from '../../http/uploads';
import {
  batchesOf,
  foldHeader,
  readTableFile,
  rowErrors,
  type TableRow,
} from '../../http/table-file';
import { sendXlsx } from '../../http/xlsx';
import { productFilters, productList } from './products';

/**
 * The product catalogue to and from a file (decisions §products, api §exports): `GET
 * /productos/export` writes what the list's filters select as CSV or xlsx, and `POST
 * /productos/importar` reads such a file back: a preview of every row with its errors, then,
 * confirmed, all rows in one transaction or none. Stock changes only with its movement, under the
 * product's lock, as products.ts `moveStock` changes it (`importRows` does the same a batch at a
 * time).
 */

const T = PRODUCT_IMPORT_MESSAGES;

type Column = (typeof PRODUCT_FILE_COLUMNS)[number];

/** The header the export writes; the import also takes the keys of PRODUCT_FILE_COLUMNS. */
const HEADERS: Record<Column, string> = {
  sku: 'SKU',
  nombre: 'Nombre',
  categoria: 'Categoría',
  precio: 'Precio',
  costo: 'Costo',
  stock_min: 'Stock mínimo',
  stock: 'Stock',
};

/**
 * Columns a file must have. `stock` may be left out, as may any of its cells: a new product
 * then starts with none, an existing one keeps what it has.
 */
const REQUIRED: readonly Column[] = PRODUCT_FILE_COLUMNS.filter((c) => c !== 'stock');

/** The most product rows one file may carry (PRODUCT_IMPORT_MESSAGES.tooManyRows). */
export const MAX_IMPORT_ROWS = 5000;

/** Why an import moved the stock of a product it updated. */
export const IMPORT_STOCK_REASON = 'Importación de catálogo';

const FILE_FIELD = 'archivo';
const FILE_TOO_LARGE = `El archivo no puede superar los ${MULTIPART_LIMITS.fileSize / 1024 / 1024} MB`;

/**
 * `GET /productos/export`: the list's filters and the format; paging is ignored. The same
 * schema as the query of `productsResource.endpoints.export`, which validates the request.
 */
export const ProductExportQuerySchema = exportQueryOf(ProductListQuerySchema);
type ProductExportQuery = z.infer<typeof ProductExportQuerySchema>;

/* Export */

const exportFields = {
  sku: products.sku,
  nom_prod: products.nom_prod,
  categoria: products.categoria,
  precio: products.precio,
  costo: products.costo,
  stock_min: products.stock_min,
  stock: products.stock,
};
type ExportRow = Pick<typeof products.$inferSelect, keyof typeof exportFields>;

/** Rows read per query of an export: a keyset walk, never the whole catalogue in memory. */
const EXPORT_BATCH = 500;

/** Every product the filters select, by SKU (the file's key), in keyset batches. */
async function* productsOf(db: Db, query: ProductExportQuery): AsyncGenerator<ExportRow> {
  const where = [...commonConditions(productList, query), ...productFilters(query)];
  let last: string | undefined;
  for (;;) {
    const batch = await db
      .select(exportFields)
      .from(products)
      .where(and(...where, last === undefined ? undefined : gt(products.sku, last)))
      .orderBy(asc(products.sku))
      .limit(EXPORT_BATCH);
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    last = batch.at(-1)?.sku;
  }
}

const fileRow = (p: ExportRow): CsvCell[] => [
  p.sku,
  p.nom_prod,
  p.categoria,
  p.precio,
  p.costo,
  p.stock_min,
  p.stock,
];

/** The filters an export was asked with, for its entry in the log. */
function filterText({ search, est, categoria, bajo_stock, ficial, final }: ProductExportQuery) {
  const set = Object.entries({ search, est, categoria, bajo_stock, ficial, final }).filter(
    ([, value]) => value !== undefined,
  );
  return set.map(([name, value]) => `${name}=${String(value)}`).join(', ') || 'sin filtros';
}

/* Reading a file */

const refuse = (message: string) => invalid(FILE_FIELD, message);

const HEADER_NAMES = new Map<string, Column>(
  PRODUCT_FILE_COLUMNS.flatMap((column) => [
    [foldHeader(column), column] as const,
    [foldHeader(HEADERS[column]), column] as const,
  ]),
);

const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');

const CATEGORY_NAMES = new Map<string, string>(PRODUCT_CATEGORIES.map((c) => [foldText(c), c]));

/** A category as typed ('higiene y cuidado', 'SALUD') as the list has it; else as it came. */
const categoryOf = (text: string) => CATEGORY_NAMES.get(foldText(text)) ?? text;

/**
 * The file's rows by column, checked as a file (its type by its bytes, its header, its size);
 * the rows themselves are checked by `analyse`.
 */
async function readFile(
  bytes: Buffer,
): Promise<{ columns: Map<Column, number>; rows: TableRow[] }> {
  const sheet = await readTableFile(bytes, { maxRows: MAX_IMPORT_ROWS, refuse, messages: T });
  const { rows } = sheet;
  const columns = new Map<Column, number>();
  sheet.header.forEach((text, index) => {
    const column = HEADER_NAMES.get(foldHeader(text));
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const missing = REQUIRED.filter((column) => !columns.has(column));
  if (missing.length > 0) throw refuse(T.columnsMissing(missing.map((c) => HEADERS[c])));
  return { columns, rows };
}

/* Checking the rows */

const existingFields = { id_prod: products.id_prod, ...exportFields };
type Existing = Pick<typeof products.$inferSelect, keyof typeof existingFields>;

interface CheckedRow extends ProductImportRow {
  /** The row as the form would take it, when it has no error. */
  input?: ProductInput;
  existing?: Existing;
}

/**
 * The products with these SKUs; with `lock`, locked in id order (as `moveStocks` locks), so
 * an import and a sale never wait on each other in a circle, and their stock read stays true.
 */
async function existingProducts(executor: Db | Tx, skus: string[], lock: boolean) {
  if (skus.length === 0) return new Map<string, Existing>();
  const query = executor
    .select(existingFields)
    .from(products)
    .where(inArray(products.sku, skus))
    .orderBy(asc(products.id_prod));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.sku, row]));
}

/**
 * Every row checked as the form checks it (ProductInputSchema, its Spanish messages, keyed by
 * the file's columns), each SKU after its first in the file refused, and each told 'nuevo' or
 * 'actualizar' by whether its SKU exists.
 */
async function analyse(
  executor: Db | Tx,
  file: { columns: Map<Column, number>; rows: TableRow[] },
  lock: boolean,
): Promise<CheckedRow[]> {
  const seen = new Set<string>();
  const checked = file.rows.map(({ fila, cells }): CheckedRow => {
    const cell = (column: Column) => {
      const index = file.columns.get(column);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const stock = cell('stock');
    const result = ProductInputSchema.safeParse({
      sku: cell('sku'),
      nombre: cell('nombre'),
      categoria: categoryOf(cell('categoria')),
      precio: cell('precio'),
      costo: cell('costo'),
      stock_min: cell('stock_min'),
      stock_inicial: stock === '' ? undefined : stock,
    });
    const errores: FieldErrors = {};
    if (!result.success) {
      for (const [field, messages] of Object.entries(zodIssuesToErrors(result.error.issues))) {
        errores[field === 'stock_inicial' ? 'stock' : field] = messages;
      }
    }
    const sku = cell('sku').toUpperCase();
    if (sku !== '' && seen.has(sku)) (errores.sku ??= []).push(T.duplicateSku);
    seen.add(sku);
    const input = Object.keys(errores).length === 0 && result.success ? result.data : undefined;
    return { fila, sku, nombre: cell('nombre'), accion: 'nuevo', errores, input };
  });
  const skus = [...new Set(checked.map((row) => row.sku).filter(Boolean))];
  const existing = await existingProducts(executor, skus, lock);
  for (const row of checked) {
    row.existing = existing.get(row.sku);
    if (row.existing) row.accion = 'actualizar';
  }
  return checked;
}

function reportOf(rows: CheckedRow[], importadas: number): ProductImport {
  const filas = rows.map(({ fila, sku, nombre, accion, errores }) => ({
    fila,
    sku,
    nombre,
    accion,
    errores,
  }));
  const con_errores = filas.filter((row) => Object.keys(row.errores).length > 0).length;
  return { filas, validas: filas.length - con_errores, con_errores, importadas };
}

/* Importing */

const valuesOf = (input: ProductInput) => ({
  sku: input.sku,
  nom_prod: input.nombre,
  categoria: input.categoria,
  precio: input.precio,
  costo: input.costo,
  stock_min: input.stock_min,
});

/** Rows per statement: a few thousand parameters, far below PostgreSQL's 65535. */
const WRITE_BATCH = 500;

type Movement = Pick<
  typeof stockMovements.$inferInsert,
  'id_prod' | 'tipo' | 'cantidad' | 'stock' | 'motivo'
>;

interface Update {
  id_prod: number;
  values: ReturnType<typeof valuesOf>;
  stock: number;
}

const column = (c: PgColumn) => sql.identifier(c.name);

/** Several products' fields and stock in one statement. */
function updateProducts(tx: Tx, updates: Update[]) {
  const rows = updates.map(
    ({ id_prod, values: v, stock }) =>
      sql`(${id_prod}, ${v.nom_prod}, ${v.categoria}, ${v.precio}, ${v.costo}, ${v.stock_min}, ${stock})`,
  );
  return tx.execute(sql`
    update ${products} set
      ${column(products.nom_prod)} = v.nom_prod,
      ${column(products.categoria)} = v.categoria,
      ${column(products.precio)} = v.precio::numeric,
      ${column(products.costo)} = v.costo::numeric,
      ${column(products.stock_min)} = v.stock_min::int,
      ${column(products.stock)} = v.stock::int,
      ${column(products.updated_at)} = now()
    from (values ${sql.join(rows, sql`, `)})
      as v(id_prod, nom_prod, categoria, precio, costo, stock_min, stock)
    where ${products.id_prod} = v.id_prod::int`);
}

/**
 * Writes checked rows without errors, all in the caller's transaction. A product that exists
 * gets the file's fields, and the file's stock (where it gives one) with an 'ajuste' for the
 * difference from its stock as read under the lock `analyse` took; a new one is inserted with
 * its stock and an 'entrada' 'Stock inicial', the rows the register route leaves.
 *
 * What `moveStock` does row by row (lock, new stock, movement with who and why) is done here a
 * batch at a time: at three round trips per product, 5000 rows took 44 s on PGlite and 16 s on
 * PostgreSQL; so they take a few statements per 500. The locks are held from `analyse` on, a new
 * product is seen by no one before the commit, and no stock leaves 0..MAX_QUANTITY (the rows
 * were checked), so no move here could be refused as `moveStock` refuses one.
 */
async function importRows(tx: Tx, request: FastifyRequest, rows: CheckedRow[]) {
  const movements: Movement[] = [];
  const updates: Update[] = [];
  const fresh: ProductInput[] = [];
  let actualizados = 0;
  for (const { input, existing } of rows) {
    if (!input) continue;
    if (!existing) {
      fresh.push(input);
      continue;
    }
    actualizados += 1;
    const values = valuesOf(input);
    const stock = input.stock_inicial ?? existing.stock;
    const same =
      values.nom_prod === existing.nom_prod &&
      values.categoria === existing.categoria &&
      values.precio === existing.precio &&
      values.costo === existing.costo &&
      values.stock_min === existing.stock_min &&
      stock === existing.stock;
    if (same) continue;
    updates.push({ id_prod: existing.id_prod, values, stock });
    if (stock !== existing.stock) {
      const cantidad = stock - existing.stock;
      const motivo = IMPORT_STOCK_REASON;
      movements.push({ id_prod: existing.id_prod, tipo: 'ajuste', cantidad, stock, motivo });
    }
  }
  for (const batch of batchesOf(updates, WRITE_BATCH)) await updateProducts(tx, batch);
  for (const batch of batchesOf(fresh, WRITE_BATCH)) {
    const inserted = await tx
      .insert(products)
      .values(batch.map((input) => ({ ...valuesOf(input), stock: input.stock_inicial ?? 0 })))
      .returning({ id_prod: products.id_prod, stock: products.stock });
    for (const { id_prod, stock } of inserted) {
      if (stock > 0) {
        const motivo = STOCK_MESSAGES.initial;
        movements.push({ id_prod, tipo: 'entrada', cantidad: stock, stock, motivo });
      }
    }
  }
  const id_usu = sessionOf(request).userId;
  for (const batch of batchesOf(movements, WRITE_BATCH)) {
    await tx.insert(stockMovements).values(batch.map((movement) => ({ ...movement, id_usu })));
  }
  return { nuevos: fresh.length, actualizados, movimientos: movements.length };
}

const IMPORT_DESCRIPTION = `Importa el catálogo de productos desde un CSV (UTF-8 o Windows-1252, separado por «;» o «,») o un Excel (.xlsx, primera hoja), en multipart/form-data: el archivo en \`${FILE_FIELD}\` (hasta ${MAX_IMPORT_ROWS} filas; columnas ${PRODUCT_FILE_COLUMNS.join(', ')} o sus encabezados en español, sin importar mayúsculas ni tildes; \`stock\` es opcional) y \`confirmar\`.
Sin \`confirmar=true\`: 200 con la vista previa de cada fila (sus errores por columna, 'nuevo' o 'actualizar' según exista su SKU) y no cambia nada.
Con \`confirmar=true\` y ninguna fila con errores: importa todas en una transacción (un producto que existe se actualiza y su stock se ajusta al del archivo con un movimiento 'ajuste'; uno nuevo entra con un movimiento 'Stock inicial') y responde 200 con el mismo informe e \`importadas\`.
Con \`confirmar=true\` y alguna fila con errores: 422 sin importar ninguna, con los errores de las filas en \`errors\` bajo \`filas.<fila>.<columna>\` (\`fila\` es el número de fila del archivo, como en la vista previa: el encabezado es la 1).
Un archivo que falta, no es CSV ni xlsx, no se puede leer, no tiene las columnas o no tiene filas: 422 con \`errors.${FILE_FIELD}\`.`;

export const productTransferModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const exportEndpoint = productsResource.endpoints.export;
  if (!exportEndpoint) throw new Error('productsResource names exportFile: it has an export');
  route(app, exportEndpoint, async (request, reply) => {
    holdHeavySlot(request, reply, 'exportacion');
    // The resource's contract types its query loosely (any list's filters); it is this one.
    const query = request.query as ProductExportQuery;
    await recordAudit(db, {
      ...actorOf(request),
      accion: 'exportar',
      entidad: 'producto',
      detalle: `Catálogo de productos (${query.formato}): ${filterText(query)}`,
    });
    const header = PRODUCT_FILE_COLUMNS.map((column) => HEADERS[column]);
    const found = productsOf(db, query);
    // The first batch is read before the headers go: a failure there is still an error answer.
    const first = await found.next();
    async function* rows() {
      if (first.done) return;
      yield fileRow(first.value);
      for await (const product of found) yield fileRow(product);
    }
    const name = `productos-${limaToday()}.${query.formato}`;
    if (query.formato === 'xlsx') {
      return sendXlsx(reply, name, [{ name: 'Productos', header, rows: rows(), money: [3, 4] }]);
    }
    return sendCsv(reply, name, header, rows());
  });

  route(
    app,
    PRODUCT_ENDPOINTS.import,
    { schema: { description: IMPORT_DESCRIPTION, consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      holdHeavySlot(request, reply, 'importacion');
      const { fields, files } = await readMultipart(request, {
        fileFields: [FILE_FIELD],
        tooLarge: FILE_TOO_LARGE,
      });
      const bytes = files.get(FILE_FIELD);
      if (!bytes) throw refuse(T.fileRequired);
      const file = await readFile(bytes);
      if (fields.confirmar !== 'true' && fields.confirmar !== true) {
        return ok(reportOf(await analyse(db, file, false), 0), T.previewed);
      }
      const report = await db.transaction(async (tx) => {
        const rows = await analyse(tx, file, true);
        const checked = reportOf(rows, 0);
        if (checked.con_errores > 0) throw new HttpError(422, T.hasErrors, rowErrors(rows));
        const done = await importRows(tx, request, rows);
        await recordAudit(tx, {
          ...actorOf(request),
          accion: 'importar',
          entidad: 'producto',
          detalle: `Importación de catálogo: ${rows.length} filas, ${done.nuevos} nuevos, ${done.actualizados} actualizados, ${done.movimientos} movimientos de stock`,
        });
        return { ...checked, importadas: rows.length };
      });
      return ok(report, T.imported(report.importadas));
    },
  );
};
