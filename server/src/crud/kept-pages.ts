import { limaToday } from '@app/domain';
import type { Db } from '../db/client';
import { dataVersion, keptAnswers } from '../db/data-version';

/**
 * How long a kept page may serve at most: a page also shows what moves with the clock (a pet's
 * age, a vaccine falling due, a signature of last year), not only what someone changed.
 */
const KEPT_PAGE_MS = 60_000;
/** A page of 20 rows is some tens of KB: a few hundred stay within a few dozen MB. */
const KEPT_PAGES = 256;

interface KeptPage {
  version: number;
  page: unknown;
}

/**
 * The list pages this server built, by database and request (decisions §kept-lists): the counter's
 * screens and tablets ask for the same pages over and over, and a common word's page is most of a
 * few milliseconds of PostgreSQL. Each carries the agenda_version read before it was built, so it
 * is never older than that number says; it serves while the table still holds that number, which
 * every committed change to a table a list reads counts up (migration 0032). A change made through
 * any server process, or straight in the database, shows on the next call.
 */
const keptPages = keptAnswers<KeptPage>(KEPT_PAGES, KEPT_PAGE_MS);

/**
 * The page `key` names, as kept while nothing changed, else built now by `build` and kept. The key
 * must name everything the page depends on but the data and the day: the request's path and query,
 * and what the caller may see.
 */
export async function keptPage<T>(db: Db, key: string, build: () => Promise<T>): Promise<T> {
  const kept = keptPages(db);
  // The day is in the key: the lists of visits are ordered around today.
  const dayKey = `${limaToday()} ${key}`;
  // Read before the page: a change committed meanwhile makes the page newer, never older, than
  // its number, and the next call builds it again.
  const version = await dataVersion(db);
  const found = kept.get(dayKey);
  if (found?.version === version) return found.page as T;
  const start = performance.now();
  const page = await build();
  kept.set(dayKey, { version, page }, { start });
  return page;
}
