import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  CashMovementKind,
  GiftCardMovementKind,
  PaymentMethod,
  ReceiptType,
  SaleItemKind,
} from '@app/domain';
import { listTime, money, named, sendingColumns, storedSearchText } from './columns';
import { users } from './staff';
import { clients } from './clients';
import { appointments } from './agenda';

/**
 * Checkout (decisions §checkout). A sale is issued once and never edited nor deleted: a void only
 * marks it. Beside our fields it keeps, computed once, what SUNAT's electronic receipt will need
 * (codes, the issuer's and the customer's snapshots, per-line amounts), and nullable columns
 * for the electronic state, so history needs no migration when receipts are sent.
 */

/** The last number issued in each series; a sale increments it under the row's lock. */
export const receiptSeries = pgTable('series', {
  serie: varchar('serie', { length: 4 }).primaryKey(),
  tipo_comp: varchar('tipo_comp', { length: 1 }).$type<ReceiptType>().notNull(),
  ultimo: integer('ultimo').notNull(),
});

/** The receipt as searched: 'b001-00000012', the customer's document and name. */
const saleText = () => {
  const c = named('serie', 'numero', 'cliente_doc', 'cliente_nombre');
  return sql`(${c.serie} || '-' || lpad(${c.numero}::text, 8, '0') || ' ' || ${c.cliente_doc} || ' ' || ${c.cliente_nombre})`;
};

export const sales = pgTable(
  'ventas',
  {
    id_venta: serial('id_venta').primaryKey(),
    /** When it was issued: the list's order and every day's figures (Lima days). */
    fecha: listTime('fecha'),
    tipo_comp: varchar('tipo_comp', { length: 1 }).$type<ReceiptType>().notNull(),
    serie: varchar('serie', { length: 4 }).notNull(),
    numero: integer('numero').notNull(),
    /** SUNAT catálogo 01 (03 boleta, 01 factura); null for a nota de venta, never sent. */
    cod_sunat: varchar('cod_sunat', { length: 2 }),
    moneda: varchar('moneda', { length: 3 }).notNull(),
    tipo_operacion: varchar('tipo_operacion', { length: 4 }).notNull(),
    id_cita: integer('id_cita').references(() => appointments.id_cita),
    id_cli: integer('id_cli').references(() => clients.id_cli),
    /** The customer as printed: catálogo 06 code, document and name. */
    cliente_doc_tipo: varchar('cliente_doc_tipo', { length: 1 }).notNull(),
    cliente_doc: varchar('cliente_doc', { length: 20 }).notNull(),
    cliente_nombre: varchar('cliente_nombre', { length: 200 }).notNull(),
    /** The issuer as printed: the company settings when it was issued. */
    emisor_ruc: varchar('emisor_ruc', { length: 11 }).notNull(),
    emisor_nombre: varchar('emisor_nombre', { length: 150 }).notNull(),
    emisor_direccion: varchar('emisor_direccion', { length: 200 }).notNull(),
    /** Amounts in soles; the total and the discount include IGV, gravadas does not. */
    gravadas: money('gravadas').notNull(),
    descuento: money('descuento').notNull(),
    igv: money('igv').notNull(),
    total: money('total').notNull(),
    propina: money('propina').notNull(),
    pagado: money('pagado').notNull(),
    vuelto: money('vuelto').notNull(),
    monto_letras: varchar('monto_letras', { length: 300 }).notNull(),
    id_usu: integer('id_usu')
      .notNull()
      .references(() => users.id),
    anulada_at: timestamp('anulada_at', { withTimezone: true, precision: 3 }),
    anulada_por: integer('anulada_por').references(() => users.id),
    motivo_anulacion: varchar('motivo_anulacion', { length: 200 }),
    /** The electronic receipt, once sent (a later step). */
    cpe_estado: varchar('cpe_estado', { length: 20 }),
    cpe_hash: varchar('cpe_hash', { length: 100 }),
    cpe_qr: text('cpe_qr'),
    cpe_xml: text('cpe_xml'),
    cpe_cdr: text('cpe_cdr'),
    ...sendingColumns(),
    search_text: storedSearchText(saleText()),
  },
  (t) => [
    uniqueIndex('ventas_serie_numero_key').on(t.serie, t.numero),
    // One sale in force per cita: a second charge is refused, a voided one can be redone.
    uniqueIndex('ventas_id_cita_key')
      .on(t.id_cita)
      .where(sql`${t.anulada_at} is null`),
    check('ventas_numero_check', sql`${t.numero} > 0`),
    index('ventas_fecha_idx').on(t.fecha, t.id_venta),
    index('ventas_tipo_fecha_idx').on(t.tipo_comp, t.fecha, t.id_venta),
    index('ventas_id_cli_idx').on(t.id_cli),
    index('ventas_id_usu_idx').on(t.id_usu),
    // The bell's count of receipts SUNAT has not accepted yet: a few rows, by day of issue.
    index('ventas_cpe_sin_aceptar_idx')
      .on(t.fecha)
      .where(sql`${t.cpe_estado} in ('pendiente', 'error', 'rechazado')`),
    // The sender's queue: the few documents with an attempt due.
    index('ventas_cpe_siguiente_idx')
      .on(t.cpe_siguiente)
      .where(sql`${t.cpe_siguiente} is not null`),
    index('ventas_search_trgm_idx').using('gin', t.search_text.op('gin_trgm_ops')),
  ],
);

export const saleLines = pgTable(
  'venta_items',
  {
    id: serial('id').primaryKey(),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => sales.id_venta),
    linea: smallint('linea').notNull(),
    tipo: varchar('tipo', { length: 20 }).$type<SaleItemKind>().notNull(),
    /** The service, package or product sold; null for a free line ('otro'). */
    id_item: integer('id_item'),
    descripcion: varchar('descripcion', { length: 200 }).notNull(),
    cantidad: integer('cantidad').notNull(),
    /** SUNAT catálogo 03 (ZZ, NIU) and catálogo 07 (10). */
    unidad: varchar('unidad', { length: 3 }).notNull(),
    afectacion_igv: varchar('afectacion_igv', { length: 2 }).notNull(),
    precio_unitario: money('precio_unitario').notNull(),
    valor_unitario: money('valor_unitario').notNull(),
    base: money('base').notNull(),
    igv: money('igv').notNull(),
    total: money('total').notNull(),
  },
  (t) => [
    uniqueIndex('venta_items_id_venta_linea_key').on(t.id_venta, t.linea),
    index('venta_items_item_idx').on(t.tipo, t.id_item),
  ],
);

export const salePayments = pgTable(
  'venta_pagos',
  {
    id: serial('id').primaryKey(),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => sales.id_venta),
    metodo: varchar('metodo', { length: 15 }).$type<PaymentMethod>().notNull(),
    monto: money('monto').notNull(),
    /** The gift card a `tarjeta_regalo` payment spent. */
    id_tarjeta: integer('id_tarjeta').references(() => giftCards.id),
  },
  (t) => [index('venta_pagos_id_venta_idx').on(t.id_venta)],
);

/** A day's till closed: the cash expected from the day's sales and the cash counted. */
export const cashCloses = pgTable('cierres_caja', {
  fecha: date('fecha', { mode: 'string' }).primaryKey(),
  esperado: money('esperado').notNull(),
  contado: money('contado').notNull(),
  diferencia: money('diferencia').notNull(),
  nota: varchar('nota', { length: 200 }),
  id_usu: integer('id_usu').references(() => users.id),
  at: listTime('at'),
  /** Set while an admin has reopened the day (with a reason); a new close clears it. */
  reabierta_at: timestamp('reabierta_at', { withTimezone: true }),
  motivo_reapertura: varchar('motivo_reapertura', { length: 200 }),
  /** The cash the first close expected, kept once the day is reopened: what it moved by. */
  esperado_original: money('esperado_original'),
});

/** The float a day's drawer started with (DESIGN §11.6): once a day. */
export const cashOpenings = pgTable(
  'aperturas_caja',
  {
    fecha: date('fecha', { mode: 'string' }).primaryKey(),
    monto: money('monto').notNull(),
    id_usu: integer('id_usu').references(() => users.id),
    at: listTime('at'),
  },
  (t) => [check('aperturas_caja_monto_check', sql`${t.monto} >= 0`)],
);

/** Cash put in or taken out of a day's drawer, with the reason (DESIGN §11.6). */
export const cashMovements = pgTable(
  'movimientos_caja',
  {
    id: serial('id').primaryKey(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    tipo: varchar('tipo', { length: 10 }).$type<CashMovementKind>().notNull(),
    monto: money('monto').notNull(),
    motivo: varchar('motivo', { length: 200 }).notNull(),
    id_usu: integer('id_usu').references(() => users.id),
    at: listTime('at'),
  },
  (t) => [
    check('movimientos_caja_tipo_check', sql`${t.tipo} in ('ingreso', 'egreso')`),
    check('movimientos_caja_monto_check', sql`${t.monto} > 0`),
    index('movimientos_caja_fecha_idx').on(t.fecha, t.id),
  ],
);

/**
 * A gift card (DESIGN §11.6): only the hash of its code is kept (a bearer secret, like cash) and
 * its last four characters; its balance never goes below zero.
 */
export const giftCards = pgTable(
  'tarjetas_regalo',
  {
    id: serial('id').primaryKey(),
    codigo_hash: varchar('codigo_hash', { length: 64 }).notNull().unique(),
    ultimos: varchar('ultimos', { length: 4 }).notNull(),
    monto: money('monto').notNull(),
    saldo: money('saldo').notNull(),
    /** The sale that sold it. */
    id_venta: integer('id_venta')
      .notNull()
      .references((): AnyPgColumn => sales.id_venta),
    anulada_at: timestamp('anulada_at', { withTimezone: true }),
    created_at: listTime('created_at'),
  },
  (t) => [check('tarjetas_regalo_saldo_check', sql`${t.saldo} >= 0 and ${t.saldo} <= ${t.monto}`)],
);

/** What moved a card's balance, each with the sale behind it: positive adds, negative spends. */
export const giftCardMovements = pgTable(
  'tarjetas_regalo_movimientos',
  {
    id: serial('id').primaryKey(),
    id_tarjeta: integer('id_tarjeta')
      .notNull()
      .references(() => giftCards.id),
    tipo: varchar('tipo', { length: 12 }).$type<GiftCardMovementKind>().notNull(),
    monto: money('monto').notNull(),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => sales.id_venta),
    at: listTime('at'),
  },
  (t) => [index('tarjetas_regalo_movimientos_tarjeta_idx').on(t.id_tarjeta, t.id)],
);
