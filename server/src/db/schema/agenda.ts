import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  AppointmentStatus,
  FREED_SLOT_CHANNELS,
  DEFAULT_DURATION,
  DURATION_MAX,
  DURATION_MIN,
  type AppointmentOrigin,
} from '@app/domain';
import { listTime, createdAt, updatedAt, money, listOrderIndexes } from './columns';
import { statuses } from './company';
import { users, employees } from './staff';
import { clients, pets } from './clients';
import { services, packages } from './catalogue';

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
    /**
     * The cita booked for its pet on its day, set by the database (migration 0010) when either
     * is written: what Reporte Reservaciones counts as turned into a cita.
     */
    id_cita: integer('id_cita').references((): AnyPgColumn => appointments.id_cita, {
      onDelete: 'set null',
    }),
    /**
     * The client's folded text (clientes.search_text), kept by triggers (migration 0015) as
     * perros.owner_search is: the agenda's `cli` filter reads this table's own trigram index.
     */
    cliente_search: text('cliente_search').notNull().default(''),
    /** The pet's folded text (perros.search_text), kept as cliente_search is (migration 0031). */
    perro_search: text('perro_search').notNull().default(''),
    updated_at: updatedAt(),
  },
  (t) => [
    index('reservaciones_fec_reg_idx').on(t.fec_reg, t.id_res),
    index('reservaciones_id_est_fec_reg_idx').on(t.id_est, t.fec_reg, t.id_res),
    index('reservaciones_id_cli_idx').on(t.id_cli),
    index('reservaciones_id_perro_idx').on(t.id_perro),
    index('reservaciones_id_usu_idx').on(t.id_usu),
    index('reservaciones_cliente_search_trgm_idx').using(
      'gin',
      t.cliente_search.op('gin_trgm_ops'),
    ),
    index('reservaciones_perro_search_trgm_idx').using('gin', t.perro_search.op('gin_trgm_ops')),
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
    /** The groomer (decisions §agenda), or null: 'Sin asignar'. */
    id_emp: integer('id_emp').references(() => employees.id_emp),
    /** Minutes; the visit takes [fec_cita, fec_cita + duracion). */
    duracion: smallint('duracion').notNull().default(DEFAULT_DURATION),
    /** The recurring series it belongs to (series_citas, decisions §series), or null. */
    id_serie: integer('id_serie').references((): AnyPgColumn => appointmentSeries.id_serie),
    obs_perro: varchar('obs_perro', { length: 500 }).notNull(),
    fech_reg: date('fech_reg', { mode: 'string' }).notNull(),
    id_est: smallint('id_est')
      .notNull()
      .default(9)
      .references(() => statuses.id_est),
    /** Why it was cancelled, while it is 11 Cancelada (statuses §transitions); null otherwise. */
    motivo_cancelacion: varchar('motivo_cancelacion', { length: 200 }),
    /**
     * The client's folded text (clientes.search_text), kept by triggers (migration 0015) as
     * perros.owner_search is: the agenda's `cli` filter reads this table's own trigram index.
     */
    cliente_search: text('cliente_search').notNull().default(''),
    /** The pet's folded text (perros.search_text), kept as cliente_search is (migration 0031). */
    perro_search: text('perro_search').notNull().default(''),
    /** mostrador | en_linea: an online booking is marked on the calendar (DESIGN §11.4). */
    /** When the client confirmed it from their link, the portal or WhatsApp; null until then. */
    confirmada_en: timestamp('confirmada_en', { withTimezone: true }),
    origen: varchar('origen', { length: 10 })
      .$type<AppointmentOrigin>()
      .notNull()
      .default('mostrador'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('citas_one_item_check', sql`(${t.id_srv} is null) <> (${t.id_paq} is null)`),
    check(
      'citas_duracion_check',
      sql`${t.duracion} between ${sql.raw(String(DURATION_MIN))} and ${sql.raw(String(DURATION_MAX))}`,
    ),
    // The agenda's day of one groomer, and the overlap check of every booking.
    index('citas_id_emp_fec_cita_idx').on(t.id_emp, t.fec_cita),
    ...listOrderIndexes('citas', t, t.id_cita),
    // The list's timeline order and the agenda's range; the status last, so the list's page
    // of ids (every status but Eliminada) comes from the index alone.
    index('citas_fec_cita_idx').on(t.fec_cita, t.id_cita, t.id_est),
    index('citas_id_cli_idx').on(t.id_cli),
    index('citas_id_perro_idx').on(t.id_perro),
    index('citas_id_usu_idx').on(t.id_usu),
    index('citas_cliente_search_trgm_idx').using('gin', t.cliente_search.op('gin_trgm_ops')),
    index('citas_perro_search_trgm_idx').using('gin', t.perro_search.op('gin_trgm_ops')),
    index('citas_id_srv_idx').on(t.id_srv),
    index('citas_id_paq_idx').on(t.id_paq),
    index('citas_id_serie_idx')
      .on(t.id_serie, t.fec_cita)
      .where(sql`${t.id_serie} is not null`),
    // The online requests awaiting the salon (the bell's count, AGENDA › 'Solicitudes en línea').
    index('citas_por_confirmar_idx')
      .on(t.created_at)
      .where(sql`${t.id_est} = ${sql.raw(String(AppointmentStatus.PorConfirmar))}`),
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

/**
 * A cita a client cancelled themselves (their link, Mi cuenta or a WhatsApp reply): nobody at the
 * counter saw its time freed, so the bell and 'Lista de espera' show it to offer to the waitlist
 * (decisions §waitlist) until it is booked from there, dismissed or past.
 */
export const freedSlots = pgTable(
  'espacios_liberados',
  {
    id_cita: integer('id_cita')
      .primaryKey()
      .references(() => appointments.id_cita, { onDelete: 'cascade' }),
    canal: varchar('canal', { length: 20 }).notNull(),
    liberado_en: timestamp('liberado_en', { withTimezone: true }).notNull().defaultNow(),
    /** When it was booked from the waitlist or dismissed; null while it is still to offer. */
    atendido_en: timestamp('atendido_en', { withTimezone: true }),
    id_usu: integer('id_usu').references(() => users.id),
  },
  () => [
    check(
      'espacios_liberados_canal_check',
      sql.raw(`canal in (${FREED_SLOT_CHANNELS.map((c) => `'${c}'`).join(', ')})`),
    ),
  ],
);

/**
 * How many committed transactions have changed what the agenda and the lists show (decisions
 * §agenda, §kept-lists): one row, counted up once at the commit of any transaction that wrote a
 * table a kept answer reads (deferred constraint triggers, migrations 0030 and 0032: every table
 * but a few). A server keeps a week's answer or a list's page while this number stays the one it
 * was built with, so a change made through any server process shows on the next call. The name is
 * the first use's: backups carry the table by it.
 */
export const agendaVersion = pgTable(
  'agenda_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('agenda_version_one_row', sql`${t.id}`)],
);
