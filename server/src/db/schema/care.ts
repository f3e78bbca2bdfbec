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
  time,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { appointments } from './agenda';
import { packages, services } from './catalogue';
import { clients, pets } from './clients';
import { users } from './staff';

/**
 * Pet safety and client care (DESIGN §10.5): vaccines, before/after photos, reminders sent,
 * recurring series of citas and the waitlist.
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

/** A recurring booking: the same visit every `cada_semanas` weeks, `veces` times. */
export const appointmentSeries = pgTable(
  'series_citas',
  {
    id_serie: serial('id_serie').primaryKey(),
    cada_semanas: smallint('cada_semanas').notNull(),
    veces: smallint('veces').notNull(),
    id_usu: integer('id_usu')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    check('series_citas_cada_check', sql`${t.cada_semanas} between 1 and 12`),
    check('series_citas_veces_check', sql`${t.veces} between 2 and 26`),
  ],
);

/**
 * A client who wants an earlier slot: the pet, the service or package, the weekdays (1 Monday
 * … 7 Sunday) and the hours they can come. Offered when a cita is cancelled or missed.
 * `id_est`: 1 Pendiente, 2 Agendada (then `id_cita` is the visit booked from it), 3 Cancelada.
 */
export const waitlist = pgTable(
  'lista_espera',
  {
    id_esp: serial('id_esp').primaryKey(),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli),
    id_perro: integer('id_perro')
      .notNull()
      .references(() => pets.id_perro),
    id_srv: integer('id_srv').references(() => services.id_srv),
    id_paq: integer('id_paq').references(() => packages.id_paq),
    dias: smallint('dias').array().notNull(),
    hora_desde: time('hora_desde').notNull(),
    hora_hasta: time('hora_hasta').notNull(),
    notas: varchar('notas', { length: 300 }).notNull().default(''),
    id_est: smallint('id_est').notNull().default(1),
    id_cita: integer('id_cita').references(() => appointments.id_cita),
    id_usu: integer('id_usu')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('lista_espera_item_check', sql`(${t.id_srv} is null) <> (${t.id_paq} is null)`),
    check('lista_espera_horas_check', sql`${t.hora_hasta} > ${t.hora_desde}`),
    check('lista_espera_estado_check', sql`${t.id_est} in (1, 2, 3)`),
    index('lista_espera_pendientes_idx').on(t.id_est, t.created_at, t.id_esp),
    index('lista_espera_id_cli_idx').on(t.id_cli),
  ],
);
