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
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CoatState } from '@app/domain';
import { createdAt, updatedAt } from './columns';
import { appointments } from './agenda';
import { pets } from './clients';
import { users } from './staff';

/**
 * Pet safety and client care (decisions §pet-alerts): vaccines, before/after photos and reminders
 * sent. The recurring series and the waitlist are bookings: they live with the agenda.
 */

/** A vaccine given to a pet; `comprobante` is the proof picture's file name in the uploads. */
export const vaccines = pgTable(
  'vacunas',
  {
    id_vac: serial('id_vac').primaryKey(),
    id_perro: integer('id_perro')
      .notNull()
      .references(() => pets.id_perro, { onDelete: 'cascade' }),
    nombre: varchar('nombre', { length: 60 }).notNull(),
    fecha_aplicacion: date('fecha_aplicacion', { mode: 'string' }).notNull(),
    fecha_vence: date('fecha_vence', { mode: 'string' }).notNull(),
    comprobante: text('comprobante'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('vacunas_fechas_check', sql`${t.fecha_vence} >= ${t.fecha_aplicacion}`),
    index('vacunas_id_perro_idx').on(t.id_perro, t.fecha_vence),
    // The dashboard's pets due this month.
    index('vacunas_fecha_vence_idx').on(t.fecha_vence),
  ],
);

/** A before ('antes') or after ('despues') photo of a visit; at most 4 per cita. */
export const appointmentPhotos = pgTable(
  'fotos_cita',
  {
    id_foto: serial('id_foto').primaryKey(),
    id_cita: integer('id_cita')
      .notNull()
      .references(() => appointments.id_cita, { onDelete: 'cascade' }),
    momento: varchar('momento', { length: 7 }).notNull(),
    archivo: text('archivo').notNull(),
    id_usu: integer('id_usu')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    check('fotos_cita_momento_check', sql`${t.momento} in ('antes', 'despues')`),
    index('fotos_cita_id_cita_idx').on(t.id_cita),
  ],
);

/**
 * A reminder sent for a cita: by WhatsApp or e-mail, by a user, or by the daily e-mail run
 * (`automatico`, no user), which sends at most one per cita whatever the number of servers.
 */
export const reminders = pgTable(
  'recordatorios',
  {
    id_rec: serial('id_rec').primaryKey(),
    id_cita: integer('id_cita')
      .notNull()
      .references(() => appointments.id_cita, { onDelete: 'cascade' }),
    canal: varchar('canal', { length: 10 }).notNull(),
    automatico: boolean('automatico').notNull().default(false),
    id_usu: integer('id_usu').references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    check('recordatorios_canal_check', sql`${t.canal} in ('whatsapp', 'email')`),
    index('recordatorios_id_cita_idx').on(t.id_cita, t.created_at),
    uniqueIndex('recordatorios_automatico_key')
      .on(t.id_cita)
      .where(sql`${t.automatico}`),
  ],
);

/**
 * A visit's report card (DESIGN §11.8): one per cita, written again as a whole; its public page
 * is reached by a token whose hash alone is kept, until `vence`.
 */
export const reportCards = pgTable(
  'fichas_visita',
  {
    id_cita: integer('id_cita')
      .primaryKey()
      .references(() => appointments.id_cita, { onDelete: 'cascade' }),
    pelaje: varchar('pelaje', { length: 15 }).$type<CoatState>().notNull(),
    trabajos: jsonb('trabajos').$type<string[]>().notNull(),
    comportamiento: smallint('comportamiento').notNull(),
    notas: varchar('notas', { length: 1000 }),
    proxima_semanas: smallint('proxima_semanas').notNull(),
    proxima_fecha: date('proxima_fecha', { mode: 'string' }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    vence: timestamp('vence', { withTimezone: true }).notNull(),
    id_usu: integer('id_usu').references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('fichas_visita_token_hash_key').on(t.token_hash),
    check('fichas_visita_comportamiento_check', sql`${t.comportamiento} between 1 and 5`),
  ],
);
