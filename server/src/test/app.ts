import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../app';
import { openPostgres, pgliteDatabase, type Database } from '../db/client';
import { templateDatabase, TEST_PASSWORD } from './constants';
import { withDatabase } from './global-setup';

export { TEST_PASSWORD };

/**
 * The copy of the template this worker's next test file opens, made while the current file's
 * tests run: a copy waits 0.6–1 s on the disk's fsyncs, time in which the CPU has other work.
 * Only where files share a worker's modules (the `shared` project, vitest.config.ts); a copy
 * left unopened at the end of the run is dropped by global-setup.ts.
 */
let nextCopy: Promise<string> | undefined;

/** A fresh copy of the migrated, seeded template: one per test file, never one per test. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = readFileSync(inject('templateDump'));
    const client = await PGlite.create({
      extensions: { pg_trgm },
      loadDataDir: new Blob([dump]),
    });
    return pgliteDatabase(client);
  }
  const name = await (nextCopy ?? copyOfTemplate(url));
  nextCopy = inject('copyAhead') ? copyOfTemplate(url) : undefined;
  // Handled when the next file awaits it: a failed copy fails that file.
  nextCopy?.catch(() => {});
  return connectDropping(url, name);
}

async function copyOfTemplate(url: string): Promise<string> {
  const name = runDatabaseName(randomBytes(6).toString('hex'));
  await createDatabase(url, name, runTemplate());
  return name;
}

/** A name for a database of this run's, which a run stopped hard leaves for the next to drop. */
export function runDatabaseName(suffix: string): string {
  return `${inject('runDatabasePrefix')}${suffix}`;
}

/** This run's migrated, seeded template on the PostgreSQL server. */
export function runTemplate(): string {
  return templateDatabase(inject('runDatabasePrefix'));
}

/**
 * A new database `name` on the PostgreSQL server at `url`, a copy of `template` or empty; its
 * `close` drops it.
 */
export async function serverDatabase(url: string, name: string, template?: string) {
  await createDatabase(url, name, template);
  return connectDropping(url, name);
}

async function createDatabase(url: string, name: string, template?: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  // A copy of the template's files after a checkpoint, rather than each block written through
  // the WAL (PostgreSQL 15's default): 0.2 s instead of 0.8 s on one machine, 0.8–1 s either
  // way on another, where the disk's fsyncs are what it waits for.
  await admin.query(
    `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template} STRATEGY FILE_COPY` : ''}`,
  );
  await admin.end();
}

/** The database `name`, whose `close` drops it. */
function connectDropping(url: string, name: string) {
  const database = openPostgres(withDatabase(url, name), 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  dataDir: string;
  /** Signs in and returns the Authorization header value. */
  signIn(login?: string, password?: string): Promise<string>;
}

/** The configuration every test app runs with, on its own data directory. */
export function testConfig(dataDir: string): AppOptions['config'] {
  return {
    sessionIdleMinutes: 30,
    sessionMaxHours: 12,
    dataDir,
    appUrl: 'http://127.0.0.1:3000',
    smtpUrl: undefined,
    trustProxy: false,
  };
}

/** The app on a fresh database, closed after the file's tests. */
export async function setupTestApp(): Promise<TestContext> {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'groomer-test-'));
  const app = await buildApp({ db: database.db, config: testConfig(dataDir) });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return {
    app,
    database,
    dataDir,
    async signIn(login = 'admin', password = TEST_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { json: JSON.stringify({ login, password }) },
      });
      const body = res.json<{ status: string; data: string }>();
      if (body.status !== 'success') throw new Error(`sign-in failed: ${res.body}`);
      return body.data;
    },
  };
}
