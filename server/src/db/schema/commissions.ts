import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CommissionSettings, GroomerCommission, TipPolicy } from '@app/domain';
import { listTime, updatedAt } from './columns';
import { employees, users } from './staff';

/** Percentages with two decimals, 0 to 100. */
const pct = (name: string) => numeric(name, { precision: 5, scale: 2 }).notNull().default('0');

/** An employee's commission rates (DESIGN §11.7); none saved: 0 % and tips to the groomer. */
export const commissionSettings = pgTable(
  'comisiones_empleado',
  {
    id_emp: integer('id_emp')
      .primaryKey()
      .references(() => employees.id_emp),
    pct_servicios: pct('pct_servicios'),
    pct_productos: pct('pct_productos'),
    propinas: varchar('propinas', { length: 10 }).$type<TipPolicy>().notNull().default('groomer'),
    descuento_reduce: boolean('descuento_reduce').notNull().default(true),
    /** Rates per service or package, named as the catalogue named them when saved. */
    por_item: jsonb('por_item').$type<CommissionSettings['por_item']>().notNull().default([]),
    updated_at: updatedAt(),
  },
  (t) => [
    check(
      'comisiones_empleado_pct_check',
      sql`${t.pct_servicios} between 0 and 100 and ${t.pct_productos} between 0 and 100`,
    ),
  ],
);

/** A closed period (Lima days, inclusive): its figures as they were when closed, frozen. */
export const commissionCloses = pgTable(
  'cierres_comision',
  {
    id: serial('id').primaryKey(),
    desde: date('desde', { mode: 'string' }).notNull(),
    hasta: date('hasta', { mode: 'string' }).notNull(),
    groomers: jsonb('groomers').$type<GroomerCommission[]>().notNull(),
    id_usu: integer('id_usu').references(() => users.id),
    at: listTime('at'),
  },
  (t) => [
    check('cierres_comision_rango_check', sql`${t.desde} <= ${t.hasta}`),
    index('cierres_comision_desde_idx').on(t.desde),
  ],
);
