import {
  and,
  asc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  lt,
  lte,
  ne,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDays,
  AppointmentStatus,
  comeBackMessage,
  DEFAULT_REMINDER_TEMPLATE,
  isPeruMobile,
  limaDayStart,
  limaTime,
  limaToday,
  limaWallClock,
  REMINDER_COMPANY_FALLBACK,
  REMINDER_ENDPOINTS,
  REMINDER_MESSAGES,
  reminderDate,
  reminderText,
  whatsappUrl,
  type ComeBackRow,
  type Reminder,
  type ReminderChannel,
  type ReminderRow,
  type RemindersDay,
} from '@app/domain';
import { actorOf, changesBetween, recordAudit, recordChange } from '../../audit/record';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  clients,
  employees,
  packages,
  pets,
  reminders,
  reportCards,
  services,
  settings,
  users,
} from '../../db/schema';
import { runExclusive } from '../../db/exclusive';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError, invalid } from '../../http/errors';
import { moduleMailer, type Mail, type Mailer } from '../../mail/mailer';
import { appointmentLinkPath, createAppointmentLink, purgeExpiredLinks } from '../online-booking';
import { sendWhatsappReminders } from '../whatsapp';

/**
 * Appointment reminders (decisions §reminders): the day's Programada citas with their filled
 * message and wa.me link, the record of each reminder sent by WhatsApp or e-mail, and the daily
 * e-mail run that reminds the next day's citas by itself.
 */

const DAY_MS = 86_400_000;
const M = REMINDER_MESSAGES;

/** What the message takes from the company: its template and its name. */
interface ReminderSettings {
  template: string;
  company: string;
  /** The Lima hour of the daily run, or null: no run. */
  hour: number | null;
}

async function reminderSettings(executor: Db | Tx): Promise<ReminderSettings> {
  const [row] = await executor
    .select({
      template: settings.plantilla_recordatorio,
      company: settings.nomEmp,
      hour: settings.hora_recordatorio,
    })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return {
    template: row?.template ?? DEFAULT_REMINDER_TEMPLATE,
    company: row?.company ?? REMINDER_COMPANY_FALLBACK,
    hour: row?.hour ?? null,
  };
}

const citaFields = {
  id_cita: appointments.id_cita,
  fec_cita: appointments.fec_cita,
  id_est: appointments.id_est,
  cliente: {
    id_cli: clients.id_cli,
    nom_cli: clients.nom_cli,
    ape_cli: clients.ape_cli,
    tel1_cli: clients.tel1_cli,
    email_cli: clients.email_cli,
    recordatorios: clients.recordatorios,
  },
  perro: { id_perro: pets.id_perro, nom_perro: pets.nom_perro },
  servicio: sql<string>`coalesce(${services.nom_srv}, ${packages.nom_paq})`,
  groomer: sql<string | null>`${employees.nom_emp} || ' ' || ${employees.ape_emp}`,
};

/** The citas `where` selects, in time order, with what their message says. */
function citasWhere(executor: Db | Tx, where: SQL | undefined) {
  return executor
    .select(citaFields)
    .from(appointments)
    .innerJoin(clients, eq(clients.id_cli, appointments.id_cli))
    .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
    .where(where)
    .orderBy(asc(appointments.fec_cita), asc(appointments.id_cita));
}
type Cita = Awaited<ReturnType<typeof citasWhere>>[number];

/** The Programada citas of a Lima day: a range of `citas_fec_cita_idx`. */
const programadaOn = (day: string) => {
  const start = limaDayStart(day);
  return and(
    gte(appointments.fec_cita, start),
    lt(appointments.fec_cita, new Date(start.getTime() + DAY_MS)),
    eq(appointments.id_est, AppointmentStatus.Programada),
  );
};

/** A client's e-mail, or null when none is recorded. */
const emailOf = (cita: Cita) => cita.cliente.email_cli.trim() || null;

/** Where reminders go out from: the mailer, and the web app's address their links name. */
export interface ReminderSender {
  mailer: Mailer;
  appUrl: string;
}

/**
 * The cita's message: the template with its markers filled (dates and times in Lima), the
 * cita's personal link (`token`; none for a visit already past) and how to stop.
 */
function messageOf(
  cita: Cita,
  company: ReminderSettings,
  appUrl: string,
  token: string | null,
): string {
  return reminderText(
    company.template,
    {
      cliente: cita.cliente.nom_cli,
      mascota: cita.perro.nom_perro,
      fecha: reminderDate(limaToday(cita.fec_cita)),
      hora: limaTime(cita.fec_cita),
      servicio: cita.servicio,
      empresa: company.company,
      enlace: token === null ? null : new URL(appointmentLinkPath(token), appUrl).toString(),
    },
    appUrl,
  );
}

/**
 * A new personal link for the cita, valid until the visit (only hashes are kept, so an earlier
 * link cannot be given again); none for a visit already begun.
 */
const linkFor = (tx: Tx, cita: Cita, now: Date) =>
  cita.fec_cita.getTime() > now.getTime()
    ? createAppointmentLink(tx, cita.id_cita, cita.fec_cita)
    : Promise.resolve(null);

const reminderMail = (to: string, text: string, company: ReminderSettings): Mail => ({
  to,
  subject: M.mailSubject(company.company),
  text: `${text}\n`,
});

const reminderFields = {
  id_rec: reminders.id_rec,
  id_cita: reminders.id_cita,
  canal: reminders.canal,
  automatico: reminders.automatico,
  login: users.login,
  created_at: reminders.created_at,
};

/** The reminders recorded for `ids`, oldest first. */
async function remindersOf(executor: Db | Tx, where: SQL | undefined): Promise<Reminder[]> {
  const rows = await executor
    .select(reminderFields)
    .from(reminders)
    .leftJoin(users, eq(users.id, reminders.id_usu))
    .where(where)
    .orderBy(asc(reminders.created_at), asc(reminders.id_rec));
  return rows.map(({ login, created_at, canal, ...row }) => ({
    ...row,
    canal: canal as ReminderChannel,
    usuario: row.automatico || !login ? M.automatic : login,
    created_at: created_at.toISOString(),
  }));
}

/**
 * `GET /recordatorios`: the day's Programada citas, each with its message and what was sent.
 * A cita whose WhatsApp button shows gets a new personal link for its wa.me text (the browser
 * opens that text as is, and a link's token cannot be read back from the database).
 */
export async function remindersDay(
  db: Db,
  day: string,
  appUrl: string,
  now = new Date(),
): Promise<RemindersDay> {
  const [company, citas] = await Promise.all([
    reminderSettings(db),
    citasWhere(db, programadaOn(day)),
  ]);
  const sent = citas.length
    ? await remindersOf(
        db,
        inArray(
          reminders.id_cita,
          citas.map((c) => c.id_cita),
        ),
      )
    : [];
  const sendable = citas.filter((c) => c.cliente.recordatorios && isPeruMobile(c.cliente.tel1_cli));
  const tokens = new Map<number, string | null>();
  if (sendable.some((c) => c.fec_cita.getTime() > now.getTime())) {
    await db.transaction(async (tx) => {
      for (const cita of sendable) tokens.set(cita.id_cita, await linkFor(tx, cita, now));
    });
  }
  const rows: ReminderRow[] = citas.map((cita) => {
    const mensaje = messageOf(cita, company, appUrl, tokens.get(cita.id_cita) ?? null);
    const phone = cita.cliente.tel1_cli;
    const valid = isPeruMobile(phone);
    return {
      id_cita: cita.id_cita,
      inicio: cita.fec_cita.toISOString(),
      hora: limaTime(cita.fec_cita),
      cliente: { ...cita.cliente, email_cli: emailOf(cita) },
      perro: cita.perro,
      servicio: cita.servicio,
      groomer: cita.groomer,
      telefono_valido: valid,
      whatsapp_url: valid && cita.cliente.recordatorios ? whatsappUrl(phone, mensaje) : null,
      mensaje,
      enviados: sent.filter((r) => r.id_cita === cita.id_cita),
    };
  });
  return { fecha: day, citas: rows, por_volver: await dueToComeBack(db, day, company.company) };
}

/**
 * Pets whose latest report card suggested coming back within the week up to `day`, with no visit
 * booked from `day` on (ComeBackRowSchema), the earliest due first.
 */
async function dueToComeBack(db: Db, day: string, company: string): Promise<ComeBackRow[]> {
  const rows = await db
    .select({
      id_perro: pets.id_perro,
      nom_perro: pets.nom_perro,
      id_cli: clients.id_cli,
      nom_cli: clients.nom_cli,
      ape_cli: clients.ape_cli,
      tel1_cli: clients.tel1_cli,
      recordatorios: clients.recordatorios,
      servicio: sql<string>`coalesce(${services.nom_srv}, ${packages.nom_paq}, '')`,
      proxima_fecha: reportCards.proxima_fecha,
    })
    .from(reportCards)
    .innerJoin(appointments, eq(appointments.id_cita, reportCards.id_cita))
    .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
    .innerJoin(clients, eq(clients.id_cli, pets.id_cli))
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .where(
      and(
        gte(reportCards.proxima_fecha, addDays(day, -6)),
        lte(reportCards.proxima_fecha, day),
        // The pet's latest card only.
        sql`not exists (select 1 from ${reportCards} newer join ${appointments} v on v.id_cita = newer.id_cita
          where v.id_perro = ${pets.id_perro} and newer.created_at > ${reportCards.created_at})`,
        sql`not exists (select 1 from ${appointments} booked where booked.id_perro = ${pets.id_perro}
          and booked.fec_cita >= ${limaDayStart(day)}
          and booked.id_est in (${AppointmentStatus.Programada}, ${AppointmentStatus.PorConfirmar}))`,
      ),
    )
    .orderBy(asc(reportCards.proxima_fecha), asc(pets.nom_perro));
  return rows.map(({ recordatorios, id_cli, nom_cli, ape_cli, tel1_cli, ...row }) => {
    const mensaje = comeBackMessage(nom_cli, row.nom_perro, row.servicio, company);
    return {
      ...row,
      cliente: { id_cli, nom_cli, ape_cli, tel1_cli },
      mensaje,
      whatsapp_url: recordatorios && isPeruMobile(tel1_cli) ? whatsappUrl(tel1_cli, mensaje) : null,
    };
  });
}

/** An arbitrary key of the daily run's lock: one run at a time across every server process. */
const DAILY_RUN_LOCK = 7_310_517;

/** Who claims the mails of a run: the daily run, or a user's 'Enviar todos'. */
interface Claimant {
  automatico: boolean;
  id_usu: number | null;
}

/**
 * E-mails the reminder of each Programada cita of `day` still to come whose client takes
 * reminders, has an e-mail and has not been e-mailed for it yet (by the run or by staff). Safe
 * with several processes: the run's advisory lock lets one claim at a time, and a cita is
 * claimed by inserting its row (the daily run's: one per cita, `recordatorios_automatico_key`,
 * `on conflict do nothing`) before its mail goes, so no cita is mailed twice. Each claimed
 * cita gets a new personal link in the claim. The mails go after the claim commits, outside
 * any transaction, so a slow mail server holds no lock; a mail that fails gives its claim back.
 * Answers the reminders sent. `wait`: wait for the lock instead of leaving the work to whoever
 * holds it (a user asked for it; the daily run comes back in a few minutes).
 */
async function sendDueEmails(
  db: Db,
  sender: ReminderSender,
  day: string,
  claimant: Claimant & { wait: boolean },
  now: Date,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<{ id_rec: number; id_cita: number }[]> {
  const company = await reminderSettings(db);
  const claim = async (tx: Tx) => {
    const emailed = exists(
      tx
        .select({ one: sql`1` })
        .from(reminders)
        .where(
          and(
            eq(reminders.id_cita, appointments.id_cita),
            sql`(${reminders.automatico} or ${reminders.canal} = 'email')`,
          ),
        ),
    );
    const due = await citasWhere(
      tx,
      and(
        programadaOn(day),
        gt(appointments.fec_cita, now),
        eq(clients.recordatorios, true),
        ne(sql`trim(${clients.email_cli})`, ''),
        not(emailed),
      ),
    );
    if (due.length === 0) return [];
    const rows = await tx
      .insert(reminders)
      .values(
        due.map((c) => ({
          id_cita: c.id_cita,
          canal: 'email',
          automatico: claimant.automatico,
          id_usu: claimant.id_usu,
        })),
      )
      .onConflictDoNothing()
      .returning({ id_rec: reminders.id_rec, id_cita: reminders.id_cita });
    const claims = new Map(rows.map((r) => [r.id_cita, r.id_rec]));
    const claimed = [];
    for (const cita of due) {
      const id_rec = claims.get(cita.id_cita);
      if (id_rec !== undefined) claimed.push({ cita, id_rec, token: await linkFor(tx, cita, now) });
    }
    return claimed;
  };
  const claimed = claimant.wait
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${DAILY_RUN_LOCK})`);
        return claim(tx);
      })
    : await runExclusive(db, DAILY_RUN_LOCK, claim);

  const sent = [];
  for (const { cita, id_rec, token } of claimed ?? []) {
    const text = messageOf(cita, company, sender.appUrl, token);
    try {
      await sender.mailer.send(reminderMail(emailOf(cita) ?? '', text, company));
      sent.push({ id_rec, id_cita: cita.id_cita });
    } catch (error) {
      log?.error({ err: error, id_cita: cita.id_cita }, 'No se pudo enviar el recordatorio');
      await db.delete(reminders).where(eq(reminders.id_rec, id_rec));
    }
  }
  return sent;
}

/**
 * The daily e-mail run: at or after the company's hour (Lima), the reminders of the next day's
 * citas not e-mailed yet (sendDueEmails). Answers how many mails went out.
 */
export async function runDueReminders(
  db: Db,
  sender: ReminderSender,
  now = new Date(),
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<number> {
  await purgeExpiredLinks(db, now);
  const company = await reminderSettings(db);
  if (company.hour === null || limaWallClock(now).getUTCHours() < company.hour) return 0;
  const tomorrow = limaToday(new Date(now.getTime() + DAY_MS));
  const claimant = { automatico: true, id_usu: null, wait: false };
  // WhatsApp first when it is on (DESIGN §11.5): a cita it reminds holds its automatic reminder.
  await sendWhatsappReminders(db, tomorrow, now, log);
  return (await sendDueEmails(db, sender, tomorrow, claimant, now, log)).length;
}

/** How often the daily run looks whether its hour has come (and for citas booked since). */
const RUN_EVERY_MS = 5 * 60_000;

/**
 * Starts the daily run in this process: now, then every few minutes. A failed run (database
 * restarting) is logged and tried again; it never ends the process. Answers how to stop it.
 */
export function startReminderTimer(
  db: Db,
  sender: ReminderSender,
  log: Pick<FastifyBaseLogger, 'error'>,
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runDueReminders(db, sender, new Date(), log)
      .catch((error: unknown) => log.error({ err: error }, 'Falló el envío de recordatorios'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, RUN_EVERY_MS);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}

export interface RemindersOptions {
  db: Db;
  config: Pick<Config, 'dataDir' | 'smtpUrl' | 'appUrl'>;
  /** Tests may pass their own; by default one is built from the config. */
  mailer?: Mailer;
}

export const remindersModule: FastifyPluginAsyncZod<RemindersOptions> = async (app, options) => {
  const { db, config } = options;
  const mailer = moduleMailer(app, config, options.mailer);
  const sender: ReminderSender = { mailer, appUrl: config.appUrl };
  route(app, REMINDER_ENDPOINTS.day, async (request) => {
    const day = request.query.fecha ?? limaToday(new Date(Date.now() + DAY_MS));
    return ok(await remindersDay(db, day, config.appUrl));
  });

  route(app, REMINDER_ENDPOINTS.record, async (request, reply) => {
    const { id_cita, canal } = request.body;
    const [cita] = await citasWhere(db, eq(appointments.id_cita, id_cita));
    if (!cita) throw invalid('id_cita', M.appointmentNotFound);
    if (cita.id_est !== AppointmentStatus.Programada) {
      throw invalid('id_cita', M.notScheduled);
    }
    if (!cita.cliente.recordatorios) throw invalid('id_cita', M.optedOut);
    const company = await reminderSettings(db);
    if (canal === 'whatsapp' && !isPeruMobile(cita.cliente.tel1_cli)) {
      throw invalid('canal', M.phoneInvalid);
    }
    if (canal === 'email') {
      const to = emailOf(cita);
      if (!to) throw invalid('canal', M.noEmail);
      const now = new Date();
      const token = await db.transaction((tx) => linkFor(tx, cita, now));
      // Sent before it is recorded: a reminder on record is one the client got.
      try {
        await mailer.send(
          reminderMail(to, messageOf(cita, company, config.appUrl, token), company),
        );
      } catch (error) {
        request.log.error({ err: error, id_cita }, 'No se pudo enviar el recordatorio');
        throw new HttpError(502, M.mailFailed);
      }
    }
    const { userId } = sessionOf(request);
    const recorded = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reminders)
        .values({ id_cita, canal, id_usu: userId })
        .returning();
      await recordChange(tx, request, {
        accion: 'crear',
        entidad: 'recordatorio',
        id: row.id_rec,
        before: null,
        after: row,
      });
      const [reminder] = await remindersOf(tx, eq(reminders.id_rec, row.id_rec));
      return reminder;
    });
    const message = canal === 'email' ? M.emailSent : M.recorded;
    return reply.status(201).send(ok(recorded, message));
  });

  route(app, REMINDER_ENDPOINTS.sendAll, async (request) => {
    const { userId } = sessionOf(request);
    const claimant = { automatico: false, id_usu: userId, wait: true };
    const sent = await sendDueEmails(
      db,
      sender,
      request.body.fecha,
      claimant,
      new Date(),
      request.log,
    );
    if (sent.length > 0) {
      await db.transaction(async (tx) => {
        for (const { id_rec, id_cita } of sent) {
          await recordAudit(tx, {
            ...actorOf(request),
            accion: 'crear',
            entidad: 'recordatorio',
            entidad_id: id_rec,
            cambios: changesBetween(null, { id_cita, canal: 'email' }),
            detalle: 'Enviar todos',
          });
        }
      });
    }
    return ok({ enviados: sent.length }, M.sentAll(sent.length));
  });
};
