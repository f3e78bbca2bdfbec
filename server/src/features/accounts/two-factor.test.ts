import { and, eq, gt, like } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@app/domain';
import { auditEntries, sessions, throttleEntries, users } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { answerOf, apiClient } from '../../test/http';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
});

const PASSWORD = 'Clave123!';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/130.0.0.0 Safari/537.36';
let serial = 0;

/** Every answer a test saw: none may ever carry the secret but the enrolment's own. */
const answers: string[] = [];

/** A fresh active user of `rol` (each its own login: the sign-in throttle counts per login). */
async function newUser(rol: 'admin' | 'recepcion' = 'admin') {
  serial += 1;
  const login = `dospasos${serial}`;
  const res = await admin.post('/user/register', {
    tdoc: 2,
    doc: `5${String(serial).padStart(2, '0')}70519`,
    name: 'Rosa',
    surname: 'Huamán',
    email: `${login}@example.com`,
    login,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    rol,
  });
  expect(res.status).toBe(201);
  return { id: res.body.data.id as number, login };
}

/** `POST /login` as the web sends it, from a browser. */
async function login(user: string, codigo?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': CHROME },
    payload: { json: JSON.stringify({ login: user, password: PASSWORD, codigo }) },
  });
  answers.push(res.body);
  return answerOf(res);
}

async function signedIn(user: string, codigo?: string) {
  const res = await login(user, codigo);
  expect(res.status).toBe(200);
  const client = apiClient(ctx.app, res.body.data as string);
  const record = async (answer: Promise<ReturnType<typeof answerOf>>) => {
    const result = await answer;
    answers.push(JSON.stringify(result.body));
    return result;
  };
  return {
    token: res.body.data as string,
    get: (url: string) => record(client.get(url)),
    post: (url: string, body: unknown = {}) => record(client.post(url, body)),
    delete: (url: string) => record(client.delete(url)),
  };
}

/** An admin with the second factor on: its key and recovery codes. */
async function enrolled() {
  const user = await newUser();
  const session = await signedIn(user.login);
  const started = await session.post('/profile/dos-pasos');
  expect(started.status).toBe(200);
  const clave = started.body.data.clave as string;
  answers.pop(); // the one answer that shows the key
  const confirmed = await session.post('/profile/dos-pasos/confirmar', {
    codigo: await generate({ secret: clave }),
  });
  expect(confirmed.status).toBe(200);
  return { ...user, clave, codigos: confirmed.body.data.codigos as string[], session };
}

/** The app's code of the next time step: newer than any step the confirmation spent. */
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('turning the second factor on', () => {
  it('is for admins only: other roles get 403', async () => {
    const user = await newUser('recepcion');
    const session = await signedIn(user.login);
    const status = await session.get('/profile/dos-pasos');
    expect(status.body.data).toEqual({ disponible: false, activo: false, codigos_restantes: 0 });
    expect((await session.post('/profile/dos-pasos')).status).toBe(403);
    expect((await session.post('/profile/dos-pasos/confirmar', { codigo: '123456' })).status).toBe(
      403,
    );
  });

  it('shows the QR, its address and the key once, and keeps the key sealed', async () => {
    const user = await newUser();
    const session = await signedIn(user.login);
    const started = await session.post('/profile/dos-pasos');
    answers.pop();
    expect(started.status).toBe(200);
    const { qr, uri, clave } = started.body.data as Record<string, string>;
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(uri).searchParams.get('secret')).toBe(clave);
    expect(uri).toContain(user.login);
    const [row] = await ctx.database.db
      .select({ secreto: users.totp_secreto, activo: users.totp_activo })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.activo).toBe(false);
    expect(row?.secreto).toMatch(/^v1\./);
    expect(row?.secreto).not.toContain(clave);
  });

  it('refuses a wrong code, and a confirmation before the QR', async () => {
    const user = await newUser();
    const session = await signedIn(user.login);
    const early = await session.post('/profile/dos-pasos/confirmar', { codigo: '123456' });
    expect(early).toMatchObject({ status: 409, body: { message: TWO_FACTOR_MESSAGES.notStarted } });
    const { clave } = (await session.post('/profile/dos-pasos')).body.data as { clave: string };
    answers.pop();
    const good = await generate({ secret: clave });
    const wrong = good === '000000' ? '000001' : '000000';
    const refused = await session.post('/profile/dos-pasos/confirmar', { codigo: wrong });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ codigo: [TWO_FACTOR_MESSAGES.wrongCode] });
    expect((await session.post('/profile/dos-pasos/confirmar', { codigo: '' })).status).toBe(422);
  });

  it('turns on with a current code, answers 8 recovery codes once, and audits it', async () => {
    const user = await enrolled();
    expect(user.codigos).toHaveLength(8);
    expect(new Set(user.codigos).size).toBe(8);
    const status = await user.session.get('/profile/dos-pasos');
    expect(status.body.data).toEqual({ disponible: true, activo: true, codigos_restantes: 8 });
    const again = await user.session.post('/profile/dos-pasos');
    expect(again.status).toBe(409);
    const [stored] = await ctx.database.db
      .select({ codigos: users.codigos_recuperacion })
      .from(users)
      .where(eq(users.id, user.id));
    // Hashes only: no code is stored as it was shown.
    expect(stored?.codigos).toHaveLength(8);
    for (const code of user.codigos) expect(JSON.stringify(stored)).not.toContain(code);
    const entries = await ctx.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad_id, user.id), eq(auditEntries.accion, 'segundo_factor')));
    expect(entries.map((e) => e.detalle)).toEqual(['Activada']);
    expect(JSON.stringify(entries)).not.toContain(user.clave);
  });
});

describe('signing in with the second factor', () => {
  it('asks for the code after the right password, without counting it as a failure', async () => {
    const user = await enrolled();
    const res = await login(user.login);
    expect(res).toEqual({
      status: 401,
      body: { status: 'error', message: TWO_FACTOR_MESSAGES.codeRequired, segundo_factor: true },
    });
    // A wrong password says nothing of a second factor.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { json: JSON.stringify({ login: user.login, password: 'Otra123!' }) },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).not.toHaveProperty('segundo_factor');
    const failures = await ctx.database.db
      .select({ detalle: auditEntries.detalle })
      .from(auditEntries)
      .where(and(eq(auditEntries.id_usu, user.id), eq(auditEntries.accion, 'sesion_fallida')));
    // The wrong password only: the code not yet given is no failure.
    expect(failures.map((f) => f.detalle)).toEqual(['Contraseña incorrecta']);
  });

  it('refuses a wrong code as a failed sign-in, counted by the throttle', async () => {
    const user = await enrolled();
    const good = await nextCode(user.clave);
    const res = await login(user.login, good === '111111' ? '222222' : '111111');
    expect(res).toMatchObject({
      status: 401,
      body: { message: TWO_FACTOR_MESSAGES.wrongCode, segundo_factor: true },
    });
    const counted = await ctx.database.db
      .select()
      .from(throttleEntries)
      .where(and(like(throttleEntries.clave, `%${user.login}%`), gt(throttleEntries.fallos, 0)));
    expect(counted.length).toBeGreaterThan(0);
    const [failed] = await ctx.database.db
      .select({ detalle: auditEntries.detalle })
      .from(auditEntries)
      .where(and(eq(auditEntries.id_usu, user.id), eq(auditEntries.accion, 'sesion_fallida')));
    expect(failed?.detalle).toBe('Código de verificación incorrecto');
  });

  it('signs in with the current code once: the same code again is refused', async () => {
    const user = await enrolled();
    const code = await nextCode(user.clave);
    const first = await login(user.login, code);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatch(/^Bearer /);
    const replayed = await login(user.login, code);
    expect(replayed.status).toBe(401);
  });

  it('signs in with a recovery code once, in any case and with spaces', async () => {
    const user = await enrolled();
    const [code] = user.codigos as [string];
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    expect((await login(user.login, typed)).status).toBe(200);
    expect((await login(user.login, code)).status).toBe(401);
    const status = await user.session.get('/profile/dos-pasos');
    expect(status.body.data.codigos_restantes).toBe(7);
  });

  it('turns off with the current password (not with a wrong one), and then the password is enough', async () => {
    const user = await enrolled();
    const wrong = await user.session.post('/profile/dos-pasos/desactivar', {
      current_password: 'Otra123!',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('current_password');
    expect((await user.session.post('/profile/dos-pasos/desactivar', {})).status).toBe(422);
    const off = await user.session.post('/profile/dos-pasos/desactivar', {
      current_password: PASSWORD,
    });
    expect(off.status).toBe(200);
    expect((await login(user.login)).status).toBe(200);
    const [row] = await ctx.database.db
      .select({ secreto: users.totp_secreto, codigos: users.codigos_recuperacion })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ secreto: null, codigos: [] });
  });

  it('turns off with a code instead of the password', async () => {
    const user = await enrolled();
    const off = await user.session.post('/profile/dos-pasos/desactivar', {
      codigo: user.codigos[1],
    });
    expect(off.status).toBe(200);
    expect((await user.session.get('/profile/dos-pasos')).body.data.activo).toBe(false);
  });

  it('lets an admin turn off the second factor of a user who lost the phone', async () => {
    const user = await enrolled();
    const listed = await admin.get(`/users/?search=${user.login}`);
    expect(listed.body.data.data[0]).toMatchObject({ login: user.login, totp_activo: true });
    const other = await newUser('recepcion');
    const recepcion = await signedIn(other.login);
    expect((await recepcion.delete(`/user/${user.id}/dos-pasos`)).status).toBe(403);
    const off = await admin.delete(`/user/${user.id}/dos-pasos`);
    expect(off).toMatchObject({
      status: 200,
      body: { message: TWO_FACTOR_MESSAGES.resetByAdmin },
    });
    // Its sessions end; the password alone signs in again.
    expect((await user.session.get('/profile')).status).toBe(401);
    expect((await login(user.login)).status).toBe(200);
    expect((await admin.delete(`/user/${user.id}/dos-pasos`)).status).toBe(409);
    const [entry] = await ctx.database.db
      .select({ detalle: auditEntries.detalle, id_usu: auditEntries.id_usu })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.entidad_id, user.id),
          eq(auditEntries.detalle, 'Desactivada por un administrador'),
        ),
      );
    expect(entry?.id_usu).toBe(1);
  });

  it('never answers the secret, in any answer after the enrolment', async () => {
    const user = await enrolled();
    await user.session.get('/profile');
    await user.session.get('/me');
    await user.session.get('/profile/dos-pasos');
    await user.session.get('/profile/sesiones');
    await admin.get(`/user/${user.id}`).then((r) => answers.push(JSON.stringify(r.body)));
    await admin.get('/users/?per_page=100').then((r) => answers.push(JSON.stringify(r.body)));
    await admin.get('/auditoria/?per_page=100').then((r) => answers.push(JSON.stringify(r.body)));
    const [row] = await ctx.database.db
      .select({ secreto: users.totp_secreto })
      .from(users)
      .where(eq(users.id, user.id));
    for (const answer of answers) {
      expect(answer).not.toContain(user.clave);
      expect(answer).not.toContain(row.secreto!);
    }
    expect(answers.length).toBeGreaterThan(20);
  });
});

describe('open sessions', () => {
  it('opens a session with its address and browser, and lists them without tokens', async () => {
    const user = await newUser();
    const first = await signedIn(user.login);
    const second = await signedIn(user.login);
    const list = await second.get('/profile/sesiones');
    expect(list.status).toBe(200);
    const rows = list.body.data as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.actual)).toHaveLength(1);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        ['actual', 'creada', 'dispositivo', 'ip', 'ultima_actividad'].sort(),
      );
      expect(row).toMatchObject({ ip: '127.0.0.1', dispositivo: 'Chrome 130 en Windows' });
    }
    const text = JSON.stringify(list.body);
    for (const token of [first.token, second.token]) {
      expect(text).not.toContain(token.replace('Bearer ', ''));
    }
    const stored = await ctx.database.db
      .select({ agente: sessions.agente })
      .from(sessions)
      .where(eq(sessions.user_id, user.id));
    expect(stored.map((s) => s.agente)).toEqual([CHROME, CHROME]);
  });

  it('cuts a long User-Agent to 300 characters', async () => {
    const user = await newUser();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'user-agent': 'x'.repeat(1000) },
      payload: { json: JSON.stringify({ login: user.login, password: PASSWORD }) },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ agente: sessions.agente })
      .from(sessions)
      .where(eq(sessions.user_id, user.id));
    expect(row?.agente).toHaveLength(300);
  });

  it('closes the other sessions and keeps this one', async () => {
    const user = await newUser();
    const other = await signedIn(user.login);
    const current = await signedIn(user.login);
    const closed = await current.delete('/profile/sesiones');
    expect(closed).toMatchObject({ status: 200, body: { data: { cerradas: 1 } } });
    expect((await other.get('/profile')).status).toBe(401);
    expect((await current.get('/profile')).status).toBe(200);
    const list = await current.get('/profile/sesiones');
    expect(list.body.data).toHaveLength(1);
    const [entry] = await ctx.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.id_usu, user.id), eq(auditEntries.accion, 'cerrar_sesiones')));
    expect(entry?.entidad_id).toBe(user.id);
  });

  it('lets an admin close every session of a user, and no one else', async () => {
    const user = await newUser('recepcion');
    const first = await signedIn(user.login);
    const second = await signedIn(user.login);
    // A recepcion may not close anyone's sessions, not even through this route.
    expect((await first.delete(`/user/${user.id}/sesiones`)).status).toBe(403);
    const closed = await admin.delete(`/user/${user.id}/sesiones`);
    expect(closed).toMatchObject({ status: 200, body: { data: { cerradas: 2 } } });
    expect((await first.get('/profile')).status).toBe(401);
    expect((await second.get('/profile')).status).toBe(401);
    expect((await admin.delete('/user/999999/sesiones')).status).toBe(404);
    expect((await admin.delete('/user/abc/sesiones')).status).toBe(422);
    const [entry] = await ctx.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad_id, user.id), eq(auditEntries.accion, 'cerrar_sesiones')));
    expect(entry).toMatchObject({ id_usu: 1, entidad: 'usuario' });
  });

  it('keeps the admin signed in when closing the own sessions as a user', async () => {
    const user = await enrolled();
    const other = await signedIn(user.login, await nextCode(user.clave));
    const res = await user.session.delete(`/user/${user.id}/sesiones`);
    expect(res).toMatchObject({ status: 200, body: { data: { cerradas: 1 } } });
    expect((await user.session.get('/profile')).status).toBe(200);
    expect((await other.get('/profile')).status).toBe(401);
  });
});
