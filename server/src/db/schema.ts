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
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    index('users_search_trgm_idx').using(
      'gin',
      sql`((${t.name} || ' ' || ${t.surname} || ' ' || ${t.doc} || ' ' || ${t.login})) gin_trgm_ops`,
    ),
    index('users_created_at_idx').on(t.created_at),
    index('users_id_est_idx').on(t.id_est),
  ],
);

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

type SearchColumn = AnyPgColumn | ExtraConfigColumn;

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
  },
  (t) => [
    uniqueIndex('clientes_dni_key').on(t.dni_cli),
    index('clientes_search_trgm_idx').using('gin', sql`(${clientSearchSql(t)}) gin_trgm_ops`),
    ...listOrderIndexes('clientes', t, t.id_cli),
  ],
);

/** The text a client search looks in; the trigram index is on exactly this expression. */
export function clientSearchSql(t: Record<'dni_cli' | 'nom_cli' | 'ape_cli', SearchColumn>): SQL {
  return sql`(${t.dni_cli} || ' ' || ${t.nom_cli} || ' ' || ${t.ape_cli})`;
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
  },
  (t) => [
    index('perros_id_cli_idx').on(t.id_cli),
    index('perros_search_trgm_idx').using('gin', sql`(${petSearchSql(t)}) gin_trgm_ops`),
    ...listOrderIndexes('perros', t, t.id_perro),
  ],
);

export function petSearchSql(t: Record<'nom_perro' | 'raza_perro', SearchColumn>): SQL {
  return sql`(${t.nom_perro} || ' ' || ${t.raza_perro})`;
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
    index('servicios_search_trgm_idx').using(
      'gin',
      sql`((${t.nom_srv} || ' ' || ${t.desc_srv})) gin_trgm_ops`,
    ),
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
    index('paquetes_search_trgm_idx').using(
      'gin',
      sql`((${t.nom_paq} || ' ' || ${t.desc_paq})) gin_trgm_ops`,
    ),
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
    fec_reg: timestamp('fec_reg', { withTimezone: true }).notNull().defaultNow(),
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
    index('empleados_search_trgm_idx').using(
      'gin',
      sql`((${t.nom_emp} || ' ' || ${t.ape_emp} || ' ' || ${t.dni_emp} || ' ' || ${t.email_emp})) gin_trgm_ops`,
    ),
    ...listOrderIndexes('empleados', t, t.id_emp),
  ],
);

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
