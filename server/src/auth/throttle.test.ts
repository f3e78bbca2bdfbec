import { afterAll, describe, expect, it } from 'vitest';
import { throttleEntries } from '../db/schema';
import { openTestDatabase } from '../test/app';
import {
  LoginThrottle,
  purgeThrottles,
  RecentKeys,
  SignInRefused,
  SignInThrottle,
  type SignInAttempt,
  type ThrottleOptions,
} from './throttle';

const database = await openTestDatabase();
afterAll(() => database.close());
const { db } = database;

let scopes = 0;
/** A throttle of its own scope, on a clock the test moves by hand. */
function throttleAt(options: Omit<ThrottleOptions, 'clock' | 'scope'>) {
  const time = { now: 0 };
  const scope = `prueba${++scopes}`;
  const throttle = new LoginThrottle(db, { ...options, scope, clock: () => time.now });
  return { throttle, time, scope };
}

const SIGN_IN = { freeAttempts: 3, windowMs: 15 * 60_000, delay: { firstMs: 1000, maxMs: 10_000 } };

describe('LoginThrottle with a delay', () => {
  it('lets the free failures through, then doubles the wait from the last failure', async () => {
    const { throttle, time } = throttleAt(SIGN_IN);
    for (let i = 0; i < 3; i++) {
      expect(await throttle.retryAfter('a')).toBe(0);
      await throttle.fail('a');
    }
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const wait = await throttle.retryAfter('a');
      waits.push(wait);
      time.now += wait;
      expect(await throttle.retryAfter('a')).toBe(0);
      await throttle.fail('a');
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000]);
    time.now += 2500;
    expect(await throttle.retryAfter('a')).toBe(7500);
    expect(await throttle.retryAfter('b')).toBe(0);
  });

  it('never asks for more than the cap, however many the failures', async () => {
    const { throttle, time } = throttleAt(SIGN_IN);
    for (let i = 0; i < 1000; i++) {
      await throttle.fail('a');
      time.now += 1;
    }
    expect(await throttle.retryAfter('a')).toBeLessThanOrEqual(10_000);
    expect(await throttle.retryAfter('a')).toBeGreaterThan(9000);
    // Not even when the clock is set back.
    time.now -= 60_000;
    expect(await throttle.retryAfter('a')).toBe(10_000);
  });

  it('forgets the failures once their window has passed', async () => {
    const { throttle, time } = throttleAt({ ...SIGN_IN, windowMs: 60_000 });
    await throttle.fail('a');
    time.now = 55_000;
    for (let i = 0; i < 9; i++) await throttle.fail('a');
    // 10 s after the last failure would be 65 s; the window ends at 60 s.
    time.now = 59_995;
    expect(await throttle.retryAfter('a')).toBe(5);
    time.now = 60_000;
    expect(await throttle.retryAfter('a')).toBe(0);
    await throttle.fail('a');
    expect(await throttle.retryAfter('a')).toBe(0);
  });

  it('forgets a key after a success and takes back one failure on forgive', async () => {
    const { throttle } = throttleAt(SIGN_IN);
    for (let i = 0; i < 5; i++) await throttle.fail('a');
    await throttle.succeed('a');
    expect(await throttle.retryAfter('a')).toBe(0);
    for (let i = 0; i < 3; i++) await throttle.fail('b');
    await throttle.forgive('b');
    expect(await throttle.retryAfter('b')).toBe(0);
  });

  it('shares the counts with every throttle of the scope (another process) and purges', async () => {
    const { throttle, time, scope } = throttleAt({ ...SIGN_IN, freeAttempts: 1 });
    const otherProcess = new LoginThrottle(db, {
      ...SIGN_IN,
      freeAttempts: 1,
      scope,
      clock: () => time.now,
    });
    await throttle.fail('a');
    await otherProcess.fail('a');
    // One free failure, then a second one from elsewhere: 2 s for both.
    expect(await throttle.retryAfter('a')).toBe(2000);
    expect(await otherProcess.retryAfter('a')).toBe(2000);
    await purgeThrottles(db, SIGN_IN.windowMs);
    const left = await db.select().from(throttleEntries);
    expect(left.filter((entry) => entry.clave.startsWith(`${scope}:`))).toEqual([]);
  });
});

describe('LoginThrottle without a delay (a hard limit)', () => {
  it('refuses a key that used its free attempts until its window ends', async () => {
    const { throttle, time } = throttleAt({ freeAttempts: 2, windowMs: 1000 });
    await throttle.fail('a');
    time.now = 10;
    expect(await throttle.retryAfter('a')).toBe(0);
    await throttle.fail('a');
    time.now = 100;
    expect(await throttle.retryAfter('a')).toBe(900);
    expect(await throttle.retryAfter('b')).toBe(0);
    time.now = 1000;
    expect(await throttle.retryAfter('a')).toBe(0);
  });
});

describe('LoginThrottle.oneAtATime', () => {
  it('runs the attempts of one key one after the other, and other keys alongside', async () => {
    const throttle = new LoginThrottle(db, { ...SIGN_IN, scope: 'turnos' });
    const order: string[] = [];
    const attempt = (name: string, ms: number) => () =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          order.push(name);
          resolve(name);
        }, ms),
      );
    const answers = await Promise.all([
      throttle.oneAtATime('a', attempt('a1', 30)),
      throttle.oneAtATime('a', attempt('a2', 1)),
      throttle.oneAtATime('b', attempt('b1', 10)),
    ]);
    expect(answers).toEqual(['a1', 'a2', 'b1']);
    expect(order).toEqual(['b1', 'a1', 'a2']);
  });
});

describe('RecentKeys', () => {
  it('remembers keys for a while after they were last seen', async () => {
    const time = { now: 0 };
    const keys = new RecentKeys(db, 'conocidos', 1000, () => time.now);
    await keys.add('a');
    time.now = 500;
    await keys.add('b');
    expect([await keys.has('a'), await keys.has('b'), await keys.has('c')]).toEqual([
      true,
      true,
      false,
    ]);
    time.now = 1000;
    expect(await keys.has('a')).toBe(false);
    expect(await keys.has('b')).toBe(true);
  });
});

describe('SignInThrottle', () => {
  /** A sign-in throttle on a clock that only its waits move; each wait is recorded. */
  function signInsAt() {
    const time = { now: 1_000_000 };
    const waits: number[] = [];
    const signIns = new SignInThrottle(db, {
      clock: () => time.now,
      sleep: (ms) => {
        waits.push(ms);
        time.now += ms;
        return Promise.resolve();
      },
    });
    return { signIns, time, waits };
  }
  const wrong = (attempt: SignInAttempt) => attempt.failed().then(() => 'fallo');
  const right = (attempt: SignInAttempt) => attempt.succeeded().then(() => 'dentro');

  it('keeps the wait of a login under attack from many addresses at 10 s, and lets the owner in', async () => {
    const { signIns, time, waits } = signInsAt();
    for (let i = 0; i < 200; i++) {
      expect(await signIns.attempt('victima', `10.0.${i >> 8}.${i & 255}`, wrong)).toBe('fallo');
      time.now += 100;
    }
    expect(Math.max(...waits)).toBeLessThanOrEqual(10_000);
    expect(waits.length).toBeGreaterThan(190);
    const before = time.now;
    expect(await signIns.attempt('victima', '192.168.1.20', right)).toBe('dentro');
    expect(time.now - before).toBeLessThanOrEqual(10_000);
  });

  it('refuses only the address that keeps failing, not the login', async () => {
    const { signIns } = signInsAt();
    for (let i = 0; i < 10; i++) await signIns.attempt(`cuenta${i}`, '10.9.9.9', wrong);
    await expect(signIns.attempt('otra', '10.9.9.9', right)).rejects.toBeInstanceOf(SignInRefused);
    expect(await signIns.attempt('cuenta1', '10.9.9.10', right)).toBe('dentro');
  });
});
