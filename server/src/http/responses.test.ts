import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setupTestApp } from '../test/app';
import { DOCS_PREFIX } from './authenticate';
import { responseSerializer } from './responses';

const ctx = await setupTestApp();

/** Routes that answer with a file, not JSON: nothing to check. */
const FILES = new Set([
  'GET /api/app/logo.jpg',
  'GET /api/avatars/:file',
  'GET /api/vacunas/comprobante/:file',
  'GET /api/fotos/:file',
  'GET /api/clientes/importar/plantilla',
  'GET /api/cliente/:id/datos',
  'GET /api/portal/foto/:nombre',
  'GET /api/vacunas-propuestas/comprobante/:file',
  'GET /api/adelanto/comprobante/:file',
  'GET /api/firma/:id/pdf',
  'GET /api/public/ficha/:token/foto/:id',
]);

describe('every route declares what it answers', () => {
  const routes = ctx.app.registeredRoutes.filter(
    (route) =>
      route.url.startsWith('/api') && !route.url.startsWith(DOCS_PREFIX) && route.method !== 'HEAD',
  );

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    (name, route) => {
      if (FILES.has(name)) return;
      expect(route.responses.filter((code) => code.startsWith('2'))).not.toEqual([]);
    },
  );
});

describe('the response check', () => {
  async function answering(check: boolean, data: unknown) {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializer(check));
    const schema = z.strictObject({ id: z.number(), at: z.string() });
    app.get('/x', { schema: { response: { 200: schema } } }, async () => data);
    return app.inject('/x');
  }

  it('compares the answer as sent: a date is text on the wire', async () => {
    const res = await answering(true, { id: 1, at: new Date(0) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, at: '1970-01-01T00:00:00.000Z' });
  });

  it('fails a request whose answer has a field its schema does not name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await answering(true, { id: 1, at: 'x', password: 'hash' });
    expect(res.statusCode).toBe(500);
  });

  it('only stringifies when off', async () => {
    const res = await answering(false, { id: 'not a number' });
    expect(res.json()).toEqual({ id: 'not a number' });
  });
});
