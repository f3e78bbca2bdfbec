import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import type { Db } from '../../db/client';
import { openTestDatabase, setupTestApp } from '../../test/app';
import { DATABASE_DOWN, HEALTH_TIMEOUT_MS } from './lookups';

const config = readConfig({});

const journal = JSON.parse(
  readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { tag: string }[] };
const rootPackage = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
) as { version?: string };

const { app, database } = await setupTestApp();

describe('GET /api/health', () => {
  it('answers the engine, the migration level and the version without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        ok: true,
        engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        migration: journal.entries.at(-1)?.tag,
        version: rootPackage.version ?? null,
      },
    });
  });

  it('answers 503 when the database is closed', async () => {
    const other = await openTestDatabase();
    const closed = await buildApp({ db: other.db, config, engine: other.engine });
    await other.close();
    try {
      const res = await closed.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', message: DATABASE_DOWN });
    } finally {
      await closed.close();
    }
  });

  it('answers 503 within the time limit when the database hangs', async () => {
    // The same database, but a statement that never ends.
    const hanging: Db = Object.assign(Object.create(database.db) as Db, {
      execute: () => new Promise<never>(() => undefined),
    });
    const stuck = await buildApp({ db: hanging, config, engine: 'postgres' });
    try {
      const started = Date.now();
      const res = await stuck.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', message: DATABASE_DOWN });
      expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000);
    } finally {
      await stuck.close();
    }
  });
});
