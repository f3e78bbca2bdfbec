import { sql, type SQL } from 'drizzle-orm';
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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  updatedAt,
  storedSearchText,
  named,
  type SearchColumn,
  type SearchText,
  listOrderIndexes,
} from './columns';
import { PET_SEXES, PET_SIZES, type PetAlert, type PetSex, type PetSize } from '@app/domain';
import { statuses } from './company';

export const clients = pgTable(
  'clientes',
  {
    id_cli: serial('id_cli').primaryKey(),
    nom_cli: varchar('nom_cli', { length: 100 }).notNull(),
    ape_cli: varchar('ape_cli', { length: 100 }).notNull(),
    dni_cli: varchar('dni_cli', { length: 8 }).notNull(),
    tel1_cli: varchar('tel1_cli', { length: 9 }).notNull(),
    tel2_cli: varchar('tel2_cli', { length: 9 }),
    email_cli: varchar('email_cli', { length: 150 }).notNull(),
    dir_cli: varchar('dir_cli', { length: 200 }).notNull(),
    /**
     * The client's standing choices (DESIGN §11.5): reminders of their citas (on unless they
     * stop them) and marketing (off unless they opt in). Each change is kept in consentimientos.
     */
    recordatorios: boolean('recordatorios').notNull().default(true),
    marketing: boolean('marketing').notNull().default(false),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
    search_text: storedSearchText(clientText(named('dni_cli', 'nom_cli', 'ape_cli'))),
  },
  (t) => [
    uniqueIndex('clientes_dni_key').on(t.dni_cli),
    index('clientes_search_trgm_idx').using('gin', t.search_text.op('gin_trgm_ops')),
    index('clientes_phones_trgm_idx').using('gin', sql`${clientPhoneText(t)} gin_trgm_ops`),
    ...listOrderIndexes('clientes', t, t.id_cli),
  ],
);

/**
 * A client's searchable text: DNI, name and surname. Stored folded in clientes.search_text,
 * which the triggers of migration 0004 copy into the pets' owner_search.
 */
export function clientText(t: Record<'dni_cli' | 'nom_cli' | 'ape_cli', SQL | SearchColumn>): SQL {
  return sql`(${t.dni_cli} || ' ' || ${t.nom_cli} || ' ' || ${t.ape_cli})`;
}

/**
 * A client's phones side by side, as stored: digits need no folding. What the navbar's search
 * (features/search) finds a client by besides `search_text`, on a trigram index of its own.
 */
export function clientPhoneText(t: Record<'tel1_cli' | 'tel2_cli', SearchColumn>): SQL {
  return sql`(${t.tel1_cli} || ' ' || coalesce(${t.tel2_cli}, ''))`;
}

/** What a search of clients looks in (the client list, the agenda's `cli` filter). */
export function clientSearchSql(t: { search_text: SearchColumn }): SearchText {
  return { folded: t.search_text };
}

export const pets = pgTable(
  'perros',
  {
    id_perro: serial('id_perro').primaryKey(),
    nom_perro: varchar('nom_perro', { length: 60 }).notNull(),
    raza_perro: varchar('raza_perro', { length: 60 }).notNull(),
    /** Safety alerts a groomer must see before the visit ('muerde'...: PET_ALERTS). */
    alertas: text('alertas')
      .array()
      .$type<PetAlert[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What a groomer must know before touching the pet (decisions §pet-alerts). */
    notas_cuidado: varchar('notas_cuidado', { length: 500 }).notNull().default(''),
    /** pequeño | mediano | grande | gigante (DESIGN §11.4): a visit's length follows it. */
    talla: varchar('talla', { length: 10 }).$type<PetSize>(),
    /** macho | hembra. */
    sexo: varchar('sexo', { length: 6 }).$type<PetSex>(),
    fec_nac: date('fec_nac', { mode: 'string' }),
    /** The coat, in the salon's words ('doble capa', 'rizado'...). */
    pelaje: varchar('pelaje', { length: 60 }),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** The pet's own text, folded: name and breed. */
    search_text: storedSearchText(petText(named('nom_perro', 'raza_perro'))),
    /**
     * The owner's folded text (clientes.search_text), kept by triggers (migration 0004):
     * on insert and on a change of owner here, on a change of DNI or name in clientes.
     * With it the pet list's search is one trigram index on one table, whatever the words.
     */
    owner_search: text('owner_search').notNull().default(''),
    /**
     * The earliest of its vaccines' latest expiries (each vaccine's name counted once), kept by
     * triggers on vacunas (migration 0023); null without vaccines. A row that shows a pet reads
     * its vaccine state from it instead of grouping the pet's vaccines (pet-care-fields.ts).
     */
    vacunas_vence: date('vacunas_vence', { mode: 'string' }),
  },
  (t) => [
    check('perros_talla_check', sql.raw(`talla in (${PET_SIZES.map((v) => `'${v}'`).join(', ')})`)),
    check('perros_sexo_check', sql.raw(`sexo in (${PET_SEXES.map((v) => `'${v}'`).join(', ')})`)),
    index('perros_id_cli_idx').on(t.id_cli),
    index('perros_search_trgm_idx').using('gin', t.search_text.op('gin_trgm_ops')),
    index('perros_list_search_trgm_idx').using('gin', sql`${petListText(t)} gin_trgm_ops`),
    ...listOrderIndexes('perros', t, t.id_perro),
  ],
);

/** A pet's own searchable text: name and breed. Stored folded in perros.search_text. */
function petText(t: Record<'nom_perro' | 'raza_perro', SQL>): SQL {
  return sql`(${t.nom_perro} || ' ' || ${t.raza_perro})`;
}

/** What the agenda's `pe` filter looks in: the pet's own words. */
export function petSearchSql(t: { search_text: SearchColumn }): SearchText {
  return { folded: t.search_text };
}

/**
 * The pet's folded text and its owner's, side by side: joining two stored texts costs next to
 * nothing per row, where folding them would not. A word has no spaces, so it matches this
 * exactly when it matches one of the two, as a search over both would.
 */
export function petListText(t: Record<'search_text' | 'owner_search', SearchColumn>): SQL {
  return sql`(${t.search_text} || ' ' || ${t.owner_search})`;
}

/** What the pet list's search looks in: the pet's and its owner's words. */
export function petListSearchSql(
  t: Record<'search_text' | 'owner_search', SearchColumn>,
): SearchText {
  return { folded: petListText(t) };
}
