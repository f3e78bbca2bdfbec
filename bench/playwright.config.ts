import { defineConfig } from '@playwright/test';
import browserTests from '../playwright.config';

/** The browser benchmarks: the browser tests' setup, one worker and its server, no retries. */
export default defineConfig({
  ...browserTests,
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 0,
  reporter: 'list',
});
