import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the app sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The server's address, for work that needs a connection of its own (migrations). */
  url?: string;
  close(): Promise<void>;
}

/** A PostgreSQL server, with a pool sized for a small machine. */
export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool, { schema }),
    engine: 'postgres',
    url,
    close: () => pool.end(),
  };
}

/** Embedded PostgreSQL (PGlite): `dataDir` on disk, or in memory when undefined. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });
  return pgliteDatabase(client);
}

export function pgliteDatabase(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }),
    engine: 'pglite',
    close: () => client.close(),
  };
}

/** What `inTurn` answers: each read's result, in order. */
type ReadResults<T extends readonly (() => unknown)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/**
 * Runs independent reads together on the pool, and one after the other in a transaction: a
 * transaction is one connection, on which pg 8 queues concurrent queries (with a deprecation
 * warning) and pg 9 refuses them.
 */
export async function inTurn<const T extends readonly (() => unknown)[]>(
  executor: Db | Tx,
  reads: T,
): Promise<ReadResults<T>> {
  if (!(executor instanceof PgTransaction)) {
    // The tuple's element types are the reads' own: Promise.all keeps them, untyped by map.
    return (await Promise.all(reads.map((read) => read()))) as ReadResults<T>;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as ReadResults<T>;
}
