import { and, desc, eq, or, sql } from 'drizzle-orm';
import { MESSAGE_TEXT_MAX, Status, type MessageState } from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { clients, messages } from '../../db/schema';

/**
 * The conversation kept per number (table mensajes): who a number is, and what was sent to it.
 * Numbers are kept in WhatsApp's form ('51987654321'); clients' phones as the salon writes them
 * ('987654321').
 */

/** A number of WhatsApp's form as the clients' table writes it: a Peruvian mobile's 9 digits. */
export const storedPhoneOf = (telefono: string) =>
  /^519\d{8}$/.test(telefono) ? telefono.slice(2) : telefono;

/** The clients whose tel1 or tel2 is this number, active ones first, the newest first. */
export async function clientsOfNumber(executor: Db | Tx, telefono: string) {
  const phone = storedPhoneOf(telefono);
  // The clients' phones hold 9 characters at most: a longer number is nobody's.
  if (phone.length > 9) return [];
  return executor
    .select({
      id_cli: clients.id_cli,
      nom_cli: clients.nom_cli,
      ape_cli: clients.ape_cli,
      recordatorios: clients.recordatorios,
    })
    .from(clients)
    .where(or(eq(clients.tel1_cli, phone), eq(clients.tel2_cli, phone)))
    .orderBy(sql`${clients.id_est} = ${Status.Activo} desc`, desc(clients.id_cli));
}

/** WhatsApp's longest text, kept whole when shorter. */
export const fitText = (text: string) => text.slice(0, MESSAGE_TEXT_MAX);

export interface OutgoingMessage {
  telefono: string;
  texto: string;
  wa_id: string;
  id_cli: number | null;
  id_cita?: number | null;
  /** The user who wrote it; null for an automatic one. */
  id_usu?: number | null;
}

/** Records a message WhatsApp took ('enviado' until its statuses come). */
export async function storeOutgoing(executor: Db | Tx, message: OutgoingMessage) {
  const [row] = await executor
    .insert(messages)
    .values({
      telefono: message.telefono,
      direccion: 'saliente',
      texto: fitText(message.texto),
      wa_id: message.wa_id,
      estado: 'enviado' satisfies MessageState,
      id_cli: message.id_cli,
      id_cita: message.id_cita ?? null,
      id_usu: message.id_usu ?? null,
    })
    .returning();
  return row;
}

/** When the number last wrote to the salon; null when it never did. */
export async function lastIncomingAt(executor: Db | Tx, telefono: string): Promise<Date | null> {
  const [row] = await executor
    .select({ fecha: messages.fecha })
    .from(messages)
    .where(and(eq(messages.telefono, telefono), eq(messages.direccion, 'entrante')))
    .orderBy(desc(messages.fecha), desc(messages.id))
    .limit(1);
  return row?.fecha ?? null;
}

/** The client a number's conversation is about: its latest linked message's, else by phone. */
export async function clientOfConversation(executor: Db | Tx, telefono: string) {
  const [linked] = await executor
    .select({ id_cli: clients.id_cli, nom_cli: clients.nom_cli, ape_cli: clients.ape_cli })
    .from(messages)
    .innerJoin(clients, eq(clients.id_cli, messages.id_cli))
    .where(eq(messages.telefono, telefono))
    .orderBy(desc(messages.id))
    .limit(1);
  if (linked) return linked;
  const [byPhone] = await clientsOfNumber(executor, telefono);
  return byPhone;
}

/** A client's full name as the lists show it. */
export const fullName = (client: { nom_cli: string; ape_cli: string }) =>
  `${client.nom_cli} ${client.ape_cli}`.trim();
