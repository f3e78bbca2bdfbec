import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import browserTests from '../playwright.config';

/** The repository's root: a web server's command runs in its config's folder unless told. */
const root = fileURLToPath(new URL('..', import.meta.url));

/** The browser benchmarks: the browser tests' setup, one worker and its server, no retries. */
export default defineConfig({
  ...browserTests,
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 0,
  reporter: 'list',
  webServer: [browserTests.webServer ?? []]
    .flat()
    .slice(0, 1)
    .map((server) => ({ ...server, cwd: root })),
});
