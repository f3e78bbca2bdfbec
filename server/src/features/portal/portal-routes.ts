import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppointmentStatus,
  firstName,
  clientDataFileName,
  formatReceiptNumber,
  limaDayStart,
  limaToday,
  limaWallClock,
  ONLINE_BOOKING_MESSAGES,
  PORTAL_ENDPOINTS as E,
  PORTAL_MESSAGES as M,
  PortalVaccineInputSchema,
  PRIVACY_NOTICE_VERSION,
  RECEIPT_TYPES,
  REMINDER_COMPANY_FALLBACK,
  Status,
  vaccineState,
  VACCINE_MESSAGES,
  type OnlineBookingSettings,
  type PortalAppointment,
  type PortalMe,
  type PortalPreferences,
} from '@app/domain';
import { changesBetween, publicActor, recordAudit, type AuditActor } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import {
  appointmentLinks,
  appointmentPhotos,
  appointments,
  clients,
  consents,
  consentSignatures,
  employees,
  packages,
  pets,
  reportCards,
  sales,
  services,
  settings,
  vaccineProposals,
  vaccines,
} from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, HttpError, INVALID_INPUT, notFound } from '../../http/errors';
import { imageExtension, readMultipart, sendUpload, storeUpload } from '../../http/uploads';
import { assertGroomerFree, recordFreedSlot } from '../agenda';
import { sendReceiptPdf, sendReceiptXml } from '../checkout';
import { clientData } from '../clients';
import { freeGroomersAt, readOnlineBookingSettings } from '../online-booking';
import { sendSignedPdf, signaturesOf } from '../pet-care';
import { closePortalSession, portalClientOf, registerPortalAuthentication } from './portal-auth';

/**
 * The client's own routes on /mi-cuenta (DESIGN §11.5). The client's id comes only from the
 * session (portal-auth.ts); every read and write is bounded by it, so another client's cita,
 * sale, pet or photo is 'not found' exactly as an id that names nothing.
 */

const HOUR_MS = 3_600_000;
const PAST_MAX = 50;
const RECEIPTS_MAX = 200;
const CONSENT_ORIGIN = 'portal';
const PORTAL_NOTE = 'Desde Mi cuenta';

const actorOf = (request: FastifyRequest) => publicActor(request.ip);

/** A visit booked and still to be attended: Programada (9) or awaiting the salon (10). */
const isBooked = (estado: number) =>
  estado === AppointmentStatus.Programada || estado === AppointmentStatus.PorConfirmar;

/** The policy's window, as the personal link applies it: booked and `cancelar_horas` ahead. */
const withinPolicy = (estado: number, inicio: Date, cancelarHoras: number, now: Date) =>
  isBooked(estado) && now.getTime() <= inicio.getTime() - cancelarHoras * HOUR_MS;

/** The item a cita books, when the salon offers it online: only those are moved from here. */
const offeredOnline = (
  row: { id_srv: number | null; id_paq: number | null },
  current: OnlineBookingSettings,
) =>
  current.modo !== 'desactivada' &&
  ((row.id_srv !== null && current.servicios.includes(row.id_srv)) ||
    (row.id_paq !== null && current.paquetes.includes(row.id_paq)));

const appointmentColumns = {
  id_cita: appointments.id_cita,
  fec_cita: appointments.fec_cita,
  duracion: appointments.duracion,
  id_est: appointments.id_est,
  id_emp: appointments.id_emp,
  confirmada_en: appointments.confirmada_en,
  id_srv: appointments.id_srv,
  id_paq: appointments.id_paq,
  servicio: sql<string>`coalesce(${services.nom_srv}, ${packages.nom_paq}, '')`,
  id_perro: appointments.id_perro,
  mascota: pets.nom_perro,
  talla: pets.talla,
  groomer: employees.nom_emp,
};

/** The client's citas (never a deleted one), with what the list shows of each. */
function appointmentsOf(executor: Db | Tx, id_cli: number) {
  return executor
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
    .where(
      and(eq(appointments.id_cli, id_cli), ne(appointments.id_est, AppointmentStatus.Eliminada)),
    )
    .$dynamic();
}
type AppointmentRow = Awaited<ReturnType<typeof appointmentsOf>>[number];

function toAppointment(
  row: AppointmentRow,
  current: OnlineBookingSettings,
  now: Date,
  // What a past visit has to show: its photos and its report card.
  { fotos, ficha }: Pick<PortalAppointment, 'fotos' | 'ficha'> = { fotos: [], ficha: null },
): PortalAppointment {
  const wall = limaWallClock(row.fec_cita).toISOString();
  const future = now.getTime() < row.fec_cita.getTime();
  const cancellable = withinPolicy(row.id_est, row.fec_cita, current.cancelar_horas, now);
  const item =
    row.id_srv !== null
      ? { tipo: 'servicio' as const, id: row.id_srv }
      : row.id_paq !== null
        ? { tipo: 'paquete' as const, id: row.id_paq }
        : null;
  return {
    id_cita: row.id_cita,
    inicio: row.fec_cita.toISOString(),
    fecha: wall.slice(0, 10),
    hora: wall.slice(11, 16),
    duracion: row.duracion,
    servicio: row.servicio,
    item,
    id_perro: row.id_perro,
    mascota: row.mascota,
    talla: row.talla,
    groomer: firstName(row.groomer),
    estado: row.id_est,
    confirmada_en: row.confirmada_en?.toISOString() ?? null,
    puede_confirmar: isBooked(row.id_est) && future && row.confirmada_en === null,
    puede_cancelar: cancellable,
    puede_reprogramar: cancellable && offeredOnline(row, current),
    fotos,
    ficha,
  };
}

/** One cita of the client, locked for a change; another client's or a deleted one is 404. */
async function ownAppointment(tx: Tx, id_cli: number, id: number, lock: boolean) {
  const query = appointmentsOf(tx, id_cli).where(
    and(
      eq(appointments.id_cita, id),
      eq(appointments.id_cli, id_cli),
      ne(appointments.id_est, AppointmentStatus.Eliminada),
    ),
  );
  const [row] = lock ? await query.for('update', { of: appointments }) : await query;
  if (!row) throw notFound(M.appointmentNotFound);
  return row;
}

async function salonOf(executor: Db | Tx) {
  const [row] = await executor
    .select({ nombre: settings.nomEmp, telefono: settings.fonoEmp, direccion: settings.dirEmp })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return row ?? { nombre: REMINDER_COMPANY_FALLBACK, telefono: '', direccion: '' };
}

/** `GET /api/portal/yo`: the client, their choices, their active pets and their consents. */
async function me(executor: Db | Tx, id_cli: number): Promise<PortalMe> {
  const [client] = await executor
    .select({
      nom_cli: clients.nom_cli,
      ape_cli: clients.ape_cli,
      email_cli: clients.email_cli,
      tel1_cli: clients.tel1_cli,
      tel2_cli: clients.tel2_cli,
      recordatorios: clients.recordatorios,
      marketing: clients.marketing,
    })
    .from(clients)
    .where(eq(clients.id_cli, id_cli));
  if (!client) throw new HttpError(401, M.sessionRequired);
  const petRows = await executor
    .select({
      id_perro: pets.id_perro,
      nom_perro: pets.nom_perro,
      raza_perro: pets.raza_perro,
      talla: pets.talla,
    })
    .from(pets)
    .where(and(eq(pets.id_cli, id_cli), eq(pets.id_est, Status.Activo)))
    .orderBy(asc(pets.nom_perro), asc(pets.id_perro));
  const ids = petRows.map((pet) => pet.id_perro);
  const doses =
    ids.length === 0
      ? []
      : await executor
          .select()
          .from(vaccines)
          .where(inArray(vaccines.id_perro, ids))
          .orderBy(desc(vaccines.fecha_aplicacion), desc(vaccines.id_vac));
  const sent =
    ids.length === 0
      ? []
      : await executor
          .select()
          .from(vaccineProposals)
          .where(inArray(vaccineProposals.id_perro, ids))
          .orderBy(desc(vaccineProposals.created_at), desc(vaccineProposals.id));
  const given = await executor
    .select({
      tipo: consents.tipo,
      aceptado: consents.aceptado,
      version: consents.version,
      origen: consents.origen,
      fecha: consents.fecha,
    })
    .from(consents)
    .where(eq(consents.id_cli, id_cli))
    .orderBy(desc(consents.fecha), desc(consents.id));
  const today = limaToday();
  return {
    ...client,
    mascotas: petRows.map((pet) => ({
      ...pet,
      vacunas: doses
        .filter((dose) => dose.id_perro === pet.id_perro)
        .map((dose) => ({
          nombre: dose.nombre,
          fecha_aplicacion: dose.fecha_aplicacion,
          fecha_vence: dose.fecha_vence,
          estado: vaccineState(dose.fecha_vence, today),
        })),
      propuestas: sent.filter((card) => card.id_perro === pet.id_perro).map(toProposal),
    })),
    consentimientos: given.map((consent) => ({
      ...consent,
      fecha: consent.fecha.toISOString(),
    })),
    salon: await salonOf(executor),
  };
}

function toProposal(card: typeof vaccineProposals.$inferSelect) {
  return {
    id: card.id,
    nombre: card.nombre,
    fecha_aplicacion: card.fecha_aplicacion,
    fecha_vence: card.fecha_vence,
    estado: card.estado as 'pendiente' | 'aceptada' | 'rechazada',
    motivo: card.motivo,
    created_at: card.created_at.toISOString(),
  };
}

/** Each choice that changed becomes a consent row (Ley 29733), and the client's record. */
async function savePreferences(
  tx: Tx,
  id_cli: number,
  wanted: PortalPreferences,
  who: AuditActor,
  now: Date,
) {
  const [before] = await tx
    .select({ recordatorios: clients.recordatorios, marketing: clients.marketing })
    .from(clients)
    .where(eq(clients.id_cli, id_cli))
    .for('update');
  if (!before) throw new HttpError(401, M.sessionRequired);
  const changed = (['recordatorios', 'marketing'] as const).filter(
    (tipo) => before[tipo] !== wanted[tipo],
  );
  if (changed.length === 0) return;
  await tx
    .update(clients)
    .set({ recordatorios: wanted.recordatorios, marketing: wanted.marketing })
    .where(eq(clients.id_cli, id_cli));
  await tx.insert(consents).values(
    changed.map((tipo) => ({
      id_cli,
      tipo,
      aceptado: wanted[tipo],
      version: PRIVACY_NOTICE_VERSION,
      origen: CONSENT_ORIGIN,
      fecha: now,
    })),
  );
  await recordAudit(tx, {
    ...who,
    accion: 'editar',
    entidad: 'cliente',
    entidad_id: id_cli,
    cambios: changesBetween(before, {
      recordatorios: wanted.recordatorios,
      marketing: wanted.marketing,
    }),
    detalle: PORTAL_NOTE,
  });
}

const minutesOf = (hora: string) => {
  const [h, m] = hora.split(':').map(Number);
  return h * 60 + m;
};

/** 409 'Ese horario ya no está disponible' for a groomer taken meanwhile. */
async function assertStillFree(tx: Tx, placement: Parameters<typeof assertGroomerFree>[1]) {
  try {
    await assertGroomerFree(tx, placement);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) throw conflict(M.slotTaken);
    throw error;
  }
}

/** The client's sale, or 404: another client's receipt is no one's here. */
async function assertOwnSale(db: Db, id_cli: number, id: number) {
  const [sale] = await db
    .select({ id: sales.id_venta })
    .from(sales)
    .where(and(eq(sales.id_venta, id), eq(sales.id_cli, id_cli)));
  if (!sale) throw notFound(M.receiptNotFound);
}

export const portalModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerPortalAuthentication(app, db);

  route(app, E.signOut, async (request) => {
    await closePortalSession(db, portalClientOf(request).tokenHash);
    return ok(null, M.signedOut);
  });

  route(app, E.me, async (request) => ok(await me(db, portalClientOf(request).id_cli)));

  route(app, E.preferences, async (request) => {
    const { id_cli } = portalClientOf(request);
    const saved = await db.transaction(async (tx) => {
      await savePreferences(tx, id_cli, request.body, actorOf(request), new Date());
      return me(tx, id_cli);
    });
    return ok(saved, M.preferencesSaved);
  });

  route(app, E.appointments, async (request) => {
    const { id_cli } = portalClientOf(request);
    const now = new Date();
    const current = await readOnlineBookingSettings(db);
    const coming = await appointmentsOf(db, id_cli)
      .where(
        and(
          eq(appointments.id_cli, id_cli),
          ne(appointments.id_est, AppointmentStatus.Eliminada),
          gte(appointments.fec_cita, now),
        ),
      )
      .orderBy(asc(appointments.fec_cita), asc(appointments.id_cita));
    const past = await appointmentsOf(db, id_cli)
      .where(
        and(
          eq(appointments.id_cli, id_cli),
          ne(appointments.id_est, AppointmentStatus.Eliminada),
          lt(appointments.fec_cita, now),
        ),
      )
      .orderBy(desc(appointments.fec_cita), desc(appointments.id_cita))
      .limit(PAST_MAX);
    const pastIds = past.map((row) => row.id_cita);
    const photos =
      past.length === 0
        ? []
        : await db
            .select({
              id_foto: appointmentPhotos.id_foto,
              id_cita: appointmentPhotos.id_cita,
              momento: appointmentPhotos.momento,
              nombre: appointmentPhotos.archivo,
            })
            .from(appointmentPhotos)
            .where(inArray(appointmentPhotos.id_cita, pastIds))
            .orderBy(asc(appointmentPhotos.created_at), asc(appointmentPhotos.id_foto));
    const cards =
      past.length === 0
        ? []
        : await db
            .select({
              id_cita: reportCards.id_cita,
              pelaje: reportCards.pelaje,
              trabajos: reportCards.trabajos,
              comportamiento: reportCards.comportamiento,
              notas: reportCards.notas,
              proxima_fecha: reportCards.proxima_fecha,
            })
            .from(reportCards)
            .where(inArray(reportCards.id_cita, pastIds));
    const photosOf = (id_cita: number) =>
      photos
        .filter((photo) => photo.id_cita === id_cita)
        .map((photo) => ({
          id_foto: photo.id_foto,
          momento: photo.momento === 'antes' ? ('antes' as const) : ('despues' as const),
          nombre: photo.nombre,
        }));
    const cardOf = (id_cita: number) => {
      const card = cards.find((row) => row.id_cita === id_cita);
      if (!card) return null;
      const { id_cita: _cita, ...ficha } = card;
      return ficha;
    };
    return ok({
      proximas: coming.map((row) => toAppointment(row, current, now)),
      pasadas: past.map((row) =>
        toAppointment(row, current, now, {
          fotos: photosOf(row.id_cita),
          ficha: cardOf(row.id_cita),
        }),
      ),
      cancelar_horas: current.cancelar_horas,
      politica: current.politica,
    });
  });

  route(app, E.confirm, async (request) => {
    const { id_cli } = portalClientOf(request);
    const now = new Date();
    const answer = await db.transaction(async (tx) => {
      const current = await readOnlineBookingSettings(tx);
      const before = await ownAppointment(tx, id_cli, request.params.id, true);
      const future = now.getTime() < before.fec_cita.getTime();
      // A second tap answers the same: the first confirmation stands, with its time.
      if (before.confirmada_en !== null && isBooked(before.id_est) && future) {
        return toAppointment(before, current, now);
      }
      if (!isBooked(before.id_est) || !future) throw conflict(M.cannotConfirm);
      const change = { confirmada_en: now };
      await tx.update(appointments).set(change).where(eq(appointments.id_cita, before.id_cita));
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'editar',
        entidad: 'cita',
        entidad_id: before.id_cita,
        cambios: changesBetween({ confirmada_en: null }, change),
        detalle: 'Asistencia confirmada por el cliente desde Mi cuenta',
      });
      return toAppointment({ ...before, confirmada_en: now }, current, now);
    });
    return ok(answer, M.confirmed);
  });

  route(app, E.cancel, async (request) => {
    const { id_cli } = portalClientOf(request);
    const now = new Date();
    const answer = await db.transaction(async (tx) => {
      const current = await readOnlineBookingSettings(tx);
      const before = await ownAppointment(tx, id_cli, request.params.id, true);
      if (before.id_est === AppointmentStatus.Cancelada) throw conflict(M.alreadyCancelled);
      if (!withinPolicy(before.id_est, before.fec_cita, current.cancelar_horas, now)) {
        throw conflict(M.tooLateToCancel);
      }
      const change = {
        id_est: AppointmentStatus.Cancelada,
        motivo_cancelacion: ONLINE_BOOKING_MESSAGES.cancelledByClient,
      };
      await tx.update(appointments).set(change).where(eq(appointments.id_cita, before.id_cita));
      await recordFreedSlot(tx, before.id_cita, 'mi_cuenta');
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'estado',
        entidad: 'cita',
        entidad_id: before.id_cita,
        cambios: changesBetween({ id_est: before.id_est, motivo_cancelacion: null }, change),
        detalle: 'Cancelada por el cliente desde Mi cuenta',
      });
      return toAppointment({ ...before, id_est: change.id_est }, current, now);
    });
    return ok(answer, M.cancelled);
  });

  route(app, E.reschedule, async (request) => {
    const { id_cli } = portalClientOf(request);
    const { fecha, hora } = request.body;
    const now = new Date();
    const answer = await db.transaction(async (tx) => {
      const current = await readOnlineBookingSettings(tx);
      const before = await ownAppointment(tx, id_cli, request.params.id, true);
      if (before.id_est === AppointmentStatus.Cancelada) throw conflict(M.alreadyCancelled);
      if (!withinPolicy(before.id_est, before.fec_cita, current.cancelar_horas, now)) {
        throw conflict(M.tooLateToMove);
      }
      if (!offeredOnline(before, current)) throw conflict(M.notMovableOnline);
      const item =
        before.id_srv !== null
          ? { tipo: 'servicio' as const, id: before.id_srv }
          : { tipo: 'paquete' as const, id: before.id_paq ?? 0 };
      const slot = { item, talla: before.talla, fecha, hora, except: before.id_cita };
      // By the booking page's rules (notice, horizon, hours, time off, buffer): its offer.
      const free = await freeGroomersAt(tx, slot, now);
      if (free.length === 0) throw conflict(M.slotTaken);
      // The same groomer if free then, else the first free one.
      const id_emp =
        before.id_emp !== null && free.includes(before.id_emp) ? before.id_emp : free[0];
      const inicio = new Date(limaDayStart(fecha).getTime() + minutesOf(hora) * 60_000);
      await assertStillFree(tx, {
        id_emp,
        inicio,
        duracion: before.duracion,
        except: before.id_cita,
      });
      // Checked again under the groomer's lock: a booking made meanwhile is seen now.
      const still = await freeGroomersAt(tx, { ...slot, emp: id_emp }, now);
      if (!still.includes(id_emp)) throw conflict(M.slotTaken);
      const change = { fec_cita: inicio, id_emp, confirmada_en: null, updated_at: now };
      await tx.update(appointments).set(change).where(eq(appointments.id_cita, before.id_cita));
      // The personal links name the cita until it starts: now the new start.
      await tx
        .update(appointmentLinks)
        .set({ vence: inicio })
        .where(eq(appointmentLinks.id_cita, before.id_cita));
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'mover',
        entidad: 'cita',
        entidad_id: before.id_cita,
        cambios: changesBetween(
          { fec_cita: before.fec_cita, id_emp: before.id_emp, confirmada_en: before.confirmada_en },
          { fec_cita: inicio, id_emp, confirmada_en: null },
        ),
        detalle: 'Reprogramada por el cliente desde Mi cuenta',
      });
      return toAppointment(await ownAppointment(tx, id_cli, before.id_cita, false), current, now);
    });
    return ok(answer, M.rescheduled);
  });

  route(app, E.photo, async (request, reply) => {
    const { id_cli } = portalClientOf(request);
    const missing = () => notFound(M.photoNotFound);
    const [row] = await db
      .select({ file: appointmentPhotos.archivo })
      .from(appointmentPhotos)
      .innerJoin(appointments, eq(appointments.id_cita, appointmentPhotos.id_cita))
      .where(
        and(
          eq(appointmentPhotos.archivo, request.params.nombre),
          eq(appointments.id_cli, id_cli),
          ne(appointments.id_est, AppointmentStatus.Eliminada),
        ),
      );
    if (!row) throw missing();
    return sendUpload(request, reply, db, row.file, missing);
  });

  route(app, E.signatures, async (request) => {
    const signed = await signaturesOf(db, { id_cli: portalClientOf(request).id_cli });
    return ok(
      signed.map(({ testigo: _witness, ...signature }) => ({
        ...signature,
        pdf_url: `/api/portal/firma/${signature.id}/pdf`,
      })),
    );
  });

  route(app, E.signaturePdf, async (request, reply) =>
    sendSignedPdf(
      db,
      reply,
      and(
        eq(consentSignatures.id, request.params.id),
        eq(consentSignatures.id_cli, portalClientOf(request).id_cli),
      ),
    ),
  );

  route(app, E.receipts, async (request) => {
    const { id_cli } = portalClientOf(request);
    const rows = await db
      .select({
        id_venta: sales.id_venta,
        fecha: sales.fecha,
        tipo_comp: sales.tipo_comp,
        serie: sales.serie,
        numero: sales.numero,
        total: sales.total,
        anulada_at: sales.anulada_at,
        xml: sql<boolean>`${sales.cpe_xml} is not null`,
      })
      .from(sales)
      .where(eq(sales.id_cli, id_cli))
      .orderBy(desc(sales.fecha), desc(sales.id_venta))
      .limit(RECEIPTS_MAX);
    return ok(
      rows.map((row) => ({
        id_venta: row.id_venta,
        fecha: row.fecha.toISOString(),
        comprobante: formatReceiptNumber(row.serie, row.numero),
        tipo: RECEIPT_TYPES[row.tipo_comp],
        total: row.total,
        anulada: row.anulada_at !== null,
        xml: row.xml,
      })),
    );
  });

  route(app, E.receiptPdf, async (request, reply) => {
    const { id } = request.params;
    await assertOwnSale(db, portalClientOf(request).id_cli, id);
    return sendReceiptPdf(db, reply, id, request.query.documento, request.query.formato);
  });

  route(app, E.receiptXml, async (request, reply) => {
    const { id } = request.params;
    await assertOwnSale(db, portalClientOf(request).id_cli, id);
    return sendReceiptXml(db, reply, id, request.query.documento);
  });

  route(app, E.vaccine, async (request, reply) => {
    const { id_cli } = portalClientOf(request);
    const [pet] = await db
      .select({ id: pets.id_perro })
      .from(pets)
      .where(
        and(
          eq(pets.id_perro, request.params.id),
          eq(pets.id_cli, id_cli),
          eq(pets.id_est, Status.Activo),
        ),
      );
    if (!pet) throw notFound(M.petNotFound);
    const { fields, files } = await readMultipart(request, {
      fileFields: ['comprobante'],
      tooLarge: VACCINE_MESSAGES.proofTooLarge,
    });
    const input = PortalVaccineInputSchema.parse(fields);
    const bytes = files.get('comprobante');
    if (!bytes) throw new HttpError(422, INVALID_INPUT, { comprobante: [M.cardRequired] });
    const ext = await imageExtension(bytes, 'comprobante', VACCINE_MESSAGES.proofNotImage);
    const row = await db.transaction(async (tx) => {
      const comprobante = await storeUpload(tx, 'vacuna', ext, bytes);
      const [created] = await tx
        .insert(vaccineProposals)
        .values({ id_perro: pet.id, ...input, comprobante })
        .returning();
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'crear',
        entidad: 'carne_vacuna',
        entidad_id: created.id,
        cambios: changesBetween(null, { id_perro: pet.id, ...input }),
        detalle: PORTAL_NOTE,
      });
      return created;
    });
    return reply.status(201).send(ok(toProposal(row), M.vaccineSent));
  });

  route(app, E.data, async (request, reply) => {
    const { id_cli } = portalClientOf(request);
    // One snapshot: a visit booked meanwhile is in every section or in none.
    const data = await db.transaction(
      async (tx) => {
        const found = await clientData(tx, id_cli);
        if (!found) throw new HttpError(401, M.sessionRequired);
        return found;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await recordAudit(db, {
      ...actorOf(request),
      accion: 'exportar',
      entidad: 'cliente',
      entidad_id: id_cli,
      detalle: 'Datos personales del cliente (Ley 29733), JSON, desde Mi cuenta',
    });
    return reply
      .header(
        'content-disposition',
        `attachment; filename="${clientDataFileName(String(data.cliente.dni_cli))}"`,
      )
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(data);
  });
};
