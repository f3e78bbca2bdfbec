import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appointmentLinks } from '../../db/schema';

/**
 * A cita's personal link `/c/<token>` (DESIGN §11.5): 32 random bytes the client gets by e-mail;
 * only their SHA-256 is kept. It names that one cita until the visit starts.
 */

/** What is kept of a link's token: its SHA-256, in hex. A report card's link keeps the same. */
export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token: 32 random bytes, URL-safe. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** The path the link opens on the web app. */
export const appointmentLinkPath = (token: string) => `/c/${token}`;

/** A new link to `id_cita`, valid until `vence` (the visit's start); returns the token. */
export async function createAppointmentLink(tx: Tx, id_cita: number, vence: Date) {
  const token = newLinkToken();
  await tx.insert(appointmentLinks).values({ token_hash: linkTokenHash(token), id_cita, vence });
  return token;
}

/** The cita a token names, or undefined for an unknown or expired token alike. */
export async function linkedAppointmentId(
  executor: Db | Tx,
  token: string,
  now = new Date(),
): Promise<number | undefined> {
  const [link] = await executor
    .select({ id_cita: appointmentLinks.id_cita })
    .from(appointmentLinks)
    .where(
      and(eq(appointmentLinks.token_hash, linkTokenHash(token)), gt(appointmentLinks.vence, now)),
    );
  return link?.id_cita;
}

/**
 * Forgets the links whose visit has started: each reminder makes a new one (only hashes are
 * kept, so none is reused), and an expired link opens nothing.
 */
export async function purgeExpiredLinks(db: Db, now = new Date()) {
  await db.delete(appointmentLinks).where(lte(appointmentLinks.vence, now));
}
