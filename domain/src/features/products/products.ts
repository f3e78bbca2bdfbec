import { z } from 'zod';
import { isoDateTime, money } from '../../api';
import { IdParamSchema, ListQuerySchema } from '../../list-query';
import { defineResource } from '../../resource';
import { id, MONEY_MESSAGES, moneyAmount, requiredText } from '../../rules';

/**
 * Products and their stock (decisions §products): what a salon sells (shampoos, food, collars,
 * treats) and the consumables it must not run out of. Stock changes only through movements,
 * each with who, when, why and the stock it left, so the history explains every unit.
 */

export const PRODUCT_CATEGORIES = [
  'Higiene y cuidado',
  'Alimento',
  'Snacks',
  'Accesorios',
  'Salud',
  'Insumos',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The most units one movement or one sale line may carry, and the most a product may hold. */
export const MAX_QUANTITY = 99_999;

/** The biggest price or cost: numeric(10,2) would take more, a shop never needs it. */
const MAX_PRODUCT_CENTS = 9_999_999;

export const PRODUCT_MESSAGES = {
  skuRequired: 'El código (SKU) es requerido',
  skuFormat: 'El código solo admite letras, números y guiones (hasta 30 caracteres)',
  skuTaken: 'Ya existe un producto con ese código',
  nameRequired: 'El nombre es requerido',
  nameMin: 'El nombre debe tener al menos 3 caracteres',
  nameMax: 'El nombre no puede exceder los 100 caracteres',
  categoryInvalid: `Seleccione una categoría: ${PRODUCT_CATEGORIES.join(', ')}`,
  priceRequired: 'El precio es requerido',
  costRequired: 'El costo es requerido',
  moneyFormat: MONEY_MESSAGES.format,
  priceMin: 'El precio debe ser mayor a 0',
  costMin: 'El costo no puede ser negativo',
  moneyMax: MONEY_MESSAGES.max(MAX_PRODUCT_CENTS),
  stockMinInvalid: `El stock mínimo debe ser un número entero entre 0 y ${MAX_QUANTITY}`,
  initialStockInvalid: `El stock inicial debe ser un número entero entre 0 y ${MAX_QUANTITY}`,
  registered: '¡Producto registrado exitosamente!',
  updated: '¡Producto actualizado exitosamente!',
  status: 'Producto actualizado correctamente',
  notFound: 'Producto no encontrado',
  inUse:
    'No se puede eliminar el producto: tiene movimientos de stock. Puede suspenderlo o marcarlo como eliminado',
  statusErrorTitle: 'Error al cambiar el estado del producto',
  loadWarning: 'No se recibieron datos de los productos',
} as const;

const M = PRODUCT_MESSAGES;

/** A price or cost as typed (text or number), normalised to the numeric(10,2) text. */
const productMoney = (required: string, minCents: number, minMessage: string) =>
  moneyAmount(
    required,
    { cents: minCents, message: minMessage },
    { cents: MAX_PRODUCT_CENTS, message: M.moneyMax },
  );

/** A whole number of units from 0 (or `min`) to MAX_QUANTITY, typed as text or a number. */
export const units = (message: string, min = 0) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(MAX_QUANTITY, message),
  );

const SKU = /^[A-Za-z0-9-]{1,30}$/;

const productFields = {
  sku: requiredText(M.skuRequired)
    .regex(SKU, M.skuFormat)
    .transform((v) => v.toUpperCase()),
  nombre: requiredText(M.nameRequired).min(3, M.nameMin).max(100, M.nameMax),
  categoria: z.enum(PRODUCT_CATEGORIES, { error: M.categoryInvalid }),
  /** Sale price with IGV. */
  precio: productMoney(M.priceRequired, 1, M.priceMin),
  /** What a unit costs the business, for the margin. */
  costo: productMoney(M.costRequired, 0, M.costMin),
  stock_min: units(M.stockMinInvalid),
};

/** `POST /producto/register`: the stock it starts with goes in as its first movement. */
export const ProductInputSchema = z.object({
  ...productFields,
  stock_inicial: units(M.initialStockInvalid).optional(),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/** `PUT /producto`: stock is not edited here, only through movements. */
export const ProductUpdateSchema = z.object({ ...productFields, id: IdParamSchema.shape.id });
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

export const ProductSchema = z.strictObject({
  id_prod: z.number().int(),
  sku: z.string(),
  nom_prod: z.string(),
  categoria: z.enum(PRODUCT_CATEGORIES),
  precio: money,
  costo: money,
  stock: z.number().int(),
  stock_min: z.number().int(),
  id_est: z.number().int(),
  created_at: isoDateTime,
});
export type Product = z.infer<typeof ProductSchema>;

/** Stock at or below its minimum: the dashboard and the bell warn of it. */
export const isLowStock = (product: Pick<Product, 'stock' | 'stock_min'>) =>
  product.stock <= product.stock_min;

/** `GET /productos/`: the list query plus the category and low stock only. */
export const ProductListQuerySchema = ListQuerySchema.safeExtend({
  categoria: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(PRODUCT_CATEGORIES, { error: M.categoryInvalid }).optional(),
  ),
  bajo_stock: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v === 'true' || v === true),
    z.boolean().optional(),
  ),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const productsResource = defineResource({
  plural: 'productos',
  exportFile: 'productos',
  singular: 'producto',
  record: ProductSchema,
  access: { read: 'catalogo.leer', write: 'catalogo.escribir' },
  audit: 'producto',
  rowId: (p) => p.id_prod,
  toInput: (p): ProductInput => ({
    sku: p.sku,
    nombre: p.nom_prod,
    categoria: p.categoria,
    precio: p.precio,
    costo: p.costo,
    stock_min: p.stock_min,
  }),
  crud: {
    listQuery: ProductListQuerySchema,
    register: ProductInputSchema,
    update: ProductUpdateSchema,
    remove: true,
  },
});

/* Stock movements */

/** What moves stock: the staff's three by hand, and checkout's two. */
export const STOCK_MOVEMENT_KINDS = ['entrada', 'salida', 'ajuste', 'venta', 'anulacion'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const MANUAL_STOCK_MOVEMENTS = ['entrada', 'salida', 'ajuste'] as const;
export type ManualStockMovement = (typeof MANUAL_STOCK_MOVEMENTS)[number];

export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  entrada: 'Entrada (compra)',
  salida: 'Salida (uso interno)',
  ajuste: 'Ajuste (conteo)',
  venta: 'Venta',
  anulacion: 'Anulación de venta',
};

export const STOCK_MESSAGES = {
  kindInvalid: 'El tipo de movimiento debe ser entrada, salida o ajuste',
  quantityInvalid: `La cantidad debe ser un número entero entre 1 y ${MAX_QUANTITY}`,
  countedInvalid: `El stock contado debe ser un número entero entre 0 y ${MAX_QUANTITY}`,
  reasonRequired: 'El motivo es requerido',
  reasonMin: 'El motivo debe tener al menos 3 caracteres',
  reasonMax: 'El motivo no puede exceder los 200 caracteres',
  unchanged: 'El stock contado es igual al stock actual: no hay nada que ajustar',
  tooMuch: `El stock no puede superar las ${MAX_QUANTITY} unidades`,
  inactive: 'El producto no está activo',
  recorded: 'Movimiento de stock registrado',
  initial: 'Stock inicial',
} as const;

/** 'Stock insuficiente: quedan 3' (decisions §products). */
export const insufficientStock = (left: number) => `Stock insuficiente: quedan ${left}`;

/**
 * `POST /producto/movimiento`: an entrada or salida moves `cantidad` units; an ajuste sets the
 * stock to `cantidad`, the units counted, and records the difference.
 */
export const StockMovementInputSchema = z
  .object({
    id_prod: id(M.notFound),
    tipo: z.enum(MANUAL_STOCK_MOVEMENTS, { error: STOCK_MESSAGES.kindInvalid }),
    cantidad: units(STOCK_MESSAGES.countedInvalid),
    motivo: requiredText(STOCK_MESSAGES.reasonRequired)
      .min(3, STOCK_MESSAGES.reasonMin)
      .max(200, STOCK_MESSAGES.reasonMax),
  })
  .superRefine((movement, ctx) => {
    if (movement.tipo !== 'ajuste' && movement.cantidad < 1) {
      ctx.addIssue({ code: 'custom', path: ['cantidad'], message: STOCK_MESSAGES.quantityInvalid });
    }
  });
export type StockMovementInput = z.infer<typeof StockMovementInputSchema>;

export const StockMovementSchema = z.strictObject({
  id: z.number().int(),
  id_prod: z.number().int(),
  tipo: z.enum(STOCK_MOVEMENT_KINDS),
  /** Signed: what the movement added (+) or took (−). */
  cantidad: z.number().int(),
  /** The stock it left. */
  stock: z.number().int(),
  motivo: z.string(),
  id_venta: z.number().int().nullable(),
  comprobante: z.string().nullable(),
  usuario: z.string().nullable(),
  at: isoDateTime,
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const PRODUCT_PATHS = {
  movement: '/producto/movimiento',
  movements: '/producto/:id/movimientos',
  available: '/productos/disponibles',
} as const;

/** `GET /productos/disponibles`: active products with their stock, for checkout. */
export const AvailableProductSchema = ProductSchema.pick({
  id_prod: true,
  sku: true,
  nom_prod: true,
  precio: true,
  stock: true,
});
export type AvailableProduct = z.infer<typeof AvailableProductSchema>;

/* Import and export of the catalogue */

/** The columns of the catalogue's file, in order: what the export writes and the import reads. */
export const PRODUCT_FILE_COLUMNS = [
  'sku',
  'nombre',
  'categoria',
  'precio',
  'costo',
  'stock_min',
  'stock',
] as const;

export const PRODUCT_IMPORT_PATHS = {
  export: '/productos/export',
  import: '/productos/importar',
} as const;

export const PRODUCT_IMPORT_MESSAGES = {
  fileRequired: 'Adjunte un archivo CSV o Excel (.xlsx)',
  fileType: 'El archivo debe ser CSV o Excel (.xlsx)',
  fileUnreadable: 'No se pudo leer el archivo: revise que sea un CSV o un Excel válido',
  columnsMissing: (missing: string[]) => `Faltan las columnas: ${missing.join(', ')}`,
  empty: 'El archivo no tiene filas de productos',
  tooManyRows: 'El archivo no puede tener más de 5000 filas',
  duplicateSku: 'El código (SKU) se repite en el archivo',
  hasErrors: 'El archivo tiene filas con errores: no se importó ninguna',
  previewed: 'Revise la vista previa antes de importar',
  imported: (n: number) => `Se importaron ${n} productos`,
} as const;

/** One row of the file as the import read it, with its errors by column. */
export const ProductImportRowSchema = z.strictObject({
  /** The row's number in the file (the header is row 1). */
  fila: z.number().int(),
  sku: z.string(),
  nombre: z.string(),
  /** 'nuevo' creates the product; 'actualizar' changes the one with that SKU. */
  accion: z.enum(['nuevo', 'actualizar']),
  errores: z.record(z.string(), z.array(z.string())),
});
export type ProductImportRow = z.infer<typeof ProductImportRowSchema>;

/**
 * `POST /productos/importar` (multipart: `archivo`, and `confirmar` 'true' to import): the
 * preview of every row; with `confirmar`, all rows or none (422 with this same report).
 */
export const ProductImportSchema = z.strictObject({
  filas: z.array(ProductImportRowSchema),
  validas: z.number().int(),
  con_errores: z.number().int(),
  importadas: z.number().int(),
});
export type ProductImport = z.infer<typeof ProductImportSchema>;
