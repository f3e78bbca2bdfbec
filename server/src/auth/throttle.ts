/**
 * Slows down guessing: after `freeAttempts` failures for one key (a login, an address) within
 * `windowMs`, further attempts are refused until the window passes. Kept in memory: a
 * restart forgets it, which only gives an attacker a few more tries.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();
  /** The last attempt under way for each key, which the next one waits for. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly freeAttempts = 5,
    private readonly windowMs = 5 * 60_000,
    private readonly maxKeys = 10_000,
  ) {}

  /** Milliseconds to wait before another attempt with this key, or 0. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    const left = entry.since + this.windowMs - now;
    if (left <= 0) this.failures.delete(key);
    return left > 0 && entry.count >= this.freeAttempts ? left : 0;
  }

  fail(key: string, now = Date.now()): void {
    if (this.failures.size > this.maxKeys) this.failures.clear();
    const entry = this.failures.get(key);
    if (entry && entry.since + this.windowMs > now) entry.count += 1;
    else this.failures.set(key, { count: 1, since: now });
  }

  succeed(key: string): void {
    this.failures.delete(key);
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

  /** Takes back one failure: an attempt counted before it was known to succeed. */
  forgive(key: string): void {
    const entry = this.failures.get(key);
    if (entry && --entry.count <= 0) this.failures.delete(key);
  }
}
