/**
 * Each Playwright worker talks to its own server and database (playwright.config.ts starts one
 * per worker), so a spec only shares its data with the specs that run before it in that worker.
 */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Two on this 2-core machine: a third worker only waits for a core. */
export const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export function serverPort(parallelIndex: number): number {
  return FIRST_PORT + parallelIndex;
}
