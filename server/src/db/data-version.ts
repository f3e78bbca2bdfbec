import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from './client';
import { agendaVersion } from './schema';

/** agenda_version's count, read from its table: 0 until the first change makes its row. */
export const latestVersion = sql<number>`coalesce(max(${agendaVersion.version}), 0)`.mapWith(
  Number,
);

/** The version alone, prepared once per database: its text is the same for every one. */
const versionQuery = (db: Db) =>
  db.select({ version: latestVersion }).from(agendaVersion).prepare('agenda_version');
const versionQueries = new WeakMap<Db, ReturnType<typeof versionQuery>>();

/**
 * How many committed transactions have changed the data the server keeps answers of (the
 * agenda's weeks, the lists' pages): one cheap statement.
 */
export async function dataVersion(db: Db): Promise<number> {
  let versionOf = versionQueries.get(db);
  if (!versionOf) versionQueries.set(db, (versionOf = versionQuery(db)));
  const [current] = await versionOf.execute();
  return current?.version ?? 0;
}

/**
 * The answers a server keeps of one kind, per database (tests open several): at most `max`, the
 * least recently asked for dropped first, none served past `ttl` ms after it began to be built
 * (pass `start` to `set`). Each carries the dataVersion it was built at, checked by its reader.
 */
export function keptAnswers<Answer extends { version: number }>(max: number, ttl: number) {
  const byDatabase = new WeakMap<Db, LRUCache<string, Answer>>();
  return (db: Db): LRUCache<string, Answer> => {
    let kept = byDatabase.get(db);
    if (!kept) byDatabase.set(db, (kept = new LRUCache<string, Answer>({ max, ttl })));
    return kept;
  };
}
