import { and, eq, exists, gt, gte, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppointmentStatus,
  limaDayStart,
  limaTime,
  limaToday,
  reminderDate,
  REMINDER_TEMPLATE_GUIDE,
  toWhatsappNumber,
} from '@app/domain';
import type { Db } from '../../db/client';
import { runExclusive } from '../../db/exclusive';
import { appointments, clients, pets, reminders } from '../../db/schema';
import { createAppointmentLink } from '../online-booking';
import { storeOutgoing } from './conversation-store';
import { sendTemplate } from './graph-api';
import { activeWhatsapp, type WhatsappAccess } from './whatsapp-settings';

/**
 * The automatic reminders by WhatsApp (DESIGN §11.5): at the reminder hour, when WhatsApp is on,
 * each Programada cita of the day whose client takes reminders and has a mobile gets the
 * approved template, with the quick replies Confirmar / Cancelar carrying the cita's personal
 * link token. The daily e-mail run (agenda/reminders.ts) calls it first: a cita reminded here
 * holds the cita's one automatic reminder, so it is not e-mailed too.
 */

const DAY_MS = 86_400_000;
/** An arbitrary key of this run's lock: one process claims the citas at a time. */
const WHATSAPP_RUN_LOCK = 7_310_518;
/** The quick replies' payloads: what the webhook reads back. */
export const CONFIRM_PREFIX = 'confirmar:';
export const CANCEL_PREFIX = 'cancelar:';

/** How each app's database reaches the Graph API: set when the module is registered. */
const access = new WeakMap<Db, WhatsappAccess>();

export function registerWhatsappAccess(db: Db, given: WhatsappAccess): void {
  access.set(db, given);
}

const MOBILE = '^9[0-9]{8}$';

/** The text kept in the conversation for a reminder: the template as the client reads it. */
export const reminderText = (parameters: readonly string[]) =>
  `${REMINDER_TEMPLATE_GUIDE.body.replace(/\{\{(\d)\}\}/g, (marker, n: string) => parameters[Number(n) - 1] ?? marker)}\n${REMINDER_TEMPLATE_GUIDE.footer}`;

/**
 * Sends the WhatsApp reminders of `day` (a Lima day) not sent yet; answers how many went. Does
 * nothing while WhatsApp is off. A cita is claimed (its automatic reminder row, canal
 * 'whatsapp') before its message goes; a message the Graph API refuses gives its claim back, so
 * the e-mail run that follows may remind it by e-mail.
 */
export async function sendWhatsappReminders(
  db: Db,
  day: string,
  now = new Date(),
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<number> {
  const given = access.get(db);
  if (!given) return 0;
  const active = await activeWhatsapp(db, given);
  if (!active) return 0;
  const start = limaDayStart(day);

  const claimed = await runExclusive(db, WHATSAPP_RUN_LOCK, async (tx) => {
    const reminded = exists(
      tx
        .select({ one: sql`1` })
        .from(reminders)
        .where(
          and(
            eq(reminders.id_cita, appointments.id_cita),
            sql`(${reminders.automatico} or ${reminders.canal} = 'whatsapp')`,
          ),
        ),
    );
    const due = await tx
      .select({
        id_cita: appointments.id_cita,
        fec_cita: appointments.fec_cita,
        id_cli: clients.id_cli,
        nom_cli: clients.nom_cli,
        tel1: clients.tel1_cli,
        tel2: clients.tel2_cli,
        mascota: pets.nom_perro,
      })
      .from(appointments)
      .innerJoin(clients, eq(clients.id_cli, appointments.id_cli))
      .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
      .where(
        and(
          gte(appointments.fec_cita, start),
          lt(appointments.fec_cita, new Date(start.getTime() + DAY_MS)),
          gt(appointments.fec_cita, now),
          eq(appointments.id_est, AppointmentStatus.Programada),
          eq(clients.recordatorios, true),
          or(sql`${clients.tel1_cli} ~ ${MOBILE}`, sql`${clients.tel2_cli} ~ ${MOBILE}`),
          sql`not ${reminded}`,
        ),
      );
    if (due.length === 0) return [];
    const rows = await tx
      .insert(reminders)
      .values(due.map((c) => ({ id_cita: c.id_cita, canal: 'whatsapp', automatico: true })))
      .onConflictDoNothing()
      .returning({ id_rec: reminders.id_rec, id_cita: reminders.id_cita });
    const claims = new Map(rows.map((r) => [r.id_cita, r.id_rec]));
    const work = [];
    for (const cita of due) {
      const id_rec = claims.get(cita.id_cita);
      if (id_rec === undefined) continue;
      const token = await createAppointmentLink(tx, cita.id_cita, cita.fec_cita);
      work.push({ cita, id_rec, token });
    }
    return work;
  });

  let sent = 0;
  for (const { cita, id_rec, token } of claimed ?? []) {
    const mobile = /^9\d{8}$/.test(cita.tel1) ? cita.tel1 : (cita.tel2 ?? '');
    const to = toWhatsappNumber(mobile);
    const parameters = [
      cita.nom_cli,
      cita.mascota,
      reminderDate(limaToday(cita.fec_cita)),
      limaTime(cita.fec_cita),
    ];
    let wa_id: string;
    try {
      wa_id = await sendTemplate(active.account, {
        to,
        name: active.template,
        language: active.language,
        bodyParameters: parameters,
        buttonPayloads: [`${CONFIRM_PREFIX}${token}`, `${CANCEL_PREFIX}${token}`],
      });
    } catch (error) {
      log?.error(
        { err: error, id_cita: cita.id_cita },
        'No se pudo enviar el recordatorio por WhatsApp',
      );
      await db.delete(reminders).where(eq(reminders.id_rec, id_rec));
      continue;
    }
    sent++;
    // The client has it: a failure to keep it in the conversation keeps the claim all the same.
    await storeOutgoing(db, {
      telefono: to,
      texto: reminderText(parameters),
      wa_id,
      id_cli: cita.id_cli,
      id_cita: cita.id_cita,
    }).catch((error: unknown) =>
      log?.error(
        { err: error, id_cita: cita.id_cita },
        'No se pudo guardar el recordatorio enviado',
      ),
    );
  }
  return sent;
}
