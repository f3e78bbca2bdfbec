import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_ENDPOINTS as E,
  canUseTwoFactor,
  PERMISSION_MESSAGES,
  TWO_FACTOR_MESSAGES,
  type TwoFactorStatus,
  USER_ACCOUNT_ENDPOINTS,
  USER_MESSAGES,
} from '@app/domain';
import { actorOf, recordAudit } from '../../audit/record';
import { verifyPassword } from '../../auth/passwords';
import type { SecretBox } from '../../auth/secrets';
import { closeOtherSessions } from '../../auth/sessions';
import { LoginThrottle } from '../../auth/throttle';
import {
  enrolmentOf,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  secretContext,
  spendSecondFactorCode,
} from '../../auth/totp';
import type { Db } from '../../db/client';
import { settings, users } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, invalid, notFound } from '../../http/errors';
import { tooMany } from './shared';

export interface TwoFactorOptions {
  db: Db;
  secrets: SecretBox;
}

/** A user row without a second factor: nothing of the old one is kept. */
const turnedOff = () => ({
  totp_secreto: null,
  totp_activo: false,
  totp_ultimo_paso: null,
  codigos_recuperacion: [],
  updated_at: new Date(),
});

/** The name the authenticator app shows the account under, when Ajustes has none. */
const DEFAULT_ISSUER = 'Peluquería Canina';

/**
 * Issue 28 §5: an admin turns the second factor on from Perfil (the QR and the key shown once,
 * a current code confirms, the recovery codes shown once) and off with the password or a code.
 * Nothing here ever answers or records the secret or a recovery code but at their one showing.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorOptions> = (app, { db, secrets }) => {
  // Like the password change: a borrowed session must not become a way to guess the proof.
  const proofGuesses = new LoginThrottle(db, {
    scope: 'perfil.dos_pasos',
    freeAttempts: 5,
    windowMs: 15 * 60_000,
    delay: { firstMs: 1000, maxMs: 10_000 },
  });

  const stateOf = async (userId: number) => {
    const [row] = await db
      .select({
        login: users.login,
        rol: users.rol,
        secreto: users.totp_secreto,
        activo: users.totp_activo,
        codigos: users.codigos_recuperacion,
        password: users.password,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw notFound();
    return row;
  };

  route(app, E.twoFactor, async (request) => {
    const user = await stateOf(sessionOf(request).userId);
    return ok<TwoFactorStatus>({
      disponible: canUseTwoFactor(user.rol),
      activo: user.activo,
      codigos_restantes: user.activo ? user.codigos.length : 0,
    });
  });

  // Starting again before confirming replaces the key: only the last QR shown will work.
  route(app, E.startTwoFactor, async (request) => {
    const { userId } = sessionOf(request);
    const user = await stateOf(userId);
    if (user.activo) throw conflict(TWO_FACTOR_MESSAGES.alreadyActive);
    const secret = newTotpSecret();
    const sealed = await secrets.seal(secret, secretContext(userId));
    const [company] = await db.select({ name: settings.nomEmp }).from(settings).limit(1);
    // Never over a second factor turned on meanwhile (a confirmation in another tab).
    const pending = await db
      .update(users)
      .set({ totp_secreto: sealed, totp_ultimo_paso: null, updated_at: new Date() })
      .where(and(eq(users.id, userId), eq(users.totp_activo, false)))
      .returning({ id: users.id });
    if (pending.length === 0) throw conflict(TWO_FACTOR_MESSAGES.alreadyActive);
    const enrolment = await enrolmentOf(secret, company?.name || DEFAULT_ISSUER, user.login);
    return ok(enrolment, TWO_FACTOR_MESSAGES.started);
  });

  route(app, E.confirmTwoFactor, async (request) => {
    const session = sessionOf(request);
    const codes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ secreto: users.totp_secreto, activo: users.totp_activo })
        .from(users)
        .where(eq(users.id, session.userId))
        .for('update');
      if (!user) throw notFound();
      if (user.activo) throw conflict(TWO_FACTOR_MESSAGES.alreadyActive);
      if (!user.secreto) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
      const secret = await secrets.open(user.secreto, secretContext(session.userId));
      const step = await matchingStep(secret, request.body.codigo, null);
      if (step === undefined) throw invalid('codigo', TWO_FACTOR_MESSAGES.wrongCode);
      await tx
        .update(users)
        .set({
          totp_activo: true,
          totp_ultimo_paso: step,
          codigos_recuperacion: codes.map(recoveryCodeHash),
          updated_at: new Date(),
        })
        .where(eq(users.id, session.userId));
      // Sessions opened with the password alone end: from now on it takes both.
      await closeOtherSessions(tx, session.userId, session.tokenHash);
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'segundo_factor',
        entidad: 'usuario',
        entidad_id: session.userId,
        detalle: 'Activada',
      });
    });
    return ok({ codigos: codes }, TWO_FACTOR_MESSAGES.activated);
  });

  // Any role may turn it off: an admin given another role keeps the way out.
  route(app, E.disableTwoFactor, async (request, reply) => {
    const { userId } = sessionOf(request);
    const key = String(userId);
    const wait = await proofGuesses.retryAfter(key);
    if (wait > 0) throw tooMany(reply, wait);
    const user = await stateOf(userId);
    if (!user.activo && !user.secreto) throw conflict(TWO_FACTOR_MESSAGES.notActive);
    const { current_password, codigo } = request.body;
    const proven = current_password
      ? await verifyPassword(current_password, user.password)
      : await spendSecondFactorCode(db, secrets, userId, codigo ?? '');
    if (!proven) {
      await proofGuesses.fail(key);
      throw current_password
        ? invalid('current_password', PERMISSION_MESSAGES.currentPassword)
        : invalid('codigo', TWO_FACTOR_MESSAGES.wrongCode);
    }
    await proofGuesses.succeed(key);
    await db.transaction(async (tx) => {
      await tx.update(users).set(turnedOff()).where(eq(users.id, userId));
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'segundo_factor',
        entidad: 'usuario',
        entidad_id: userId,
        detalle: 'Desactivada',
      });
    });
    return ok(null, TWO_FACTOR_MESSAGES.deactivated);
  });

  /**
   * A lost phone and lost recovery codes: another admin turns the second factor off (the user
   * signs in with the password and may turn it on again). The user's sessions end.
   */
  route(app, USER_ACCOUNT_ENDPOINTS.removeTwoFactor, async (request) => {
    const { id } = request.params;
    const session = sessionOf(request);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ activo: users.totp_activo })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!user) throw notFound(USER_MESSAGES.notFound);
      if (!user.activo) throw conflict(TWO_FACTOR_MESSAGES.notActive);
      await tx.update(users).set(turnedOff()).where(eq(users.id, id));
      await closeOtherSessions(tx, id, id === session.userId ? session.tokenHash : undefined);
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'segundo_factor',
        entidad: 'usuario',
        entidad_id: id,
        detalle: 'Desactivada por un administrador',
      });
    });
    return ok(null, TWO_FACTOR_MESSAGES.resetByAdmin);
  });

  return Promise.resolve();
};
