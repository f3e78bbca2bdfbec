import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BONO_ENDPOINTS,
  BONO_MESSAGES,
  bonoItemsText,
  bonosResource,
  RECORD_STATUSES,
  Status,
  statusName,
  type Bono,
  type BonoInput,
  type BonoItem,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { bonos, packages, services } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { invalid } from '../../http/errors';
import type { ListDefinition } from '../../crud/list';
import { resourceModule } from '../../crud/resource';
import type { ExportDefinition } from '../../crud/export';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The catalogue's bonos (DESIGN §11.6): a name, the services and packages it covers with how
 * many of each, a price and how many days it is valid once sold. Selling and using them is
 * checkout's (checkout/bonos.ts).
 */

const bonoFields = {
  id_bono: bonos.id_bono,
  nombre: bonos.nombre,
  precio: bonos.precio,
  vigencia_dias: bonos.vigencia_dias,
  items: bonos.items,
  id_est: bonos.id_est,
  created_at: bonos.created_at,
};

const bonoList: ListDefinition = {
  table: bonos,
  fields: bonoFields,
  id: bonos.id_bono,
  createdAt: bonos.created_at,
  status: bonos.id_est,
  // A salon has a handful of bonos: its name, folded, without an index of its own.
  search: [sql`${bonos.nombre}`],
  hiddenStatuses: [Status.Eliminado],
};

/**
 * The covered items named by the catalogue, in the order given. Each must be an active service
 * or package, or one the bono already covers (suspended since, it may stay).
 */
async function namedItems(
  tx: Tx,
  items: BonoInput['items'],
  current: readonly BonoItem[] = [],
): Promise<BonoItem[]> {
  const ids = (tipo: BonoItem['tipo']) =>
    items.filter((item) => item.tipo === tipo).map((item) => item.id);
  const kept = (tipo: BonoItem['tipo']) =>
    current.filter((item) => item.tipo === tipo).map((item) => item.id);
  const usable = (status: PgColumn, id: PgColumn, tipo: BonoItem['tipo']) =>
    kept(tipo).length
      ? or(eq(status, Status.Activo), inArray(id, kept(tipo)))
      : eq(status, Status.Activo);
  const [serviceRows, packageRows] = [
    ids('servicio').length
      ? await tx
          .select({ id: services.id_srv, nombre: services.nom_srv })
          .from(services)
          .where(
            and(
              inArray(services.id_srv, ids('servicio')),
              usable(services.id_est, services.id_srv, 'servicio'),
            ),
          )
      : [],
    ids('paquete').length
      ? await tx
          .select({ id: packages.id_paq, nombre: packages.nom_paq })
          .from(packages)
          .where(
            and(
              inArray(packages.id_paq, ids('paquete')),
              usable(packages.id_est, packages.id_paq, 'paquete'),
            ),
          )
      : [],
  ];
  const names = new Map([
    ...serviceRows.map((row): [string, string] => [`servicio:${row.id}`, row.nombre]),
    ...packageRows.map((row): [string, string] => [`paquete:${row.id}`, row.nombre]),
  ]);
  const missing = items.filter((item) => !names.has(`${item.tipo}:${item.id}`));
  if (missing.length > 0) {
    const listed = missing.map((item) => `${item.tipo} ${item.id}`).join(', ');
    throw invalid('items', `${BONO_MESSAGES.itemUnavailable} ${listed}`);
  }
  return items.map((item) => ({ ...item, nombre: names.get(`${item.tipo}:${item.id}`) ?? '' }));
}

const valuesOf = async (input: BonoInput, tx: Tx, current?: readonly BonoItem[]) => ({
  nombre: input.nombre,
  precio: input.precio,
  vigencia_dias: input.vigencia_dias,
  items: await namedItems(tx, input.items, current),
});

const bonoExport: ExportDefinition<Bono> = {
  sheet: 'Bonos',
  columns: [
    { header: 'Bono', value: (b) => b.nombre },
    { header: 'Incluye', value: (b) => bonoItemsText(b.items) },
    { header: 'Precio (S/.)', value: (b) => b.precio, kind: 'money' },
    { header: 'Vigencia (días)', value: (b) => b.vigencia_dias },
    { header: 'Estado', value: (b) => statusName(b.id_est) },
    { header: 'Registrado', value: (b) => b.created_at, kind: 'time' },
  ],
};

export const bonosModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: bonosResource,
      table: bonos,
      id: bonos.id_bono,
      list: bonoList,
      export: bonoExport,
      create: {
        toValues: (input, tx) => valuesOf(input, tx),
        message: BONO_MESSAGES.registered,
      },
      update: {
        toValues: async (input, tx) => {
          const [row] = await tx
            .select({ items: bonos.items })
            .from(bonos)
            .where(eq(bonos.id_bono, input.id));
          return valuesOf(input, tx, row?.items);
        },
        message: BONO_MESSAGES.updated,
      },
      status: {
        allowed: RECORD_STATUSES.map((s) => s.id_est),
        column: bonos.id_est,
        message: BONO_MESSAGES.status,
      },
      // A bono sold is referenced by its clients' bonos (the foreign key).
      remove: { inUse: BONO_MESSAGES.inUse },
      notFound: BONO_MESSAGES.notFound,
    }),
    { db },
  );

  route(app, BONO_ENDPOINTS.available, async () => {
    const rows = await db
      .select(bonoFields)
      .from(bonos)
      .where(eq(bonos.id_est, Status.Activo))
      .orderBy(asc(bonos.nombre), asc(bonos.id_bono));
    return ok(rows.map((row): Bono => ({ ...row, created_at: row.created_at.toISOString() })));
  });
};
