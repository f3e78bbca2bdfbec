import { and, eq, exists, gt, lt, ne, or, sql } from 'drizzle-orm';
import { hash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { Status, type Role } from '@app/domain';

export const BEARER = 'Bearer ';

/** A token as it is stored (sessions, reset links): its SHA-256, never the token itself. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** Writing `last_seen_at` on every request would make every read a write: once a minute. */
const TOUCH_AFTER = sql`interval '1 minute'`;

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** Where a session was opened from, for the owner's list of open sessions (Perfil). */
export interface SessionOrigin {
  ip: string;
  userAgent: string | undefined;
}

/** Opens a session for the user and returns the credential the client sends back. */
export async function openSession(
  db: Db | Tx,
  userId: number,
  policy: SessionPolicy,
  origin?: SessionOrigin,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(Date.now() + policy.maxHours * 3_600_000),
    ip: origin?.ip.slice(0, 64) ?? null,
    agente: origin?.userAgent?.slice(0, 300) ?? null,
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
  /** The user's role as of this request: a change applies from the next one. */
  role: Role;
  /** A generated password still in use: only the password change is open (issue 28 §1). */
  mustChangePassword: boolean;
}

/** Answers the session behind an Authorization header, if it is live and its user active. */
export type SessionCheck = (
  authorization: string | undefined,
) => Promise<SessionUserRef | undefined>;

/**
 * The check every authenticated request runs, built once: one named prepared statement (parsed
 * and planned once per connection) that finds the live session of an active user, with the
 * user's role (so permission checks need no query of their own), and, when its
 * `last_seen_at` is more than a minute old, touches it in the same round trip. Nothing is kept
 * in the process: a logout or suspension made by another server process sharing the database
 * takes effect on the next request. Times are the database's clock, one for every process.
 */
export function prepareSessionCheck(db: Db, policy: SessionPolicy): SessionCheck {
  const tokenHash = sql.placeholder('tokenHash');
  const live = db.$with('live').as(
    db
      .select({
        userId: sessions.user_id,
        role: users.rol,
        mustChangePassword: users.debe_cambiar_clave,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(
        and(
          eq(sessions.token_hash, tokenHash),
          gt(sessions.expires_at, sql`now()`),
          gt(
            sessions.last_seen_at,
            sql`now() - make_interval(mins => ${sql.placeholder('idleMinutes')})`,
          ),
          eq(users.id_est, Status.Activo),
        ),
      ),
  );
  // Runs only for a live session (the EXISTS), and writes only when the last touch is stale.
  const touch = db.$with('touch').as(
    db
      .update(sessions)
      .set({ last_seen_at: sql`now()` })
      .where(
        and(
          eq(sessions.token_hash, tokenHash),
          lt(sessions.last_seen_at, sql`now() - ${TOUCH_AFTER}`),
          exists(db.select({ live: sql`1` }).from(live)),
        ),
      ),
  );
  const statement = db
    .with(live, touch)
    .select({ userId: live.userId, role: live.role, mustChangePassword: live.mustChangePassword })
    .from(live)
    .prepare('session_check');

  return async (authorization) => {
    const token = tokenOf(authorization);
    if (!token) return undefined;
    const hashed = hashToken(token);
    const [row] = await statement.execute({ tokenHash: hashed, idleMinutes: policy.idleMinutes });
    return (
      row && {
        userId: row.userId,
        tokenHash: hashed,
        role: row.role,
        mustChangePassword: row.mustChangePassword,
      }
    );
  };
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
export async function purgeExpiredSessions(db: Db | Tx, policy: SessionPolicy): Promise<void> {
  const idleLimit = new Date(Date.now() - policy.idleMinutes * 60_000);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, sql`now()`), lt(sessions.last_seen_at, idleLimit)));
}
