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
import { createdAt, listTime, updatedAt } from './columns';
import { appointments } from './agenda';
import { clients, pets } from './clients';
import { users } from './staff';
import { vaccines } from './care';

/**
 * The client's own page and the messages with them (DESIGN §11.5): sign-in links and sessions of
 * /mi-cuenta, vaccine cards a client sent for staff to accept, the WhatsApp Cloud API's settings
 * and the conversation kept per client.
 */

/** A /mi-cuenta sign-in link: single use, 15 minutes; only its hash is kept. */
export const portalLinks = pgTable(
  'portal_enlaces',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli, { onDelete: 'cascade' }),
    vence: timestamp('vence', { withTimezone: true }).notNull(),
    usado_en: timestamp('usado_en', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('portal_enlaces_id_cli_idx').on(t.id_cli)],
);

/** A client's session on one device: 30 days; only the credential's hash is kept. */
export const portalSessions = pgTable(
  'portal_sesiones',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    agente: varchar('agente', { length: 300 }),
    created_at: createdAt(),
  },
  (t) => [index('portal_sesiones_id_cli_idx').on(t.id_cli)],
);

/**
 * A vaccine card a client uploaded from the portal: it waits here until staff accept it (it
 * becomes a row of vacunas) or reject it.
 */
export const vaccineProposals = pgTable(
  'vacunas_propuestas',
  {
    id: serial('id').primaryKey(),
    id_perro: integer('id_perro')
      .notNull()
      .references(() => pets.id_perro, { onDelete: 'cascade' }),
    nombre: varchar('nombre', { length: 60 }).notNull(),
    fecha_aplicacion: date('fecha_aplicacion', { mode: 'string' }).notNull(),
    fecha_vence: date('fecha_vence', { mode: 'string' }).notNull(),
    /** The stored file (archivos) of the card's picture. */
    comprobante: text('comprobante').notNull(),
    /** pendiente | aceptada | rechazada. */
    estado: varchar('estado', { length: 10 }).notNull().default('pendiente'),
    motivo: varchar('motivo', { length: 200 }),
    id_vac: integer('id_vac').references(() => vaccines.id_vac, { onDelete: 'set null' }),
    id_usu: integer('id_usu').references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('vacunas_propuestas_estado_check', sql`estado in ('pendiente', 'aceptada', 'rechazada')`),
    index('vacunas_propuestas_pendientes_idx')
      .on(t.created_at)
      .where(sql`${t.estado} = 'pendiente'`),
    index('vacunas_propuestas_id_perro_idx').on(t.id_perro),
  ],
);

/** WhatsApp Cloud API (optional): one row; the token and the app secret sealed. */
export const whatsappSettings = pgTable(
  'whatsapp',
  {
    id: smallint('id').primaryKey().default(1),
    activo: boolean('activo').notNull().default(false),
    phone_number_id: varchar('phone_number_id', { length: 40 }),
    token: text('token'),
    app_secret: text('app_secret'),
    /** The webhook's verification token Meta sends back on subscribing, sealed. */
    verify_token: text('verify_token'),
    /** The approved template of reminders, with the quick replies Confirmar / Cancelar. */
    plantilla_recordatorio: varchar('plantilla_recordatorio', { length: 100 }),
    idioma: varchar('idioma', { length: 10 }).notNull().default('es'),
    updated_at: updatedAt(),
  },
  () => [check('whatsapp_id_check', sql`id = 1`)],
);

/** AGENDA › 'Mensajes': the WhatsApp conversation with each number, both ways. */
export const messages = pgTable(
  'mensajes',
  {
    id: serial('id').primaryKey(),
    /** The client whose mobile it is, when one is; null for a number the salon does not know. */
    id_cli: integer('id_cli').references(() => clients.id_cli),
    telefono: varchar('telefono', { length: 20 }).notNull(),
    /** entrante | saliente. */
    direccion: varchar('direccion', { length: 8 }).notNull(),
    texto: varchar('texto', { length: 4096 }).notNull(),
    /** WhatsApp's message id (wamid): statuses and replies refer to it. */
    wa_id: varchar('wa_id', { length: 160 }),
    /** recibido | enviado | entregado | leido | fallido. */
    estado: varchar('estado', { length: 10 }).notNull(),
    id_cita: integer('id_cita').references(() => appointments.id_cita, { onDelete: 'set null' }),
    id_usu: integer('id_usu').references(() => users.id),
    fecha: listTime('fecha'),
  },
  (t) => [
    check('mensajes_direccion_check', sql`direccion in ('entrante', 'saliente')`),
    index('mensajes_telefono_fecha_idx').on(t.telefono, t.fecha),
    index('mensajes_id_cli_fecha_idx').on(t.id_cli, t.fecha),
    uniqueIndex('mensajes_wa_id_key')
      .on(t.wa_id)
      .where(sql`${t.wa_id} is not null`),
  ],
);
