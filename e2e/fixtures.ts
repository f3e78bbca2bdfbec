import { test as base } from '@playwright/test';
import { serverPort } from './servers';

export * from '@playwright/test';

/** Playwright's `test` with the page and its requests aimed at this worker's own server. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter, which must be a pattern: this one has none.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${serverPort(testInfo.parallelIndex)}`);
  },
});
