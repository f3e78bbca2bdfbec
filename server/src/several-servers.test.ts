import type { ChildProcess } from 'node:child_process';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_DELAY } from './auth/throttle';
import { TEST_PASSWORD } from './test/constants';
import type { Database } from './db/client';
import { runDatabaseName, serverDatabase } from './test/app';
import { pngImage } from './test/images';
import { startServerProcess } from './test/server-process';

/**
 * Decisions §several-processes: two server processes on one PostgreSQL database behave as one. Real
 * processes (`server/src/main.ts`), real HTTP; PGlite is one process by nature, so this runs with
 * DATABASE_URL (as CI does).
 */

const url = process.env.DATABASE_URL;

const children: ChildProcess[] = [];

/** One server process on the shared database; resolves with its address once it listens. */
async function startServer(databaseUrl: string): Promise<string> {
  const { child, base } = await startServerProcess(databaseUrl);
  children.push(child);
  return base;
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify({ json: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function signIn(base: string, login: string, password = TEST_PASSWORD) {
  return call(base, 'POST', '/login', { login, password });
}

describe.runIf(url)('two servers on one PostgreSQL database', () => {
  let one: string;
  let other: string;

  let shared: Database;

  beforeAll(async () => {
    shared = await serverDatabase(url!, runDatabaseName('two_servers'));
    // Both start at once: one migrates and seeds, the other waits for it.
    [one, other] = await Promise.all([startServer(shared.url!), startServer(shared.url!)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await shared.close();
  });

  it('accepts on one server the session opened on the other', async () => {
    const token = (await signIn(one, 'admin')).body.data as string;
    const me = await call(other, 'GET', '/me', undefined, token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ login: 'admin' });
    expect((await call(other, 'POST', '/logout', undefined, token)).status).toBe(200);
    expect((await call(one, 'GET', '/me', undefined, token)).status).toBe(401);
  });

  it('serves from one server the logo uploaded through the other', async () => {
    const token = (await signIn(one, 'admin')).body.data as string;
    const logo = pngImage(6, [200, 30, 30]);
    const form = new FormData();
    form.set(
      'json',
      JSON.stringify({
        nom: 'Huellitas',
        slogan: 'Cuidamos a tu mejor amigo',
        dir: 'Av. Benavides 1234, Miraflores',
        fono: '987654321',
        email: 'contacto@huellitas.pe',
        ruc: '20131312955',
      }),
    );
    form.set('logo', new Blob([logo], { type: 'image/png' }), 'logo.png');
    const saved = await fetch(`${one}/ajustes`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(saved.status).toBe(201);
    const served = await fetch(`${other}/app/logo.jpg`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);
  });

  it('counts the failed sign-ins of a login across both servers', async () => {
    // Three free failures for a login, wherever they happen; the fourth attempt waits its
    // second (SIGN_IN_DELAY) on the other server too, then signs in.
    expect((await signIn(one, 'recepcion', 'mala-1')).status).toBe(401);
    expect((await signIn(other, 'recepcion', 'mala-2')).status).toBe(401);
    // The wait runs from the last failure: timed from before it, a slow machine cannot shorten it.
    const started = Date.now();
    expect((await signIn(one, 'recepcion', 'mala-3')).status).toBe(401);
    expect((await signIn(other, 'recepcion', TEST_PASSWORD)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SIGN_IN_DELAY.firstMs - 200);
  });

  it('opens on one server the second factor turned on through the other', async () => {
    // Each server has its own DATA_DIR: the key that seals the secret lives in the database.
    const admin = (await signIn(one, 'admin')).body.data as string;
    const login = 'dospasos';
    const created = await call(
      one,
      'POST',
      '/user/register',
      {
        tdoc: 2,
        doc: '41707519',
        name: 'Rosa',
        surname: 'Huamán',
        email: 'dospasos@example.com',
        login,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
        rol: 'admin',
      },
      admin,
    );
    expect(created.status).toBe(201);
    const token = (await signIn(one, login)).body.data as string;
    const started = await call(one, 'POST', '/profile/dos-pasos', undefined, token);
    const secret = (started.body.data as { clave: string }).clave;
    const code = await generate({ secret });
    const confirmed = await call(
      other,
      'POST',
      '/profile/dos-pasos/confirmar',
      { codigo: code },
      token,
    );
    expect(confirmed.status).toBe(200);
    expect((await signIn(one, login)).status).toBe(401);
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const withCode = await call(one, 'POST', '/login', {
      login,
      password: TEST_PASSWORD,
      codigo: next,
    });
    expect(withCode.status).toBe(200);
  });

  it('never gives two sales the same number, however the servers interleave', async () => {
    const token = (await signIn(other, 'admin')).body.data as string;
    const sale = {
      tipo_comp: 'T',
      items: [{ tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '20.00' }],
      pagos: [{ metodo: 'efectivo', monto: '20.00' }],
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? one : other, 'POST', '/venta/register', sale, token),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const numbers = answers.map((a) => (a.body.data as { comprobante: string }).comprobante);
    expect(new Set(numbers).size).toBe(20);
  });
});
