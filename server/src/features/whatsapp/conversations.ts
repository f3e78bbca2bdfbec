import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGE_DIRECTIONS,
  MESSAGE_STATES,
  MESSAGES_ENDPOINTS as E,
  MESSAGES_TEXTS as M,
  REPLY_WINDOW_HOURS,
  type ConversationRow,
  type Message,
  type MessageDirection,
  type MessageState,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import { clients, messages, users } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, HttpError } from '../../http/errors';
import {
  clientOfConversation,
  fullName,
  lastIncomingAt,
  storeOutgoing,
} from './conversation-store';
import { sendText } from './graph-api';
import { activeWhatsapp, type WhatsappAccess } from './whatsapp-settings';

/**
 * AGENDA › 'Mensajes' (DESIGN §11.5): the conversations, one per number, and the thread of
 * each; staff answer with free text only within 24 h of the client's last message (WhatsApp
 * allows only a template after that).
 */

const HOUR_MS = 3_600_000;
/** The conversations the list shows, the latest first. */
const CONVERSATIONS_MAX = 200;
/** The messages a thread shows, the latest. */
const THREAD_MAX = 500;

const isDirection = (value: string): value is MessageDirection =>
  MESSAGE_DIRECTIONS.some((d) => d === value);
const isState = (value: string): value is MessageState => MESSAGE_STATES.some((s) => s === value);

/** Until when free text may go to a number that last wrote at `lastIncoming`. */
const replyUntil = (lastIncoming: Date | null) =>
  lastIncoming && new Date(lastIncoming.getTime() + REPLY_WINDOW_HOURS * HOUR_MS);

interface ConversationSqlRow {
  telefono: string;
  id_cli: number | null;
  nom_cli: string | null;
  ape_cli: string | null;
  texto: string;
  direccion: string;
  /** Timestamps as ISO text: both drivers answer them alike. */
  fecha: string;
  ultima_entrante: string | null;
  sin_leer: number;
}

async function conversationRows(db: Db): Promise<ConversationRow[]> {
  // Per number: its last message, its client (the latest linked), when it last wrote, and the
  // incoming messages since the salon's last outgoing one.
  const result = await db.execute(sql`
    select p.telefono, p.id_cli, c.nom_cli, c.ape_cli, m.texto, m.direccion,
      to_json(m.fecha) #>> '{}' as fecha,
      to_json(p.ultima_entrante) #>> '{}' as ultima_entrante,
      (select count(*)::int from ${messages} x
        where x.telefono = p.telefono and x.direccion = 'entrante'
          and x.id > coalesce(p.ultima_saliente_id, 0)) as sin_leer
    from (
      select telefono, max(id) as ultimo_id,
        max(id) filter (where direccion = 'saliente') as ultima_saliente_id,
        max(fecha) filter (where direccion = 'entrante') as ultima_entrante,
        (array_agg(id_cli order by id desc) filter (where id_cli is not null))[1] as id_cli
      from ${messages}
      group by telefono
    ) p
    join ${messages} m on m.id = p.ultimo_id
    left join ${clients} c on c.id_cli = p.id_cli
    order by p.ultimo_id desc
    limit ${CONVERSATIONS_MAX}`);
  return rowsOf<ConversationSqlRow>(result).map((row) => ({
    telefono: row.telefono,
    id_cli: row.id_cli,
    cliente:
      row.nom_cli === null || row.ape_cli === null
        ? null
        : fullName({ nom_cli: row.nom_cli, ape_cli: row.ape_cli }),
    ultimo: {
      texto: row.texto,
      direccion: isDirection(row.direccion) ? row.direccion : 'entrante',
      fecha: new Date(row.fecha).toISOString(),
    },
    sin_leer: Number(row.sin_leer),
    responder_hasta:
      replyUntil(
        row.ultima_entrante === null ? null : new Date(row.ultima_entrante),
      )?.toISOString() ?? null,
  }));
}

const messageFields = {
  id: messages.id,
  direccion: messages.direccion,
  texto: messages.texto,
  estado: messages.estado,
  fecha: messages.fecha,
  login: users.login,
  id_cita: messages.id_cita,
};

async function messagesWhere(executor: Db | Tx, where: SQL, limit: number) {
  const rows = await executor
    .select(messageFields)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.id_usu))
    .where(where)
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse().map((row): Message => ({
    id: row.id,
    direccion: isDirection(row.direccion) ? row.direccion : 'entrante',
    texto: row.texto,
    estado: isState(row.estado) ? row.estado : 'enviado',
    fecha: row.fecha.toISOString(),
    usuario: row.login,
    id_cita: row.id_cita,
  }));
}

export interface ConversationsOptions {
  db: Db;
  access: WhatsappAccess;
}

export const conversationsModule: FastifyPluginAsyncZod<ConversationsOptions> = async (
  app,
  { db, access },
) => {
  route(app, E.conversations, async () => ok(await conversationRows(db)));

  route(app, E.conversation, async (request) => {
    const { telefono } = request.params;
    const [mensajes, client, lastIncoming] = await Promise.all([
      messagesWhere(db, eq(messages.telefono, telefono), THREAD_MAX),
      clientOfConversation(db, telefono),
      lastIncomingAt(db, telefono),
    ]);
    const until = replyUntil(lastIncoming);
    return ok({
      telefono,
      id_cli: client?.id_cli ?? null,
      cliente: client ? fullName(client) : null,
      mensajes,
      puede_responder: until !== null && until.getTime() > Date.now(),
      responder_hasta: until?.toISOString() ?? null,
    });
  });

  route(app, E.send, async (request, reply) => {
    const { telefono } = request.params;
    const active = await activeWhatsapp(db, access);
    if (!active) throw conflict(M.notActive);
    const until = replyUntil(await lastIncomingAt(db, telefono));
    if (!until || until.getTime() <= Date.now()) throw conflict(M.windowClosed);
    const client = await clientOfConversation(db, telefono);
    let wa_id: string;
    try {
      wa_id = await sendText(active.account, telefono, request.body.texto);
    } catch (error) {
      request.log.error({ err: error }, 'WhatsApp no aceptó el mensaje');
      throw new HttpError(502, M.sendFailed);
    }
    const { userId } = sessionOf(request);
    const stored = await storeOutgoing(db, {
      telefono,
      texto: request.body.texto,
      wa_id,
      id_cli: client?.id_cli ?? null,
      id_usu: userId,
    });
    const [message] = await messagesWhere(db, eq(messages.id, stored.id), 1);
    return reply.status(201).send(ok(message, M.sent));
  });
};
