import { sql } from 'drizzle-orm';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { rowsOf } from './sql-rows';

/**
 * Runs `job` in one transaction unless another process on the database runs it now: a
 * transaction-scoped advisory lock, so scheduled work runs once however many servers there are
 * (decisions §several-processes). Answers what the job answered, or undefined when another process
 * had it.
 */
export async function runExclusive<T>(
  db: Db,
  lock: number,
  job: (tx: Tx) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [claim] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${lock}) as locked`),
    );
    return claim?.locked ? job(tx) : undefined;
  }, config);
}
