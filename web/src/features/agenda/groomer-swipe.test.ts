import { describe, expect, it } from 'vitest';
import { swipeStep } from './groomer-swipe';

describe('swipeStep', () => {
  it('turns to the next groomer when the finger moves left', () => {
    expect(swipeStep({ x: 300, y: 200 }, { x: 120, y: 220 })).toBe(1);
  });

  it('turns back when the finger moves right', () => {
    expect(swipeStep({ x: 80, y: 200 }, { x: 260, y: 190 })).toBe(-1);
  });

  it('takes a tap, a scroll or a diagonal drag for no swipe', () => {
    expect(swipeStep({ x: 100, y: 100 }, { x: 110, y: 102 })).toBe(0);
    expect(swipeStep({ x: 100, y: 100 }, { x: 120, y: 400 })).toBe(0);
    expect(swipeStep({ x: 300, y: 100 }, { x: 200, y: 160 })).toBe(0);
  });
});
