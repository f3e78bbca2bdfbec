import Bowser from 'bowser';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_ENDPOINTS,
  TWO_FACTOR_MESSAGES,
  USER_ACCOUNT_ENDPOINTS,
  USER_MESSAGES,
  type OwnSession,
} from '@app/domain';
import { actorOf, recordAudit } from '../../audit/record';
import type { SessionPolicy } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';

export interface SessionRoutesOptions {
  db: Db;
  policy: SessionPolicy;
}

const UNKNOWN_DEVICE = 'Dispositivo desconocido';

/** 'Chrome 130 en Windows', from the User-Agent the session was opened with. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : undefined;
  if (name && os.name) return `${name} en ${os.name}`;
  return name ?? os.name ?? userAgent.slice(0, 60);
}

/** Ends the user's sessions but `keep` and answers how many it ended. */
async function closeSessions(tx: Tx, userId: number, keep: string | undefined) {
  const closed = await tx
    .delete(sessions)
    .where(and(eq(sessions.user_id, userId), keep ? ne(sessions.token_hash, keep) : undefined))
    .returning({ user_id: sessions.user_id });
  return closed.length;
}

/**
 * Issue 28 §5: Perfil lists the own open sessions (where and with what they were opened, which
 * is this one: never a token) and closes the others; an admin closes all of a user's.
 */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = (app, { db, policy }) => {
  route(app, ACCOUNT_ENDPOINTS.sessions, async (request) => {
    const session = sessionOf(request);
    // Live as the session check judges it (auth/sessions.ts): the ones that would still work.
    const rows = await db
      .select({
        token_hash: sessions.token_hash,
        created_at: sessions.created_at,
        last_seen_at: sessions.last_seen_at,
        ip: sessions.ip,
        agente: sessions.agente,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.user_id, session.userId),
          gt(sessions.expires_at, sql`now()`),
          gt(sessions.last_seen_at, sql`now() - make_interval(mins => ${policy.idleMinutes})`),
        ),
      )
      .orderBy(desc(sessions.last_seen_at));
    return ok<OwnSession[]>(
      rows.map((row) => ({
        creada: row.created_at.toISOString(),
        ultima_actividad: row.last_seen_at.toISOString(),
        ip: row.ip,
        dispositivo: deviceOf(row.agente),
        actual: row.token_hash === session.tokenHash,
      })),
    );
  });

  route(app, ACCOUNT_ENDPOINTS.closeOtherSessions, async (request) => {
    const session = sessionOf(request);
    const cerradas = await db.transaction(async (tx) => {
      const count = await closeSessions(tx, session.userId, session.tokenHash);
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'cerrar_sesiones',
        entidad: 'usuario',
        entidad_id: session.userId,
        detalle: `Cerró sus demás sesiones (${count})`,
      });
      return count;
    });
    return ok({ cerradas }, TWO_FACTOR_MESSAGES.othersClosed);
  });

  // The admin's own sessions but this one end too when the admin is the user named.
  route(app, USER_ACCOUNT_ENDPOINTS.closeSessions, async (request) => {
    const { id } = request.params;
    const session = sessionOf(request);
    const cerradas = await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
      if (!user) throw notFound(USER_MESSAGES.notFound);
      const keep = id === session.userId ? session.tokenHash : undefined;
      const count = await closeSessions(tx, id, keep);
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'cerrar_sesiones',
        entidad: 'usuario',
        entidad_id: id,
        detalle: `Un administrador cerró sus sesiones (${count})`,
      });
      return count;
    });
    return ok({ cerradas }, TWO_FACTOR_MESSAGES.userSessionsClosed);
  });

  return Promise.resolve();
};
