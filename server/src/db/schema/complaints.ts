import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { listTime, money } from './columns';
import { users } from './staff';

/**
 * The Libro de Reclamaciones virtual (DESIGN §11.3; Ley 29571 art. 150, DS 006-2014-PCM). A hoja
 * is numbered gapless per year ('2026-000001') under its year's row lock, as receipts are, and
 * is never edited nor deleted: its answer is added once, and closes it.
 */

/** The last hoja numbered in each year. */
export const complaintYears = pgTable('reclamos_anios', {
  anio: smallint('anio').primaryKey(),
  ultimo: integer('ultimo').notNull(),
});

export const complaints = pgTable(
  'reclamos',
  {
    id: serial('id').primaryKey(),
    anio: smallint('anio').notNull(),
    numero: integer('numero').notNull(),
    fecha: listTime('fecha'),
    /** The consumer. */
    tipo_doc: varchar('tipo_doc', { length: 12 }).notNull(),
    doc: varchar('doc', { length: 20 }).notNull(),
    nombres: varchar('nombres', { length: 100 }).notNull(),
    apellidos: varchar('apellidos', { length: 100 }).notNull(),
    direccion: varchar('direccion', { length: 200 }).notNull(),
    telefono: varchar('telefono', { length: 20 }).notNull(),
    email: varchar('email', { length: 150 }).notNull(),
    /** A minor files through a parent or guardian, whose data go here. */
    menor: boolean('menor').notNull().default(false),
    apoderado_nombre: varchar('apoderado_nombre', { length: 200 }),
    apoderado_tipo_doc: varchar('apoderado_tipo_doc', { length: 12 }),
    apoderado_doc: varchar('apoderado_doc', { length: 20 }),
    /** What was contracted: 'producto' | 'servicio'. */
    bien: varchar('bien', { length: 10 }).notNull(),
    monto: money('monto'),
    descripcion: varchar('descripcion', { length: 500 }).notNull(),
    /** 'reclamo' (the product or service) | 'queja' (the attention). */
    tipo: varchar('tipo', { length: 10 }).notNull(),
    detalle: varchar('detalle', { length: 3000 }).notNull(),
    pedido: varchar('pedido', { length: 1000 }).notNull(),
    /** The legal due date: 15 working days after the filing, Peru's holidays apart. */
    vence: date('vence', { mode: 'string' }).notNull(),
    respuesta: text('respuesta'),
    respondido_at: timestamp('respondido_at', { withTimezone: true, precision: 3 }),
    respondido_por: integer('respondido_por').references(() => users.id),
  },
  (t) => [
    uniqueIndex('reclamos_anio_numero_key').on(t.anio, t.numero),
    check('reclamos_numero_check', sql`${t.numero} > 0`),
    index('reclamos_fecha_idx').on(t.fecha, t.id),
    // The open hojas by due date: the screen's red ones and the bell's.
    index('reclamos_pendientes_idx')
      .on(t.vence)
      .where(sql`${t.respondido_at} is null`),
  ],
);

/** Peru's public holidays, kept by the admin: a due date skips them (the national ones seeded). */
export const holidays = pgTable('feriados', {
  fecha: date('fecha', { mode: 'string' }).primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
});
