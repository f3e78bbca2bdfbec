import { sql, type SQL } from 'drizzle-orm';
import { GROOMER_COLORS, ROLES, type HomePage, type OpeningHours, type Role } from '@app/domain';
import {
  type AnyPgColumn,
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
import { createdAt, updatedAt, trigramOps, type SearchColumn, listOrderIndexes } from './columns';
import { documentTypes, statuses } from './company';

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
    /** Null until set: the seeded users get no address on a domain the business may not own. */
    email: varchar('email', { length: 150 }),
    login: varchar('login', { length: 50 }).notNull(),
    password: text('password').notNull(),
    profile_image: text('profile_image'),
    /** The employee this account belongs to, when it was created from one. */
    id_emp: integer('id_emp').references((): AnyPgColumn => employees.id_emp),
    id_est: smallint('id_est')
      .notNull()
      .default(1)
      .references(() => statuses.id_est),
    /** What the user may do (decisions §roles); read with the session on every request. */
    rol: text('rol').$type<Role>().notNull().default('recepcion'),
    /** Where the user lands after signing in (decisions §home-page): 'dashboard' or 'agenda'. */
    inicio: text('inicio').$type<HomePage>().notNull().default('dashboard'),
    /** A seeded user with a generated password: every call but the password change is refused. */
    debe_cambiar_clave: boolean('debe_cambiar_clave').notNull().default(false),
    /** The TOTP secret, encrypted (auth/secrets.ts); set while enrolling, in force once active. */
    totp_secreto: text('totp_secreto'),
    totp_activo: boolean('totp_activo').notNull().default(false),
    /** The TOTP time step last accepted: a code is good once (RFC 6238 §5.2), never replayed. */
    totp_ultimo_paso: integer('totp_ultimo_paso'),
    /** SHA-256 hashes of the unused recovery codes of the second factor. */
    codigos_recuperacion: jsonb('codigos_recuperacion').$type<string[]>().notNull().default([]),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('users_rol_check', sql`${t.rol} in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`),
    // The active admins, locked by every change that could leave none (features/accounts/users.ts).
    index('users_admins_idx')
      .on(t.id_est)
      .where(sql`${t.rol} = 'admin'`),
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
    /** Where and with what the session was opened: Perfil lists them. */
    ip: varchar('ip', { length: 64 }),
    agente: varchar('agente', { length: 300 }),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

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
    /** Bookable: a column of the agenda (decisions §agenda). */
    agenda: boolean('agenda').notNull().default(false),
    /** The calendar colour of the employee's citas. */
    color: varchar('color', { length: 7 }).notNull().default(GROOMER_COLORS[0]),
    /** The groomer's own working hours per weekday (DESIGN §11.4); null: the company's. */
    horario: jsonb('horario').$type<OpeningHours>(),
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
