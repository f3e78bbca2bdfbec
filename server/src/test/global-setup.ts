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
import { TEST_PASSWORD, TEMPLATE_DATABASE } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump: string;
  }
}

/**
 * Migrates and seeds one template per run; every test file then starts from a copy of it
 * (a PGlite data-dir dump, or `CREATE DATABASE ... TEMPLATE` on the PostgreSQL server).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
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
    return;
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

export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}
