import type { Page } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';

/** WCAG 2.2 AA and axe's best practices: what every screen is held to (issue 19). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeInPage {
  axe?: { run(options: RunOptions): Promise<AxeResults> };
  /** The page's document, typed here: the e2e tsconfig has no DOM library. */
  document: { getAnimations(): RunningAnimation[] };
}

interface RunningAnimation {
  effect: { getComputedTiming(): { endTime?: number | string } } | null;
  finished: Promise<unknown>;
}

/**
 * axe's serious and critical findings on the page as `rule: element`, checked against all of
 * WCAG_TAGS or only `rules`. axe is injected once per document and run in it directly: the
 * Playwright wrapper injects it again on every call and finishes each run in a new page, which
 * cost five times as long across the accessibility sweep. The app has no frames to follow.
 */
export async function axeFindings(page: Page, rules?: string[]): Promise<string[]> {
  const present = await page.evaluate(() => (globalThis as unknown as AxeInPage).axe !== undefined);
  if (!present) await page.evaluate(axe.source);
  const options: RunOptions = {
    resultTypes: ['violations'],
    runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_TAGS },
  };
  const { violations } = await page.evaluate(async (runOptions) => {
    // A colour changed in the last frame (a button enabled as a preview answers) still reads its
    // old value while its transition, 0.01 ms under reduced motion, waits for the next frame:
    // axe would measure the disabled grey of an enabled button. So axe runs on a page at rest,
    // and again when styles changed while it ran (the theme's styles applied anew: every
    // element's colour in transition at once).
    const inPage = globalThis as unknown as AxeInPage;
    const running = () =>
      inPage.document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    for (let attempt = 1; ; attempt++) {
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
      const results = await inPage.axe!.run(runOptions);
      if (running().length === 0 || attempt === 3) return results;
    }
  }, options);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.any[0]?.message ?? ''}`.trim()),
    );
}
