export interface ThrottleOptions {
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
  /** Keys kept at most; beyond that the longest untouched ones are forgotten first. */
  maxKeys?: number;
  /** Milliseconds since the epoch; tests pass their own. */
  clock?: () => number;
}

/** Sets `key` as the newest entry of `map` and forgets the oldest ones beyond `maxKeys`. */
function touch<V>(map: Map<string, V>, key: string, value: V, maxKeys: number): void {
  // A Map iterates in insertion order: deleting first moves the key to the end.
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= maxKeys) break;
    map.delete(oldest);
  }
}

interface Failures {
  count: number;
  /** The first failure of the window. */
  since: number;
  last: number;
}

/**
 * Slows down guessing per key (a login, a client address, an e-mail): see `ThrottleOptions`.
 * Kept in memory: a restart forgets it, which only gives an attacker a few more tries.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();
  /** The last attempt under way for each key, which the next one waits for. */
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly options: Required<Omit<ThrottleOptions, 'delay'>> &
    Pick<ThrottleOptions, 'delay'>;

  constructor({ maxKeys = 10_000, clock = () => Date.now(), ...rest }: ThrottleOptions) {
    this.options = { maxKeys, clock, ...rest };
  }

  /** The live failures of a key; an entry whose window has passed is dropped. */
  private entry(key: string, now: number): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && entry.since + this.options.windowMs <= now) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Milliseconds to wait before another attempt with this key, or 0. */
  retryAfter(key: string): number {
    const { freeAttempts, windowMs, delay, clock } = this.options;
    const now = clock();
    const entry = this.entry(key, now);
    if (!entry || entry.count < freeAttempts) return 0;
    const windowEnd = entry.since + windowMs;
    if (!delay) return windowEnd - now;
    const extra = entry.count - freeAttempts;
    // 2 ** 30 already exceeds any sensible cap; it keeps the power finite.
    const wait = Math.min(delay.firstMs * 2 ** Math.min(extra, 30), delay.maxMs);
    // Never more than the wait itself, even if the clock was set back.
    return Math.min(wait, Math.max(0, Math.min(entry.last + wait, windowEnd) - now));
  }

  fail(key: string): void {
    const now = this.options.clock();
    const entry = this.entry(key, now);
    const next = entry
      ? { count: entry.count + 1, since: entry.since, last: now }
      : { count: 1, since: now, last: now };
    touch(this.failures, key, next, this.options.maxKeys);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  /** Takes back one failure: an attempt counted before it was known to succeed. */
  forgive(key: string): void {
    const entry = this.failures.get(key);
    if (entry && --entry.count <= 0) this.failures.delete(key);
  }

  /** Keys with failures on record (for tests and diagnostics). */
  get size(): number {
    return this.failures.size;
  }

  /** Runs `attempt` after the attempts with this key already under way have ended. */
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
 * Keys seen lately (such as a login and an address it signed in from), each forgotten after
 * `ttlMs`, the longest unseen first once there are `maxKeys`.
 */
export class RecentKeys {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = 30 * 24 * 3_600_000,
    private readonly maxKeys = 10_000,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  add(key: string): void {
    touch(this.seen, key, this.clock(), this.maxKeys);
  }

  has(key: string): boolean {
    const at = this.seen.get(key);
    if (at === undefined) return false;
    if (at + this.ttlMs > this.clock()) return true;
    this.seen.delete(key);
    return false;
  }
}
