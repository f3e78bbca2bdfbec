import {
  boolean,
  char,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  type PgTable,
  primaryKey,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients, pets } from './clients';
import { appointments, reservations } from './agenda';

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

/**
 * The appointments of each Lima day by status and by one of their dimensions — `g` the groomer
 * (0 when unassigned), `s` the service, `p` the package — with their minutes and prices, kept
 * exact by statement triggers on citas (migration 0010): Reporte Citas reads a year of these
 * (a few dozen rows a day) instead of the year's appointments.
 */
export const appointmentTotals = pgTable(
  'appointment_totals',
  {
    lima_day: date('lima_day', { mode: 'string' }).notNull(),
    dimension: char('dimension', { length: 1 }).notNull(),
    ref_id: integer('ref_id').notNull(),
    id_est: smallint('id_est').notNull(),
    total: integer('total').notNull(),
    minutes: integer('minutes').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lima_day, t.dimension, t.ref_id, t.id_est] })],
);

/**
 * Each client's first visit (its Lima day; deleted citas aside), kept by triggers on citas
 * (migration 0010): the clients new in a range are an index range of this table.
 */
export const clientFirstVisits = pgTable(
  'client_first_visits',
  {
    id_cli: integer('id_cli').primaryKey(),
    first_day: date('first_day', { mode: 'string' }).notNull(),
  },
  (t) => [index('client_first_visits_first_day_idx').on(t.first_day)],
);

/** A year's Lima days as bits, the first of January first (`bit(366)`). */
const yearDays = customType<{ data: string; driverData: string }>({
  dataType: () => 'bit(366)',
});

/**
 * The Lima days each client had a cita on (deleted citas aside), one row per client and year with
 * a bit per day, kept exact by triggers on citas (migration 0015): the distinct clients seen in a
 * range (Reporte Citas' returning clients) are the rows of its years whose days meet the range,
 * at most one per client and year, instead of every visit of the range.
 */
export const clientVisitYears = pgTable(
  'client_visit_years',
  {
    id_cli: integer('id_cli').notNull(),
    year: smallint('year').notNull(),
    days: yearDays('days').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id_cli, t.year] }),
    index('client_visit_years_year_idx').on(t.year),
  ],
);

/**
 * The reservations of each Lima registration day by status, by how far ahead they were made
 * (`lead_bucket`, the index of LEAD_TIME_RANGES) and whether they turned into a cita, with the
 * sum of their days ahead: Reporte Reservaciones reads these (migration 0010).
 */
export const reservationDays = pgTable(
  'reservation_days',
  {
    lima_day: date('lima_day', { mode: 'string' }).notNull(),
    id_est: smallint('id_est').notNull(),
    lead_bucket: smallint('lead_bucket').notNull(),
    converted: boolean('converted').notNull(),
    total: integer('total').notNull(),
    lead_days: integer('lead_days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lima_day, t.id_est, t.lead_bucket, t.converted] })],
);

/** The tables whose rows per status `statusCounts` keeps (the triggers of migrations 0004, 0015). */
export const statusCountedTables: readonly PgTable[] = [clients, pets, appointments, reservations];
