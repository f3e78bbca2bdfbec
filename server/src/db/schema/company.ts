import { pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
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
  updated_at: updatedAt(),
});
