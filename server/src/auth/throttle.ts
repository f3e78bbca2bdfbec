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
 * failures (decisions §several-processes); a failure is one atomic upsert, never a read and a
 * write.
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

/**
 * Beyond the free failures each one adds a wait: 1 s, 2, 4, 8, then 10 s at most
 * (decisions §throttling).
 */
export const SIGN_IN_DELAY = { firstMs: 1000, maxMs: 10_000 };
const SIGN_IN_WINDOW_MS = 15 * 60_000;

/** A sign-in refused before its password was checked: its address keeps failing. */
export class SignInRefused extends Error {
  constructor(readonly retryAfterMs: number) {
    super('sign-in refused');
  }
}

/** What the sign-in route reports once it has checked the password (and second factor). */
export interface SignInAttempt {
  /** Wrong credentials: the attempt stays counted. */
  failed(): Promise<void>;
  /** Signed in. */
  succeeded(): Promise<void>;
  /** The password was right but the sign-in waits for more (the second factor's code). */
  withheld(): Promise<void>;
}

/** How a throttled sign-in waits: API tests replace it to run the waits on a stopped clock. */
export const signInTiming = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

export interface SignInThrottleOptions {
  /** Milliseconds since the epoch; tests pass their own, with the `sleep` that moves it. */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Sign-in throttling (decisions §throttling, issue 28 §4). A login's failures, from wherever they
 * come, only delay its next attempts: the attempt is answered after its wait (10 s at most), never
 * refused, so an attacker failing a login from other addresses cannot keep its owner out for
 * longer than that. An address's own failures are what refuse it (429): the attacker's
 * addresses, not the owner's. A login and an address it has signed in from count only their
 * own failures. Counts live in the database, so every server process shares them.
 */
export class SignInThrottle {
  private readonly byLogin: LoginThrottle;
  private readonly byAddress: LoginThrottle;
  private readonly byPair: LoginThrottle;
  private readonly knownPairs: RecentKeys;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(db: Db, options: SignInThrottleOptions = {}) {
    const { clock } = options;
    const throttle = (scope: string, freeAttempts: number) =>
      new LoginThrottle(db, {
        scope,
        freeAttempts,
        windowMs: SIGN_IN_WINDOW_MS,
        delay: SIGN_IN_DELAY,
        clock,
      });
    this.byLogin = throttle('ingreso.usuario', 3);
    // A counter's staff share one address: it tolerates more failures than one login does.
    this.byAddress = throttle('ingreso.ip', 10);
    this.byPair = throttle('ingreso.par', 3);
    this.knownPairs = new RecentKeys(db, 'ingreso.conocido', undefined, clock);
    this.sleep = options.sleep ?? ((ms) => signInTiming.sleep(ms));
  }

  /**
   * Runs `check` (the password's) once the attempt's wait has passed; throws `SignInRefused`
   * when its address is the one being slowed down. `check` must report its outcome.
   */
  async attempt<T>(
    login: string,
    address: string,
    check: (attempt: SignInAttempt) => Promise<T>,
  ): Promise<T> {
    const pair = `${login}\n${address}`;
    // One attempt at a time per login and address: a burst of parallel guesses from one place
    // meets the count of the ones before it.
    return this.byPair.oneAtATime(pair, async () => {
      const known = await this.knownPairs.has(pair);
      // The wait is read and the attempt counted in one step per login and per address, so
      // parallel attempts from many addresses each meet the ones before; the count is taken
      // back if the password is right.
      const wait = await this.byLogin.oneAtATime(login, () =>
        this.byAddress.oneAtATime(address, async () => {
          let ms: number;
          if (known) {
            ms = await this.byPair.retryAfter(pair);
          } else {
            const refused = await this.byAddress.retryAfter(address);
            if (refused > 0) throw new SignInRefused(refused);
            ms = await this.byLogin.retryAfter(login);
          }
          await this.byLogin.fail(login);
          await this.byAddress.fail(address);
          return ms;
        }),
      );
      // Answered after the wait, never refused: failures from elsewhere cost the owner at most
      // SIGN_IN_DELAY.maxMs, and later ones do not lengthen a wait already begun.
      if (wait > 0) await this.sleep(wait);
      // The login's count stays for strangers: its owner signing in must not hand them fresh
      // free attempts. Only this attempt's own count is taken back.
      const takeBack = async () => {
        await this.byLogin.forgive(login);
        await this.byAddress.forgive(address);
      };
      return check({
        failed: async () => {
          if (known) await this.byPair.fail(pair);
        },
        succeeded: async () => {
          await this.byPair.succeed(pair);
          await this.knownPairs.add(pair);
          await takeBack();
        },
        withheld: takeBack,
      });
    });
  }
}
