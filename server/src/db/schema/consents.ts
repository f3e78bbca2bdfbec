import { index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import type { ConsentApplies } from '@app/domain';
import { createdAt, listOrderIndexes, listTime, updatedAt } from './columns';
import { clients, pets } from './clients';
import { statuses } from './company';
import { users } from './staff';

/**
 * Consents (DESIGN §11.8): the templates, versioned by their text (migration 0027's trigger), and
 * the signatures, each with the text it signed and its PDF, never edited.
 */
export const consentTemplates = pgTable(
  'plantillas_consentimiento',
  {
    id_consentimiento: serial('id_consentimiento').primaryKey(),
    titulo: varchar('titulo', { length: 120 }).notNull(),
    texto: text('texto').notNull(),
    aplica: varchar('aplica', { length: 15 }).$type<ConsentApplies>().notNull(),
    servicios: integer('servicios').array().notNull().default([]),
    paquetes: integer('paquetes').array().notNull().default([]),
    version: smallint('version').notNull().default(1),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [...listOrderIndexes('plantillas_consentimiento', t, t.id_consentimiento)],
);

export const consentSignatures = pgTable(
  'firmas_consentimiento',
  {
    id: serial('id').primaryKey(),
    id_consentimiento: integer('id_consentimiento')
      .notNull()
      .references(() => consentTemplates.id_consentimiento),
    version: smallint('version').notNull(),
    /** The title and text as signed. */
    titulo: varchar('titulo', { length: 120 }).notNull(),
    texto: text('texto').notNull(),
    id_perro: integer('id_perro')
      .notNull()
      .references(() => pets.id_perro),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli),
    firmante: varchar('firmante', { length: 120 }).notNull(),
    /** The signed PDF, a stored file's name (archivos). */
    pdf: varchar('pdf', { length: 100 }).notNull(),
    ip: varchar('ip', { length: 45 }),
    /** The staff member who witnessed it at the counter; null when signed from the cita's link. */
    id_usu: integer('id_usu').references(() => users.id),
    firmado_at: listTime('firmado_at'),
  },
  (t) => [
    index('firmas_consentimiento_id_perro_idx').on(t.id_perro, t.id_consentimiento),
    index('firmas_consentimiento_id_consentimiento_idx').on(t.id_consentimiento),
    index('firmas_consentimiento_id_cli_idx').on(t.id_cli),
  ],
);
