import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_ENDPOINTS, ACCOUNT_MESSAGES, DocumentTypeId, Status } from '@app/domain';
import { changesBetween, recordAudit } from '../../audit/record';
import { hashPassword } from '../../auth/passwords';
import { LoginThrottle } from '../../auth/throttle';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { isPgError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { afterAnswerQueue } from '../../http/after-answer';
import { tooMany, emailEquals } from './shared';

/** A login from the e-mail's local part (letters and digits, at least 4), made unique. */
async function uniqueLogin(tx: Tx, email: string): Promise<string> {
  let base = (email.split('@')[0] ?? '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
    .slice(0, 40);
  if (base.length < 4) base = `${base}user`.slice(0, 40);
  const taken = new Set(
    (
      await tx
        .select({ login: sql<string>`lower(${users.login})` })
        .from(users)
        .where(sql`lower(${users.login}) like ${`${base}%`}`)
    ).map((r) => r.login),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

interface SignupAccount {
  login: string;
  email: string;
  id_est: number;
  /** False when the address already had this account: the sign-up created nothing. */
  created: boolean;
}

function signupMail(appUrl: string, { login, email, created }: SignupAccount) {
  if (created) {
    const text =
      'Se registró una cuenta con esta dirección de correo.\n\n' +
      `Su nombre de usuario es: ${login}\n\n` +
      'Un administrador debe activarla antes de que pueda iniciar sesión. ' +
      'Si usted no la solicitó, ignore este correo.\n';
    return { to: email, subject: 'Cuenta registrada', text };
  }
  const text =
    'Alguien intentó registrar una cuenta nueva con esta dirección de correo, que ya tiene una.\n\n' +
    `Si fue usted, inicie sesión con su nombre de usuario: ${login}\n` +
    `Si olvidó su contraseña, puede restablecerla en ${new URL('/password-forgot', appUrl).toString()}\n\n` +
    'Si no fue usted, ignore este correo: su cuenta no ha cambiado.\n';
  return { to: email, subject: 'Intento de registro', text };
}

/**
 * Spec §000-2 'Signup': a suspended account that an administrator activates (decisions §signup).
 */
export const signupRoutes: FastifyPluginAsyncZod<{ db: Db; appUrl: string; mailer: Mailer }> = (
  app,
  { db, appUrl, mailer },
) => {
  const afterAnswer = afterAnswerQueue(app);
  // A public route that creates accounts and sends mail: keep it from being used as a cannon.
  const signupByAddress = new LoginThrottle(db, {
    scope: 'registro.ip',
    freeAttempts: 10,
    windowMs: 60 * 60_000,
  });
  // Mails telling the owner of an address that someone tried to sign up with it.
  const signupNoticeByEmail = new LoginThrottle(db, {
    scope: 'registro.email',
    freeAttempts: 3,
    windowMs: 60 * 60_000,
  });

  /**
   * The account of a sign-up: a new suspended one, or the one that already has the address
   * (then nothing is created).
   */
  const signupAccount = async (name: string, email: string, hash: string, ip: string) => {
    // A login or the e-mail taken between the look-up and the insert: look again.
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx): Promise<SignupAccount> => {
          const [existing] = await tx
            .select({ login: users.login, email: users.email, id_est: users.id_est })
            .from(users)
            .where(emailEquals(email));
          // Found by its address, so it has one: the one asked for.
          if (existing) return { ...existing, email, created: false };
          const login = await uniqueLogin(tx, email);
          // The form has only a name: surname and document wait for the administrator, who
          // completes them in Usuarios when activating the account (decisions §signup).
          const account = {
            name,
            email,
            login,
            id_est: Status.Suspendido,
            // The least an administrator may later widen (decisions §roles).
            rol: 'recepcion' as const,
          };
          const [created] = await tx
            .insert(users)
            .values({
              ...account,
              surname: '',
              id_tipodoc: DocumentTypeId.DNI,
              doc: '',
              password: hash,
            })
            .returning({ id: users.id });
          await recordAudit(tx, {
            id_usu: created.id,
            ip,
            accion: 'crear',
            entidad: 'usuario',
            entidad_id: created.id,
            cambios: changesBetween(null, account),
            detalle: 'Registro desde la página de registro',
          });
          return { login, email, id_est: Status.Suspendido, created: true };
        });
      } catch (error) {
        if (!isPgError(error, '23505') || attempt >= 2) throw error;
      }
    }
  };

  /** Tells the address what happened: its new login, or that someone tried to take it. */
  const mailSignup = async (account: SignupAccount) => {
    if (!account.created) {
      if (account.id_est === Status.Eliminado) return;
      // Repeated attempts with one address must not flood its owner.
      if ((await signupNoticeByEmail.retryAfter(account.email.toLowerCase())) > 0) return;
      await signupNoticeByEmail.fail(account.email.toLowerCase());
    }
    await mailer.send(signupMail(appUrl, account));
  };

  route(app, ACCOUNT_ENDPOINTS.signup, async (request, reply) => {
    const wait = await signupByAddress.retryAfter(request.ip);
    if (wait > 0) throw tooMany(reply, wait);
    await signupByAddress.fail(request.ip);
    const { name, email, password } = request.body;
    // Hashed whether or not the address is taken, so the time of the answer tells nothing.
    const hash = await hashPassword(password);
    const account = await signupAccount(name, email, hash, request.ip);
    // One answer for a new and a taken address, and no login in it: only the mailbox learns
    // which it was (the mail goes after the answer, so its time tells nothing either).
    const work = () =>
      afterAnswer(
        mailSignup(account).catch((error: unknown) =>
          request.log.error({ err: error }, 'No se pudo enviar el correo de registro'),
        ),
      );
    reply.status(201).send(ok(null, ACCOUNT_MESSAGES.registered)).then(work, work);
    return reply;
  });
  return Promise.resolve();
};
