import { sql } from 'drizzle-orm';
import {
  check,
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
import { listTime, sendingColumns, updatedAt } from './columns';
import { sales } from './sales';
import { users } from './staff';

/**
 * Electronic receipts (DESIGN §11.1). The settings are one row; every secret in it (the
 * certificate, its password, the SOL password, the PSE token) is sealed with the data key
 * (AES-256-GCM) and never leaves the server.
 */
export const electronicSettings = pgTable(
  'facturacion',
  {
    id: smallint('id').primaryKey().default(1),
    /** desactivado | sunat_beta | sunat | pse. */
    modo: varchar('modo', { length: 12 }).notNull().default('desactivado'),
    usuario_sol: varchar('usuario_sol', { length: 30 }),
    clave_sol: text('clave_sol'),
    /** The .pfx/.p12 as uploaded, sealed. */
    certificado: text('certificado'),
    clave_certificado: text('clave_certificado'),
    /** What the certificate says, read when it was uploaded. */
    cert_titular: varchar('cert_titular', { length: 300 }),
    cert_ruc: varchar('cert_ruc', { length: 11 }),
    cert_vence: timestamp('cert_vence', { withTimezone: true }),
    pse_url: varchar('pse_url', { length: 300 }),
    pse_token: text('pse_token'),
    updated_at: updatedAt(),
  },
  () => [check('facturacion_id_check', sql`id = 1`)],
);

/**
 * A nota de crédito (catálogo 01: 07) voiding an electronic receipt: one per sale, numbered
 * gapless in its own series (BC01 for boletas, FC01 for facturas) from the `series` table.
 */
export const creditNotes = pgTable(
  'notas_credito',
  {
    id_nota: serial('id_nota').primaryKey(),
    id_venta: integer('id_venta')
      .notNull()
      .references(() => sales.id_venta),
    fecha: listTime('fecha'),
    serie: varchar('serie', { length: 4 }).notNull(),
    numero: integer('numero').notNull(),
    /** Catálogo 09: 01, anulación de la operación. */
    cod_motivo: varchar('cod_motivo', { length: 2 }).notNull(),
    motivo: varchar('motivo', { length: 200 }).notNull(),
    id_usu: integer('id_usu').references(() => users.id),
    cpe_estado: varchar('cpe_estado', { length: 20 }),
    cpe_hash: varchar('cpe_hash', { length: 100 }),
    cpe_qr: text('cpe_qr'),
    cpe_xml: text('cpe_xml'),
    cpe_cdr: text('cpe_cdr'),
    ...sendingColumns(),
  },
  (t) => [
    uniqueIndex('notas_credito_id_venta_key').on(t.id_venta),
    index('notas_credito_cpe_sin_aceptar_idx')
      .on(t.fecha)
      .where(sql`${t.cpe_estado} in ('pendiente', 'error', 'rechazado')`),
    index('notas_credito_cpe_siguiente_idx')
      .on(t.cpe_siguiente)
      .where(sql`${t.cpe_siguiente} is not null`),
    uniqueIndex('notas_credito_serie_numero_key').on(t.serie, t.numero),
    check('notas_credito_numero_check', sql`${t.numero} > 0`),
  ],
);

/** Each attempt to send an electronic document, and what SUNAT (or the PSE) answered. */
export const sendingAttempts = pgTable(
  'cpe_envios',
  {
    id: serial('id').primaryKey(),
    id_venta: integer('id_venta').references(() => sales.id_venta),
    id_nota: integer('id_nota').references(() => creditNotes.id_nota),
    at: listTime('at'),
    /** The state the attempt left the document in. */
    estado: varchar('estado', { length: 20 }).notNull(),
    codigo: integer('codigo'),
    mensaje: text('mensaje'),
  },
  (t) => [
    index('cpe_envios_id_venta_idx').on(t.id_venta),
    index('cpe_envios_id_nota_idx').on(t.id_nota),
    check('cpe_envios_document_check', sql`(${t.id_venta} is null) <> (${t.id_nota} is null)`),
  ],
);
