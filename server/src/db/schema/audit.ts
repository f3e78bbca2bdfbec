import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AuditAction, AuditChanges, AuditEntity } from '@app/domain';
import { listTime } from './columns';
import { users } from './staff';

/**
 * The audit log (decisions §audit): one row per write, sign-in, failed sign-in, password change and
 * refused call, written in the transaction of what it records (server/src/audit/record.ts).
 * Rows are never deleted; a client's anonymisation replaces the values its entries recorded
 * (features/clients/client-data.ts).
 */
export const auditEntries = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Milliseconds, like every list's order column: the keyset cursor carries it exactly. */
    at: listTime('at'),
    /** Who did it; the entry stays, without its user, when the user is deleted. */
    id_usu: integer('id_usu').references(() => users.id, { onDelete: 'set null' }),
    /** The login the caller knew (a sign-in attempt); otherwise the list reads the user's. */
    login: varchar('login', { length: 100 }),
    ip: varchar('ip', { length: 64 }).notNull(),
    accion: varchar('accion', { length: 30 }).$type<AuditAction>().notNull(),
    entidad: varchar('entidad', { length: 30 }).$type<AuditEntity>().notNull(),
    entidad_id: integer('entidad_id'),
    /** Changed fields, `{ field: { antes, despues } }`, never a password, token or hash. */
    cambios: jsonb('cambios').$type<AuditChanges>(),
    detalle: text('detalle'),
    /** How many refused calls this row stands for: one row per user, route and minute. */
    veces: integer('veces').notNull().default(1),
    /** The minute a refused call's row counts (`veces`) for; null on every other row. */
    minuto: timestamp('minuto', { withTimezone: true }),
  },
  (t) => [
    // Newest first, ties broken by id: ascending, so a backward scan serves the list's
    // `ORDER BY at DESC, id DESC` (see listOrderIndexes), alone or after each filter.
    index('auditoria_at_idx').on(t.at, t.id),
    index('auditoria_id_usu_at_idx').on(t.id_usu, t.at, t.id),
    index('auditoria_login_at_idx').on(sql`lower(${t.login})`, t.at, t.id),
    index('auditoria_entidad_at_idx').on(t.entidad, t.at, t.id),
    index('auditoria_accion_at_idx').on(t.accion, t.at, t.id),
    // One row per refused caller, route and minute (audit/record.ts `recordDenied`): the
    // conflict on this index turns the next refusals of that minute into a count.
    // Rows written before the count have no minute: the index leaves them as they are.
    uniqueIndex('auditoria_denegado_minuto_idx')
      .on(t.accion, sql`coalesce(${t.id_usu}, 0)`, t.ip, t.detalle, t.minuto)
      .where(sql`${t.minuto} is not null`),
  ],
);
