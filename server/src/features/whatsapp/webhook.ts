import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppointmentStatus,
  MESSAGE_STATES,
  MESSAGES_TEXTS as M,
  OPT_OUT_WORD,
  PRIVACY_NOTICE_VERSION,
  WHATSAPP_PUBLIC_ENDPOINTS as P,
  type MessageState,
} from '@app/domain';
import { changesBetween, publicActor, recordAudit } from '../../audit/record';
import { LoginThrottle } from '../../auth/throttle';
import type { Db, Tx } from '../../db/client';
import { appointments, clients, consents, messages, settings } from '../../db/schema';
import { recordFreedSlot } from '../agenda';
import { afterAnswerQueue } from '../../http/after-answer';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { linkedAppointmentId, readOnlineBookingSettings } from '../online-booking';
import { clientsOfNumber, fitText, storeOutgoing } from './conversation-store';
import { sendText } from './graph-api';
import { CANCEL_PREFIX, CONFIRM_PREFIX } from './whatsapp-reminders';
import { activeWhatsapp, webhookSecrets, type WhatsappAccess } from './whatsapp-settings';

/**
 * Meta's webhook (DESIGN §11.5). `GET` is the subscription's handshake: the verify token stored
 * in Ajustes, or 403. `POST` carries the notifications, signed by Meta with the app secret
 * (`X-Hub-Signature-256`: HMAC-SHA256 of the raw body): an unsigned or forged one is refused
 * with 401 before it is parsed, and nothing is stored. A valid one always gets 200, whatever it
 * holds: Meta retries anything else. Each message is applied once (mensajes.wa_id is unique), so
 * a delivery retried is not applied twice.
 */

/** Refused calls (a forged signature, a wrong verify token) one address may make in an hour. */
export const WEBHOOK_FAILURES_PER_HOUR = 30;
/** Meta's notifications are small; a body past this is no notification. */
const RAW_BODY_MAX = 256 * 1024;
const HOUR_MS = 3_600_000;

const SIGNATURE_INVALID = 'Firma no válida';
const VERIFY_REFUSED = 'Token de verificación no válido';
const TOO_MANY = 'Demasiados intentos. Intente más tarde';

/* The notifications, as Meta documents them (entry[].changes[].value); anything else ignored. */

const IncomingSchema = z.object({
  from: z.string().regex(/^\d{8,15}$/),
  id: z.string().min(1).max(160),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ payload: z.string(), text: z.string().optional() }).optional(),
});
type Incoming = z.infer<typeof IncomingSchema>;

const StatusSchema = z.object({
  id: z.string().min(1).max(160),
  status: z.string(),
});

const ChangeValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string().optional() }).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});

const NotificationSchema = z.object({
  entry: z
    .array(z.object({ changes: z.array(z.object({ value: ChangeValueSchema })).optional() }))
    .optional(),
});

/** Meta's statuses in ours; a status Meta adds later is ignored. */
const STATES: Record<string, MessageState> = {
  sent: 'enviado',
  delivered: 'entregado',
  read: 'leido',
  failed: 'fallido',
};

/** The states a status may move a message on from: a late 'delivered' never undoes a 'read'. */
function statesBefore(state: MessageState): MessageState[] {
  const order: MessageState[] = ['enviado', 'entregado', 'leido'];
  if (state === 'fallido') return ['enviado', 'entregado'];
  return order.slice(0, order.indexOf(state));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether two secrets are the same, in a time that tells nothing about them. */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(sha256(given), sha256(expected));

/** Whether `header` is Meta's signature of `raw` with `appSecret`. */
export function validSignature(raw: Buffer, header: unknown, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readRaw(payload: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > RAW_BODY_MAX) throw new HttpError(413, 'La solicitud es demasiado grande');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** A reply to send once the notification is applied: free text, within the 24 h it opened. */
interface Reply {
  telefono: string;
  texto: string;
  id_cli: number | null;
  id_cita: number | null;
}

async function salonPhone(tx: Tx): Promise<string> {
  const [row] = await tx
    .select({ telefono: settings.fonoEmp })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return row?.telefono?.trim() ?? '';
}

/** What the conversation shows for a message: its text, or what kind it was. */
function textOf(message: Incoming): string {
  if (message.type === 'text' && message.text) return message.text.body;
  if (message.type === 'button' && message.button) {
    return message.button.text ?? message.button.payload;
  }
  return M.unsupportedIncoming;
}

/** 'BAJA', 'baja.', ' Baja ' alike. */
const isOptOut = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase() === OPT_OUT_WORD;

const BOOKED: number[] = [AppointmentStatus.Programada, AppointmentStatus.PorConfirmar];

/** A quick reply on a reminder: confirms or cancels the cita its token names. */
async function answerButton(
  tx: Tx,
  payload: string,
  now: Date,
  ip: string,
): Promise<{ texto: string; id_cita: number | null }> {
  const confirm = payload.startsWith(CONFIRM_PREFIX);
  const cancel = payload.startsWith(CANCEL_PREFIX);
  const token = payload.slice((confirm ? CONFIRM_PREFIX : CANCEL_PREFIX).length);
  const id = confirm || cancel ? await linkedAppointmentId(tx, token, now) : undefined;
  if (id === undefined) return { texto: M.notFoundReply, id_cita: null };
  const [cita] = await tx
    .select({
      id_est: appointments.id_est,
      fec_cita: appointments.fec_cita,
      confirmada_en: appointments.confirmada_en,
    })
    .from(appointments)
    .where(eq(appointments.id_cita, id))
    .for('update');
  if (!cita) return { texto: M.notFoundReply, id_cita: null };
  if (cancel && cita.id_est === AppointmentStatus.Cancelada) {
    return { texto: M.cancelledReply, id_cita: id };
  }
  if (!BOOKED.includes(cita.id_est)) return { texto: M.notFoundReply, id_cita: id };

  if (confirm) {
    if (cita.confirmada_en === null) {
      await tx
        .update(appointments)
        .set({ confirmada_en: now })
        .where(and(eq(appointments.id_cita, id), isNull(appointments.confirmada_en)));
      await recordAudit(tx, {
        ...publicActor(ip),
        accion: 'editar',
        entidad: 'cita',
        entidad_id: id,
        cambios: changesBetween({ confirmada_en: null }, { confirmada_en: now }),
        detalle: 'Confirmada por el cliente por WhatsApp',
      });
    }
    return { texto: M.confirmedReply, id_cita: id };
  }

  const { cancelar_horas } = await readOnlineBookingSettings(tx);
  if (now.getTime() > cita.fec_cita.getTime() - cancelar_horas * HOUR_MS) {
    return { texto: M.tooLateReply(await salonPhone(tx)), id_cita: id };
  }
  const change = { id_est: AppointmentStatus.Cancelada, motivo_cancelacion: M.cancelReason };
  await tx.update(appointments).set(change).where(eq(appointments.id_cita, id));
  await recordFreedSlot(tx, id, 'whatsapp');
  await recordAudit(tx, {
    ...publicActor(ip),
    accion: 'estado',
    entidad: 'cita',
    entidad_id: id,
    cambios: changesBetween({ id_est: cita.id_est, motivo_cancelacion: null }, change),
    detalle: M.cancelReason,
  });
  return { texto: M.cancelledReply, id_cita: id };
}

/** 'BAJA': the number's clients get no more reminders; each change kept as a consent. */
async function optOut(tx: Tx, telefono: string, now: Date, ip: string) {
  const owners = await clientsOfNumber(tx, telefono);
  for (const owner of owners.filter((c) => c.recordatorios)) {
    await tx
      .update(clients)
      .set({ recordatorios: false, updated_at: now })
      .where(eq(clients.id_cli, owner.id_cli));
    await tx.insert(consents).values({
      id_cli: owner.id_cli,
      tipo: 'recordatorios',
      aceptado: false,
      version: PRIVACY_NOTICE_VERSION,
      origen: 'whatsapp',
      fecha: now,
    });
    await recordAudit(tx, {
      ...publicActor(ip),
      accion: 'editar',
      entidad: 'cliente',
      entidad_id: owner.id_cli,
      cambios: changesBetween({ recordatorios: true }, { recordatorios: false }),
      detalle: 'Pidió por WhatsApp no recibir más recordatorios',
    });
  }
}

/**
 * Keeps one incoming message and applies it; answers the reply it calls for, or null (none, or
 * a delivery already applied).
 */
async function receive(db: Db, message: Incoming, ip: string): Promise<Reply | null> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [owner] = await clientsOfNumber(tx, message.from);
    const [stored] = await tx
      .insert(messages)
      .values({
        telefono: message.from,
        direccion: 'entrante',
        texto: fitText(textOf(message)),
        wa_id: message.id,
        estado: 'recibido' satisfies MessageState,
        id_cli: owner?.id_cli ?? null,
        fecha: now,
      })
      .onConflictDoNothing()
      .returning({ id: messages.id });
    // Already applied: Meta retried a delivery it did not see answered.
    if (!stored) return null;
    const reply = (texto: string, id_cita: number | null = null): Reply => ({
      telefono: message.from,
      texto,
      id_cli: owner?.id_cli ?? null,
      id_cita,
    });
    if (message.type === 'button' && message.button) {
      const answer = await answerButton(tx, message.button.payload, now, ip);
      if (answer.id_cita !== null) {
        await tx
          .update(messages)
          .set({ id_cita: answer.id_cita })
          .where(eq(messages.id, stored.id));
      }
      return reply(answer.texto, answer.id_cita);
    }
    if (message.type === 'text' && message.text && isOptOut(message.text.body)) {
      await optOut(tx, message.from, now, ip);
      return reply(M.optedOutReply);
    }
    return null;
  });
}

/** A status of a message the salon sent: its state moves on, never back. */
async function applyStatus(db: Db, id: string, status: string) {
  const state = STATES[status];
  if (!state || !MESSAGE_STATES.includes(state)) return;
  await db
    .update(messages)
    .set({ estado: state })
    .where(
      and(
        eq(messages.wa_id, id),
        eq(messages.direccion, 'saliente'),
        inArray(messages.estado, statesBefore(state)),
      ),
    );
}

export interface WhatsappWebhookOptions {
  db: Db;
  access: WhatsappAccess;
}

export const whatsappWebhookModule: FastifyPluginAsyncZod<WhatsappWebhookOptions> = async (
  app,
  { db, access },
) => {
  const afterAnswer = afterAnswerQueue(app);
  const throttle = new LoginThrottle(db, {
    scope: 'whatsapp.webhook.ip',
    freeAttempts: WEBHOOK_FAILURES_PER_HOUR,
    windowMs: HOUR_MS,
  });

  /** An address past its refused calls waits: 429 before anything is read. */
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = await throttle.retryAfter(request.ip);
    if (wait > 0) {
      void reply.header('retry-after', Math.ceil(wait / 1000));
      throw new HttpError(429, TOO_MANY);
    }
  };

  const sendReplies = async (replies: Reply[], log: FastifyBaseLogger) => {
    if (replies.length === 0) return;
    try {
      const active = await activeWhatsapp(db, access);
      if (!active) return;
      for (const reply of replies) {
        const wa_id = await sendText(active.account, reply.telefono, reply.texto);
        await storeOutgoing(db, { ...reply, wa_id });
      }
    } catch (error) {
      log.error({ err: error }, 'No se pudo responder por WhatsApp');
    }
  };

  route(app, P.verify, { onRequest: limited }, async (request, reply) => {
    const query = request.query;
    const { verifyToken } = await webhookSecrets(db, access.secrets);
    const given = query['hub.verify_token'];
    if (
      query['hub.mode'] !== 'subscribe' ||
      verifyToken === null ||
      given === undefined ||
      !sameSecret(given, verifyToken)
    ) {
      await throttle.fail(request.ip);
      throw new HttpError(403, VERIFY_REFUSED);
    }
    return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
  });

  route(
    app,
    P.notify,
    {
      onRequest: limited,
      // The signature is over the raw bytes: read them, check them, then hand them on to the
      // JSON parser. A forged or unsigned body is never parsed.
      preParsing: async (request, _reply, payload) => {
        const raw = await readRaw(payload);
        const { appSecret } = await webhookSecrets(db, access.secrets);
        if (
          appSecret === null ||
          !validSignature(raw, request.headers['x-hub-signature-256'], appSecret)
        ) {
          await throttle.fail(request.ip);
          throw new HttpError(401, SIGNATURE_INVALID);
        }
        return Readable.from([raw]);
      },
    },
    async (request, reply) => {
      const notification = NotificationSchema.safeParse(request.body);
      if (!notification.success) return ok(null);
      const { phoneNumberId } = await webhookSecrets(db, access.secrets);
      const replies: Reply[] = [];
      for (const entry of notification.data.entry ?? []) {
        for (const { value } of entry.changes ?? []) {
          // A notification of another number of the same business is not this salon's.
          const number = value.metadata?.phone_number_id;
          if (number !== undefined && phoneNumberId !== null && number !== phoneNumberId) continue;
          for (const item of value.messages ?? []) {
            const message = IncomingSchema.safeParse(item);
            if (!message.success) continue;
            const answer = await receive(db, message.data, request.ip);
            if (answer) replies.push(answer);
          }
          for (const item of value.statuses ?? []) {
            const status = StatusSchema.safeParse(item);
            if (status.success) await applyStatus(db, status.data.id, status.data.status);
          }
        }
      }
      // The replies go after the answer: Meta waits for no Graph API call.
      const work = () => afterAnswer(sendReplies(replies, request.log));
      reply.send(ok(null)).then(work, work);
      return reply;
    },
  );
};
