import { sql } from 'drizzle-orm';
import { jsonb, numeric, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { DEFAULT_OPENING_HOURS, type OpeningHours } from '@app/domain';
import { updatedAt } from './columns';

export const documentTypes = pgTable('tipo_doc', {
  id: smallint('id').primaryKey(),
  nom: varchar('nom', { length: 40 }).notNull(),
});

export const statuses = pgTable('estados', {
  id_est: smallint('id_est').primaryKey(),
  nom_est: varchar('nom_est', { length: 30 }).notNull(),
});

/** The one company settings record. */
export const settings = pgTable('ajustes', {
  id: serial('id').primaryKey(),
  nomEmp: varchar('nomEmp', { length: 150 }).notNull(),
  sloganEmp: varchar('sloganEmp', { length: 200 }),
  logoEmp: text('logoEmp'),
  dirEmp: varchar('dirEmp', { length: 200 }).notNull(),
  fonoEmp: varchar('fonoEmp', { length: 20 }).notNull(),
  emailEmp: varchar('emailEmp', { length: 150 }).notNull(),
  rucEmp: varchar('rucEmp', { length: 11 }).notNull(),
  /** Opening hours per weekday (decisions §opening-hours). */
  horario: jsonb('horario')
    .$type<OpeningHours>()
    .notNull()
    .default(sql.raw(`'${JSON.stringify(DEFAULT_OPENING_HOURS)}'::jsonb`)),
  /** The reminder's text with {cliente} {mascota} {fecha} {hora} {servicio} {empresa}; null: the default. */
  plantilla_recordatorio: varchar('plantilla_recordatorio', { length: 500 }),
  /** The Lima hour (0–23) of the daily e-mail reminders of the next day's citas; null: none. */
  hora_recordatorio: smallint('hora_recordatorio'),
  /** The largest discount (%) a sale may carry without `caja.ajustar` and a reason. */
  descuento_max: numeric('descuento_max', { precision: 5, scale: 2 }).notNull().default('10'),
  updated_at: updatedAt(),
});
