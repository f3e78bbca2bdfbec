import {
  date,
  integer,
  numeric,
  pgTable,
  type PgTable,
  primaryKey,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients, pets } from './clients';

/**
 * How many rows of a table have each status, kept exact by statement triggers with transition
 * tables (migration 0004) on the tables of `statusCountedTables`: the dashboard's active
 * clients and pets, and the totals of those lists when only the status filters them, are read
 * here instead of counting nearly every row of the tables.
 */
export const statusCounts = pgTable(
  'status_counts',
  {
    table_name: varchar('table_name', { length: 63 }).notNull(),
    id_est: smallint('id_est').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.table_name, t.id_est] })],
);

/**
 * The appointments of each Lima day by status, with the sum of their prices, kept exact by
 * statement triggers on citas (migration 0004): the dashboard's days and months add up a few
 * hundred of these rows instead of reading every appointment of six months.
 */
export const appointmentDays = pgTable(
  'appointment_days',
  {
    lima_day: date('lima_day', { mode: 'string' }).notNull(),
    id_est: smallint('id_est').notNull(),
    total: integer('total').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lima_day, t.id_est] })],
);

/** The tables whose rows per status `statusCounts` keeps (the triggers of migration 0004). */
export const statusCountedTables: readonly PgTable[] = [clients, pets];
