import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { setupTestApp } from '../test/app';
import { DOCS_PREFIX } from './authenticate';

const { app, database, signIn } = await setupTestApp();

/** The CSP header as directive → sources. */
function directives(header: string | number | string[] | undefined) {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('sends the CSP, frame, referrer and nosniff headers on an /api answer', async () => {
    const token = await signIn();
    const res = await app.inject({
      method: 'GET',
      url: '/api/tipodoc',
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });

  it('sends them on errors too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/clientes/' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the same policy on the Swagger UI', async () => {
    const res = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });

  it('sends HSTS only when the app is reached over https', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers).not.toHaveProperty('strict-transport-security');

    const secure = await buildApp({
      db: database.db,
      config: { ...readConfig({}), appUrl: 'https://peluqueria.example.pe' },
    });
    try {
      const res = await secure.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res.headers['content-security-policy'])).toHaveProperty(
        'upgrade-insecure-requests',
      );
    } finally {
      await secure.close();
    }
  });

  it('tells browsers and proxies to keep no copy of an /api answer', async () => {
    const token = await signIn();
    for (const url of ['/api/clientes/?search=Rosa', '/api/tipodoc', '/api/cliente/999999']) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await app.inject({ method: 'GET', url: '/api/clientes/' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Outside /api (the SPA and its files) the static server decides.
    const page = await app.inject({ method: 'GET', url: '/clientes' });
    expect(page.headers['cache-control']).toBeUndefined();
  });

  it('gives a slow request 10 s for its headers and 30 s in all', () => {
    expect(app.server.headersTimeout).toBe(10_000);
    expect(app.server.requestTimeout).toBe(30_000);
  });
});
