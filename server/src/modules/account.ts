import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ACCOUNT_FIELD_MESSAGES,
  ACCOUNT_MESSAGES,
  AVATAR_TYPES,
  DocumentTypeId,
  PASSWORD_RESET_MINUTES,
  PasswordForgotSchema,
  PasswordResetSchema,
  ProfilePasswordSchema,
  ProfileUpdateSchema,
  SignupSchema,
  Status,
  isDefaultUser,
  type Profile,
} from '@app/domain';
import { hashPassword } from '../auth/passwords';
import { closeOtherSessions } from '../auth/sessions';
import { LoginThrottle } from '../auth/throttle';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { sessionOf } from '../http/authenticate';
import { ok } from '../http/envelope';
import { HttpError, invalid, isPgError, notFound } from '../http/errors';
import { MALFORMED_MULTIPART, readMultipart } from '../http/uploads';
import { createMailer, type Mailer } from '../mail/mailer';

export interface AccountOptions {
  db: Db;
  config: Pick<Config, 'dataDir' | 'appUrl' | 'smtpUrl'>;
  /** Tests may pass their own; by default one is built from the config. */
  mailer?: Mailer;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const AVATAR_ROUTE = '/avatars/';
/** `<user id>-<random>.<ext>`: unguessable, and nothing else is ever read from the folder. */
const AVATAR_FILE = /^\d{1,10}-[0-9a-f]{16}\.(png|jpg|gif|webp)$/;
const AVATAR_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const avatarDir = (dataDir: string) => join(dataDir, 'uploads', 'avatars');

/** The file behind a stored `profile_image`, when it is one of ours. */
function avatarFileOf(image: string | null): string | undefined {
  if (!image?.startsWith(`/api${AVATAR_ROUTE}`)) return undefined;
  const name = image.slice(`/api${AVATAR_ROUTE}`.length);
  return AVATAR_FILE.test(name) ? name : undefined;
}

const tooMany = (reply: FastifyReply, waitMs: number) => {
  void reply.header('retry-after', Math.ceil(waitMs / 1000));
  return new HttpError(429, ACCOUNT_MESSAGES.tooMany);
};

const emailEquals = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

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

/**
 * The link of the reset e-mail. `redirect_url` is the front end's page (spec 000 §7), but a
 * link carrying a reset token must never point to another site: any other origin than
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

const PICTURE_FIELD = 'attachment';

interface ProfileChange {
  fields?: { name: string; email: string };
  /** A new picture's bytes; `null` removes the picture; absent keeps it. */
  picture?: Buffer | null;
}

/** The picture's extension, judged by its bytes, not by its name or declared type. */
async function pictureExtension(bytes: Buffer) {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(AVATAR_TYPES as readonly string[]).includes(type.mime)) {
    throw invalid(PICTURE_FIELD, ACCOUNT_MESSAGES.pictureType);
  }
  return type.ext;
}

const logResetFailure = (log: FastifyBaseLogger, error: unknown) =>
  log.error({ err: error }, 'No se pudo enviar el correo de restablecimiento');

const emailTaken = () => invalid('email', ACCOUNT_FIELD_MESSAGES.emailTaken);

export const accountModule: FastifyPluginAsyncZod<AccountOptions> = (app, options) => {
  const { db, config } = options;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      log: (message) => app.log.warn(message),
    });
  // Public routes that send mail or create accounts: keep them from being used as a cannon.
  const forgotByEmail = new LoginThrottle({ freeAttempts: 3, windowMs: 15 * 60_000 });
  const forgotByAddress = new LoginThrottle({ freeAttempts: 20, windowMs: 15 * 60_000 });
  // Links are long random tokens: an address that keeps sending wrong ones is only probing.
  const resetByAddress = new LoginThrottle({ freeAttempts: 10, windowMs: 15 * 60_000 });
  const signupByAddress = new LoginThrottle({ freeAttempts: 10, windowMs: 60 * 60_000 });
  // Mails telling the owner of an address that someone tried to sign up with it.
  const signupNoticeByEmail = new LoginThrottle({ freeAttempts: 3, windowMs: 60 * 60_000 });

  const profileOf = async (id: number): Promise<Profile> => {
    const [row] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        profile_image: users.profile_image,
      })
      .from(users)
      .where(eq(users.id, id));
    if (!row) throw notFound();
    return row;
  };

  /** Spec 000 §5: the default users (ids 1–3) may not change their own data. */
  const ownEditableId = (request: FastifyRequest) => {
    const { userId } = sessionOf(request);
    if (isDefaultUser(userId)) throw new HttpError(403, ACCOUNT_MESSAGES.defaultUser);
    return userId;
  };

  const removeAvatarFile = async (image: string | null) => {
    const file = avatarFileOf(image);
    if (file) await unlink(join(avatarDir(config.dataDir), file)).catch(() => undefined);
  };

  /** The shared multipart reader (or a JSON body), its answers in the English screen's words. */
  const readProfileForm = async (request: FastifyRequest) => {
    try {
      return await readMultipart(request, {
        fileFields: [PICTURE_FIELD],
        tooLarge: ACCOUNT_MESSAGES.pictureSize,
      });
    } catch (error) {
      if (error instanceof HttpError && error.message === MALFORMED_MULTIPART) {
        throw new HttpError(422, ACCOUNT_MESSAGES.malformedForm);
      }
      throw error;
    }
  };

  /**
   * One change of the own profile, all or nothing: the picture is checked by its bytes and the
   * fields by their schema before anything is written; its file is written first, then the row
   * in one transaction that locks it. Only after the commit does the replaced file go; if the
   * write fails, the new file goes instead.
   */
  const saveProfile = async (id: number, change: ProfileChange) => {
    const ext = change.picture ? await pictureExtension(change.picture) : undefined;
    let image: string | null | undefined = change.picture === null ? null : undefined;
    if (change.picture && ext) {
      const dir = avatarDir(config.dataDir);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${id}-${randomBytes(8).toString('hex')}.${ext}`;
      await writeFile(join(dir, name), change.picture, { mode: 0o600 });
      image = `/api${AVATAR_ROUTE}${name}`;
    }
    let previous: string | null;
    try {
      previous = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ profile_image: users.profile_image })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!row) throw notFound();
        const { fields } = change;
        if (fields) {
          const [other] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(emailEquals(fields.email), ne(users.id, id)));
          if (other) throw emailTaken();
        }
        await tx
          .update(users)
          .set({
            ...(fields ? { name: fields.name, email: fields.email } : {}),
            ...(image !== undefined ? { profile_image: image } : {}),
            updated_at: new Date(),
          })
          .where(eq(users.id, id));
        return row.profile_image;
      });
    } catch (error) {
      if (image) await removeAvatarFile(image);
      // Another account took the address between the check and the write: the unique index
      // says so (its registered message is the Spanish screens'; this one is English).
      if (isPgError(error, '23505')) throw emailTaken();
      throw error;
    }
    if (image !== undefined && previous !== image) await removeAvatarFile(previous);
  };

  const tags = ['account'];

  app.get('/profile', { schema: { tags } }, async (request) =>
    ok(await profileOf(sessionOf(request).userId)),
  );

  /**
   * Name and e-mail, as JSON (`profile_image: null` removes the picture) or as multipart with
   * the `json` field and an `attachment` picture: Submit Changes saves all of it or nothing.
   */
  const profileBody =
    'JSON (name, email; profile_image: null removes the picture) or multipart/form-data with ' +
    'a json field and an attachment picture.';
  app.patch('/profile', { schema: { tags, description: profileBody } }, async (request) => {
    const id = ownEditableId(request);
    const { fields, files } = await readProfileForm(request);
    const { name, email, profile_image } = ProfileUpdateSchema.parse(fields);
    const picture = files.get(PICTURE_FIELD);
    await saveProfile(id, {
      fields: { name, email },
      // Only removal comes as a field: an image is set by sending its file.
      picture: picture ?? (profile_image === null ? null : undefined),
    });
    return ok(await profileOf(id), ACCOUNT_MESSAGES.profileUpdated);
  });

  app.patch(
    '/profile/password',
    { schema: { body: ProfilePasswordSchema, tags } },
    async (request) => {
      const id = ownEditableId(request);
      const password = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password, updated_at: new Date() }).where(eq(users.id, id));
        await closeOtherSessions(tx, id, sessionOf(request).tokenHash);
      });
      return ok(null, ACCOUNT_MESSAGES.passwordUpdated);
    },
  );

  /** The picture alone (spec 000 §7: "upload picture returning the image address"). */
  app.post('/profile/picture', { schema: { tags } }, async (request) => {
    const id = ownEditableId(request);
    const picture = (await readProfileForm(request)).files.get(PICTURE_FIELD);
    if (!picture) throw invalid(PICTURE_FIELD, ACCOUNT_MESSAGES.pictureRequired);
    await saveProfile(id, { picture });
    const { profile_image } = await profileOf(id);
    return ok({ profile_image }, ACCOUNT_MESSAGES.pictureUpdated);
  });

  // Public: an <img> cannot send the Authorization header; the names are unguessable.
  app.get(
    `${AVATAR_ROUTE}:file`,
    { config: { public: true }, schema: { params: z.object({ file: z.string().max(40) }), tags } },
    async (request, reply) => {
      const { file } = request.params;
      if (!AVATAR_FILE.test(file)) throw notFound('Imagen no encontrada');
      let content: Buffer;
      try {
        content = await readFile(join(avatarDir(config.dataDir), file));
      } catch {
        throw notFound('Imagen no encontrada');
      }
      const ext = file.slice(file.lastIndexOf('.') + 1);
      return reply
        .type(AVATAR_CONTENT_TYPES[ext] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );

  /** Work done after an answer has gone; closing the app waits for it. */
  const pending = new Set<Promise<void>>();
  const afterAnswer = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  /** A new single-use link for a known, not deleted address; nothing for any other. */
  const sendResetLink = async (email: string, redirect: string | undefined) => {
    const [user] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(emailEquals(email), ne(users.id_est, Status.Eliminado)));
    // A known address asked too often is silently skipped.
    if (!user || forgotByEmail.retryAfter(email) > 0) return;
    forgotByEmail.fail(email);
    const token = randomBytes(32).toString('base64url');
    await db.transaction(async (tx) => {
      // Only the newest link works.
      await tx
        .delete(passwordResets)
        .where(and(eq(passwordResets.user_id, user.id), isNull(passwordResets.used_at)));
      await tx.insert(passwordResets).values({
        token_hash: sha256(token),
        user_id: user.id,
        expires_at: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
      });
    });
    await mailer.send(resetMail(user.email, resetLink(config.appUrl, redirect, user.email, token)));
  };

  app.post(
    '/password-forgot',
    { config: { public: true }, schema: { body: PasswordForgotSchema, tags } },
    (request, reply) => {
      const { email, redirect_url } = request.body;
      const wait = forgotByAddress.retryAfter(request.ip);
      if (wait > 0) throw tooMany(reply, wait);
      forgotByAddress.fail(request.ip);
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
    },
  );

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
      .where(eq(passwordResets.token_hash, sha256(token)));
    const [reset] = await (lock ? query.for('update') : query);
    const valid =
      reset &&
      !reset.used_at &&
      reset.expires_at.getTime() > Date.now() &&
      reset.email.toLowerCase() === email.toLowerCase();
    return valid ? reset : undefined;
  };

  app.post(
    '/password-reset',
    { config: { public: true }, schema: { body: PasswordResetSchema, tags } },
    async (request, reply) => {
      const wait = resetByAddress.retryAfter(request.ip);
      if (wait > 0) throw tooMany(reply, wait);
      resetByAddress.fail(request.ip);
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
          .set({ password: hash, updated_at: new Date() })
          .where(eq(users.id, reset.user_id));
        // This link and any other still open are spent; whoever was signed in is signed out.
        await tx
          .update(passwordResets)
          .set({ used_at: new Date() })
          .where(and(eq(passwordResets.user_id, reset.user_id), isNull(passwordResets.used_at)));
        await closeOtherSessions(tx, reset.user_id);
      });
      resetByAddress.forgive(request.ip);
      return ok(null, ACCOUNT_MESSAGES.passwordChanged);
    },
  );

  /**
   * The account of a sign-up: a new suspended one, or the one that already has the address
   * (then nothing is created).
   */
  const signupAccount = async (name: string, email: string, hash: string) => {
    // A login or the e-mail taken between the look-up and the insert: look again.
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx): Promise<SignupAccount> => {
          const [existing] = await tx
            .select({ login: users.login, email: users.email, id_est: users.id_est })
            .from(users)
            .where(emailEquals(email));
          if (existing) return { ...existing, created: false };
          const login = await uniqueLogin(tx, email);
          // The form has only a name: surname and document wait for the administrator, who
          // completes them in Usuarios when activating the account (DESIGN §5).
          await tx.insert(users).values({
            name,
            surname: '',
            id_tipodoc: DocumentTypeId.DNI,
            doc: '',
            email,
            login,
            password: hash,
            id_est: Status.Suspendido,
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
      if (signupNoticeByEmail.retryAfter(account.email.toLowerCase()) > 0) return;
      signupNoticeByEmail.fail(account.email.toLowerCase());
    }
    await mailer.send(signupMail(config.appUrl, account));
  };

  app.post(
    '/signup',
    { config: { public: true }, schema: { body: SignupSchema, tags } },
    async (request, reply) => {
      const wait = signupByAddress.retryAfter(request.ip);
      if (wait > 0) throw tooMany(reply, wait);
      signupByAddress.fail(request.ip);
      const { name, email, password } = request.body;
      // Hashed whether or not the address is taken, so the time of the answer tells nothing.
      const hash = await hashPassword(password);
      const account = await signupAccount(name, email, hash);
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
    },
  );
  return Promise.resolve();
};
