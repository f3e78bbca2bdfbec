import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AvailableService,
  RECORD_STATUSES,
  type Service,
  SERVICE_MESSAGES,
  type ServiceInput,
  SERVICE_ENDPOINTS,
  servicesResource,
  sizeMinutesText,
  Status,
  statusName,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  packages,
  packageServices,
  services,
  serviceSearchSql,
} from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict } from '../../http/errors';
import type { ListDefinition } from '../../crud/list';
import { resourceModule } from '../../crud/resource';
import type { ExportDefinition } from '../../crud/export';

export const serviceList: ListDefinition = {
  table: services,
  fields: {
    id_srv: services.id_srv,
    nom_srv: services.nom_srv,
    desc_srv: services.desc_srv,
    precio_srv: services.precio_srv,
    duracion: services.duracion,
    minutos_talla: services.minutos_talla,
    adelanto: services.adelanto,
    id_est: services.id_est,
    created_at: services.created_at,
  },
  id: services.id_srv,
  createdAt: services.created_at,
  status: services.id_est,
  search: [serviceSearchSql(services)],
  hiddenStatuses: [Status.Eliminado],
};

const toValues = (input: ServiceInput) =>
  Promise.resolve({
    nom_srv: input.nombre,
    desc_srv: input.descripcion,
    // Already the numeric(10,2) text ('45.00'): no float on the way to the column.
    precio_srv: input.precio,
    // Absent: the column's default on register, the stored value on edit (drizzle skips it).
    duracion: input.duracion,
    minutos_talla: input.minutos_talla,
    adelanto: input.adelanto,
  });

/** How many package names a refusal lists before summarising the rest. */
const NAMED_PACKAGES = 5;

/**
 * A service booked in an appointment keeps the history: it can only be suspended or marked
 * Eliminado (the foreign key refuses too; this gives the message first). A service that is
 * part of packages is refused as well, naming them: deleting it would silently change what
 * those packages sell.
 */
async function refuseUsedService(tx: Tx, id: number) {
  const [booked] = await tx
    .select({ one: sql`1` })
    .from(appointments)
    .where(eq(appointments.id_srv, id))
    .limit(1);
  if (booked) throw conflict(SERVICE_MESSAGES.inUse);

  const inPackages = await tx
    .select({ nom_paq: packages.nom_paq })
    .from(packageServices)
    .innerJoin(packages, eq(packages.id_paq, packageServices.id_paq))
    .where(eq(packageServices.id_srv, id))
    .orderBy(asc(packages.nom_paq))
    .limit(NAMED_PACKAGES + 1);
  if (inPackages.length > 0) {
    const names = inPackages.slice(0, NAMED_PACKAGES).map((p) => p.nom_paq);
    const more = inPackages.length > NAMED_PACKAGES ? ' y otros' : '';
    throw conflict(
      `${SERVICE_MESSAGES.inPackages} ${names.join(', ')}${more}. Quítelo de ellos o suspéndalo`,
    );
  }
}

const serviceExport: ExportDefinition<Service> = {
  sheet: 'Servicios',
  columns: [
    { header: 'Servicio', value: (s) => s.nom_srv },
    { header: 'Descripción', value: (s) => s.desc_srv },
    { header: 'Precio (S/.)', value: (s) => s.precio_srv, kind: 'money' },
    { header: 'Duración (min)', value: (s) => s.duracion },
    { header: 'Minutos extra por tamaño', value: (s) => sizeMinutesText(s.minutos_talla) },
    { header: 'Estado', value: (s) => statusName(s.id_est) },
    { header: 'Registrado', value: (s) => s.created_at, kind: 'time' },
  ],
};

export const servicesModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: servicesResource,
      table: services,
      id: services.id_srv,
      list: serviceList,
      export: serviceExport,
      create: { toValues, message: SERVICE_MESSAGES.registered },
      update: { toValues, message: SERVICE_MESSAGES.updated },
      status: {
        allowed: RECORD_STATUSES.map((s) => s.id_est),
        column: services.id_est,
        message: SERVICE_MESSAGES.status,
      },
      remove: { inUse: SERVICE_MESSAGES.inUse, guard: refuseUsedService },
      notFound: SERVICE_MESSAGES.notFound,
    }),
    { db },
  );

  route(app, SERVICE_ENDPOINTS.available, async () => {
    const rows: AvailableService[] = await db
      .select({
        id_srv: services.id_srv,
        nom_srv: services.nom_srv,
        desc_srv: services.desc_srv,
        precio_srv: services.precio_srv,
        duracion: services.duracion,
        minutos_talla: services.minutos_talla,
        adelanto: services.adelanto,
      })
      .from(services)
      .where(eq(services.id_est, Status.Activo))
      .orderBy(asc(services.nom_srv), asc(services.id_srv));
    return ok(rows);
  });
};
