import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { throttleEntries } from '../db/schema';

export interface ThrottleOptions {
  /** Names the counter in the shared table: one scope per throttle. */
  scope: string;
  /** Failures within a window that cost nothing. */
  freeAttempts: number;
  /** A key's failures are forgotten this long after its first one. */
  windowMs: number;
  /**
   * Each failure beyond the free ones makes the next attempt wait, from that failure, `firstMs`
   * doubled per further failure, up to `maxMs`. Without it, a key that used its free attempts
   * is refused until its window ends: a hard limit, for routes that send mail or create
   * accounts, never for signing in.
   */
  delay?: { firstMs: number; maxMs: number };
  /** Milliseconds since the epoch; tests pass their own. */
  clock?: () => number;
}

/**
 * Slows down guessing per key (a login, a client address, an e-mail): see `ThrottleOptions`.
 * The counts live in the database (`limites`), so every server process on it counts the same
 * failures (DESIGN §10.7); a failure is one atomic upsert, never a read and a write.
 */
export class LoginThrottle {
  /** The last attempt under way in this process for each key, which the next one waits for. */
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly clock: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: ThrottleOptions,
  ) {
    this.clock = options.clock ?? (() => Date.now());
  }

  private clave(key: string) {
    return `${this.options.scope}:${key}`;
  }

  /** Milliseconds to wait before another attempt with this key, or 0. */
  async retryAfter(key: string): Promise<number> {
    const { freeAttempts, delay } = this.options;
    const now = this.clock();
    const [entry] = await this.db
      .select()
      .from(throttleEntries)
      .where(and(eq(throttleEntries.clave, this.clave(key)), gt(throttleEntries.vence, now)));
    if (!entry || entry.fallos < freeAttempts) return 0;
    if (!delay) return entry.vence - now;
    const extra = entry.fallos - freeAttempts;
    // 2 ** 30 already exceeds any sensible cap; it keeps the power finite.
    const wait = Math.min(delay.firstMs * 2 ** Math.min(extra, 30), delay.maxMs);
    // Never more than the wait itself, even if the clock was set back.
    return Math.min(wait, Math.max(0, Math.min(entry.ultimo + wait, entry.vence) - now));
  }

  async fail(key: string): Promise<void> {
    const now = this.clock();
    // A window that has passed starts again from this failure.
    const expired = sql`${throttleEntries.vence} <= ${now}`;
    await this.db
      .insert(throttleEntries)
      .values({
        clave: this.clave(key),
        fallos: 1,
        desde: now,
        ultimo: now,
        vence: now + this.options.windowMs,
      })
      .onConflictDoUpdate({
        target: throttleEntries.clave,
        set: {
          fallos: sql`case when ${expired} then 1 else ${throttleEntries.fallos} + 1 end`,
          desde: sql`case when ${expired} then excluded.desde else ${throttleEntries.desde} end`,
          ultimo: sql`excluded.ultimo`,
          vence: sql`case when ${expired} then excluded.vence else ${throttleEntries.vence} end`,
        },
      });
  }

  async succeed(key: string): Promise<void> {
    await this.db.delete(throttleEntries).where(eq(throttleEntries.clave, this.clave(key)));
  }

  /** Takes back one failure: an attempt counted before it was known to succeed. */
  async forgive(key: string): Promise<void> {
    const clave = this.clave(key);
    await this.db.transaction(async (tx) => {
      await tx
        .update(throttleEntries)
        .set({ fallos: sql`${throttleEntries.fallos} - 1` })
        .where(eq(throttleEntries.clave, clave));
      await tx
        .delete(throttleEntries)
        .where(and(eq(throttleEntries.clave, clave), lte(throttleEntries.fallos, 0)));
    });
  }

  /**
   * Runs `attempt` after the attempts with this key already under way in this process have
   * ended. Across processes a burst may overlap; each still meets the count the others left.
   */
  async oneAtATime<T>(key: string, attempt: () => Promise<T>): Promise<T> {
    const before = this.running.get(key) ?? Promise.resolve();
    const run = before.then(attempt, attempt);
    const settled = run.catch(() => undefined);
    this.running.set(key, settled);
    try {
      return await run;
    } finally {
      if (this.running.get(key) === settled) this.running.delete(key);
    }
  }
}

/**
 * Keys seen lately (such as a login and an address it signed in from), each forgotten `ttlMs`
 * after it was last seen; kept in the same table as the throttles.
 */
export class RecentKeys {
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly ttlMs = 30 * 24 * 3_600_000,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  async add(key: string): Promise<void> {
    const now = this.clock();
    const values = { fallos: 0, desde: now, ultimo: now, vence: now + this.ttlMs };
    await this.db
      .insert(throttleEntries)
      .values({ clave: `${this.scope}:${key}`, ...values })
      .onConflictDoUpdate({ target: throttleEntries.clave, set: values });
  }

  async has(key: string): Promise<boolean> {
    const [entry] = await this.db
      .select({ clave: throttleEntries.clave })
      .from(throttleEntries)
      .where(
        and(
          eq(throttleEntries.clave, `${this.scope}:${key}`),
          gt(throttleEntries.vence, this.clock()),
        ),
      );
    return entry !== undefined;
  }
}

/** Deletes the counters and keys whose time has passed (run with the session purge). */
export async function purgeThrottles(db: Db | Tx, now = Date.now()): Promise<void> {
  await db.delete(throttleEntries).where(lte(throttleEntries.vence, now));
}
