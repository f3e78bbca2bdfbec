import { PGlite } from '@electric-sql/pglite';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, pgliteDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { seedBase } from '../db/seed';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import {
  runDatabasePrefix,
  templateDatabase,
  TEST_DATABASE_PREFIX,
  TEST_PASSWORD,
} from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump: string;
    /** Whether a worker copies the template for its next file ahead (test/app.ts). */
    copyAhead: boolean;
    /** The start of this run's database names on the PostgreSQL server (test/constants.ts). */
    runDatabasePrefix: string;
  }
}

interface Run {
  prefix: string;
  templateDump: string;
}

/**
 * The run's template, built by the first call. Vitest calls this setup once for each project and
 * once for the root, one after the other in its one process, each with a module of its own:
 * the process's global object is what they share.
 */
const RUN = Symbol.for('groomer.testRun');
const processGlobals = globalThis as typeof globalThis & { [RUN]?: Run };

/**
 * Migrates and seeds one template per run; every test file then starts from a copy of it
 * (a PGlite data-dir dump, or `CREATE DATABASE ... TEMPLATE` on the PostgreSQL server).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const built = processGlobals[RUN];
  const run = built ?? { prefix: runDatabasePrefix(process.pid), templateDump: '' };
  processGlobals[RUN] = run;
  project.provide('runDatabasePrefix', run.prefix);
  if (built) {
    project.provide('templateDump', built.templateDump);
    return;
  }
  if (url) {
    // What runs stopped hard left, this process's number included: it is an earlier run's.
    await dropTestDatabases(url, (name) => name.startsWith(run.prefix) || !runIsAlive(name));
    const template = templateDatabase(run.prefix);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const database = openPostgres(withDatabase(url, template), 1);
    await migrate(database);
    await seedBase(database.db, { adminPassword: TEST_PASSWORD });
    await database.close();
    project.provide('templateDump', '');
    // The template, and the copies each worker made ahead for a file that never came.
    return async () => {
      delete processGlobals[RUN];
      await dropTestDatabases(url, (name) => name.startsWith(run.prefix));
    };
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const database = pgliteDatabase(client);
  await migrate(database);
  await seedBase(database.db, { adminPassword: TEST_PASSWORD });
  const dump = await client.dumpDataDir('none');
  run.templateDump = join(tmpdir(), `groomer-template-${process.pid}.tar`);
  writeFileSync(run.templateDump, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('templateDump', run.templateDump);
  return () => {
    delete processGlobals[RUN];
    rmSync(run.templateDump, { force: true });
  };
}

/** Drops the test databases that `doomed` names. */
async function dropTestDatabases(url: string, doomed: (name: string) => boolean) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [TEST_DATABASE_PREFIX],
    );
    for (const { datname } of rows.filter((row) => doomed(row.datname))) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Whether the run that made a test database still runs on this machine, where the tests' server
 * is: a run stopped hard leaves its databases behind for the next run to drop. A name without a
 * run's pid is an older layout's, left behind too.
 */
function runIsAlive(name: string): boolean {
  const pid = new RegExp(`^${TEST_DATABASE_PREFIX}(\\d+)_`).exec(name)?.[1];
  if (pid === undefined) return false;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}
