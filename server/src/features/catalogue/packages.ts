import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AvailablePackage,
  type Package,
  PACKAGE_ENDPOINTS,
  PACKAGE_MESSAGES,
  PACKAGE_SERVICES_MESSAGES,
  type PackageInput,
  type PackageService,
  packagesResource,
  RECORD_STATUSES,
  sizeMinutesText,
  Status,
  statusName,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { packages, packageSearchSql, packageServices, services } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { invalid, notFound } from '../../http/errors';
import type { ListDefinition } from '../../crud/list';
import { resourceModule } from '../../crud/resource';
import type { ExportDefinition } from '../../crud/export';

export const packageList: ListDefinition = {
  table: packages,
  fields: {
    id_paq: packages.id_paq,
    nom_paq: packages.nom_paq,
    desc_paq: packages.desc_paq,
    precio_paq: packages.precio_paq,
    duracion: packages.duracion,
    minutos_talla: packages.minutos_talla,
    adelanto: packages.adelanto,
    id_est: packages.id_est,
    created_at: packages.created_at,
  },
  id: packages.id_paq,
  createdAt: packages.created_at,
  status: packages.id_est,
  search: [packageSearchSql(packages)],
  hiddenStatuses: [Status.Eliminado],
};

const toValues = (input: PackageInput) =>
  Promise.resolve({
    nom_paq: input.nombre,
    desc_paq: input.descripcion,
    precio_paq: input.precio,
    // Absent: the column's default on register, the stored value on edit (drizzle skips it).
    duracion: input.duracion,
    minutos_talla: input.minutos_talla,
    adelanto: input.adelanto,
  });

/** The package row, locked so that two saves of its services run one after the other. */
async function lockPackage(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id_paq: packages.id_paq })
    .from(packages)
    .where(eq(packages.id_paq, id))
    .for('update');
  if (!row) throw notFound(PACKAGE_MESSAGES.notFound);
}

/** The package's services with the spec's pivot (spec §001-3), by name; suspended ones included. */
async function servicesOf(executor: Db | Tx, id: number): Promise<PackageService[]> {
  return executor
    .select({
      id_srv: services.id_srv,
      nom_srv: services.nom_srv,
      desc_srv: services.desc_srv,
      precio_srv: services.precio_srv,
      id_est: services.id_est,
      pivot: { id_paq: packageServices.id_paq, id_srv: packageServices.id_srv },
    })
    .from(packageServices)
    .innerJoin(services, eq(services.id_srv, packageServices.id_srv))
    .where(eq(packageServices.id_paq, id))
    .orderBy(asc(services.nom_srv), asc(services.id_srv));
}

/**
 * Replaces the package's services with `ids` in the caller's transaction. Each id must be an
 * active service, or one the package already has (a service suspended after it was added
 * may stay; it cannot be added anew). Answers the ids the package had, read under its lock.
 */
async function replaceServices(tx: Tx, id: number, ids: number[]): Promise<number[]> {
  await lockPackage(tx, id);
  if (ids.length > 0) {
    const current = tx
      .select({ id_srv: packageServices.id_srv })
      .from(packageServices)
      .where(eq(packageServices.id_paq, id));
    const usable = await tx
      .select({ id_srv: services.id_srv })
      .from(services)
      .where(
        and(
          inArray(services.id_srv, ids),
          or(eq(services.id_est, Status.Activo), inArray(services.id_srv, current)),
        ),
      );
    const found = new Set(usable.map((s) => s.id_srv));
    const missing = ids.filter((s) => !found.has(s));
    if (missing.length > 0) {
      throw invalid('srvs', `${PACKAGE_SERVICES_MESSAGES.unavailable} ${missing.join(', ')}`);
    }
  }
  const previous = await tx
    .delete(packageServices)
    .where(eq(packageServices.id_paq, id))
    .returning({ id_srv: packageServices.id_srv });
  if (ids.length > 0) {
    await tx.insert(packageServices).values(ids.map((id_srv) => ({ id_paq: id, id_srv })));
  }
  return previous.map((s) => s.id_srv);
}

/** A package's set of services, as the audit log shows it: the ids before and after. */
function recordServicesChange(
  tx: Tx,
  request: FastifyRequest,
  id: number,
  before: number[],
  after: PackageService[],
) {
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  return recordChange(tx, request, {
    accion: 'editar',
    entidad: 'paquete',
    id,
    before: { servicios: sorted(before) },
    after: { servicios: sorted(after.map((s) => s.id_srv)) },
  });
}

const packageExport: ExportDefinition<Package> = {
  sheet: 'Paquetes',
  columns: [
    { header: 'Paquete', value: (p) => p.nom_paq },
    { header: 'Descripción', value: (p) => p.desc_paq },
    { header: 'Precio (S/.)', value: (p) => p.precio_paq, kind: 'money' },
    { header: 'Duración (min)', value: (p) => p.duracion },
    { header: 'Minutos extra por tamaño', value: (p) => sizeMinutesText(p.minutos_talla) },
    { header: 'Estado', value: (p) => statusName(p.id_est) },
    { header: 'Registrado', value: (p) => p.created_at, kind: 'time' },
  ],
};

export const packagesModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: packagesResource,
      table: packages,
      id: packages.id_paq,
      list: packageList,
      export: packageExport,
      create: { toValues, message: PACKAGE_MESSAGES.registered },
      update: { toValues, message: PACKAGE_MESSAGES.updated },
      status: {
        allowed: RECORD_STATUSES.map((s) => s.id_est),
        column: packages.id_est,
        message: PACKAGE_MESSAGES.status,
      },
      // Its services go with it (ON DELETE CASCADE); appointments keep it (the foreign key).
      remove: { inUse: PACKAGE_MESSAGES.inUse },
      notFound: PACKAGE_MESSAGES.notFound,
    }),
    { db },
  );

  route(app, PACKAGE_ENDPOINTS.available, async () => {
    const rows: AvailablePackage[] = await db
      .select({
        id_paq: packages.id_paq,
        nom_paq: packages.nom_paq,
        desc_paq: packages.desc_paq,
        precio_paq: packages.precio_paq,
        duracion: packages.duracion,
        minutos_talla: packages.minutos_talla,
        adelanto: packages.adelanto,
      })
      .from(packages)
      .where(eq(packages.id_est, Status.Activo))
      .orderBy(asc(packages.nom_paq), asc(packages.id_paq));
    return ok(rows);
  });

  route(app, PACKAGE_ENDPOINTS.services, async (request) => {
    const { id } = request.params;
    const [found] = await db
      .select({ id_paq: packages.id_paq })
      .from(packages)
      .where(eq(packages.id_paq, id));
    if (!found) throw notFound(PACKAGE_MESSAGES.notFound);
    return ok(await servicesOf(db, id));
  });

  route(app, PACKAGE_ENDPOINTS.saveServices, async (request) => {
    const { id } = request.params;
    const rows = await db.transaction(async (tx) => {
      const before = await replaceServices(tx, id, request.body.srvs);
      const after = await servicesOf(tx, id);
      await recordServicesChange(tx, request, id, before, after);
      return after;
    });
    return ok(rows, PACKAGE_MESSAGES.servicesSaved);
  });

  route(app, PACKAGE_ENDPOINTS.removeService, async (request) => {
    const { id, serviceId } = request.params;
    const rows = await db.transaction(async (tx) => {
      await lockPackage(tx, id);
      const removed = await tx
        .delete(packageServices)
        .where(and(eq(packageServices.id_paq, id), eq(packageServices.id_srv, serviceId)))
        .returning({ id_srv: packageServices.id_srv });
      if (removed.length === 0) throw notFound(PACKAGE_MESSAGES.serviceNotInPackage);
      const after = await servicesOf(tx, id);
      const before = [...after.map((s) => s.id_srv), serviceId];
      await recordServicesChange(tx, request, id, before, after);
      return after;
    });
    return ok(rows, PACKAGE_MESSAGES.servicesSaved);
  });
};
