import { and, count, eq, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AppointmentStatus,
  can,
  certificateExpiresSoon,
  COMPLAINTS_PERMISSION,
  ELECTRONIC_RECEIPTS_PERMISSION,
  limaDayStart,
  limaToday,
  NOTIFICATION_LINKS,
  NOTIFICATION_TEXTS,
  NOTIFICATION_ENDPOINTS,
  ReservationStatus,
  VACCINE_PROPOSALS_PERMISSION,
  waitlistResource,
  type Notification,
  type Notifications,
  type Permission,
} from '@app/domain';
import type { Db } from '../../db/client';
import { appointments, reminders, reservations } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { complaintsDueCount } from '../complaints';
import { lowStock } from '../dashboard';
import { freedSlotsToOffer } from '../agenda';
import { pendingRequestsCount } from '../online-booking';
import { pendingProposalsCount } from '../vaccine-proposals';
import { unverifiedDepositsCount } from '../checkout';
import { unacceptedCount } from '../electronic-receipts';
import { activeCertificateExpiry } from '../settings';

const DAY_MS = 86_400_000;

/** Nothing to count for a role that may not see it. */
const none = Promise.resolve(0);

/**
 * The bell's notices (decisions §notifications) for a user who `may` what their role allows: the
 * low-stock products (catalogo.leer), tomorrow's citas still to come that nobody has reminded yet
 * (decisions §reminders) and the pending reservations whose day is today, the last day before they
 * expire (agenda.leer), the certificate that signs the electronic receipts when it expires within
 * CERTIFICATE_WARNING_DAYS or has expired (ajustes.escribir: who can upload another), and the
 * electronic receipts SUNAT has not accepted a day after their issue (caja.administrar: who
 * follows them on CAJA › 'Comprobantes electrónicos'), and the open hojas of the Libro de
 * Reclamaciones due within 3 working days or late (reclamos.atender).
 * Days are Lima's. Each read is a range of an index: the partial low-stock index, citas by
 * date (each probing its reminders by cita), pending reservations by date; the certificate is
 * the one settings row; the receipts are counted by their state (electronic-receipts).
 */
export async function notificationsFor(
  db: Db,
  may: (permission: Permission) => boolean,
  now = new Date(),
): Promise<Notifications> {
  const today = limaToday(now);
  const tomorrow = limaToday(new Date(now.getTime() + DAY_MS));
  const tomorrowStart = limaDayStart(tomorrow);
  const seesAgenda = may('agenda.leer');

  const [products, citasTomorrow, expiring, certificateExpiry, unaccepted, complaintsDue] =
    await Promise.all([
      may('catalogo.leer') ? lowStock(db) : Promise.resolve({ total: 0, items: [] }),
      seesAgenda
        ? db
            .select({ total: count() })
            .from(appointments)
            .where(
              and(
                gte(appointments.fec_cita, tomorrowStart),
                lt(appointments.fec_cita, new Date(tomorrowStart.getTime() + DAY_MS)),
                inArray(appointments.id_est, [
                  AppointmentStatus.Programada,
                  AppointmentStatus.EnProceso,
                ]),
                // A cita reminded by anyone, by any channel, is seen to (decisions §reminders).
                notExists(
                  db
                    .select({ one: sql`1` })
                    .from(reminders)
                    .where(eq(reminders.id_cita, appointments.id_cita)),
                ),
              ),
            )
            .then(([row]) => row?.total ?? 0)
        : none,
      // A pending reservation expires once its day has passed (statuses §expiry): today is its last.
      seesAgenda
        ? db
            .select({ total: count() })
            .from(reservations)
            .where(
              and(
                // A literal, as the partial index `reservaciones_pending_fec_cita_idx` says it.
                sql`${reservations.id_est} = ${sql.raw(String(ReservationStatus.Pendiente))}`,
                eq(reservations.fec_cita, today),
              ),
            )
            .then(([row]) => row?.total ?? 0)
        : none,
      may('ajustes.escribir') ? activeCertificateExpiry(db) : Promise.resolve(null),
      may(ELECTRONIC_RECEIPTS_PERMISSION) ? unacceptedCount(db, now) : none,
      may(COMPLAINTS_PERMISSION) ? complaintsDueCount(db, now) : none,
    ]);

  // The online bookings awaiting approval (DESIGN §11.4): who may approve them sees them.
  const onlineRequests = may('agenda.escribir') ? await pendingRequestsCount(db) : 0;
  // The vaccine cards clients sent (DESIGN §11.5): who may write pet care reviews them.
  const vaccineProposals = may(VACCINE_PROPOSALS_PERMISSION) ? await pendingProposalsCount(db) : 0;
  // Citas clients cancelled themselves whose time the waitlist could take (decisions §waitlist).
  const freed = may(waitlistResource.access.write) ? await freedSlotsToOffer(db) : 0;
  // Yape, Plin and transfers paid as deposits, to check before checkout deducts them (§deposits).
  const unverified = may('caja.cobrar') ? await unverifiedDepositsCount(db) : 0;

  const T = NOTIFICATION_TEXTS;
  const items: Notification[] = products.items.map((p) => ({
    tipo: 'stock_bajo',
    texto: T.lowStock(p.nom_prod, p.stock, p.stock_min),
    enlace: NOTIFICATION_LINKS.lowStock,
    cantidad: 1,
  }));
  const more = products.total - products.items.length;
  if (more > 0) {
    items.push({
      tipo: 'stock_bajo',
      texto: T.moreLowStock(more),
      enlace: NOTIFICATION_LINKS.lowStock,
      cantidad: more,
    });
  }
  if (citasTomorrow > 0) {
    items.push({
      tipo: 'citas_manana',
      texto: T.appointmentsTomorrow(citasTomorrow),
      // The desk reminds them; whoever only reads the agenda sees the day.
      enlace: may('agenda.escribir')
        ? NOTIFICATION_LINKS.reminders
        : NOTIFICATION_LINKS.agenda(tomorrow),
      cantidad: citasTomorrow,
    });
  }
  if (expiring > 0) {
    items.push({
      tipo: 'reservas_por_vencer',
      texto: T.reservationsExpiring(expiring),
      enlace: NOTIFICATION_LINKS.pendingReservations,
      cantidad: expiring,
    });
  }
  if (certificateExpiry && certificateExpiresSoon(certificateExpiry, now)) {
    items.push({
      tipo: 'certificado_por_vencer',
      texto: T.certificateExpiry(certificateExpiry, now),
      enlace: NOTIFICATION_LINKS.electronicSettings,
      cantidad: 1,
    });
  }
  if (unaccepted > 0) {
    items.push({
      tipo: 'comprobantes_sin_aceptar',
      texto: T.unacceptedReceipts(unaccepted),
      enlace: NOTIFICATION_LINKS.unacceptedReceipts,
      cantidad: unaccepted,
    });
  }
  if (complaintsDue > 0) {
    items.push({
      tipo: 'reclamos_por_vencer',
      texto: T.complaintsDue(complaintsDue),
      enlace: NOTIFICATION_LINKS.complaintsDue,
      cantidad: complaintsDue,
    });
  }
  if (onlineRequests > 0) {
    items.push({
      tipo: 'solicitudes_en_linea',
      texto: T.onlineRequests(onlineRequests),
      enlace: NOTIFICATION_LINKS.onlineRequests,
      cantidad: onlineRequests,
    });
  }
  if (vaccineProposals > 0) {
    items.push({
      tipo: 'carnes_por_revisar',
      texto: T.vaccineProposals(vaccineProposals),
      enlace: NOTIFICATION_LINKS.vaccineProposals,
      cantidad: vaccineProposals,
    });
  }
  if (freed > 0) {
    items.push({
      tipo: 'espacios_liberados',
      texto: T.freedSlots(freed),
      enlace: NOTIFICATION_LINKS.freedSlots,
      cantidad: freed,
    });
  }
  if (unverified > 0) {
    items.push({
      tipo: 'adelantos_por_verificar',
      texto: T.unverifiedDeposits(unverified),
      enlace: NOTIFICATION_LINKS.unverifiedDeposits,
      cantidad: unverified,
    });
  }
  // Every low-stock product is one thing to see to; tomorrow's citas, today's reservations, the
  // certificate and the receipts SUNAT has not accepted are one notice each.
  const total = products.total + items.filter((item) => item.tipo !== 'stock_bajo').length;
  return { items, total };
}

export const notificationsModule: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  route(app, NOTIFICATION_ENDPOINTS.list, async (request) => {
    const { role } = sessionOf(request);
    return ok(await notificationsFor(db, (permission) => can(role, permission)));
  });
  done();
};
