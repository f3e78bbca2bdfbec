import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_ENDPOINTS as E,
  ACCOUNT_FIELD_MESSAGES,
  ACCOUNT_MESSAGES,
  PASSWORD_RESET_MINUTES,
  Status,
} from '@app/domain';
import { recordPasswordChange } from '../../audit/record';
import { hashPassword } from '../../auth/passwords';
import { closeOtherSessions, hashToken } from '../../auth/sessions';
import { LoginThrottle } from '../../auth/throttle';
import type { Db, Tx } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { invalid } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { afterAnswerQueue } from '../../http/after-answer';
import { tooMany, emailEquals } from './shared';

/**
 * The link of the reset e-mail. `redirect_url` is the front end's page (spec §000-7), but a
 * link carrying a reset token must never point to another site: every other origin than
 * APP_URL's is replaced by APP_URL/password-reset.
 */
function resetLink(appUrl: string, redirect: string | undefined, email: string, token: string) {
  const fallback = new URL('/password-reset', appUrl);
  let url = fallback;
  if (redirect) {
    try {
      const candidate = new URL(redirect);
      if (candidate.origin === fallback.origin) url = candidate;
    } catch {
      // Not a URL: the fallback stands.
    }
  }
  url.searchParams.set('email', email);
  url.searchParams.set('token', token);
  return url.toString();
}

function resetMail(to: string, link: string) {
  const text =
    'Recibimos una solicitud para restablecer la contraseña de su cuenta.\n\n' +
    `Abra este enlace dentro de los próximos ${PASSWORD_RESET_MINUTES} minutos para elegir una nueva:\n${link}\n\n` +
    'El enlace solo puede usarse una vez. Si usted no lo solicitó, ignore este correo: su contraseña no cambiará.\n';
  return { to, subject: 'Restablecer contraseña', text };
}

const logResetFailure = (log: FastifyBaseLogger, error: unknown) =>
  log.error({ err: error }, 'No se pudo enviar el correo de restablecimiento');

/** Spec §000-2 'Password Forgot' and 'Password Reset': a single-use link by e-mail. */
export const recoveryRoutes: FastifyPluginAsyncZod<{ db: Db; appUrl: string; mailer: Mailer }> = (
  app,
  { db, appUrl, mailer },
) => {
  const afterAnswer = afterAnswerQueue(app);
  // Public routes that send mail: keep them from being used as a cannon.
  const forgotByEmail = new LoginThrottle(db, {
    scope: 'recuperar.email',
    freeAttempts: 3,
    windowMs: 15 * 60_000,
  });
  const forgotByAddress = new LoginThrottle(db, {
    scope: 'recuperar.ip',
    freeAttempts: 20,
    windowMs: 15 * 60_000,
  });
  // Links are long random tokens: an address that keeps sending wrong ones is only probing.
  const resetByAddress = new LoginThrottle(db, {
    scope: 'restablecer.ip',
    freeAttempts: 10,
    windowMs: 15 * 60_000,
  });

  /** A new single-use link for a known, not deleted address; nothing for any other. */
  const sendResetLink = async (email: string, redirect: string | undefined) => {
    const [found] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(emailEquals(email), ne(users.id_est, Status.Eliminado)));
    // A user without an e-mail matches no address: like an unknown one, nothing is sent.
    const user = found?.email ? { id: found.id, email: found.email } : undefined;
    // A known address asked too often is silently skipped.
    if (!user || (await forgotByEmail.retryAfter(email)) > 0) return;
    await forgotByEmail.fail(email);
    const token = randomBytes(32).toString('base64url');
    await db.transaction(async (tx) => {
      // Only the newest link works.
      await tx
        .delete(passwordResets)
        .where(and(eq(passwordResets.user_id, user.id), isNull(passwordResets.used_at)));
      await tx.insert(passwordResets).values({
        token_hash: hashToken(token),
        user_id: user.id,
        expires_at: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
      });
    });
    await mailer.send(resetMail(user.email, resetLink(appUrl, redirect, user.email, token)));
  };

  route(app, E.passwordForgot, async (request, reply) => {
    const { email, redirect_url } = request.body;
    const wait = await forgotByAddress.retryAfter(request.ip);
    if (wait > 0) throw tooMany(reply, wait);
    await forgotByAddress.fail(request.ip);
    // The answer goes before the address is even looked up, so neither its content nor its
    // timing can tell whether the address exists; the look-up, the token and the mail follow.
    const work = () =>
      afterAnswer(
        sendResetLink(email, redirect_url).catch((error: unknown) =>
          logResetFailure(request.log, error),
        ),
      );
    reply.send(ok(null, ACCOUNT_MESSAGES.emailSent)).then(work, work);
    return reply;
  });

  /**
   * The link's reset, if the token is open and was sent to `email`; with `lock`, its row stays
   * locked until the transaction ends.
   */
  const openReset = async (executor: Db | Tx, email: string, token: string, lock: boolean) => {
    const query = executor
      .select({
        user_id: passwordResets.user_id,
        expires_at: passwordResets.expires_at,
        used_at: passwordResets.used_at,
        email: users.email,
      })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.user_id))
      .where(eq(passwordResets.token_hash, hashToken(token)));
    const [reset] = lock ? await query.for('update') : await query;
    const valid =
      reset &&
      !reset.used_at &&
      reset.expires_at.getTime() > Date.now() &&
      reset.email?.toLowerCase() === email.toLowerCase();
    return valid ? reset : undefined;
  };

  route(app, E.passwordReset, async (request, reply) => {
    const wait = await resetByAddress.retryAfter(request.ip);
    if (wait > 0) throw tooMany(reply, wait);
    await resetByAddress.fail(request.ip);
    const { email, token, password } = request.body;
    // The costly hash only for an open link: a wrong token costs one indexed look-up. It is
    // computed between the check and the transaction, so no row stays locked meanwhile.
    if (!(await openReset(db, email, token, false))) {
      throw invalid('token', ACCOUNT_FIELD_MESSAGES.token);
    }
    const hash = await hashPassword(password);
    await db.transaction(async (tx) => {
      // Checked again under lock: the link may have been used in the meantime.
      const reset = await openReset(tx, email, token, true);
      if (!reset) throw invalid('token', ACCOUNT_FIELD_MESSAGES.token);
      await tx
        .update(users)
        // A password the user chose: nothing is left to force.
        .set({ password: hash, debe_cambiar_clave: false, updated_at: new Date() })
        .where(eq(users.id, reset.user_id));
      // This link and any other still open are spent; whoever was signed in is signed out.
      await tx
        .update(passwordResets)
        .set({ used_at: new Date() })
        .where(and(eq(passwordResets.user_id, reset.user_id), isNull(passwordResets.used_at)));
      await closeOtherSessions(tx, reset.user_id);
      await recordPasswordChange(
        tx,
        { id_usu: reset.user_id, ip: request.ip },
        reset.user_id,
        'Restablecida con el enlace enviado por correo',
      );
    });
    await resetByAddress.forgive(request.ip);
    return ok(null, ACCOUNT_MESSAGES.passwordChanged);
  });

  return Promise.resolve();
};
