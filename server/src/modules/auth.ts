import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  DoneSchema,
  LOGIN_MESSAGES,
  LoginSchema,
  SessionUserSchema,
  Status,
  successOf,
  type SessionUser,
} from '@app/domain';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { actorOf, recordAudit } from '../audit/record';
import { closeSession, openSession, type SessionPolicy } from '../auth/sessions';
import { LoginThrottle, RecentKeys } from '../auth/throttle';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { sessionOf } from '../http/authenticate';
import { ok } from '../http/envelope';
import { HttpError, notFound } from '../http/errors';

export interface AuthOptions {
  db: Db;
  policy: SessionPolicy;
}

/** Beyond the free failures each one adds a wait: 1 s, 2, 4, 8, then 10 s at most (DESIGN §10.1). */
const SIGN_IN_DELAY = { firstMs: 1000, maxMs: 10_000 };
const SIGN_IN_WINDOW_MS = 15 * 60_000;

/**
 * Failures only slow down the next attempt, never lock anyone out: the seeded logins are
 * public, and an address may be a whole office's (or, behind a proxy, everybody's).
 */
const signInThrottle = (db: Db, scope: string, freeAttempts: number) =>
  new LoginThrottle(db, { scope, freeAttempts, windowMs: SIGN_IN_WINDOW_MS, delay: SIGN_IN_DELAY });

export const authModule: FastifyPluginAsyncZod<AuthOptions> = async (app, { db, policy }) => {
  const tags = ['auth'];
  const byLogin = signInThrottle(db, 'ingreso.usuario', 3);
  // A counter's staff share one address: it tolerates more failures than one login does.
  const byAddress = signInThrottle(db, 'ingreso.ip', 10);
  // A login and an address it has signed in from: there only their own failures count, so
  // strangers guessing at the login cannot keep its owner out.
  const knownPairs = new RecentKeys(db, 'ingreso.conocido');
  const byPair = signInThrottle(db, 'ingreso.par', 3);

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        body: LoginSchema,
        response: { 200: successOf(z.string()), 401: ApiErrorSchema },
        tags,
      },
    },
    async (request, reply) => {
      const { login, password } = request.body;
      const loginKey = login.toLowerCase();
      const pairKey = `${loginKey}\n${request.ip}`;
      // One attempt at a time per login: a burst of parallel guesses meets the count of the
      // ones before it. Attempts from one address are counted before the password is checked.
      return byLogin.oneAtATime(loginKey, async () => {
        const known = await knownPairs.has(pairKey);
        const wait = known
          ? await byPair.retryAfter(pairKey)
          : Math.max(await byLogin.retryAfter(loginKey), await byAddress.retryAfter(request.ip));
        if (wait > 0) {
          // At most SIGN_IN_DELAY.maxMs: the right password is refused no longer than that.
          void reply.header('retry-after', Math.ceil(wait / 1000));
          throw new HttpError(429, LOGIN_MESSAGES.tooManyAttempts);
        }
        await byAddress.fail(request.ip);
        const [user] = await db
          .select({ id: users.id, password: users.password, id_est: users.id_est })
          .from(users)
          .where(eq(sql`lower(${users.login})`, loginKey));
        // Compare against a dummy hash for unknown logins so the answer time tells nothing.
        const matches = await verifyPassword(password, user?.password ?? DUMMY_HASH);
        if (!user || !matches || user.id_est !== Status.Activo) {
          await byLogin.fail(loginKey);
          if (known) await byPair.fail(pairKey);
          // An unknown login is not stored: people type their password there by mistake.
          await recordAudit(db, {
            ...actorOf(request, user ? login : null),
            id_usu: user?.id ?? null,
            accion: 'sesion_fallida',
            entidad: 'sesion',
            entidad_id: user?.id ?? null,
            detalle: !user
              ? 'Usuario inexistente'
              : matches
                ? 'Usuario inactivo'
                : 'Contraseña incorrecta',
          });
          return reply
            .status(401)
            .send({ status: 'errorpwd', message: LOGIN_MESSAGES.wrongCredentials });
        }
        // The login's count stays for strangers: its owner signing in must not hand them
        // fresh free attempts.
        await byPair.succeed(pairKey);
        await knownPairs.add(pairKey);
        await byAddress.forgive(request.ip);
        const credential = await db.transaction(async (tx) => {
          const opened = await openSession(tx, user.id, policy);
          await recordAudit(tx, {
            ...actorOf(request, login),
            id_usu: user.id,
            accion: 'iniciar_sesion',
            entidad: 'sesion',
            entidad_id: user.id,
          });
          return opened;
        });
        return ok(credential, LOGIN_MESSAGES.welcome);
      });
    },
  );

  const session = { permission: 'sesion' } as const;
  app.post(
    '/logout',
    { config: session, schema: { response: { 200: DoneSchema }, tags } },
    async (request) => {
      await closeSession(db, sessionOf(request).tokenHash);
      return ok(null, 'Sesión cerrada');
    },
  );

  app.get(
    '/me',
    { config: session, schema: { response: { 200: successOf(SessionUserSchema) }, tags } },
    async (request) => {
      const [user] = await db
        .select({
          id: users.id,
          name: users.name,
          surname: users.surname,
          email: users.email,
          login: users.login,
          profile_image: users.profile_image,
        })
        .from(users)
        .where(eq(users.id, sessionOf(request).userId));
      if (!user) throw notFound();
      return ok<SessionUser>(user);
    },
  );
};
