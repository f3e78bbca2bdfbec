import { and, eq, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_ENDPOINTS as E,
  ACCOUNT_MESSAGES,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  fillPath,
  limaWallClock,
  MUST_CHOOSE_NEW_PASSWORD,
  PERMISSION_MESSAGES,
  ROLE_PERMISSIONS,
  HOME_PAGE_SAVED,
  ProfileUpdateSchema,
  isDefaultUser,
  type Profile,
} from '@app/domain';
import { actorOf, recordChange, recordPasswordChange } from '../../audit/record';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { closeOtherSessions } from '../../auth/sessions';
import { LoginThrottle } from '../../auth/throttle';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError, invalid, isPgError, notFound } from '../../http/errors';
import {
  imageExtension,
  MALFORMED_MULTIPART,
  readMultipart,
  readUpload,
  removeUpload,
  storeFile,
} from '../../http/uploads';
import type { Mailer } from '../../mail/mailer';
import { afterAnswerQueue } from '../../http/after-answer';
import { emailEquals, emailTaken, tooMany } from './shared';

/** The address a stored picture is served at, as `profile_image` holds it. */
const avatarUrl = (file: string) => `/api${fillPath(E.avatar.path, { file })}`;
const AVATAR_PREFIX = avatarUrl('');
/** `<user id>-<random>.<ext>`: unguessable, and nothing else is ever read from the folder. */
const AVATAR_FILE = /^\d{1,10}-[0-9a-f]{16}\.(png|jpg|gif|webp)$/;
/** The file behind a stored `profile_image`, when it is one of ours. */
function avatarFileOf(image: string | null): string | undefined {
  if (!image?.startsWith(AVATAR_PREFIX)) return undefined;
  const name = image.slice(AVATAR_PREFIX.length);
  return AVATAR_FILE.test(name) ? name : undefined;
}

const PICTURE_FIELD = 'attachment';

/** `jo***@g***.com`: enough for the owner to recognise, not enough to write to. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const tld = dot >= 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 2)}***@${domain.slice(0, 1)}***${tld}`;
}

/** Tells the old address that the account's e-mail changed, when, and (masked) to what. */
export function emailChangedMail(oldEmail: string, newEmail: string, at: Date) {
  const wall = limaWallClock(at).toISOString();
  const day = `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)}`;
  const text =
    `El email de su cuenta se cambió el ${day} a las ${wall.slice(11, 16)} (hora de Lima).\n\n` +
    `La nueva dirección es ${maskEmail(newEmail)}. Desde ahora los correos de la cuenta, como ` +
    'los enlaces para restablecer la contraseña, se envían allí.\n\n' +
    'Si usted no hizo este cambio, comuníquese de inmediato con el administrador.\n';
  return { to: oldEmail, subject: 'Se cambió el email de su cuenta', text };
}

interface ProfileChange {
  fields?: { name: string; email: string };
  /** A new picture's bytes; `null` removes the picture; absent keeps it. */
  picture?: Buffer | null;
}

/** Spec §000-3 'Profile' and §000-7: the own name, e-mail, picture and password. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = (
  app,
  { db, mailer },
) => {
  const afterAnswer = afterAnswerQueue(app);
  const profileOf = async (id: number): Promise<Profile> => {
    const [row] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        profile_image: users.profile_image,
        rol: users.rol,
        inicio: users.inicio,
        id_emp: users.id_emp,
      })
      .from(users)
      .where(eq(users.id, id));
    if (!row) throw notFound();
    return { ...row, permisos: [...ROLE_PERMISSIONS[row.rol]] };
  };

  /**
   * Spec §000-5 as decisions §default-users reads it: the default users (ids 1–3) keep their name;
   * their e-mail, picture and password are theirs to change.
   */
  const keepDefaultName = (id: number, stored: string, name: string) => {
    if (isDefaultUser(id) && name !== stored) {
      throw new HttpError(403, ACCOUNT_MESSAGES.defaultUser);
    }
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
   * fields by their schema before anything is written; the picture, the row (locked) and the
   * removal of the replaced picture are one transaction.
   */
  const saveProfile = async (
    request: FastifyRequest,
    id: number,
    change: ProfileChange,
  ): Promise<{ replacedEmail?: string }> => {
    const ext = change.picture
      ? await imageExtension(change.picture, PICTURE_FIELD, ACCOUNT_MESSAGES.pictureType)
      : undefined;
    const { picture } = change;
    const file = picture && ext ? `${id}-${randomBytes(8).toString('hex')}.${ext}` : undefined;
    const image = file ? avatarUrl(file) : picture === null ? null : undefined;
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ name: users.name, email: users.email, profile_image: users.profile_image })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!row) throw notFound();
        const { fields } = change;
        if (fields) keepDefaultName(id, row.name, fields.name);
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
        const after = {
          ...row,
          ...(fields ? { name: fields.name, email: fields.email } : {}),
          ...(image !== undefined ? { profile_image: image } : {}),
        };
        await recordChange(tx, request, {
          accion: 'editar',
          entidad: 'usuario',
          id,
          before: row,
          after,
        });
        if (picture && file) await storeFile(tx, file, picture);
        if (image !== undefined && row.profile_image !== image) {
          await removeUpload(tx, avatarFileOf(row.profile_image));
        }
        // The old address is told (issue 28 §3); a first address replaces nothing.
        const before = row.email;
        return fields && before && before.toLowerCase() !== fields.email
          ? { replacedEmail: before }
          : {};
      });
    } catch (error) {
      // Another account took the address between the check and the write: the unique index
      // says so (its registered message is the Spanish screens'; this one is English).
      if (isPgError(error, '23505')) throw emailTaken();
      throw error;
    }
  };

  // Like sign-in (decisions §throttling): failures slow the next attempt down, never lock anyone
  // out.
  const currentPasswordGuesses = new LoginThrottle(db, {
    scope: 'perfil.clave',
    freeAttempts: 5,
    windowMs: 15 * 60_000,
    delay: { firstMs: 1000, maxMs: 10_000 },
  });

  /**
   * Refuses (422 under `current_password`) a missing or wrong password; a borrowed session must
   * not become a way to guess the password behind it, so wrong guesses are slowed down.
   */
  const proveCurrentPassword = async (
    id: number,
    given: string | undefined,
    stored: { password: string },
    reply: FastifyReply,
  ) => {
    if (!given) throw invalid('current_password', EMAIL_CHANGE_NEEDS_PASSWORD);
    const key = String(id);
    const wait = await currentPasswordGuesses.retryAfter(key);
    if (wait > 0) throw tooMany(reply, wait);
    if (!(await verifyPassword(given, stored.password))) {
      await currentPasswordGuesses.fail(key);
      throw invalid('current_password', PERMISSION_MESSAGES.currentPassword);
    }
    await currentPasswordGuesses.succeed(key);
  };

  // Every signed-in user has an own profile, whatever the role (decisions §roles). Read by the
  // web's shell even while a generated password waits to be changed.
  route(app, E.profile, { config: { beforePasswordChange: true } }, async (request) =>
    ok(await profileOf(sessionOf(request).userId)),
  );

  /**
   * Name and e-mail, as JSON (`profile_image: null` removes the picture) or as multipart with
   * the `json` field and an `attachment` picture: Submit Changes saves all of it or nothing.
   */
  const profileBody =
    'JSON (name, email; profile_image: null removes the picture) or multipart/form-data with ' +
    'a json field and an attachment picture.';
  route(app, E.updateProfile, { schema: { description: profileBody } }, async (request, reply) => {
    const id = sessionOf(request).userId;
    const { fields, files } = await readProfileForm(request);
    const { name, email, profile_image, current_password } = ProfileUpdateSchema.parse(fields);
    const [stored] = await db
      .select({ name: users.name, email: users.email, password: users.password })
      .from(users)
      .where(eq(users.id, id));
    if (!stored) throw notFound();
    keepDefaultName(id, stored.name, name);
    // Issue 28 §3: the address the reset links go to is changed only with the password.
    if (stored.email?.toLowerCase() !== email)
      await proveCurrentPassword(id, current_password, stored, reply);
    const picture = files.get(PICTURE_FIELD);
    const { replacedEmail } = await saveProfile(request, id, {
      fields: { name, email },
      // Only removal comes as a field: an image is set by sending its file.
      picture: picture ?? (profile_image === null ? null : undefined),
    });
    if (replacedEmail) {
      const notice = emailChangedMail(replacedEmail, email, new Date());
      afterAnswer(
        mailer
          .send(notice)
          .catch((error: unknown) =>
            request.log.error({ err: error }, 'No se pudo avisar del cambio de email'),
          ),
      );
    }
    return ok(await profileOf(id), ACCOUNT_MESSAGES.profileUpdated);
  });

  route(app, E.homePage, async (request) => {
    const { userId } = sessionOf(request);
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ inicio: users.inicio })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!before) throw notFound();
      await tx
        .update(users)
        .set({ inicio: request.body.inicio, updated_at: new Date() })
        .where(eq(users.id, userId));
      await recordChange(tx, request, {
        accion: 'editar',
        entidad: 'usuario',
        id: userId,
        before,
        after: { inicio: request.body.inicio },
      });
    });
    return ok(await profileOf(userId), HOME_PAGE_SAVED);
  });

  // The one change open to a user who must replace a generated password (issue 28 §1).
  route(app, E.password, { config: { beforePasswordChange: true } }, async (request, reply) => {
    const id = sessionOf(request).userId;
    const { current_password, password: chosen } = request.body;
    // Checked before the new one is hashed: a wrong guess costs one hash, not two.
    const [row] = await db
      .select({ password: users.password, debe_cambiar_clave: users.debe_cambiar_clave })
      .from(users)
      .where(eq(users.id, id));
    if (!row) throw notFound();
    await proveCurrentPassword(id, current_password, row, reply);
    // The generated password was printed and stored in a file: it must not stay in use.
    if (row.debe_cambiar_clave && chosen === current_password) {
      throw invalid('password', MUST_CHOOSE_NEW_PASSWORD);
    }
    const password = await hashPassword(chosen);
    await db.transaction(async (tx) => {
      // Only if nobody changed it meanwhile: the current password proved must still be it.
      const [changed] = await tx
        .update(users)
        .set({ password, debe_cambiar_clave: false, updated_at: new Date() })
        .where(and(eq(users.id, id), eq(users.password, row.password)))
        .returning({ id: users.id });
      if (!changed) throw invalid('current_password', PERMISSION_MESSAGES.currentPassword);
      await closeOtherSessions(tx, id, sessionOf(request).tokenHash);
      await recordPasswordChange(tx, actorOf(request), id, 'Cambio de la propia contraseña');
    });
    return ok(null, ACCOUNT_MESSAGES.passwordUpdated);
  });

  /** The picture alone (spec §000-7: "upload picture returning the image address"). */
  route(app, E.picture, async (request) => {
    const id = sessionOf(request).userId;
    const picture = (await readProfileForm(request)).files.get(PICTURE_FIELD);
    if (!picture) throw invalid(PICTURE_FIELD, ACCOUNT_MESSAGES.pictureRequired);
    await saveProfile(request, id, { picture });
    const { profile_image } = await profileOf(id);
    return ok({ profile_image }, ACCOUNT_MESSAGES.pictureUpdated);
  });

  // Public: an <img> cannot send the Authorization header; the names are unguessable.
  route(app, E.avatar, async (request, reply) => {
    const { file } = request.params;
    if (!AVATAR_FILE.test(file)) throw notFound('Imagen no encontrada');
    const stored = await readUpload(db, file);
    if (!stored) throw notFound('Imagen no encontrada');
    return reply
      .type(stored.tipo)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(stored.bytes);
  });

  return Promise.resolve();
};
