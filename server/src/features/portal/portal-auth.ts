import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { PORTAL_AUTH_SCHEME, PORTAL_MESSAGES as M, PORTAL_SESSION_DAYS, Status } from '@app/domain';
import { hashToken } from '../../auth/sessions';
import { LoginThrottle } from '../../auth/throttle';
import type { Db, Tx } from '../../db/client';
import { clients, portalSessions } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * The client's credential on /mi-cuenta (DESIGN §11.5): `Authorization: Cliente <token>`, 32
 * random bytes of which only the hash is kept (portal_sesiones), alive 30 days from its last use.
 * It opens the routes whose access is 'cliente' and nothing else; a staff `Bearer` token opens
 * none of them (authenticate.ts skips them, and this hook reads only its own scheme).
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in client of a portal route: the only source of the client's id. */
    portalClient?: PortalClient;
  }
}

export interface PortalClient {
  id_cli: number;
  tokenHash: string;
}

const DAY_MS = 86_400_000;
const SCHEME = `${PORTAL_AUTH_SCHEME} `;
/** Moving the end on every request would make every read a write: once a minute. */
const TOUCH_AFTER = sql`interval '1 minute'`;

export const portalSessionEnd = (from: Date) =>
  new Date(from.getTime() + PORTAL_SESSION_DAYS * DAY_MS);

function tokenOf(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith(SCHEME)) return undefined;
  const token = authorization.slice(SCHEME.length).trim();
  return token.length > 0 && token.length <= 100 ? token : undefined;
}

/** Opens a session for the client: the Authorization header's value the page sends back. */
export async function openPortalSession(
  tx: Db | Tx,
  id_cli: number,
  userAgent: string | undefined,
  now: Date,
): Promise<{ token: string; expira: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expira = portalSessionEnd(now);
  await tx.insert(portalSessions).values({
    token_hash: hashToken(token),
    id_cli,
    expires_at: expira,
    last_seen_at: now,
    agente: userAgent?.slice(0, 300) ?? null,
  });
  return { token: `${SCHEME}${token}`, expira };
}

/**
 * The live session behind the header, of a client still active; its end moves 30 days on from
 * now (at most once a minute). Times are the database's clock, as the staff sessions' are.
 */
async function checkPortalSession(
  db: Db,
  authorization: string | undefined,
): Promise<PortalClient | undefined> {
  const token = tokenOf(authorization);
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ id_cli: portalSessions.id_cli, last_seen_at: portalSessions.last_seen_at })
    .from(portalSessions)
    .innerJoin(clients, eq(clients.id_cli, portalSessions.id_cli))
    .where(
      and(
        eq(portalSessions.token_hash, tokenHash),
        gt(portalSessions.expires_at, sql`now()`),
        eq(clients.id_est, Status.Activo),
      ),
    );
  if (!row) return undefined;
  await db
    .update(portalSessions)
    .set({
      last_seen_at: sql`now()`,
      expires_at: sql`now() + make_interval(days => ${PORTAL_SESSION_DAYS})`,
    })
    .where(
      and(
        eq(portalSessions.token_hash, tokenHash),
        lt(portalSessions.last_seen_at, sql`now() - ${TOUCH_AFTER}`),
      ),
    );
  return { id_cli: row.id_cli, tokenHash };
}

/**
 * Checks the client credential on every route of this scope whose access is 'cliente'. Any
 * refusal answers the same 401: no header, a staff token, an unknown, expired or closed session.
 */
export function registerPortalAuthentication(scope: FastifyInstance, db: Db) {
  const callsByClient = new LoginThrottle(db, {
    scope: 'portal.uso.cliente',
    freeAttempts: PORTAL_CALLS_PER_MINUTE,
    windowMs: 60_000,
  });
  scope.decorateRequest('portalClient', undefined);
  scope.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.client !== true) return;
    const client = await checkPortalSession(db, request.headers.authorization);
    if (!client) throw new HttpError(401, M.sessionRequired);
    // A session, however it was obtained, cannot flood the salon's server with PDFs and photos.
    const key = String(client.id_cli);
    const wait = await callsByClient.retryAfter(key);
    if (wait > 0) {
      void reply.header('retry-after', Math.ceil(wait / 1000));
      throw new HttpError(429, M.tooMany(1));
    }
    await callsByClient.fail(key);
    request.portalClient = client;
  });
}

/** Calls one client's sessions may make in a minute: a page of Mi cuenta makes about ten. */
export const PORTAL_CALLS_PER_MINUTE = 120;

/** The signed-in client of a portal route; a route outside the portal's hook is refused. */
export function portalClientOf(request: FastifyRequest): PortalClient {
  if (!request.portalClient) throw new HttpError(401, M.sessionRequired);
  return request.portalClient;
}

/** Closes the session: its credential opens nothing from now on. */
export async function closePortalSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(portalSessions).where(eq(portalSessions.token_hash, tokenHash));
}
