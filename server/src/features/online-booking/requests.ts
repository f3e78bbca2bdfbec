import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_MESSAGES,
  AppointmentStatus,
  limaTime,
  limaToday,
  ONLINE_BOOKING_ENDPOINTS as E,
  ONLINE_BOOKING_MESSAGES,
  REMINDER_COMPANY_FALLBACK,
  reminderDate,
  type OnlineRequestRow,
} from '@app/domain';
import { actorOf, changesBetween, recordAudit } from '../../audit/record';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  clients,
  employees,
  packages,
  pets,
  services,
  settings,
} from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';
import { afterAnswerQueue } from '../../http/after-answer';
import { moduleMailer, type Mail, type Mailer } from '../../mail/mailer';

/**
 * AGENDA › 'Solicitudes en línea' (DESIGN §11.4): the citas booked online while the salon
 * approves them (10 Por confirmar, holding their time). Approving makes one 9 Programada;
 * declining cancels it (11, with the reason), which frees its time. Either is e-mailed to the
 * client once the change has committed.
 */

export const ONLINE_REQUEST_MESSAGES = {
  approved: 'Solicitud aprobada: la cita quedó programada',
  declined: 'Solicitud rechazada: se avisó al cliente',
  approvedSubject: 'Su cita está confirmada',
  declinedSubject: 'Su solicitud de cita no pudo ser aceptada',
} as const;

const M = ONLINE_REQUEST_MESSAGES;

/** A cita still awaiting the salon: booked online and 10 Por confirmar. */
const pending = and(
  eq(appointments.id_est, AppointmentStatus.PorConfirmar),
  eq(appointments.origen, 'en_linea'),
);

/** The requests `where` selects, oldest first, as the screen lists them. */
async function requestRows(executor: Db | Tx, where: SQL | undefined) {
  const rows = await executor
    .select({
      id_cita: appointments.id_cita,
      fec_cita: appointments.fec_cita,
      duracion: appointments.duracion,
      cliente: sql<string>`${clients.nom_cli} || ' ' || ${clients.ape_cli}`,
      dni_cli: clients.dni_cli,
      tel1_cli: clients.tel1_cli,
      email_cli: clients.email_cli,
      mascota: pets.nom_perro,
      talla: pets.talla,
      item: sql<string>`coalesce(${services.nom_srv}, ${packages.nom_paq}, '')`,
      groomer: sql<string | null>`${employees.nom_emp} || ' ' || ${employees.ape_emp}`,
      created_at: appointments.created_at,
    })
    .from(appointments)
    .innerJoin(clients, eq(clients.id_cli, appointments.id_cli))
    .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
    .where(where)
    .orderBy(asc(appointments.created_at), asc(appointments.id_cita));
  return rows.map(({ fec_cita, created_at, ...row }): OnlineRequestRow => ({
    ...row,
    inicio: fec_cita.toISOString(),
    created_at: created_at.toISOString(),
  }));
}

/** How many requests wait for the salon: the bell's notice. */
export async function pendingRequestsCount(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(appointments).where(pending);
  return row?.total ?? 0;
}

/**
 * The request locked for its answer: 404 if there is no such cita, 409 if it no longer waits
 * (approved or declined meanwhile, by another user or by the client).
 */
async function lockedRequest(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id_est: appointments.id_est, origen: appointments.origen })
    .from(appointments)
    .where(eq(appointments.id_cita, id))
    .for('update');
  if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
  if (row.id_est !== AppointmentStatus.PorConfirmar || row.origen !== 'en_linea') {
    throw conflict(ONLINE_BOOKING_MESSAGES.notPending);
  }
}

interface Salon {
  name: string;
  address: string;
  phone: string;
}

async function salonOf(db: Db): Promise<Salon> {
  const [row] = await db
    .select({ name: settings.nomEmp, address: settings.dirEmp, phone: settings.fonoEmp })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return row ?? { name: REMINDER_COMPANY_FALLBACK, address: '', phone: '' };
}

/** The visit's lines of a mail: day and time in Lima, what, for whom, with whom. */
function visitLines(cita: OnlineRequestRow): string {
  const at = new Date(cita.inicio);
  return [
    `Fecha: ${reminderDate(limaToday(at))}`,
    `Hora: ${limaTime(at)}`,
    `Servicio: ${cita.item}`,
    `Mascota: ${cita.mascota}`,
    ...(cita.groomer ? [`Groomer: ${cita.groomer}`] : []),
  ].join('\n');
}

/** To the client: the salon approved the request; the cita is Programada. */
export function approvedMail(cita: OnlineRequestRow, salon: Salon): Mail {
  const where = salon.address ? `\nDirección: ${salon.address}` : '';
  const call = salon.phone ? ` al ${salon.phone}` : '';
  return {
    to: cita.email_cli,
    subject: `${M.approvedSubject} — ${salon.name}`,
    text:
      `Estimado(a) ${cita.cliente}:\n\n` +
      `Su cita en ${salon.name} está confirmada.\n\n` +
      `${visitLines(cita)}${where}\n\n` +
      `Si no puede asistir, avísenos con anticipación${call}.\n\n` +
      `${salon.name}\n`,
  };
}

/** To the client: the salon declined the request, and why; the time is free again. */
export function declinedMail(
  cita: OnlineRequestRow,
  salon: Salon,
  motivo: string,
  bookingUrl: string,
): Mail {
  return {
    to: cita.email_cli,
    subject: `${M.declinedSubject} — ${salon.name}`,
    text:
      `Estimado(a) ${cita.cliente}:\n\n` +
      `Lamentamos informarle que ${salon.name} no pudo aceptar su solicitud de cita.\n\n` +
      `${visitLines(cita)}\n\n` +
      `Motivo: ${motivo}\n\n` +
      `Puede elegir otro horario en ${bookingUrl}\n\n` +
      `${salon.name}\n`,
  };
}

export interface OnlineRequestsOptions {
  db: Db;
  config: Pick<Config, 'dataDir' | 'smtpUrl' | 'appUrl'>;
  /** Tests may pass their own; by default one is built from the config. */
  mailer?: Mailer;
}

export const onlineRequestsModule: FastifyPluginCallbackZod<OnlineRequestsOptions> = (
  app,
  { db, config, mailer: givenMailer },
  done,
) => {
  const mailer = moduleMailer(app, config, givenMailer);
  const afterAnswer = afterAnswerQueue(app);
  const bookingUrl = `${config.appUrl.replace(/\/+$/, '')}/reservar`;

  /** Sends the client's mail; a failure is logged and the answer stands. */
  const mailClient = (
    cita: OnlineRequestRow,
    compose: (salon: Salon) => Mail,
    log: FastifyBaseLogger,
  ) =>
    afterAnswer(
      (async () => {
        if (!cita.email_cli.trim()) return;
        try {
          await mailer.send(compose(await salonOf(db)));
        } catch (error) {
          log.error({ err: error }, 'No se pudo enviar el correo de la solicitud en línea');
        }
      })(),
    );

  /** Moves a pending request to `estado` in one transaction with its audit entry. */
  const answer = (
    request: FastifyRequest,
    id: number,
    estado: number,
    detalle: string,
    motivo: string | null,
  ) =>
    db.transaction(async (tx) => {
      await lockedRequest(tx, id);
      await tx
        .update(appointments)
        .set({ id_est: estado, motivo_cancelacion: motivo, updated_at: new Date() })
        .where(eq(appointments.id_cita, id));
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'estado',
        entidad: 'cita',
        entidad_id: id,
        cambios: changesBetween(
          { id_est: AppointmentStatus.PorConfirmar, motivo_cancelacion: null },
          { id_est: estado, motivo_cancelacion: motivo },
        ),
        detalle,
      });
      const [cita] = await requestRows(tx, eq(appointments.id_cita, id));
      return cita;
    });

  route(app, E.requests, async () => ok(await requestRows(db, pending)));

  route(app, E.approve, async (request) => {
    const cita = await answer(
      request,
      request.params.id,
      AppointmentStatus.Programada,
      'Solicitud en línea aprobada',
      null,
    );
    mailClient(cita, (salon) => approvedMail(cita, salon), request.log);
    return ok(null, M.approved);
  });

  route(app, E.decline, async (request) => {
    const { motivo } = request.body;
    const cita = await answer(
      request,
      request.params.id,
      AppointmentStatus.Cancelada,
      'Solicitud en línea rechazada',
      motivo,
    );
    mailClient(cita, (salon) => declinedMail(cita, salon, motivo, bookingUrl), request.log);
    return ok(null, M.declined);
  });
  done();
};
