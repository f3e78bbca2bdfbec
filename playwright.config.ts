import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WORKERS } from './e2e/servers';

/**
 * Debian's old headless shell when installed: the same engine without the browser's window
 * machinery, a page load in 40% less time than the full Chromium in its headless mode.
 */
function chromium(): string {
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}

/**
 * Browser tests run against the built app served by the real server, one server on its own
 * fresh data directory (or database) per worker: e2e/fixtures.ts points each worker at its own.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  // The line reporter ends with the tests that needed their retry, listed as flaky.
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    viewport: { width: 1366, height: 800 },
    contextOptions: { reducedMotion: 'reduce' },
    // Recording every test costs a third of the run; a failure is retried with a trace.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  // One server per worker, all started at once (e2e/global-setup.ts).
  globalSetup: fileURLToPath(new URL('./e2e/global-setup.ts', import.meta.url)),
});
