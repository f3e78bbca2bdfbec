import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_ENDPOINTS as E,
  LOGIN_MESSAGES,
  Status,
  type SessionUser,
  TWO_FACTOR_MESSAGES,
} from '@app/domain';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { actorOf, recordAudit } from '../../audit/record';
import { closeSession, openSession, type SessionPolicy } from '../../auth/sessions';
import type { SecretBox } from '../../auth/secrets';
import { SignInRefused, SignInThrottle } from '../../auth/throttle';
import { spendSecondFactorCode } from '../../auth/totp';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError, notFound } from '../../http/errors';

export interface AuthOptions {
  db: Db;
  policy: SessionPolicy;
  /** Opens the second factor's secret (auth/secrets.ts). */
  secrets: SecretBox;
}

export const authModule: FastifyPluginAsyncZod<AuthOptions> = async (
  app,
  { db, policy, secrets },
) => {
  // Failures only slow down the next attempt of a login, never lock its owner out: the
  // seeded logins are public, and an address may be a whole office's (issue 28 §4).
  const signIns = new SignInThrottle(db);

  route(app, E.login, async (request, reply) => {
    const { login, password, codigo } = request.body;
    const loginKey = login.toLowerCase();
    // A throttled attempt is answered after its wait; only an address that keeps failing
    // is refused.
    return signIns
      .attempt(loginKey, request.ip, async (attempt) => {
        const [user] = await db
          .select({
            id: users.id,
            password: users.password,
            id_est: users.id_est,
            totp_activo: users.totp_activo,
          })
          .from(users)
          .where(eq(sql`lower(${users.login})`, loginKey));
        // Compare against a dummy hash for unknown logins so the answer time tells nothing.
        const matches = await verifyPassword(password, user?.password ?? DUMMY_HASH);
        if (!user || !matches || user.id_est !== Status.Activo) {
          await attempt.failed();
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
        // Issue 28 §5: with the second factor on, the password alone only asks for the code;
        // a wrong code counts as a failed sign-in.
        if (user.totp_activo) {
          const spent = codigo ? await spendSecondFactorCode(db, secrets, user.id, codigo) : false;
          if (!spent) {
            if (!codigo) await attempt.withheld();
            else {
              await attempt.failed();
              await recordAudit(db, {
                ...actorOf(request, login),
                id_usu: user.id,
                accion: 'sesion_fallida',
                entidad: 'sesion',
                entidad_id: user.id,
                detalle: 'Código de verificación incorrecto',
              });
            }
            return reply.status(401).send({
              status: 'error',
              message: codigo ? TWO_FACTOR_MESSAGES.wrongCode : TWO_FACTOR_MESSAGES.codeRequired,
              segundo_factor: true,
            });
          }
        }
        await attempt.succeeded();
        const credential = await db.transaction(async (tx) => {
          const opened = await openSession(tx, user.id, policy, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
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
      })
      .catch((error: unknown) => {
        if (!(error instanceof SignInRefused)) throw error;
        void reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
        throw new HttpError(429, LOGIN_MESSAGES.tooManyAttempts);
      });
  });

  // Open while a generated password waits to be changed: the web reads who is signed in.
  const beforePasswordChange = { config: { beforePasswordChange: true } };
  route(app, E.logout, beforePasswordChange, async (request) => {
    await closeSession(db, sessionOf(request).tokenHash);
    return ok(null, 'Sesión cerrada');
  });

  route(app, E.me, beforePasswordChange, async (request) => {
    const [user] = await db
      .select({
        id: users.id,
        name: users.name,
        surname: users.surname,
        email: users.email,
        login: users.login,
        profile_image: users.profile_image,
        debe_cambiar_clave: users.debe_cambiar_clave,
      })
      .from(users)
      .where(eq(users.id, sessionOf(request).userId));
    if (!user) throw notFound();
    return ok<SessionUser>(user);
  });
};
