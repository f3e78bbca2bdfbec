import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { BonoItem, BonoItemKind } from '@app/domain';
import { createdAt, listOrderIndexes, listTime, money, updatedAt } from './columns';
import { clients } from './clients';
import { statuses } from './company';
import { sales } from './sales';

/**
 * Bonos (DESIGN §11.6): the catalogue's prepaid packs, and each client's bono bought at checkout
 * with what it allows and has used of each service or package.
 */

/** A catalogue bono; what it covers is named as the catalogue named it when it was saved. */
export const bonos = pgTable(
  'bonos',
  {
    id_bono: serial('id_bono').primaryKey(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    precio: money('precio').notNull(),
    vigencia_dias: smallint('vigencia_dias').notNull(),
    items: jsonb('items').$type<BonoItem[]>().notNull(),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [...listOrderIndexes('bonos', t, t.id_bono)],
);

/** A client's bono (its id is its number, 'Bono N.º 12'), sold by sale `id_venta`. */
export const clientBonos = pgTable(
  'bonos_cliente',
  {
    id: serial('id').primaryKey(),
    id_bono: integer('id_bono')
      .notNull()
      .references(() => bonos.id_bono),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => sales.id_venta),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    precio: money('precio').notNull(),
    /** Its last valid day (Lima), inclusive. */
    vence: date('vence', { mode: 'string' }).notNull(),
    /** Its sale was voided. */
    anulado: boolean('anulado').notNull().default(false),
    created_at: listTime('created_at'),
  },
  (t) => [
    index('bonos_cliente_id_cli_idx').on(t.id_cli, t.id),
    index('bonos_cliente_id_venta_idx').on(t.id_venta),
  ],
);

/** What a client's bono allows of one service or package, and how much of it is used. */
export const clientBonoItems = pgTable(
  'bonos_cliente_items',
  {
    id: serial('id').primaryKey(),
    id_bono_cliente: integer('id_bono_cliente')
      .notNull()
      .references(() => clientBonos.id),
    tipo: varchar('tipo', { length: 10 }).$type<BonoItemKind>().notNull(),
    id_item: integer('id_item').notNull(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    cantidad: smallint('cantidad').notNull(),
    usados: smallint('usados').notNull().default(0),
  },
  (t) => [
    uniqueIndex('bonos_cliente_items_key').on(t.id_bono_cliente, t.tipo, t.id_item),
    check(
      'bonos_cliente_items_usados_check',
      sql`${t.usados} >= 0 and ${t.usados} <= ${t.cantidad}`,
    ),
  ],
);

/** A use of a client's bono by a sale's line; a void of the sale marks it and gives it back. */
export const clientBonoUses = pgTable(
  'bonos_usos',
  {
    id: serial('id').primaryKey(),
    id_bono_cliente: integer('id_bono_cliente')
      .notNull()
      .references(() => clientBonos.id),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => sales.id_venta),
    /** The sale's line (venta_items.linea) it charged at S/. 0.00. */
    linea: smallint('linea').notNull(),
    tipo: varchar('tipo', { length: 10 }).$type<BonoItemKind>().notNull(),
    id_item: integer('id_item').notNull(),
    cantidad: smallint('cantidad').notNull(),
    anulado: boolean('anulado').notNull().default(false),
    at: listTime('at'),
  },
  (t) => [
    index('bonos_usos_id_venta_idx').on(t.id_venta),
    index('bonos_usos_id_bono_cliente_idx').on(t.id_bono_cliente),
    index('bonos_usos_at_idx').on(t.at),
  ],
);
