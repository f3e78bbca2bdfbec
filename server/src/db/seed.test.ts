import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/app';
import { apiClient } from '../test/http';
import { openAppDatabase } from './open';
import { users } from './schema';

// A fresh install as `npm start` makes it: no ADMIN_PASSWORD, an ADMIN_EMAIL.
const dataDir = join(mkdtempSync(join(tmpdir(), 'groomer-fresh-')), 'data');
const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
const opened = await openAppDatabase({
  dataDir,
  databaseUrl: undefined,
  adminPassword: undefined,
  adminEmail: 'duena@salon.example.pe',
});
const output = printed.mock.calls.flat().join('\n');
printed.mockRestore();
const { db } = opened.database;
const app = await buildApp({
  db,
  config: testConfig(dataDir),
});
afterAll(async () => {
  await app.close();
  await opened.close();
});

const credentials = opened.seeded.generatedCredentials ?? [];
const passwordOf = (login: string) => credentials.find((c) => c.login === login)?.password ?? '';

async function signIn(login: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { login, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return apiClient(app, res.json<{ data: string }>().data);
}

describe('a fresh install without ADMIN_PASSWORD', () => {
  it('gives each seeded user its own password, printed once and kept in a 0600 file', () => {
    expect(credentials.map((c) => c.login)).toEqual(['admin', 'recepcion', 'groomer']);
    expect(new Set(credentials.map((c) => c.password)).size).toBe(3);
    const file = join(dataDir, 'initial-credentials.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    for (const { login, password } of credentials) {
      expect(text).toContain(`${login}: ${password}`);
      expect(output).toContain(`${login}: ${password}`);
    }
  });

  it('gives the admin ADMIN_EMAIL and the others no e-mail, none on a domain not ours', async () => {
    const rows = await db
      .select({ login: users.login, email: users.email, forced: users.debe_cambiar_clave })
      .from(users)
      .orderBy(users.id);
    expect(rows).toEqual([
      { login: 'admin', email: 'duena@salon.example.pe', forced: true },
      { login: 'recepcion', email: null, forced: true },
      { login: 'groomer', email: null, forced: true },
    ]);
  });

  it('answers 403 to every call but the password change until the password is changed', async () => {
    const password = passwordOf('admin');
    const admin = await signIn('admin', password);
    const message = 'Debe cambiar su contraseña antes de continuar';
    for (const url of ['/users', '/clientes/', '/dashboard']) {
      const refused = await admin.raw('GET', url);
      expect(refused.status, url).toBe(403);
      expect(refused.body).toEqual({ status: 'error', message });
    }
    // What the web reads to show the form.
    const me = await admin.get('/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ login: 'admin', debe_cambiar_clave: true });
    expect((await admin.get('/profile')).status).toBe(200);

    const change = (to: string) =>
      admin.raw('PATCH', '/profile/password', {
        current_password: password,
        password: to,
        password_confirmation: to,
      });
    const same = await change(password);
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({
      password: ['La nueva contraseña debe ser distinta de la actual'],
    });
    expect((await change('Elegida123!')).status).toBe(200);
    expect((await admin.get('/me')).body.data.debe_cambiar_clave).toBe(false);
    expect((await admin.raw('GET', '/users')).status).toBe(200);
  });

  it('lets a user who must change the password sign out', async () => {
    const groomer = await signIn('groomer', passwordOf('groomer'));
    expect((await groomer.raw('POST', '/logout')).status).toBe(200);
    expect((await groomer.raw('GET', '/me')).status).toBe(401);
  });
});
