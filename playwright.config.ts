import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { serverPort, WORKERS } from './e2e/servers';

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
  webServer: Array.from({ length: WORKERS }, (_, index) => {
    const port = serverPort(index);
    return {
      command: 'node e2e/serve.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // SIGTERM first, so e2e/serve.mjs stops the server and drops its database.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      env: { PORT: String(port), SESSION_IDLE_MINUTES: '30' },
    };
  }),
});
