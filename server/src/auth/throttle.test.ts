import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './throttle';

describe('LoginThrottle', () => {
  it('lets the free attempts through, then asks to wait until the window passes', () => {
    const throttle = new LoginThrottle(2, 1000);
    throttle.fail('a', 0);
    expect(throttle.retryAfter('a', 10)).toBe(0);
    throttle.fail('a', 10);
    expect(throttle.retryAfter('a', 100)).toBe(900);
    expect(throttle.retryAfter('b', 100)).toBe(0);
    expect(throttle.retryAfter('a', 1000)).toBe(0);
  });

  it('forgets a key after a success', () => {
    const throttle = new LoginThrottle(1, 1000);
    throttle.fail('a', 0);
    throttle.succeed('a');
    expect(throttle.retryAfter('a', 1)).toBe(0);
  });

  it('takes back one failure on forgive', () => {
    const throttle = new LoginThrottle(2, 1000);
    throttle.fail('a', 0);
    throttle.fail('a', 0);
    throttle.forgive('a');
    expect(throttle.retryAfter('a', 1)).toBe(0);
  });

  it('runs the attempts of one key one after the other, and other keys alongside', async () => {
    const throttle = new LoginThrottle();
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
