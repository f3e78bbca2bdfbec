import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DepositMethod, DepositState } from '@app/domain';
import { listTime, money } from './columns';
import { appointments } from './agenda';
import { clients } from './clients';
import { sales } from './sales';
import { users } from './staff';

/**
 * Deposits paid on citas (DESIGN §11.6). Its state follows the cita (migration 0025's trigger):
 * a no-show or a cancellation inside the policy's window keeps it, another cancellation or a
 * deletion turns it into the client's credit; a sale that deducts it marks it applied.
 */
export const deposits = pgTable(
  'adelantos',
  {
    id: serial('id').primaryKey(),
    id_cita: integer('id_cita')
      .notNull()
      .references(() => appointments.id_cita),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli),
    monto: money('monto').notNull(),
    metodo: varchar('metodo', { length: 15 }).$type<DepositMethod>().notNull(),
    operacion: varchar('operacion', { length: 30 }),
    /** The proof's picture, a stored file's name (archivos). */
    comprobante: varchar('comprobante', { length: 100 }),
    verificado_at: timestamp('verificado_at', { withTimezone: true }),
    verificado_por: integer('verificado_por').references(() => users.id),
    estado: varchar('estado', { length: 10 }).$type<DepositState>().notNull().default('recibido'),
    /** The sale that deducted it, while applied. */
    id_venta: integer('id_venta').references(() => sales.id_venta),
    /** When it was last kept, credited, applied or voided. */
    resuelto_at: timestamp('resuelto_at', { withTimezone: true }),
    motivo: varchar('motivo', { length: 200 }),
    /** Who registered it. */
    id_usu: integer('id_usu').references(() => users.id),
    /** The Lima day it was received: the till of that day counts it. */
    fecha: date('fecha', { mode: 'string' }).notNull(),
    created_at: listTime('created_at'),
  },
  (t) => [
    check('adelantos_monto_check', sql`${t.monto} > 0`),
    check(
      'adelantos_estado_check',
      sql`${t.estado} in ('recibido', 'aplicado', 'retenido', 'credito', 'anulado')`,
    ),
    index('adelantos_id_cita_idx').on(t.id_cita),
    index('adelantos_id_cli_estado_idx').on(t.id_cli, t.estado),
    index('adelantos_fecha_idx').on(t.fecha),
    index('adelantos_id_venta_idx').on(t.id_venta),
  ],
);
