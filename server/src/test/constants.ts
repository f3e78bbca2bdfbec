export const TEST_PASSWORD = 'Admin123!';

/**
 * A Vitest run's databases on the PostgreSQL server are named after the process that runs its
 * global setup, `groomer_test_<pid>_`: its template, then a random suffix per test file. Two runs
 * on one server (a developer's beside CI's) leave each other's databases alone.
 */
export const TEST_DATABASE_PREFIX = 'groomer_test_';

export function runDatabasePrefix(runPid: number): string {
  return `${TEST_DATABASE_PREFIX}${runPid}_`;
}

/** The run's migrated, seeded template, which every test file's database copies. */
export function templateDatabase(runPrefix: string): string {
  return `${runPrefix}template`;
}
