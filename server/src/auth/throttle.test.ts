import { describe, expect, it } from 'vitest';
import { LoginThrottle, RecentKeys, type ThrottleOptions } from './throttle';

/** A throttle on a clock the test moves by hand. */
function throttleAt(options: Omit<ThrottleOptions, 'clock'>) {
  const time = { now: 0 };
  const throttle = new LoginThrottle({ ...options, clock: () => time.now });
  return { throttle, time };
}

const SIGN_IN = { freeAttempts: 3, windowMs: 15 * 60_000, delay: { firstMs: 1000, maxMs: 10_000 } };

describe('LoginThrottle with a delay', () => {
  it('lets the free failures through, then doubles the wait from the last failure', () => {
    const { throttle, time } = throttleAt(SIGN_IN);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter('a')).toBe(0);
      throttle.fail('a');
    }
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const wait = throttle.retryAfter('a');
      waits.push(wait);
      time.now += wait;
      expect(throttle.retryAfter('a')).toBe(0);
      throttle.fail('a');
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000]);
    time.now += 2500;
    expect(throttle.retryAfter('a')).toBe(7500);
    expect(throttle.retryAfter('b')).toBe(0);
  });

  it('never asks for more than the cap, however many the failures', () => {
    const { throttle, time } = throttleAt(SIGN_IN);
    for (let i = 0; i < 1000; i++) {
      throttle.fail('a');
      time.now += 1;
    }
    expect(throttle.retryAfter('a')).toBeLessThanOrEqual(10_000);
    expect(throttle.retryAfter('a')).toBeGreaterThan(9000);
    // Not even when the clock is set back.
    time.now -= 60_000;
    expect(throttle.retryAfter('a')).toBe(10_000);
  });

  it('forgets the failures once their window has passed', () => {
    const { throttle, time } = throttleAt({ ...SIGN_IN, windowMs: 60_000 });
    throttle.fail('a');
    time.now = 55_000;
    for (let i = 0; i < 9; i++) throttle.fail('a');
    // 10 s after the last failure would be 65 s; the window ends at 60 s.
    time.now = 59_995;
    expect(throttle.retryAfter('a')).toBe(5);
    time.now = 60_000;
    expect(throttle.retryAfter('a')).toBe(0);
    throttle.fail('a');
    expect(throttle.retryAfter('a')).toBe(0);
  });

  it('forgets a key after a success and takes back one failure on forgive', () => {
    const { throttle } = throttleAt(SIGN_IN);
    for (let i = 0; i < 5; i++) throttle.fail('a');
    throttle.succeed('a');
    expect(throttle.retryAfter('a')).toBe(0);
    for (let i = 0; i < 3; i++) throttle.fail('b');
    throttle.forgive('b');
    expect(throttle.retryAfter('b')).toBe(0);
  });

  it('forgets the longest untouched keys first when full, never all of them', () => {
    const { throttle } = throttleAt({ ...SIGN_IN, freeAttempts: 1, maxKeys: 3 });
    throttle.fail('a');
    throttle.fail('b');
    throttle.fail('c');
    throttle.fail('a'); // touched again: now the newest
    throttle.fail('d');
    expect(throttle.size).toBe(3);
    expect(throttle.retryAfter('b')).toBe(0);
    for (const kept of ['a', 'c', 'd']) expect(throttle.retryAfter(kept), kept).toBeGreaterThan(0);
  });
});

describe('LoginThrottle without a delay (a hard limit)', () => {
  it('refuses a key that used its free attempts until its window ends', () => {
    const { throttle, time } = throttleAt({ freeAttempts: 2, windowMs: 1000 });
    throttle.fail('a');
    time.now = 10;
    expect(throttle.retryAfter('a')).toBe(0);
    throttle.fail('a');
    time.now = 100;
    expect(throttle.retryAfter('a')).toBe(900);
    expect(throttle.retryAfter('b')).toBe(0);
    time.now = 1000;
    expect(throttle.retryAfter('a')).toBe(0);
  });
});

describe('LoginThrottle.oneAtATime', () => {
  it('runs the attempts of one key one after the other, and other keys alongside', async () => {
    const throttle = new LoginThrottle(SIGN_IN);
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
  it('remembers keys for a while, and drops the longest unseen first when full', () => {
    const time = { now: 0 };
    const keys = new RecentKeys(1000, 2, () => time.now);
    keys.add('a');
    keys.add('b');
    keys.add('a');
    keys.add('c');
    expect([keys.has('a'), keys.has('b'), keys.has('c')]).toEqual([true, false, true]);
    time.now = 1000;
    expect(keys.has('a')).toBe(false);
  });
});
