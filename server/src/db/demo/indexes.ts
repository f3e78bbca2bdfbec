import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

/**
 * Builds again the indexes a large load dropped (their `pg_get_indexdef` definitions), once its
 * rows are in. The rows' deferred triggers (the agenda's change count, migration 0030) run first:
 * a table with trigger events still pending can take neither an index nor a constraint.
 */
export async function recreateIndexes(tx: Tx, indexes: readonly { definition: string }[]) {
  await tx.execute(sql`set constraints all immediate`);
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
}
