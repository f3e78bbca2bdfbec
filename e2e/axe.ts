import type { Page } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';

/** WCAG 2.2 AA and axe's best practices: what every screen is held to (issue 19). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeInPage {
  axe?: { run(options: RunOptions): Promise<AxeResults> };
}

/**
 * axe's serious and critical findings on the page as `rule: element`, checked against all of
 * WCAG_TAGS or only `rules`. axe is injected once per document and run in it directly: the
 * Playwright wrapper injects it again on every call and finishes each run in a new page, which
 * cost five times as long across the accessibility sweep. The app has no frames to follow.
 */
export async function axeFindings(page: Page, rules?: string[]): Promise<string[]> {
  const present = await page.evaluate(() => (globalThis as AxeInPage).axe !== undefined);
  if (!present) await page.evaluate(axe.source);
  const options: RunOptions = {
    resultTypes: ['violations'],
    runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_TAGS },
  };
  const { violations } = await page.evaluate(
    (runOptions) => (globalThis as AxeInPage).axe!.run(runOptions),
    options,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.any[0]?.message ?? ''}`.trim()),
    );
}
