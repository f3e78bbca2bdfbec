import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ProductCategory, StockMovementKind } from '@app/domain';
import {
  createdAt,
  listOrderIndexes,
  listTime,
  money,
  named,
  storedSearchText,
  updatedAt,
} from './columns';
import { statuses } from './company';
import { sales } from './sales';
import { users } from './staff';

/**
 * Products and their stock (decisions §products). `stock` is written only with a movement, in one
 * transaction under the product row's lock, and never goes below zero (a check, as the last
 * guard of what the server refuses first).
 */
export const products = pgTable(
  'productos',
  {
    id_prod: serial('id_prod').primaryKey(),
    /** Upper case: codes are compared as typed in any case. */
    sku: varchar('sku', { length: 30 }).notNull(),
    nom_prod: varchar('nom_prod', { length: 100 }).notNull(),
    categoria: varchar('categoria', { length: 40 }).$type<ProductCategory>().notNull(),
    precio: money('precio').notNull(),
    costo: money('costo').notNull(),
    stock: integer('stock').notNull().default(0),
    stock_min: integer('stock_min').notNull().default(0),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
    search_text: storedSearchText(
      sql`(${named('sku', 'nom_prod').sku} || ' ' || ${named('sku', 'nom_prod').nom_prod})`,
    ),
  },
  (t) => [
    uniqueIndex('productos_sku_key').on(t.sku),
    check('productos_stock_check', sql`${t.stock} >= 0`),
    ...listOrderIndexes('productos', t, t.id_prod),
    index('productos_search_trgm_idx').using('gin', t.search_text.op('gin_trgm_ops')),
    // Low stock for the dashboard and the bell: few rows, read whole.
    index('productos_low_stock_idx')
      .on(t.id_prod)
      .where(sql`${t.stock} <= ${t.stock_min} and ${t.id_est} = 1`),
  ],
);

/** Every change of a product's stock: who, when, why, by how much and what it left. */
export const stockMovements = pgTable(
  'movimientos_stock',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    id_prod: integer('id_prod')
      .notNull()
      .references(() => products.id_prod),
    tipo: varchar('tipo', { length: 10 }).$type<StockMovementKind>().notNull(),
    /** Signed: + in, − out. */
    cantidad: integer('cantidad').notNull(),
    /** The stock the movement left. */
    stock: integer('stock').notNull(),
    motivo: varchar('motivo', { length: 200 }).notNull(),
    /** The sale that moved it (venta, anulacion). */
    id_venta: integer('id_venta').references(() => sales.id_venta),
    id_usu: integer('id_usu').references(() => users.id),
    at: listTime('at'),
  },
  (t) => [
    check('movimientos_stock_stock_check', sql`${t.stock} >= 0`),
    index('movimientos_stock_id_prod_at_idx').on(t.id_prod, t.at, t.id),
    index('movimientos_stock_id_venta_idx').on(t.id_venta),
  ],
);
