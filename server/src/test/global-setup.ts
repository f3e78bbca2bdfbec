import { PGlite } from '@electric-sql/pglite';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, pgliteDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { seedBase } from '../db/seed';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { TEST_DATABASE_PREFIX, TEST_PASSWORD, TEMPLATE_DATABASE } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump: string;
    /** Whether a worker copies the template for its next file ahead (test/app.ts). */
    copyAhead: boolean;
  }
}

/**
 * Migrates and seeds one template per run; every test file then starts from a copy of it
 * (a PGlite data-dir dump, or `CREATE DATABASE ... TEMPLATE` on the PostgreSQL server).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    await dropTestCopies(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const database = openPostgres(withDatabase(url, TEMPLATE_DATABASE), 1);
    await migrate(database);
    await seedBase(database.db, { adminPassword: TEST_PASSWORD });
    await database.close();
    project.provide('templateDump', '');
    // The copies each worker made ahead for a file that never came.
    return () => dropTestCopies(url);
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const database = pgliteDatabase(client);
  await migrate(database);
  await seedBase(database.db, { adminPassword: TEST_PASSWORD });
  const dump = await client.dumpDataDir('none');
  const file = join(tmpdir(), `groomer-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('templateDump', file);
}

/** Drops the test files' copies of the template: those left by this run, or by one stopped hard. */
async function dropTestCopies(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2`,
      [TEST_DATABASE_PREFIX, TEMPLATE_DATABASE],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}
