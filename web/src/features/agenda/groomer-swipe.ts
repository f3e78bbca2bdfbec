import { useRef, type TouchEvent } from 'react';

/** The shortest horizontal travel, in px, that counts as a swipe rather than a tap. */
export const SWIPE_MIN_PX = 60;

interface Point {
  x: number;
  y: number;
}

/**
 * Which way a touch from `start` to `end` swipes: 1 to the next groomer (the finger moves left,
 * as a page turns), -1 to the previous, 0 for a tap, a scroll or a diagonal drag.
 */
export function swipeStep(start: Point, end: Point): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Touch handlers that call `onStep` with ±1 when the finger swipes sideways. */
export function useSwipe(onStep: (step: -1 | 1) => void) {
  const start = useRef<Point | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      const touch = e.touches[0];
      // A second finger is a pinch, not a swipe.
      start.current = e.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const from = start.current;
      const touch = e.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const step = swipeStep(from, { x: touch.clientX, y: touch.clientY });
      if (step !== 0) onStep(step);
    },
  };
}
