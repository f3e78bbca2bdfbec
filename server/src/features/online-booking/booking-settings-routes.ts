import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ONLINE_BOOKING_ENDPOINTS, Status, type OnlineBookingSettings } from '@app/domain';
import { actorOf, changesBetween, recordAudit } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { onlineBookingSettings, packages, services } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError, type FieldErrors } from '../../http/errors';
import { readOnlineBookingSettings, saveOnlineBookingSettings } from './booking-settings';

export const BOOKING_SETTINGS_MESSAGES = {
  saved: 'Reserva en línea guardada correctamente',
  servicesInactive: 'Elija solo servicios activos del catálogo',
  packagesInactive: 'Elija solo paquetes activos del catálogo',
} as const;

const M = BOOKING_SETTINGS_MESSAGES;

/** The ids once each, in the order given. */
const distinct = (ids: number[]) => [...new Set(ids)];

/** How many of `ids` are active services (locked: none is retired until the save commits). */
async function activeServices(tx: Tx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .select({ id: services.id_srv })
    .from(services)
    .where(and(inArray(services.id_srv, ids), eq(services.id_est, Status.Activo)))
    .for('share');
  return rows.length;
}

async function activePackages(tx: Tx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .select({ id: packages.id_paq })
    .from(packages)
    .where(and(inArray(packages.id_paq, ids), eq(packages.id_est, Status.Activo)))
    .for('share');
  return rows.length;
}

/**
 * Ajustes › 'Reserva en línea' (DESIGN §11.4): how the public page takes bookings. `GET`
 * answers the stored settings (bookings off until saved); `PUT` replaces them, offering only
 * active services and packages, in one transaction with its audit entry.
 */
export const bookingSettingsModule: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  route(app, ONLINE_BOOKING_ENDPOINTS.settings, async () =>
    ok(await readOnlineBookingSettings(db)),
  );

  route(app, ONLINE_BOOKING_ENDPOINTS.saveSettings, async (request) => {
    const settings: OnlineBookingSettings = {
      ...request.body,
      servicios: distinct(request.body.servicios),
      paquetes: distinct(request.body.paquetes),
    };
    const saved = await db.transaction(async (tx) => {
      // Two saves at once take turns, so each entry's 'before' is what the other left.
      const [existing] = await tx
        .select({ id: onlineBookingSettings.id })
        .from(onlineBookingSettings)
        .for('update');
      const before = await readOnlineBookingSettings(tx);

      const errors: FieldErrors = {};
      if ((await activeServices(tx, settings.servicios)) !== settings.servicios.length) {
        errors.servicios = [M.servicesInactive];
      }
      if ((await activePackages(tx, settings.paquetes)) !== settings.paquetes.length) {
        errors.paquetes = [M.packagesInactive];
      }
      const first = Object.values(errors)[0]?.[0];
      if (first) throw new HttpError(422, first, errors);

      await saveOnlineBookingSettings(tx, settings);
      await recordAudit(tx, {
        ...actorOf(request),
        accion: existing ? 'editar' : 'crear',
        entidad: 'ajustes',
        entidad_id: null,
        cambios: changesBetween(existing ? before : null, settings),
        detalle: 'Reserva en línea',
      });
      return readOnlineBookingSettings(tx);
    });
    return ok(saved, M.saved);
  });
  done();
};
