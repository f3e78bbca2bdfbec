import { describe, expect, it } from 'vitest';
import { setupTestApp, TEST_PASSWORD } from '../test/app';

const ctx = await setupTestApp();
const { app } = ctx;

const login = (body: unknown, contentType = 'application/vnd.api+json') =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

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

  it('slows down repeated failures for one login with a 429', async () => {
    const attempt = () => login({ json: JSON.stringify({ login: 'groomer', password: 'bad' }) });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Demasiados intentos/);
    const evenRight = await login({
      json: JSON.stringify({ login: 'groomer', password: TEST_PASSWORD }),
    });
    expect(evenRight.statusCode).toBe(429);
  });

  it('lets parallel sign-ins with the right password all through', async () => {
    const attempt = () =>
      login({ json: JSON.stringify({ login: 'admin', password: TEST_PASSWORD }) });
    const answers = await Promise.all(Array.from({ length: 8 }, attempt));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
  });

  it('counts a burst of parallel guesses attempt by attempt', async () => {
    const attempt = () => login({ json: JSON.stringify({ login: 'recepcion', password: 'bad' }) });
    const answers = await Promise.all(Array.from({ length: 12 }, attempt));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
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
