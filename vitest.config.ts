import { defineConfig } from 'vitest/config';

/**
 * Test files that mock modules, stub globals, fake the clock or change the time zone each get a
 * fresh module registry; the rest share one per worker, so the app is imported once per worker
 * rather than once per file (that import cost as much as the tests themselves).
 */
const ISOLATED = [
  'server/src/features/agenda/reservations.test.ts',
  'server/src/features/accounts/auth.test.ts',
  'server/src/features/accounts/account.test.ts',
  'server/src/http/responses.test.ts',
  'web/src/features/agenda/calendar-time.test.ts',
  'web/src/lib/api.test.ts',
];
const ALL = ['domain/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['server/src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ALL,
          exclude: ISOLATED,
          isolate: false,
          // A worker's files share test/app.ts, which copies the next file's database ahead.
          provide: { copyAhead: true },
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
