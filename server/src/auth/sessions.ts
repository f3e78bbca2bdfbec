import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { Status } from '@app/domain';

export const BEARER = 'Bearer ';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Writing `last_seen_at` on every request would make every read a write. */
const TOUCH_AFTER_MS = 60_000;

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** Opens a session for the user and returns the credential the client sends back. */
export async function openSession(db: Db, userId: number, policy: SessionPolicy): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(Date.now() + policy.maxHours * 3_600_000),
  });
  return `${BEARER}${token}`;
}

function tokenOf(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith(BEARER)) return undefined;
  const token = authorization.slice(BEARER.length).trim();
  return token.length > 0 && token.length <= 100 ? token : undefined;
}

export interface SessionUserRef {
  userId: number;
  tokenHash: string;
}

/** The session behind an Authorization header, if it is live and its user active. */
export async function findSession(
  db: Db,
  authorization: string | undefined,
  policy: SessionPolicy,
): Promise<SessionUserRef | undefined> {
  const token = tokenOf(authorization);
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const now = new Date();
  const idleLimit = new Date(now.getTime() - policy.idleMinutes * 60_000);
  const [row] = await db
    .select({ userId: sessions.user_id, lastSeen: sessions.last_seen_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, tokenHash),
        gt(sessions.expires_at, now),
        gt(sessions.last_seen_at, idleLimit),
        eq(users.id_est, Status.Activo),
      ),
    );
  if (!row) return undefined;
  if (now.getTime() - row.lastSeen.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.token_hash, tokenHash));
  }
  return { userId: row.userId, tokenHash };
}

export async function closeSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token_hash, tokenHash));
}

/** Ends every session of a user but the one given (a password change keeps its own). */
export async function closeOtherSessions(db: Db, userId: number, keepTokenHash?: string) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        keepTokenHash ? ne(sessions.token_hash, keepTokenHash) : undefined,
      ),
    );
}

/** Removes sessions that can no longer be used; run now and then, not per request. */
export async function purgeExpiredSessions(db: Db, policy: SessionPolicy): Promise<void> {
  const idleLimit = new Date(Date.now() - policy.idleMinutes * 60_000);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, sql`now()`), lt(sessions.last_seen_at, idleLimit)));
}
