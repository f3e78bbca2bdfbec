import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { ONLINE_BOOKING_MODES } from '@app/domain';
import { createdAt, listTime, updatedAt } from './columns';
import { appointments } from './agenda';
import { clients } from './clients';
import { employees, users } from './staff';

/**
 * Online booking (DESIGN §11.4): the salon's settings for its public page, the groomers' time
 * off, the e-mail codes that prove a client's address, the consents they give and the personal
 * links that let them cancel without signing in.
 */

/** 'Reserva en línea': one row. */
export const onlineBookingSettings = pgTable(
  'reserva_online',
  {
    id: smallint('id').primaryKey().default(1),
    modo: varchar('modo', { length: 16 }).notNull().default('desactivada'),
    /** The least time, in hours, between booking and the visit. */
    aviso_horas: smallint('aviso_horas').notNull().default(2),
    /** How many days ahead a client may book. */
    horizonte_dias: smallint('horizonte_dias').notNull().default(30),
    /** The slots' step, 15 or 30 minutes. */
    paso_min: smallint('paso_min').notNull().default(30),
    /** Minutes kept free after each cita of a groomer. */
    buffer_min: smallint('buffer_min').notNull().default(0),
    servicios: integer('servicios')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    paquetes: integer('paquetes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The policy the client reads before booking (cancellations, no-shows). */
    politica: varchar('politica', { length: 2000 }).notNull().default(''),
    /** Hours before the visit until which the client may cancel from their link. */
    cancelar_horas: smallint('cancelar_horas').notNull().default(24),
    updated_at: updatedAt(),
  },
  () => [
    check('reserva_online_id_check', sql`id = 1`),
    check(
      'reserva_online_modo_check',
      sql.raw(`modo in (${ONLINE_BOOKING_MODES.map((m) => `'${m}'`).join(', ')})`),
    ),
    check('reserva_online_paso_check', sql`paso_min in (15, 30)`),
  ],
);

/** A groomer's time off: the calendar greys it and refuses bookings in it. */
export const absences = pgTable(
  'ausencias',
  {
    id: serial('id').primaryKey(),
    id_emp: integer('id_emp')
      .notNull()
      .references(() => employees.id_emp),
    desde: timestamp('desde', { withTimezone: true }).notNull(),
    hasta: timestamp('hasta', { withTimezone: true }).notNull(),
    motivo: varchar('motivo', { length: 200 }).notNull().default(''),
    id_usu: integer('id_usu')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    check('ausencias_rango_check', sql`${t.hasta} > ${t.desde}`),
    index('ausencias_id_emp_desde_idx').on(t.id_emp, t.desde),
    index('ausencias_hasta_idx').on(t.hasta),
  ],
);

/**
 * The 6-digit codes mailed to prove an address is the client's: only the code's hash is kept;
 * it lasts 10 minutes and allows 5 tries.
 */
export const bookingCodes = pgTable(
  'reserva_codigos',
  {
    id: serial('id').primaryKey(),
    dni: varchar('dni', { length: 20 }).notNull(),
    email: varchar('email', { length: 150 }).notNull(),
    codigo_hash: varchar('codigo_hash', { length: 64 }).notNull(),
    intentos: smallint('intentos').notNull().default(0),
    vence: timestamp('vence', { withTimezone: true }).notNull(),
    usado: boolean('usado').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index('reserva_codigos_dni_email_idx').on(t.dni, sql`lower(${t.email})`)],
);

/** What a client agreed to (Ley 29733), with the notice's version and when. */
export const consents = pgTable(
  'consentimientos',
  {
    id: serial('id').primaryKey(),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli),
    /** privacidad | marketing | recordatorios. */
    tipo: varchar('tipo', { length: 20 }).notNull(),
    aceptado: boolean('aceptado').notNull(),
    version: varchar('version', { length: 20 }).notNull(),
    /** Where it was given: reserva_en_linea, mostrador, portal. */
    origen: varchar('origen', { length: 30 }).notNull(),
    fecha: listTime('fecha'),
  },
  (t) => [index('consentimientos_id_cli_idx').on(t.id_cli, t.tipo)],
);

/**
 * A cita's personal link (`/c/<token>`): only its hash is kept; it lets the client confirm or
 * cancel that one cita without signing in, until the visit.
 */
export const appointmentLinks = pgTable(
  'citas_enlaces',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    id_cita: integer('id_cita')
      .notNull()
      .references(() => appointments.id_cita, { onDelete: 'cascade' }),
    vence: timestamp('vence', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('citas_enlaces_id_cita_idx').on(t.id_cita)],
);
