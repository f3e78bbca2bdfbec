import { describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { readConfig } from '../../config';
import { signInTiming } from '../../auth/throttle';
import { setupTestApp, TEST_PASSWORD, testConfig } from '../../test/app';
import { apiClient } from '../../test/http';

const ctx = await setupTestApp();
const { app } = ctx;

const login = (body: unknown, contentType = 'application/vnd.api+json') =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A sign-in from a given client address (the socket's), with extra headers if any. */
const signInFrom = (
  remoteAddress: string,
  login: string,
  password: string,
  headers: Record<string, string> = {},
  to: App = app,
) =>
  to.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers,
    payload: { json: JSON.stringify({ login, password }) },
  });

/** Runs `body` with `Date` stopped, moved on only by the returned `advance`. */
async function withStoppedClock(body: (advance: (ms: number) => void) => Promise<void>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    await body((ms) => vi.setSystemTime(Date.now() + ms));
  } finally {
    vi.useRealTimers();
    vi.restoreAllMocks();
  }
}

/** Throttled sign-ins wait on the stopped clock: each wait is recorded and moves it on. */
function recordWaits(advance: (ms: number) => void) {
  const waits: number[] = [];
  vi.spyOn(signInTiming, 'sleep').mockImplementation((ms) => {
    waits.push(ms);
    advance(ms);
    return Promise.resolve();
  });
  return waits;
}

let staffSerial = 0;
/** A fresh active user with a password of its own, registered by the admin. */
async function registerStaff() {
  staffSerial += 1;
  const login = `asediado${staffSerial}`;
  const password = 'Propia123!';
  const admin = apiClient(app, await ctx.signIn());
  const res = await admin.post('/user/register', {
    tdoc: 2,
    doc: `4${String(staffSerial).padStart(2, '0')}81726`,
    name: 'Rosa',
    surname: 'Quispe',
    email: `asediado${staffSerial}@example.pe`,
    login,
    password,
    password_confirmation: password,
  });
  expect(res.status).toBe(201);
  return { login, password };
}

describe('sign-in', () => {
  it('answers a Bearer credential for the seeded admin', async () => {
    const res = await login({ json: JSON.stringify({ login: 'admin', password: TEST_PASSWORD }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      data: expect.stringMatching(/^Bearer \S{40,}$/),
    });
  });

  it('accepts a plain JSON object as well as the json field', async () => {
    const res = await login({ login: 'recepcion', password: TEST_PASSWORD }, 'application/json');
    expect(res.statusCode).toBe(200);
  });

  it('answers errorpwd with a 401 on a wrong password or an unknown login', async () => {
    for (const body of [
      { login: 'admin', password: 'wrong' },
      { login: 'nobody', password: TEST_PASSWORD },
    ]) {
      const res = await login({ json: JSON.stringify(body) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'errorpwd', message: 'Credenciales incorrectas!' });
    }
  });

  it('names the missing fields in Spanish', async () => {
    const res = await login({ json: JSON.stringify({ login: '', password: '' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      login: ['Nombre de usuario requerido'],
      password: ['Contraseña requerida'],
    });
  });

  it('answers 422, not 500, to a malformed body or json field', async () => {
    for (const body of ['{"json":', '{"json":"{not json"}', '{"json":"[1,2]"}', '[]', 'null']) {
      const res = await login(body);
      expect(res.statusCode).toBe(422);
      expect(res.body).not.toMatch(/at .*\.ts/);
      expect(res.body).not.toMatch(/Invalid input|expected/);
    }
  });

  it('answers a throttled attempt after its wait (doubling, 10 s at most), never refusing it', async () => {
    await withStoppedClock(async (advance) => {
      const waits = recordWaits(advance);
      const from = '10.1.0.1';
      for (let i = 0; i < 10; i++) {
        const res = await signInFrom(from, 'groomer', 'bad');
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: 'errorpwd', message: 'Credenciales incorrectas!' });
      }
      // Each wait runs from the attempt before: attempts are 1, 2, 4, 8, then 10 s apart.
      expect(waits).toEqual([1000, 1000, 3000, 5000, 5000, 5000, 5000]);
      expect((await signInFrom(from, 'groomer', TEST_PASSWORD)).statusCode).toBe(200);
      expect(waits.at(-1)).toBe(5000);
    });
  });

  it('lets the right password in at once from an address it signed in from, whatever strangers do', async () => {
    await withStoppedClock(async (advance) => {
      const waits = recordWaits(advance);
      const home = '10.2.0.1';
      expect((await signInFrom(home, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) {
        expect((await signInFrom(`10.2.1.${i}`, 'admin', 'x')).statusCode).toBe(401);
      }
      const strangers = waits.length;
      expect(strangers).toBeGreaterThan(0);
      expect((await signInFrom(home, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
      expect(waits).toHaveLength(strangers);
      // A new address waits as anyone else, 10 s at most, and is then let in.
      expect((await signInFrom('10.2.0.2', 'admin', TEST_PASSWORD)).statusCode).toBe(200);
      expect(waits).toHaveLength(strangers + 1);
      expect(waits.at(-1)).toBeLessThanOrEqual(10_000);
      // The known address still pays for its own failures.
      for (let i = 0; i < 3; i++) {
        expect((await signInFrom(home, 'admin', 'typo')).statusCode).toBe(401);
      }
      expect((await signInFrom(home, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
      expect(waits.at(-1)).toBe(1000);
    });
  });

  it('lets parallel sign-ins with the right password all through', async () => {
    const attempt = () =>
      login({ json: JSON.stringify({ login: 'admin', password: TEST_PASSWORD }) });
    const answers = await Promise.all(Array.from({ length: 8 }, attempt));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
  });

  it('counts a burst of parallel guesses attempt by attempt, refusing the address past its share', async () => {
    await withStoppedClock(async (advance) => {
      // The clock stays still: the burst comes at one instant.
      const waits = recordWaits(() => advance(0));
      const attempt = () => signInFrom('10.3.0.1', 'recepcion', 'bad');
      const answers = await Promise.all(Array.from({ length: 12 }, attempt));
      const codes = answers.map((a) => a.statusCode);
      expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
      expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
      expect(answers[11].json()).toEqual({
        status: 'error',
        message: 'Demasiados intentos fallidos. Espere un momento antes de volver a intentarlo.',
      });
      expect(answers[11].headers['retry-after']).toBe('1');
    });
  });

  it('signs the owner in within 12 s from a new address while an attacker keeps failing from others', async () => {
    const victim = await registerStaff();
    let attacking = true;
    let started = 0;
    let failures = 0;
    let refused = 0;
    const attacker = async (lane: number) => {
      for (let i = 0; attacking; i++) {
        started += 1;
        const res = await signInFrom(`10.7.${lane}.${i % 250}`, victim.login, `Mala${i}!`);
        if (res.statusCode === 401) failures += 1;
        else refused += 1;
      }
    };
    const lanes = Array.from({ length: 10 }, (_, lane) => attacker(lane));
    try {
      // Ten guesses in: past the free failures, the login's wait is at its longest.
      while (started < 10) await new Promise((resolve) => setTimeout(resolve, 20));
      const begun = Date.now();
      const owner = await signInFrom('10.8.0.1', victim.login, victim.password);
      const took = Date.now() - begun;
      expect(owner.statusCode).toBe(200);
      expect(took).toBeLessThan(12_000);
      // The attack went on meanwhile.
      expect(started).toBeGreaterThan(10);
      expect(failures).toBeGreaterThan(3);
    } finally {
      attacking = false;
      await Promise.all(lanes);
    }
    expect(refused).toBe(0);
  }, 60_000);

  it('slows down one address guessing at many logins', async () => {
    const codes = [];
    for (let i = 0; i < 12; i++)
      codes.push((await signInFrom('10.5.0.1', `nadie${i}`, 'x')).statusCode);
    expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
  });
});

describe('the client address', () => {
  /** Eleven failures from one socket, each naming another address in X-Forwarded-For. */
  const forwardedFailures = async (to: App, socket: string) => {
    const codes = [];
    for (let i = 0; i < 11; i++) {
      const res = await signInFrom(
        socket,
        `desconocido${i}`,
        'x',
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
        to,
      );
      codes.push(res.statusCode);
    }
    return codes;
  };

  it("is the socket's: X-Forwarded-For is ignored without TRUST_PROXY", async () => {
    expect(await forwardedFailures(app, '10.4.0.1')).toEqual([...Array(10).fill(401), 429]);
  });

  it('comes from X-Forwarded-For when TRUST_PROXY names the proxy', async () => {
    const proxied = await buildApp({
      db: ctx.database.db,
      config: {
        ...testConfig(ctx.dataDir),
        trustProxy: readConfig({ TRUST_PROXY: '10.4.0.2' }).trustProxy,
      },
    });
    try {
      expect(await forwardedFailures(proxied, '10.4.0.2')).toEqual(Array(11).fill(401));
    } finally {
      await proxied.close();
    }
  });

  it("reads TRUST_PROXY as off, true or the proxies' addresses", () => {
    const trust = (value?: string) => readConfig({ TRUST_PROXY: value }).trustProxy;
    expect([trust(), trust(''), trust('false'), trust('0')]).toEqual([false, false, false, false]);
    expect(trust('true')).toBe(true);
    expect(trust('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});

describe('sessions', () => {
  it('refuses every other route without a valid credential', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic x' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/tipodoc', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe('error');
    }
  });

  it('refuses a percent-encoded path to a private route without a credential', async () => {
    for (const url of ['/%61pi/users', '/%61pi/tipodoc', '/api/%75sers/', '/api/clientes%2F']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(JSON.stringify(res.json()), url).not.toContain('admin');
    }
  });

  it('ends the session on logout, even with the empty vnd.api+json body the spec sends', async () => {
    const token = await ctx.signIn();
    const me = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: token },
    });
    expect(me.json().data).toMatchObject({ id: 1, login: 'admin' });
    const out = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: token, 'content-type': 'application/vnd.api+json' },
    });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: token },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a session left idle too long', async () => {
    const token = await ctx.signIn();
    await ctx.database.db.execute(
      `update sessions set last_seen_at = now() - interval '31 minutes'`,
    );
    const res = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('lookups and machinery', () => {
  it('serves document types and the status catalogue', async () => {
    const token = await ctx.signIn();
    const docs = await app.inject({
      method: 'GET',
      url: '/api/tipodoc',
      headers: { authorization: token },
    });
    expect(docs.json().data).toContainEqual({ id: 2, nom: 'DNI' });
    const est = await app.inject({
      method: 'GET',
      url: '/api/estados',
      headers: { authorization: token },
    });
    expect(est.json().data).toContainEqual(
      expect.objectContaining({ id_est: 7, nom_est: 'Expirada' }),
    );
  });

  it('answers 404 in the envelope for an unknown route', async () => {
    const token = await ctx.signIn();
    const res = await app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Recurso no encontrado' });
  });

  it('serves health and the OpenAPI description without a credential', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.json().paths).toHaveProperty('/api/login');
  });
});
