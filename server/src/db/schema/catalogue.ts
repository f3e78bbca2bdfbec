import { sql, type SQL } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  updatedAt,
  trigramOps,
  money,
  type SearchColumn,
  listOrderIndexes,
} from './columns';
import { DEFAULT_DURATION, type DepositRule, type SizeMinutes } from '@app/domain';
import { statuses } from './company';

export function serviceSearchSql(t: Record<'nom_srv' | 'desc_srv', SearchColumn>): SQL {
  return sql`(${t.nom_srv} || ' ' || ${t.desc_srv})`;
}

export function packageSearchSql(t: Record<'nom_paq' | 'desc_paq', SearchColumn>): SQL {
  return sql`(${t.nom_paq} || ' ' || ${t.desc_paq})`;
}

export const services = pgTable(
  'servicios',
  {
    id_srv: serial('id_srv').primaryKey(),
    nom_srv: varchar('nom_srv', { length: 100 }).notNull(),
    desc_srv: varchar('desc_srv', { length: 500 }).notNull(),
    precio_srv: money('precio_srv').notNull(),
    /** Minutes a visit of it lasts (decisions §agenda). */
    duracion: smallint('duracion').notNull().default(DEFAULT_DURATION),
    /** Minutes added per pet size (DESIGN §11.4). */
    minutos_talla: jsonb('minutos_talla').$type<SizeMinutes>().notNull().default({}),
    /** The deposit its citas ask (DESIGN §11.6), or null. */
    adelanto: jsonb('adelanto').$type<DepositRule>(),
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
    /** Minutes a visit of it lasts (decisions §agenda). */
    duracion: smallint('duracion').notNull().default(DEFAULT_DURATION),
    /** Minutes added per pet size (DESIGN §11.4). */
    minutos_talla: jsonb('minutos_talla').$type<SizeMinutes>().notNull().default({}),
    /** The deposit its citas ask (DESIGN §11.6), or null. */
    adelanto: jsonb('adelanto').$type<DepositRule>(),
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
