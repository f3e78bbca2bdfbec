import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  type PgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Milliseconds, like a JS Date: the lists' keyset cursor carries the time of a row through one,
 * and a value with microseconds would not compare equal to itself on the next page.
 */
const listTime = (name: string) =>
  timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();
const createdAt = () => listTime('created_at');
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

type SearchColumn = AnyPgColumn | ExtraConfigColumn;

/** Letters a search ignores the accent of, in both cases, and what they become. */
export const ACCENTED = 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
export const UNACCENTED = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';

/**
 * Text folded for search: lower case, accents off ('Peña García' -> 'pena garcia'). Only
 * IMMUTABLE built-ins (no unaccent extension, which PGlite lacks), so a trigram index can be
 * built on it; the accented capitals are mapped too, whatever the database's collation does.
 * Searches fold both the text and the pattern, and the indexes are on the folded text.
 */
export function foldSql(value: SQL | SearchColumn): SQL {
  return sql`translate(lower(${value}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${UNACCENTED}'`)})`;
}

/**
 * Text a list search looks in (`searchCondition`, http/list.ts). An expression is folded when
 * searched, and has a trigram index on its folded form: fine for small tables. `{ folded }` is
 * a stored generated column holding the folded text already, with a trigram index on it: the
 * large tables, where folding every row a search rechecks or walks would cost several times
 * the match itself (translate() is slow).
 */
export type SearchText = SQL | { folded: SQL | SearchColumn };

/** A GIN trigram index on the folded text: what `searchCondition` (http/list.ts) matches. */
const trigramOps = (text: SQL) => sql`(${foldSql(text)}) gin_trgm_ops`;

/** The folded text of `raw`, stored: computed once per write instead of once per row read. */
const storedSearchText = (raw: SQL) =>
  text('search_text').notNull().generatedAlwaysAs(foldSql(raw));

/** Columns by name, for a generated column's expression (the table is still being defined). */
const named = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, sql`${sql.identifier(name)}`])) as Record<K, SQL>;

export const documentTypes = pgTable('tipo_doc', {
  id: smallint('id').primaryKey(),
  nom: varchar('nom', { length: 40 }).notNull(),
});

export const statuses = pgTable('estados', {
  id_est: smallint('id_est').primaryKey(),
  nom_est: varchar('nom_est', { length: 30 }).notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    surname: varchar('surname', { length: 100 }).notNull(),
    id_tipodoc: smallint('id_tipodoc')
      .notNull()
      .references(() => documentTypes.id),
    doc: varchar('doc', { length: 20 }).notNull(),
    email: varchar('email', { length: 150 }).notNull(),
    login: varchar('login', { length: 50 }).notNull(),
    password: text('password').notNull(),
    profile_image: text('profile_image'),
    /** The employee this account belongs to, when it was created from one. */
    id_emp: integer('id_emp').references((): AnyPgColumn => employees.id_emp),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_login_key').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_id_emp_key').on(t.id_emp),
    index('users_search_trgm_idx').using('gin', trigramOps(userSearchSql(t))),
    index('users_created_at_idx').on(t.created_at),
    index('users_id_est_idx').on(t.id_est),
  ],
);

export function userSearchSql(t: Record<'name' | 'surname' | 'doc' | 'login', SearchColumn>): SQL {
  return sql`(${t.name} || ' ' || ${t.surname} || ' ' || ${t.doc} || ' ' || ${t.login})`;
}

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the bearer token: a leaked table does not leak credentials. */
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

/**
 * Newest first, with the id as tie-breaker: the order and keyset of every list. Ascending, so
 * a backward scan serves `ORDER BY created_at DESC, id DESC` (drizzle's `.desc()` adds NULLS
 * LAST, which that order cannot use).
 */
const listOrderIndexes = (
  name: string,
  t: { created_at: ExtraConfigColumn; id_est: ExtraConfigColumn },
  id: ExtraConfigColumn,
) => [
  index(`${name}_created_at_idx`).on(t.created_at, id),
  index(`${name}_id_est_created_at_idx`).on(t.id_est, t.created_at, id),
];

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
  },
  (t) => [
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
function petListText(t: Record<'search_text' | 'owner_search', SearchColumn>): SQL {
  return sql`(${t.search_text} || ' ' || ${t.owner_search})`;
}

/** What the pet list's search looks in: the pet's and its owner's words. */
export function petListSearchSql(
  t: Record<'search_text' | 'owner_search', SearchColumn>,
): SearchText {
  return { folded: petListText(t) };
}

export function serviceSearchSql(t: Record<'nom_srv' | 'desc_srv', SearchColumn>): SQL {
  return sql`(${t.nom_srv} || ' ' || ${t.desc_srv})`;
}

export function packageSearchSql(t: Record<'nom_paq' | 'desc_paq', SearchColumn>): SQL {
  return sql`(${t.nom_paq} || ' ' || ${t.desc_paq})`;
}

/** Money: numeric(10,2), read and written as strings so no float ever touches it. */
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const services = pgTable(
  'servicios',
  {
    id_srv: serial('id_srv').primaryKey(),
    nom_srv: varchar('nom_srv', { length: 100 }).notNull(),
    desc_srv: varchar('desc_srv', { length: 500 }).notNull(),
    precio_srv: money('precio_srv').notNull(),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('servicios_search_trgm_idx').using('gin', trigramOps(serviceSearchSql(t))),
    ...listOrderIndexes('servicios', t, t.id_srv),
  ],
);

export const packages = pgTable(
  'paquetes',
  {
    id_paq: serial('id_paq').primaryKey(),
    nom_paq: varchar('nom_paq', { length: 100 }).notNull(),
    desc_paq: varchar('desc_paq', { length: 500 }).notNull(),
    precio_paq: money('precio_paq').notNull(),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('paquetes_search_trgm_idx').using('gin', trigramOps(packageSearchSql(t))),
    ...listOrderIndexes('paquetes', t, t.id_paq),
  ],
);

export const packageServices = pgTable(
  'paquete_servicio',
  {
    id_paq: integer('id_paq')
      .notNull()
      .references(() => packages.id_paq, { onDelete: 'cascade' }),
    id_srv: integer('id_srv')
      .notNull()
      .references(() => services.id_srv),
  },
  (t) => [
    primaryKey({ columns: [t.id_paq, t.id_srv] }),
    index('paquete_servicio_id_srv_idx').on(t.id_srv),
  ],
);

export const reservations = pgTable(
  'reservaciones',
  {
    id_res: serial('id_res').primaryKey(),
    /** Registration time: the list's order and its date filter. */
    fec_reg: listTime('fec_reg'),
    fec_cita: date('fec_cita', { mode: 'string' }).notNull(),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli),
    id_perro: integer('id_perro')
      .notNull()
      .references(() => pets.id_perro),
    id_usu: integer('id_usu')
      .notNull()
      .references(() => users.id),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    updated_at: updatedAt(),
  },
  (t) => [
    index('reservaciones_fec_reg_idx').on(t.fec_reg, t.id_res),
    index('reservaciones_id_est_fec_reg_idx').on(t.id_est, t.fec_reg, t.id_res),
    index('reservaciones_id_cli_idx').on(t.id_cli),
    index('reservaciones_id_perro_idx').on(t.id_perro),
    index('reservaciones_id_usu_idx').on(t.id_usu),
    index('reservaciones_pending_fec_cita_idx')
      .on(t.fec_cita)
      .where(sql`${t.id_est} = 1`),
  ],
);

export const appointments = pgTable(
  'citas',
  {
    id_cita: serial('id_cita').primaryKey(),
    fec_cita: timestamp('fec_cita', { withTimezone: true }).notNull(),
    id_cli: integer('id_cli')
      .notNull()
      .references(() => clients.id_cli),
    id_perro: integer('id_perro')
      .notNull()
      .references(() => pets.id_perro),
    id_srv: integer('id_srv').references(() => services.id_srv),
    id_paq: integer('id_paq').references(() => packages.id_paq),
    /** The service's or package's price when it was booked. */
    precio: money('precio').notNull(),
    id_usu: integer('id_usu')
      .notNull()
      .references(() => users.id),
    id_emp: integer('id_emp').references(() => employees.id_emp),
    obs_perro: varchar('obs_perro', { length: 500 }).notNull(),
    fech_reg: date('fech_reg', { mode: 'string' }).notNull(),
    id_est: smallint('id_est')
      .notNull()
      .default(9)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('citas_one_item_check', sql`(${t.id_srv} is null) <> (${t.id_paq} is null)`),
    ...listOrderIndexes('citas', t, t.id_cita),
    index('citas_fec_cita_idx').on(t.fec_cita),
    index('citas_id_cli_idx').on(t.id_cli),
    index('citas_id_perro_idx').on(t.id_perro),
    index('citas_id_usu_idx').on(t.id_usu),
    index('citas_id_srv_idx').on(t.id_srv),
    index('citas_id_paq_idx').on(t.id_paq),
  ],
);

export const triages = pgTable('triajes', {
  id: serial('id').primaryKey(),
  id_cita: integer('id_cita')
    .notNull()
    .unique('triajes_id_cita_key')
    .references(() => appointments.id_cita, { onDelete: 'cascade' }),
  edad: numeric('edad', { precision: 5, scale: 2 }).notNull(),
  peso: numeric('peso', { precision: 6, scale: 2 }).notNull(),
  temperatura: numeric('temperatura', { precision: 5, scale: 2 }).notNull(),
  nota: varchar('nota', { length: 100 }).notNull().default(''),
  id_est: smallint('id_est')
    .notNull()
    .default(1)
    .references(() => statuses.id_est),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const employees = pgTable(
  'empleados',
  {
    id_emp: serial('id_emp').primaryKey(),
    nom_emp: varchar('nom_emp', { length: 100 }).notNull(),
    ape_emp: varchar('ape_emp', { length: 100 }).notNull(),
    id_tipoDoc: smallint('id_tipoDoc')
      .notNull()
      .references(() => documentTypes.id),
    dni_emp: varchar('dni_emp', { length: 13 }).notNull(),
    fec_nac: date('fec_nac', { mode: 'string' }).notNull(),
    email_emp: varchar('email_emp', { length: 150 }).notNull(),
    tel_emp: varchar('tel_emp', { length: 9 }).notNull(),
    picture: text('picture'),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('empleados_dni_key').on(t.dni_emp),
    index('empleados_search_trgm_idx').using('gin', trigramOps(employeeSearchSql(t))),
    ...listOrderIndexes('empleados', t, t.id_emp),
  ],
);

export function employeeSearchSql(
  t: Record<'nom_emp' | 'ape_emp' | 'dni_emp' | 'email_emp', SearchColumn>,
): SQL {
  return sql`(${t.nom_emp} || ' ' || ${t.ape_emp} || ' ' || ${t.dni_emp} || ' ' || ${t.email_emp})`;
}

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

/** Single-use password reset links; only the token's hash is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.user_id)],
);

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
