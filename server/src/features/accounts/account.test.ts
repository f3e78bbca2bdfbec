import { count, eq, sql } from 'drizzle-orm';
import { storedNames } from '../../test/files';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@app/domain';
import { buildApp } from '../../app';
import { hashPassword } from '../../auth/passwords';
import type * as Passwords from '../../auth/passwords';
import { passwordResets, sessions, users } from '../../db/schema';
import { setupTestApp, TEST_PASSWORD } from '../../test/app';
import { answerOf, apiClient } from '../../test/http';
import { gifImage, multipartBody, pngImage } from '../../test/images';
import { linkOf, mailText, nextMail, outbox } from '../../test/mail';

// The real hash, watched: tests tell when the costly work is done and when it is not.
vi.mock('../../auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
});

const PASSWORD = 'Clave123!';
let serial = 0;

/** A fresh active staff user, signed in. */
async function staffUser() {
  serial += 1;
  const login = `perfil${serial}`;
  const email = `perfil${serial}@groomer.pe`;
  const res = await admin.post('/user/register', {
    tdoc: 2,
    doc: `4${String(serial).padStart(2, '0')}70519`,
    name: 'Carmen',
    surname: 'Vega',
    email,
    login,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(res.status).toBe(201);
  const token = await ctx.signIn(login, PASSWORD);
  return { id: res.body.data.id as number, login, email, token, api: apiClient(ctx.app, token) };
}

/** Public calls send no credential; they come from 127.0.0.1 unless told otherwise. */
const publicCall = async (url: string, body: unknown, remoteAddress?: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as object,
    remoteAddress,
  });
  return { ...answerOf(res), retryAfter: res.headers['retry-after'] };
};

/** The first mail to `to` after the `seen` ones (mails are sent after the answer). */
async function mailTo(to: string, seen: number): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = (await outbox(ctx.dataDir))
      .slice(seen)
      .find((eml) => new RegExp(`^To: ${to}$`, 'im').test(eml));
    // mailText undoes quoted-printable byte by byte; the bytes are UTF-8.
    if (mail) return Buffer.from(mailText(mail), 'latin1').toString('utf8');
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type ImageFile = { bytes: Buffer; filename: string; type: string };

/** A multipart call of the own profile: its text fields and, if any, the `attachment` picture. */
async function sendProfileForm(
  token: string,
  method: 'POST' | 'PATCH',
  url: string,
  fields: Record<string, string>,
  file?: ImageFile,
) {
  const { payload, contentType } = await multipartBody(
    fields,
    file ? [{ name: 'attachment', ...file }] : [],
  );
  return answerOf(
    await ctx.app.inject({
      method,
      url,
      headers: { authorization: token, 'content-type': contentType },
      payload,
    }),
  );
}

const upload = (token: string, file: ImageFile) =>
  sendProfileForm(token, 'POST', '/api/profile/picture', {}, file);

/** `PATCH /profile` as Submit Changes sends it with a picture: `json` field plus `attachment`. */
const saveProfileForm = (token: string, fields: object, file?: ImageFile) =>
  sendProfileForm(token, 'PATCH', '/api/profile', { json: JSON.stringify(fields) }, file);

const png = (): ImageFile => ({ bytes: pngImage(), filename: 'a.png', type: 'image/png' });

/** The picture files kept for a user. */
const avatarFiles = (id: number) => storedNames(ctx.database.db, `${id}-`);

const fileOf = (url: string) => url.split('/').pop()!;

/**
 * Runs `body` with a BEFORE UPDATE trigger on users that runs `action` (PL/pgSQL) for the rows
 * matching `when`: a way to make a write fail at the exact moment a race would.
 */
async function withUsersTrigger(when: string, action: string, body: () => Promise<void>) {
  const { db } = ctx.database;
  await db.execute(
    sql.raw(
      `CREATE FUNCTION test_users_trigger() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${action}; RETURN NEW; END $$`,
    ),
  );
  await db.execute(
    sql.raw(
      `CREATE TRIGGER test_users_trigger BEFORE UPDATE ON users FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION test_users_trigger()`,
    ),
  );
  try {
    await body();
  } finally {
    await db.execute(sql.raw('DROP TRIGGER test_users_trigger ON users'));
    await db.execute(sql.raw('DROP FUNCTION test_users_trigger()'));
  }
}

/** Another account takes the new e-mail just before the row is written (a concurrent save). */
const TAKE_EMAIL = `INSERT INTO users (name, surname, id_tipodoc, doc, email, login, password)
  VALUES ('Otra', 'Cuenta', 2, '', NEW.email, 'carrera' || NEW.id, 'x')`;

describe('own profile', () => {
  it('shows the signed-in user with the role and what it may do', async () => {
    const user = await staffUser();
    const res = await user.api.get('/profile');
    expect(res.body).toEqual({
      status: 'success',
      data: {
        id: user.id,
        name: 'Carmen',
        email: user.email,
        profile_image: null,
        rol: 'recepcion',
        permisos: [...ROLE_PERMISSIONS.recepcion],
        inicio: 'dashboard',
        id_emp: null,
      },
    });
    for (const login of ['admin', 'recepcion', 'groomer'] as const) {
      const own = await apiClient(ctx.app, await ctx.signIn(login)).get('/profile');
      expect(own.body.data).toMatchObject({ rol: login, permisos: [...ROLE_PERMISSIONS[login]] });
    }
    const groomer = (await apiClient(ctx.app, await ctx.signIn('groomer')).get('/profile')).body
      .data.permisos as string[];
    expect(groomer).toContain('agenda.atender');
    expect(groomer).not.toContain('clientes.escribir');
    expect(groomer).not.toContain('usuarios.administrar');
  });

  it('keeps the landing page each user chooses, the default users too', async () => {
    const admin = apiClient(ctx.app, await ctx.signIn('admin'));
    const saved = await admin.patch('/profile/inicio', { inicio: 'agenda' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.inicio).toBe('agenda');
    expect((await admin.get('/profile')).body.data.inicio).toBe('agenda');
    const refused = await admin.raw('PATCH', '/profile/inicio', { inicio: 'reportes' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.inicio).toEqual(['Página de inicio inválida']);
    await admin.patch('/profile/inicio', { inicio: 'dashboard' });
  });

  it('updates name and e-mail, with English field errors', async () => {
    const user = await staffUser();
    const res = await user.api.raw('PATCH', '/profile', {
      name: 'Carmen Rosa',
      email: 'CARMEN.ROSA@groomer.pe',
      current_password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Profile updated successfully!',
      data: { name: 'Carmen Rosa', email: 'carmen.rosa@groomer.pe' },
    });
    const bad = await user.api.raw('PATCH', '/profile', { name: '', email: 'nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name: ['Name is a required input'],
      email: ['Email has to be a valid email address'],
    });
    const other = await staffUser();
    const taken = await user.api.raw('PATCH', '/profile', {
      name: 'Carmen',
      email: other.email,
      current_password: PASSWORD,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it("keeps the default users' names but lets them change e-mail, picture and password", async () => {
    const message = 'You are not allowed to change data of default users.';
    for (const login of ['admin', 'recepcion', 'groomer']) {
      const api = apiClient(ctx.app, await ctx.signIn(login));
      const { name } = (await api.get('/profile')).body.data as { name: string };
      const renamed = await api.raw('PATCH', '/profile', {
        name: 'Otro',
        email: `${login}@salon.example.pe`,
        current_password: TEST_PASSWORD,
      });
      expect(renamed.status).toBe(403);
      expect(renamed.body.message).toBe(message);
      const email = await api.raw('PATCH', '/profile', {
        name,
        email: `${login}@salon.example.pe`,
        current_password: TEST_PASSWORD,
      });
      expect(email.status).toBe(200);
      expect(email.body.data.email).toBe(`${login}@salon.example.pe`);
      expect((await upload(await ctx.signIn(login), png())).status).toBe(200);
    }
    // The seeded admin changes its own password, then takes the tests' one back.
    const own = apiClient(ctx.app, await ctx.signIn('admin'));
    const change = (from: string, to: string) =>
      own.raw('PATCH', '/profile/password', {
        current_password: from,
        password: to,
        password_confirmation: to,
      });
    expect((await change(TEST_PASSWORD, 'Propia123!')).status).toBe(200);
    expect(await ctx.signIn('admin', 'Propia123!')).toMatch(/^Bearer /);
    expect((await change('Propia123!', TEST_PASSWORD)).status).toBe(200);
    admin = apiClient(ctx.app, await ctx.signIn());
  });

  it('asks for the current password to change the own e-mail, and tells the old address', async () => {
    const user = await staffUser();
    const next = `rosa.vega${serial}@gmail.com`;
    const missing = await user.api.raw('PATCH', '/profile', { name: 'Carmen', email: next });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      current_password: ['Ingrese su contraseña actual para cambiar el email'],
    });
    const wrong = await user.api.raw('PATCH', '/profile', {
      name: 'Carmen',
      email: next,
      current_password: 'Otra123!',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      current_password: ['La contraseña actual no es correcta'],
    });
    expect((await user.api.get('/profile')).body.data.email).toBe(user.email);
    // The same address (in any case) needs no password.
    const same = await user.api.raw('PATCH', '/profile', {
      name: 'Carmen Rosa',
      email: user.email.toUpperCase(),
    });
    expect(same.status).toBe(200);

    const seen = (await outbox(ctx.dataDir)).length;
    const done = await user.api.raw('PATCH', '/profile', {
      name: 'Carmen Rosa',
      email: next,
      current_password: PASSWORD,
    });
    expect(done.status).toBe(200);
    expect(done.body.data.email).toBe(next);
    const notice = await mailTo(user.email, seen);
    expect(notice).toContain('Se_cambió_el_email_de_su_cuenta');
    expect(notice).toMatch(/se cambió el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2} \(hora de Lima\)/);
    expect(notice).toContain(`ro***@g***.com`);
    expect(notice).not.toContain(next);
  });

  it('changes the own password and signs out every other session', async () => {
    const user = await staffUser();
    const other = apiClient(ctx.app, await ctx.signIn(user.login, PASSWORD));
    const mismatch = await user.api.raw('PATCH', '/profile/password', {
      current_password: PASSWORD,
      password: 'Nueva123!',
      password_confirmation: 'Nueva123?',
    });
    expect(mismatch.body.errors.password_confirmation).toEqual(['Your passwords do not match.']);
    const short = await user.api.raw('PATCH', '/profile/password', {
      current_password: PASSWORD,
      password: 'Aa1!',
      password_confirmation: 'Aa1!',
    });
    expect(short.body.errors.password).toContain('Password must have at least 8 characters');

    const res = await user.api.raw('PATCH', '/profile/password', {
      current_password: PASSWORD,
      password: 'Nueva123!',
      password_confirmation: 'Nueva123!',
    });
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Password updated successfully!',
    });
    expect((await user.api.get('/me')).status).toBe(200);
    expect((await other.get('/me')).status).toBe(401);
    expect(await ctx.signIn(user.login, 'Nueva123!')).toMatch(/^Bearer /);
  });

  it('asks for the current password before changing it, and hashes nothing when it is wrong', async () => {
    const user = await staffUser();
    const other = apiClient(ctx.app, await ctx.signIn(user.login, PASSWORD));
    const message = 'La contraseña actual no es correcta';
    vi.mocked(hashPassword).mockClear();
    for (const current of ['Otra123!', '', undefined]) {
      const res = await user.api.raw('PATCH', '/profile/password', {
        ...(current === undefined ? {} : { current_password: current }),
        password: 'Nueva123!',
        password_confirmation: 'Nueva123!',
      });
      expect(res.status, String(current)).toBe(422);
      expect(res.body.errors).toEqual({ current_password: [message] });
    }
    expect(hashPassword).not.toHaveBeenCalled();
    // Nothing changed: the password still works and no session was closed.
    expect((await other.get('/me')).status).toBe(200);
    expect(await ctx.signIn(user.login, PASSWORD)).toMatch(/^Bearer /);

    const res = await user.api.raw('PATCH', '/profile/password', {
      current_password: PASSWORD,
      password: 'Nueva123!',
      password_confirmation: 'Nueva123!',
    });
    expect(res.status).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });

  it('slows down repeated wrong guesses of the current password', async () => {
    const user = await staffUser();
    const guess = () =>
      user.api.raw('PATCH', '/profile/password', {
        current_password: 'Otra123!',
        password: 'Nueva123!',
        password_confirmation: 'Nueva123!',
      });
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(422);
    const slowed = await guess();
    expect(slowed.status).toBe(429);
  });

  it('uploads a picture checked by its content, serves it back and removes it', async () => {
    const user = await staffUser();
    // A PNG named .txt is still a PNG: the bytes decide.
    const res = await upload(user.token, {
      bytes: pngImage(),
      filename: 'foto.txt',
      type: 'text/plain',
    });
    expect(res.status).toBe(200);
    const url = res.body.data.profile_image as string;
    expect(url).toMatch(new RegExp(`^/api/avatars/${user.id}-[0-9a-f]{16}\\.png$`));
    expect((await user.api.get('/profile')).body.data.profile_image).toBe(url);

    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(pngImage())).toBe(true);

    // A second picture replaces the first file.
    const gif = await upload(user.token, {
      bytes: gifImage(),
      filename: 'b.gif',
      type: 'image/gif',
    });
    const second = fileOf(gif.body.data.profile_image as string);
    expect(await avatarFiles(user.id)).toEqual([second]);

    const removed = await user.api.raw('PATCH', '/profile', {
      name: 'Carmen',
      email: user.email,
      profile_image: null,
    });
    expect(removed.body.data.profile_image).toBeNull();
    expect(await avatarFiles(user.id)).toEqual([]);
  });

  it('refuses what is not a PNG, JPEG, GIF or WEBP, files over 2 MB and a missing file', async () => {
    const user = await staffUser();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const fake = await upload(user.token, { bytes: svg, filename: 'x.png', type: 'image/png' });
    expect(fake.status).toBe(422);
    expect(fake.body.errors.attachment).toEqual([
      'The picture must be a PNG, JPEG, GIF or WEBP image.',
    ]);
    const text = await upload(user.token, {
      bytes: Buffer.from('hola'),
      filename: 'x.png',
      type: 'image/png',
    });
    expect(text.body.errors.attachment).toEqual([
      'The picture must be a PNG, JPEG, GIF or WEBP image.',
    ]);

    const big = Buffer.concat([pngImage(), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(user.token, { bytes: big, filename: 'big.png', type: 'image/png' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors.attachment).toEqual(['The picture may not be larger than 2 MB.']);

    const none = await user.api.raw('POST', '/profile/picture', { name: 'x' });
    expect(none.status).toBe(422);
    expect(none.body.errors.attachment).toEqual(['Choose an image to upload.']);

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/avatars/..%2F..%2Fsecret.png' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/avatars/9-0000000000000000.png' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers an e-mail another account takes at the same moment in English, under email', async () => {
    const user = await staffUser();
    const email = `carrera${user.id}@groomer.pe`;
    await withUsersTrigger(`NEW.email = '${email}'`, TAKE_EMAIL, async () => {
      const res = await user.api.raw('PATCH', '/profile', {
        name: 'Carmen',
        email,
        current_password: PASSWORD,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ email: ['The email has already been taken.'] });
      expect(res.body.message).toBe('The email has already been taken.');
    });
    expect((await user.api.get('/profile')).body.data.email).toBe(user.email);
  });

  it('saves the picture with name and e-mail in one call, or nothing at all', async () => {
    const user = await staffUser();
    const other = await staffUser();
    const taken = await saveProfileForm(
      user.token,
      { name: 'Otra', email: other.email, current_password: PASSWORD },
      png(),
    );
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
    const unchanged = await user.api.get('/profile');
    expect(unchanged.body.data).toMatchObject({ name: 'Carmen', profile_image: null });
    expect(await avatarFiles(user.id)).toEqual([]);

    // A file that is no image: the fields are not saved either.
    const notImage = await saveProfileForm(
      user.token,
      { name: 'Carmen Rosa', email: user.email },
      { bytes: Buffer.from('hola'), filename: 'a.png', type: 'image/png' },
    );
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors.attachment).toEqual([
      'The picture must be a PNG, JPEG, GIF or WEBP image.',
    ]);
    expect((await user.api.get('/profile')).body.data.name).toBe('Carmen');

    const saved = await saveProfileForm(
      user.token,
      { name: 'Carmen Rosa', email: user.email },
      png(),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Profile updated successfully!',
      data: { name: 'Carmen Rosa', email: user.email },
    });
    const url = saved.body.data.profile_image as string;
    expect(await avatarFiles(user.id)).toEqual([fileOf(url)]);
  });

  it('keeps the old picture and removes the new file when the row cannot be written', async () => {
    const user = await staffUser();
    const first = await upload(user.token, png());
    const url = first.body.data.profile_image as string;
    const email = `carrera${user.id}@groomer.pe`;
    await withUsersTrigger(`NEW.email = '${email}'`, TAKE_EMAIL, async () => {
      const res = await saveProfileForm(
        user.token,
        { name: 'Carmen', email, current_password: PASSWORD },
        {
          bytes: gifImage(),
          filename: 'b.gif',
          type: 'image/gif',
        },
      );
      expect(res.status).toBe(422);
      expect(res.body.errors.email).toEqual(['The email has already been taken.']);
    });
    expect((await user.api.get('/profile')).body.data.profile_image).toBe(url);
    expect(await avatarFiles(user.id)).toEqual([fileOf(url)]);
  });

  it('replaces the picture in one transaction: two uploads at once leave only the stored file', async () => {
    const user = await staffUser();
    await upload(user.token, png());
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload(
          user.token,
          i % 2 ? { bytes: gifImage(), filename: 'b.gif', type: 'image/gif' } : png(),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const stored = (await user.api.get('/profile')).body.data.profile_image as string;
    expect(await avatarFiles(user.id)).toEqual([fileOf(stored)]);
  });

  it('refuses a multipart body without a boundary or cut short with a 422, changing nothing', async () => {
    const user = await staffUser();
    const { payload, contentType } = await multipartBody(
      { json: JSON.stringify({ name: 'Carmen Rosa', email: user.email }) },
      [{ name: 'attachment', ...png() }],
    );
    const bodies = [
      { contentType: 'multipart/form-data', payload },
      { contentType, payload: payload.subarray(0, payload.length - 40) },
    ];
    for (const [method, url] of [
      ['POST', '/api/profile/picture'],
      ['PATCH', '/api/profile'],
    ] as const) {
      for (const body of bodies) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: { authorization: user.token, 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(res.statusCode, `${method} ${url} ${body.contentType}`).toBe(422);
        expect(res.json()).toEqual({
          status: 'error',
          message: 'The form arrived incomplete or damaged. Please try again.',
        });
      }
    }
    expect((await user.api.get('/profile')).body.data).toMatchObject({
      name: 'Carmen',
      profile_image: null,
    });
    expect(await avatarFiles(user.id)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  it('gives the same answer for unknown addresses and sends them nothing', async () => {
    const before = (await outbox(ctx.dataDir)).length;
    const res = await publicCall('/password-forgot', {
      email: 'nadie@groomer.pe',
      redirect_url: 'http://127.0.0.1:3000/password-reset',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: null, message: 'Email sent!' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outbox(ctx.dataDir)).length).toBe(before);
    const bad = await publicCall('/password-forgot', { email: 'no-es-email' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(['Email has to be a valid email address']);
  });

  it('mails a single-use link that sets the password and ends the sessions', async () => {
    const user = await staffUser();
    const seen = (await outbox(ctx.dataDir)).length;
    const res = await publicCall('/password-forgot', {
      redirect_url: 'http://127.0.0.1:3000/password-reset',
      email: user.email.toUpperCase(),
    });
    expect(res.body).toEqual({ status: 'success', data: null, message: 'Email sent!' });

    const mail = await nextMail(ctx.dataDir, seen);
    expect(mail).toMatch(new RegExp(`^To: ${user.email}`, 'm'));
    expect(mailText(mail)).toContain('60 minutos');
    const link = linkOf(mail);
    expect(link.origin + link.pathname).toBe('http://127.0.0.1:3000/password-reset');
    expect(link.searchParams.get('email')).toBe(user.email);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the token's hash is stored.
    const stored = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.user_id, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);

    const reset = {
      password: 'Recuperada1!',
      password_confirmation: 'Recuperada1!',
      email: link.searchParams.get('email'),
      token,
    };
    const done = await publicCall('/password-reset', reset);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'success', message: 'Password Changed!' });
    expect((await user.api.get('/me')).status).toBe(401);
    expect(
      await ctx.database.db.select().from(sessions).where(eq(sessions.user_id, user.id)),
    ).toHaveLength(0);
    expect(await ctx.signIn(user.login, 'Recuperada1!')).toMatch(/^Bearer /);

    const reused = await publicCall('/password-reset', {
      ...reset,
      password: 'Otra1234!',
      password_confirmation: 'Otra1234!',
    });
    expect(reused.status).toBe(422);
    expect(reused.body.errors.token).toEqual([
      'This password reset link is invalid or has expired.',
    ]);
    expect(await ctx.signIn(user.login, 'Recuperada1!')).toMatch(/^Bearer /);
  });

  it('refuses forged, expired and mismatched tokens, and the spec password rules', async () => {
    const user = await staffUser();
    const seen = (await outbox(ctx.dataDir)).length;
    await publicCall('/password-forgot', { email: user.email });
    const token = linkOf(await nextMail(ctx.dataDir, seen)).searchParams.get('token')!;
    const base = {
      password: 'Recuperada1!',
      password_confirmation: 'Recuperada1!',
      email: user.email,
    };
    const message = ['This password reset link is invalid or has expired.'];

    const forged = await publicCall('/password-reset', {
      ...base,
      token: `${token.slice(0, -2)}xx`,
    });
    expect(forged.status).toBe(422);
    expect(forged.body.errors.token).toEqual(message);
    const otherEmail = await publicCall('/password-reset', {
      ...base,
      email: 'admin@groomer.pe',
      token,
    });
    expect(otherEmail.body.errors.token).toEqual(message);
    const short = await publicCall('/password-reset', {
      ...base,
      password: 'Aa1!',
      password_confirmation: 'Aa1!',
      token,
    });
    expect(short.body.errors.password).toContain('Password must have at least 8 characters');
    const differ = await publicCall('/password-reset', {
      ...base,
      password_confirmation: 'Recuperada2!',
      token,
    });
    expect(differ.body.errors.password_confirmation).toEqual(['Your passwords do not match.']);

    await ctx.database.db
      .update(passwordResets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.user_id, user.id));
    const expired = await publicCall('/password-reset', { ...base, token });
    expect(expired.status).toBe(422);
    expect(expired.body.errors.token).toEqual(message);
    expect(await ctx.signIn(user.login, PASSWORD)).toMatch(/^Bearer /);
  });

  it('checks the token before hashing the password, and slows down an address that keeps guessing', async () => {
    const user = await staffUser();
    const guess = (n: number) =>
      publicCall(
        '/password-reset',
        {
          password: 'Recuperada1!',
          password_confirmation: 'Recuperada1!',
          email: user.email,
          token: `${'x'.repeat(40)}${n}`,
        },
        '10.9.0.1',
      );
    vi.mocked(hashPassword).mockClear();
    for (let i = 0; i < 10; i++) {
      const res = await guess(i);
      expect(res.status).toBe(422);
      expect(res.body.errors.token).toEqual([
        'This password reset link is invalid or has expired.',
      ]);
    }
    expect(hashPassword).not.toHaveBeenCalled();
    const slowed = await guess(10);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({
      status: 'error',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(Number(slowed.retryAfter)).toBeGreaterThan(0);
    // Other addresses are not slowed down, and a real link still works from there.
    const seen = (await outbox(ctx.dataDir)).length;
    await publicCall('/password-forgot', { email: user.email });
    const token = linkOf(await nextMail(ctx.dataDir, seen)).searchParams.get('token');
    const done = await publicCall(
      '/password-reset',
      { password: 'Recuperada1!', password_confirmation: 'Recuperada1!', email: user.email, token },
      '10.9.0.2',
    );
    expect(done.status).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });

  it('keeps only the newest link alive and never links to another site', async () => {
    const user = await staffUser();
    let seen = (await outbox(ctx.dataDir)).length;
    await publicCall('/password-forgot', {
      email: user.email,
      redirect_url: 'https://evil.example/steal',
    });
    const first = linkOf(await nextMail(ctx.dataDir, seen));
    expect(first.origin).toBe('http://127.0.0.1:3000');
    expect(first.pathname).toBe('/password-reset');
    seen += 1;
    await publicCall('/password-forgot', { email: user.email });
    const second = linkOf(await nextMail(ctx.dataDir, seen));
    const base = {
      password: 'Recuperada1!',
      password_confirmation: 'Recuperada1!',
      email: user.email,
    };
    expect(
      (await publicCall('/password-reset', { ...base, token: first.searchParams.get('token') }))
        .status,
    ).toBe(422);
    expect(
      (await publicCall('/password-reset', { ...base, token: second.searchParams.get('token') }))
        .status,
    ).toBe(200);
  });

  // PGlite has one connection: a transaction held open there holds every query, the address
  // throttle's too (it lives in the database, decisions §several-processes), so this runs on
  // PostgreSQL (CI).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'answers a known address as soon as an unknown one: the token waits until after',
    async () => {
      const user = await staffUser();
      const seen = (await outbox(ctx.dataDir)).length;
      // While another transaction holds the reset table, a token cannot be written: the answer
      // must not wait for it, or its delay would tell that the address exists.
      let release!: () => void;
      let locked!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const blocker = ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE ${passwordResets} IN EXCLUSIVE MODE`);
        locked();
        await held;
      });
      await isLocked;
      try {
        for (const email of [user.email, 'nadie.mas@groomer.pe']) {
          const answer = await Promise.race([
            publicCall('/password-forgot', { email }),
            new Promise((resolve) => setTimeout(() => resolve('no answer within 2 s'), 2000)),
          ]);
          expect(answer).toEqual({
            status: 200,
            body: { status: 'success', data: null, message: 'Email sent!' },
          });
        }
      } finally {
        release();
        await blocker;
      }
      // The link comes once the table is free.
      expect(await nextMail(ctx.dataDir, seen)).toMatch(new RegExp(`^To: ${user.email}`, 'm'));
    },
  );

  it('asks for a strong password in clear English', async () => {
    const user = await staffUser();
    const seen = (await outbox(ctx.dataDir)).length;
    await publicCall('/password-forgot', { email: user.email });
    const token = linkOf(await nextMail(ctx.dataDir, seen)).searchParams.get('token')!;
    const weak = await publicCall('/password-reset', {
      password: 'recuperada',
      password_confirmation: 'recuperada',
      email: user.email,
      token,
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual({
      password: [
        'Password must have at least one uppercase letter, one lowercase letter, one number and one special character (@$!%*?&)',
      ],
    });
  });

  it('sends the mail through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const smtpApp = await buildApp({
      db: ctx.database.db,
      config: {
        sessionIdleMinutes: 30,
        sessionMaxHours: 12,
        dataDir: ctx.dataDir,
        appUrl: 'http://localhost:8080',
        smtpUrl: `smtp://127.0.0.1:${port}`,
        trustProxy: false,
      },
    });
    afterAll(async () => {
      await smtpApp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    const user = await staffUser();
    const before = (await outbox(ctx.dataDir)).length;
    const res = await smtpApp.inject({
      method: 'POST',
      url: '/api/password-forgot',
      payload: { email: user.email, redirect_url: 'http://localhost:8080/password-reset' },
    });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    while (received.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    expect((await outbox(ctx.dataDir)).length).toBe(before);
    const link = linkOf(received[0]);
    expect(link.origin).toBe('http://localhost:8080');

    const done = await smtpApp.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: {
        password: 'PorSmtp123!',
        password_confirmation: 'PorSmtp123!',
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
      },
    });
    expect(done.statusCode).toBe(200);
    expect(await ctx.signIn(user.login, 'PorSmtp123!')).toMatch(/^Bearer /);
  });
});

describe('sign-up', () => {
  const valid = {
    name: 'John Smith',
    email: 'john.smith@example.com',
    password: 'Secret123!',
    confirmPassword: 'Secret123!',
    terms: true,
  };
  const registered = { status: 'success', data: null, message: 'Successfully registered!' };

  const usersWithEmail = async (email: string) =>
    (
      await ctx.database.db
        .select({ n: count() })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    )[0].n;

  it('registers a suspended account and mails its login, which works once an administrator activates it', async () => {
    const seen = (await outbox(ctx.dataDir)).length;
    const res = await publicCall('/signup', { json: JSON.stringify(valid) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(registered);
    expect(await mailTo(valid.email, seen)).toContain('Su nombre de usuario es: johnsmith');

    const [row] = await ctx.database.db.select().from(users).where(eq(users.login, 'johnsmith'));
    expect(row).toMatchObject({
      name: 'John Smith',
      email: 'john.smith@example.com',
      id_est: 2,
      rol: 'recepcion',
      doc: '',
      surname: '',
    });
    await expect(ctx.signIn('johnsmith', 'Secret123!')).rejects.toThrow(/errorpwd/);
    await admin.patch('/user', { id: row.id, estado: 1 });
    const token = await ctx.signIn('johnsmith', 'Secret123!');
    // Activated, the account may do what reception does, and no more.
    const own = apiClient(ctx.app, token);
    expect((await own.get('/profile')).body.data.rol).toBe('recepcion');
    expect((await own.get('/users/')).status).toBe(403);
  });

  it('derives a unique login from the e-mail', async () => {
    const seen = (await outbox(ctx.dataDir)).length;
    expect((await publicCall('/signup', { ...valid, email: 'John_Smith@other.org' })).status).toBe(
      201,
    );
    expect(await mailTo('John_Smith@other.org', seen)).toContain(
      'Su nombre de usuario es: johnsmith2',
    );
    expect((await publicCall('/signup', { ...valid, email: 'jo@x.org' })).status).toBe(201);
    expect(await mailTo('jo@x.org', seen)).toContain('Su nombre de usuario es: jouser');
  });

  it('answers a taken e-mail exactly as a new one, creates nothing and tells only the owner', async () => {
    const from = '10.8.0.1';
    const seen = (await outbox(ctx.dataDir)).length;
    vi.mocked(hashPassword).mockClear();
    const fresh = await publicCall(
      '/signup',
      { ...valid, email: 'nueva.cuenta@example.com' },
      from,
    );
    const taken = await publicCall('/signup', { ...valid, email: 'JOHN.SMITH@example.com' }, from);
    expect(taken).toEqual(fresh);
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual(registered);
    // The same costly work either way, so the time of the answer tells nothing either.
    expect(hashPassword).toHaveBeenCalledTimes(2);
    expect(await usersWithEmail('john.smith@example.com')).toBe(1);
    expect(await usersWithEmail('nueva.cuenta@example.com')).toBe(1);

    const notice = await mailTo('john.smith@example.com', seen);
    expect(notice).toContain('Alguien intentó registrar una cuenta nueva con esta dirección');
    expect(notice).toContain('johnsmith');
    expect(notice).toContain('http://127.0.0.1:3000/password-forgot');
    // The account is untouched: the old password still signs in.
    expect(await ctx.signIn('johnsmith', 'Secret123!')).toMatch(/^Bearer /);
  });

  it("answers a seeded user's e-mail the same way, without a numbered login anywhere", async () => {
    const seeded = { email: 'recepcion.principal@example.pe' };
    await ctx.database.db.update(users).set(seeded).where(eq(users.login, 'recepcion'));
    const res = await publicCall('/signup', { ...valid, email: seeded.email }, '10.8.0.2');
    expect(res).toEqual({ status: 201, body: registered, retryAfter: undefined });
    expect(JSON.stringify(res.body)).not.toMatch(/recepcion/);
    expect(await usersWithEmail(seeded.email)).toBe(1);
  });

  it.each([
    ['name', '', 'Name is a required input'],
    ['email', 'john', 'Email has to be a valid email address'],
    ['password', 'Se1!', 'Password must have at least 8 characters'],
    ['confirmPassword', 'Secret123?', 'Your passwords do not match.'],
    ['terms', false, 'You must agree to the terms and conditions'],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const res = await publicCall('/signup', {
      ...valid,
      email: `x${field}@example.com`,
      [field]: value,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toContain(message);
  });

  it.each(['J', "Mary-Jane O'Neil"])(
    'accepts the name %j: the spec asks only that it is given',
    async (name) => {
      const res = await publicCall('/signup', {
        ...valid,
        name,
        email: `n${name.length}@example.com`,
      });
      expect(res.status).toBe(201);
    },
  );

  it('asks for a strong password in clear English', async () => {
    const res = await publicCall('/signup', {
      ...valid,
      email: 'weak@example.com',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      password: [
        'Password must have at least one uppercase letter, one lowercase letter, one number and one special character (@$!%*?&)',
      ],
    });
  });
});
