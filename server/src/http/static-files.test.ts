import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { openTestDatabase } from '../test/app';
import { IMMUTABLE, REVALIDATE } from './static-files';

/** A built web app as Vite leaves it, with the compressed copies the build writes. */
function webRoot() {
  const root = mkdtempSync(join(tmpdir(), 'groomer-web-'));
  mkdirSync(join(root, 'assets'));
  const files = {
    'index.html': `<!doctype html><html lang="es"><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`,
    'assets/x-abc123.js': `export const x = ${JSON.stringify('a'.repeat(2_000))};`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(root, name), text);
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(root, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  return { root, files };
}

const { root, files } = webRoot();
const database = await openTestDatabase();
const app = await buildApp({ db: database.db, config: readConfig({}), webRoot: root });
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web app', () => {
  it('sends a hashed asset brotli-compressed and cached for a year', async () => {
    const res = await get('/assets/x-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(files['assets/x-abc123.js']);
    // Of the security headers, a script keeps those that apply to it.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers).not.toHaveProperty('content-security-policy');
    expect(res.headers).not.toHaveProperty('x-frame-options');
  });

  it('sends gzip to a client without brotli, and the plain file to one without either', async () => {
    const gzipped = await get('/assets/x-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(files['assets/x-abc123.js']);
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await get('/assets/x-abc123.js');
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(plain.body).toBe(files['assets/x-abc123.js']);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('has index.html revalidated, compressed, and under the app CSP', async () => {
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(files['index.html']);
  });

  it('answers a client-side route with index.html, revalidated', async () => {
    for (const encoding of ['gzip, br', undefined]) {
      const res = await get('/clientes?page=2', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    const plain = await get('/citas');
    expect(plain.body).toBe(files['index.html']);
  });

  it('revalidates an unhashed file outside assets/', async () => {
    const res = await get('/favicon.ico', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers).not.toHaveProperty('content-encoding');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });

  it('answers 404, not index.html, for a missing asset', async () => {
    const res = await get('/assets/gone-def456.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Recurso no encontrado' });
  });
});
