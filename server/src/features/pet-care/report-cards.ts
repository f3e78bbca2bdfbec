import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDays,
  AppointmentStatus,
  firstName,
  limaToday,
  REPORT_CARD_ENDPOINTS as E,
  REPORT_CARD_LINK_DAYS,
  REPORT_CARD_MESSAGES as M,
  REPORT_CARD_PATH,
  type PublicReportCard,
  type ReportCard,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Config } from '../../config';
import { dayText } from '../../crud/export';
import type { Db, Tx } from '../../db/client';
import {
  appointmentPhotos,
  appointments,
  clients,
  employees,
  packages,
  pets,
  reportCards,
  services,
  settings,
  users,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, invalid, notFound } from '../../http/errors';
import { sendUpload } from '../../http/uploads';
import { moduleMailer, type Mail, type Mailer } from '../../mail/mailer';
import { requireAttend } from '../agenda';
import { hourlyLimit, LINK_CALLS_PER_HOUR, linkTokenHash, newLinkToken } from '../online-booking';

/**
 * Report cards (DESIGN §11.8, decisions §report-cards): filled by the groomer as the visit ends,
 * one per cita (written again as a whole, with a new link), and read by the owner from a public
 * page whose token is 32 random bytes, kept only as its hash, open for REPORT_CARD_LINK_DAYS.
 */

/** The statuses a card is filled in: the visit under way or done. */
const ATTENDED: readonly number[] = [AppointmentStatus.EnProceso, AppointmentStatus.Completada];

const cardFields = {
  id_cita: reportCards.id_cita,
  pelaje: reportCards.pelaje,
  trabajos: reportCards.trabajos,
  comportamiento: reportCards.comportamiento,
  notas: reportCards.notas,
  proxima_semanas: reportCards.proxima_semanas,
  proxima_fecha: reportCards.proxima_fecha,
  usuario: sql<
    string | null
  >`(select ${users.login} from ${users} where ${users.id} = ${reportCards.id_usu})`,
  created_at: reportCards.created_at,
  vence: reportCards.vence,
};

async function cardOf(executor: Db | Tx, id: number): Promise<ReportCard | null> {
  const [row] = await executor
    .select(cardFields)
    .from(reportCards)
    .where(eq(reportCards.id_cita, id));
  return row
    ? { ...row, created_at: row.created_at.toISOString(), vence: row.vence.toISOString() }
    : null;
}

/** The cita a token opens, while its card's page is open; undefined otherwise, alike. */
async function cardByToken(db: Db, token: string) {
  const [row] = await db
    .select({ id_cita: reportCards.id_cita, vence: reportCards.vence })
    .from(reportCards)
    .where(eq(reportCards.token_hash, linkTokenHash(token)));
  return row && row.vence.getTime() > Date.now() ? row.id_cita : undefined;
}

/** The card's link as the owner's e-mail tells it. */
function cardMail(
  card: { to: string; nombres: string; mascota: string; salon: string },
  url: string,
  next: string,
): Mail {
  const text =
    `Hola ${card.nombres}:\n\n` +
    `Gracias por traer a ${card.mascota}. Esta es la ficha de su visita de hoy, con lo que le ` +
    `hicimos, cómo se portó y sus fotos:\n${url}\n\n` +
    `Le sugerimos volver el ${next}.\n\n${card.salon}\n`;
  return { to: card.to, subject: `La ficha de la visita de ${card.mascota}`, text };
}

export const reportCardsModule: FastifyPluginAsyncZod<{
  db: Db;
  config: Pick<Config, 'appUrl' | 'dataDir' | 'smtpUrl'>;
  /** Tests may pass their own; by default one is built from the config. */
  mailer?: Mailer;
}> = async (app, { db, config, mailer: givenMailer }) => {
  const byAddress = hourlyLimit(db, 'ficha.ip', LINK_CALLS_PER_HOUR);
  const mailer = moduleMailer(app, config, givenMailer);

  route(app, E.ofAppointment, async (request) => {
    const [cita] = await db
      .select({ id: appointments.id_cita })
      .from(appointments)
      .where(eq(appointments.id_cita, request.params.id));
    if (!cita) throw notFound(M.notFound);
    return ok(await cardOf(db, cita.id));
  });

  route(app, E.save, async (request, reply) => {
    const { id } = request.params;
    const input = request.body;
    const token = newLinkToken();
    const saved = await db.transaction(async (tx) => {
      const [cita] = await tx
        .select({
          id_est: appointments.id_est,
          id_emp: appointments.id_emp,
          fec_cita: appointments.fec_cita,
          email: clients.email_cli,
          nombres: clients.nom_cli,
          mascota: pets.nom_perro,
        })
        .from(appointments)
        .innerJoin(clients, eq(clients.id_cli, appointments.id_cli))
        .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
        .where(eq(appointments.id_cita, id))
        .for('update', { of: appointments });
      if (!cita) throw notFound(M.notFound);
      // The groomer of the cita, or whoever books.
      await requireAttend(tx, request, cita.id_emp);
      if (!ATTENDED.includes(cita.id_est)) throw conflict(M.notAttended);
      const to = cita.email.trim();
      if (input.correo && !to) throw invalid('correo', M.noEmail);
      const before = await cardOf(tx, id);
      const values = {
        pelaje: input.pelaje,
        trabajos: input.trabajos,
        comportamiento: input.comportamiento,
        notas: input.notas ?? null,
        proxima_semanas: input.proxima_semanas,
        proxima_fecha: addDays(limaToday(cita.fec_cita), input.proxima_semanas * 7),
        token_hash: linkTokenHash(token),
        vence: new Date(Date.now() + REPORT_CARD_LINK_DAYS * 86_400_000),
        id_usu: sessionOf(request).userId,
      };
      await tx
        .insert(reportCards)
        .values({ id_cita: id, ...values })
        .onConflictDoUpdate({
          target: reportCards.id_cita,
          set: { ...values, created_at: new Date() },
        });
      const after = await cardOf(tx, id);
      await recordChange(tx, request, {
        accion: before ? 'editar' : 'crear',
        entidad: 'ficha',
        id,
        before: before && { ...before, created_at: undefined, vence: undefined },
        after: after && { ...after, created_at: undefined, vence: undefined },
      });
      const [salon] = await tx.select({ nombre: settings.nomEmp }).from(settings).limit(1);
      return (
        after && {
          card: after,
          owner: {
            to,
            nombres: firstName(cita.nombres),
            mascota: cita.mascota,
            salon: salon?.nombre ?? '',
          },
        }
      );
    });
    if (!saved) throw notFound(M.notFound);
    const url = new URL(REPORT_CARD_PATH(token), config.appUrl).toString();
    if (!input.correo) {
      return reply.status(201).send(ok({ ...saved.card, url, enviado_a: null }, M.saved));
    }
    // Sent once the card is stored: a mail that fails leaves the card and its link, said so.
    await mailer.send(cardMail(saved.owner, url, dayText(saved.card.proxima_fecha)));
    const answer = { ...saved.card, url, enviado_a: saved.owner.to };
    return reply.status(201).send(ok(answer, M.savedAndMailed(saved.owner.to)));
  });

  route(app, E.publicCard, async (request, reply) => {
    await byAddress(request.ip, reply);
    const { token } = request.params;
    const id = await cardByToken(db, token);
    if (id === undefined) throw notFound(M.linkInvalid);
    const [[row], photos, [company]] = [
      await db
        .select({
          mascota: pets.nom_perro,
          fec_cita: appointments.fec_cita,
          servicio: sql<string>`coalesce(${services.nom_srv}, ${packages.nom_paq}, '')`,
          groomer: employees.nom_emp,
          pelaje: reportCards.pelaje,
          trabajos: reportCards.trabajos,
          comportamiento: reportCards.comportamiento,
          notas: reportCards.notas,
          proxima_fecha: reportCards.proxima_fecha,
        })
        .from(reportCards)
        .innerJoin(appointments, eq(appointments.id_cita, reportCards.id_cita))
        .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
        .leftJoin(services, eq(services.id_srv, appointments.id_srv))
        .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
        .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
        .where(eq(reportCards.id_cita, id)),
      await db
        .select({ id: appointmentPhotos.id_foto, momento: appointmentPhotos.momento })
        .from(appointmentPhotos)
        .where(eq(appointmentPhotos.id_cita, id))
        .orderBy(asc(appointmentPhotos.id_foto)),
      await db.select({ nombre: settings.nomEmp }).from(settings).limit(1),
    ];
    const { fec_cita, groomer, ...card } = row;
    const answer: PublicReportCard = {
      ...card,
      salon: company?.nombre ?? '',
      fecha: limaToday(fec_cita),
      groomer: (groomer ?? '').split(' ')[0] ?? '',
      fotos: photos.map((photo) => ({
        momento: photo.momento === 'antes' ? 'antes' : 'despues',
        url: `/api/public/ficha/${token}/foto/${photo.id}`,
      })),
    };
    return ok(answer);
  });

  route(app, E.publicPhoto, async (request, reply) => {
    await byAddress(request.ip, reply);
    const { token, id } = request.params;
    const cita = await cardByToken(db, token);
    const [photo] =
      cita === undefined
        ? []
        : await db
            .select({ id_cita: appointmentPhotos.id_cita, archivo: appointmentPhotos.archivo })
            .from(appointmentPhotos)
            .where(eq(appointmentPhotos.id_foto, id));
    const missing = () => notFound(M.linkInvalid);
    if (!photo || photo.id_cita !== cita) throw missing();
    return sendUpload(request, reply, db, photo.archivo, missing);
  });
};
