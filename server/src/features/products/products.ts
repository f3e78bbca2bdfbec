import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_QUANTITY,
  PRODUCT_MESSAGES,
  PRODUCT_ENDPOINTS,
  RECORD_STATUSES,
  STOCK_MESSAGES,
  Status,
  insufficientStock,
  productsResource,
  type AvailableProduct,
  type Product,
  type ProductInput,
  type ProductListQuery,
  type ProductUpdate,
  type StockMovement,
  type StockMovementKind,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import { listPage, type ListDefinition } from '../../crud/list';
import { findOne, resourceModule } from '../../crud/resource';
import { qualified } from '../../crud/sql';
import type { Db, Tx } from '../../db/client';
import { products, sales, stockMovements, users } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, describeUniqueIndex, invalid, type FieldErrors } from '../../http/errors';

/**
 * Products and stock (decisions §products). The stock of a product changes only in `moveStock`:
 * under the product row's lock, in the transaction of what moves it (a count, a purchase, a sale or
 * its void), with a movement that says who, when, why and what it left.
 */

const M = PRODUCT_MESSAGES;
const S = STOCK_MESSAGES;

describeUniqueIndex('productos_sku_key', 'sku', M.skuTaken);

export const productList: ListDefinition = {
  table: products,
  fields: {
    id_prod: products.id_prod,
    sku: products.sku,
    nom_prod: products.nom_prod,
    categoria: products.categoria,
    precio: products.precio,
    costo: products.costo,
    stock: products.stock,
    stock_min: products.stock_min,
    id_est: products.id_est,
    created_at: products.created_at,
  },
  id: products.id_prod,
  createdAt: products.created_at,
  status: products.id_est,
  search: [{ folded: products.search_text }],
  hiddenStatuses: [Status.Eliminado],
};

export const productFilters = (query: Record<string, unknown>): (SQL | undefined)[] => {
  const { categoria, bajo_stock } = query as ProductListQuery;
  return [
    categoria ? eq(products.categoria, categoria) : undefined,
    bajo_stock ? sql`${products.stock} <= ${products.stock_min}` : undefined,
  ];
};

const toValues = (input: ProductInput | ProductUpdate) =>
  Promise.resolve({
    sku: input.sku,
    nom_prod: input.nombre,
    categoria: input.categoria,
    precio: input.precio,
    costo: input.costo,
    stock_min: input.stock_min,
  });

export interface StockMove {
  id_prod: number;
  tipo: StockMovementKind;
  /** Units added (+) or taken (−). */
  delta: number;
  motivo: string;
  id_venta?: number | null;
  /** The field of the request a refusal names ('cantidad', 'items.2.cantidad'). */
  field?: string;
}

/**
 * Moves a product's stock under its row's lock and records the movement; refuses (409) what
 * would leave it below zero, saying how many are left. Callers that move several products lock
 * them in id order (`moveStocks`), so two sales never wait on each other in a circle.
 */
export async function moveStock(tx: Tx, request: FastifyRequest, move: StockMove) {
  const field = move.field ?? 'cantidad';
  const [product] = await tx
    .select({ stock: products.stock, id_est: products.id_est })
    .from(products)
    .where(eq(products.id_prod, move.id_prod))
    .for('update');
  if (!product) throw invalid(field === 'cantidad' ? 'id_prod' : field, M.notFound);
  const stock = product.stock + move.delta;
  if (stock < 0) {
    const message = insufficientStock(product.stock);
    throw conflict(message, { [field]: [message] } satisfies FieldErrors);
  }
  if (stock > MAX_QUANTITY) throw invalid(field, S.tooMuch);
  await tx
    .update(products)
    .set({ stock, updated_at: new Date() })
    .where(eq(products.id_prod, move.id_prod));
  const [movement] = await tx
    .insert(stockMovements)
    .values({
      id_prod: move.id_prod,
      tipo: move.tipo,
      cantidad: move.delta,
      stock,
      motivo: move.motivo,
      id_venta: move.id_venta ?? null,
      id_usu: sessionOf(request).userId,
    })
    .returning({ id: stockMovements.id });
  return { before: product.stock, stock, id: movement.id };
}

/** Several moves in one transaction, each product locked in id order. */
export async function moveStocks(tx: Tx, request: FastifyRequest, moves: StockMove[]) {
  for (const move of [...moves].sort((a, b) => a.id_prod - b.id_prod)) {
    await moveStock(tx, request, move);
  }
}

/** The active products among `ids` (a sale's lines), by id. */
export async function activeProducts(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await tx
    .select({ id: products.id_prod })
    .from(products)
    .where(and(inArray(products.id_prod, ids), eq(products.id_est, Status.Activo)));
  return new Set(rows.map((row) => row.id));
}

const movementFields = {
  id: stockMovements.id,
  id_prod: stockMovements.id_prod,
  tipo: stockMovements.tipo,
  cantidad: stockMovements.cantidad,
  stock: stockMovements.stock,
  motivo: stockMovements.motivo,
  id_venta: stockMovements.id_venta,
  comprobante: sql<
    string | null
  >`(select ${sales.serie} || '-' || lpad(${sales.numero}::text, 8, '0') from ${sales} where ${qualified(sales.id_venta)} = ${qualified(stockMovements.id_venta)})`,
  usuario: sql<
    string | null
  >`(select ${users.login} from ${users} where ${qualified(users.id)} = ${qualified(stockMovements.id_usu)})`,
  at: stockMovements.at,
};

const movementList: ListDefinition = {
  table: stockMovements,
  fields: movementFields,
  id: stockMovements.id,
  createdAt: stockMovements.at,
  // Movements have no status; their query sets none (ListDefinition requires the column).
  status: stockMovements.id,
};

/** What an entrada, salida or ajuste by hand moves: an ajuste sets the stock counted. */
function manualDelta(tipo: 'entrada' | 'salida' | 'ajuste', cantidad: number, stock: number) {
  if (tipo === 'entrada') return cantidad;
  if (tipo === 'salida') return -cantidad;
  return cantidad - stock;
}

export const productsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: productsResource,
      table: products,
      id: products.id_prod,
      list: productList,
      filters: productFilters,
      create: {
        toValues,
        after: async (input, id, tx, request) => {
          if (input.stock_inicial) {
            await moveStock(tx, request, {
              id_prod: id,
              tipo: 'entrada',
              delta: input.stock_inicial,
              motivo: S.initial,
              field: 'stock_inicial',
            });
          }
        },
        message: M.registered,
      },
      update: { toValues, message: M.updated },
      status: {
        allowed: RECORD_STATUSES.map((s) => s.id_est),
        column: products.id_est,
        message: M.status,
      },
      remove: { inUse: M.inUse },
      notFound: M.notFound,
    }),
    { db },
  );

  route(app, PRODUCT_ENDPOINTS.movement, async (request, reply) => {
    const { id_prod, tipo, cantidad, motivo } = request.body;
    const product = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ stock: products.stock, id_est: products.id_est })
        .from(products)
        .where(eq(products.id_prod, id_prod))
        .for('update');
      if (!current) throw invalid('id_prod', M.notFound);
      if (current.id_est === Status.Eliminado) throw invalid('id_prod', S.inactive);
      const delta = manualDelta(tipo, cantidad, current.stock);
      if (delta === 0) throw invalid('cantidad', S.unchanged);
      const moved = await moveStock(tx, request, { id_prod, tipo, delta, motivo });
      await recordChange(tx, request, {
        accion: 'stock',
        entidad: 'producto',
        id: id_prod,
        before: { stock: moved.before },
        after: { stock: moved.stock, tipo, motivo },
      });
      return findOne<Product>(tx, productList, id_prod, M.notFound);
    });
    return reply.status(201).send(ok(product, S.recorded));
  });

  route(app, PRODUCT_ENDPOINTS.movements, async (request) => {
    await findOne(db, productList, request.params.id, M.notFound);
    return ok(
      await listPage<StockMovement>(db, movementList, request.query, [
        eq(stockMovements.id_prod, request.params.id),
      ]),
    );
  });

  route(app, PRODUCT_ENDPOINTS.available, async () => {
    const rows: AvailableProduct[] = await db
      .select({
        id_prod: products.id_prod,
        sku: products.sku,
        nom_prod: products.nom_prod,
        precio: products.precio,
        stock: products.stock,
      })
      .from(products)
      .where(eq(products.id_est, Status.Activo))
      .orderBy(asc(products.nom_prod), asc(products.id_prod));
    return ok(rows);
  });
};
