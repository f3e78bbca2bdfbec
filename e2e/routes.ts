import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * The screens of the route table (web/src/routes.tsx), read from its source so a spec that walks
 * every screen holds a new one to its checks as soon as the screen has a route.
 */

export interface RouteEntry {
  path: string;
  /** The route's name: the screen's h1. */
  name: string;
  /** One reaches it signed out (`access: 'guest' | 'public'`). */
  signedOut: boolean;
}

const ROUTE_TABLE = readFileSync(new URL('../web/src/routes.tsx', import.meta.url), 'utf8');

/** `route('/path', { name: '…', ..., access: … })`, in the table's order. */
export const ROUTES: readonly RouteEntry[] = [
  ...ROUTE_TABLE.matchAll(/route\(\s*'([^']+)',\s*\{([^}]*)\}/g),
].map(([, path, options]) => ({
  path,
  name: /name: '([^']+)'/.exec(options)?.[1] ?? '',
  signedOut: /access: '(guest|public)'/.test(options),
}));

export const SIGNED_IN_ROUTES = ROUTES.filter((entry) => !entry.signedOut);
export const SIGNED_OUT_PATHS = ROUTES.filter((entry) => entry.signedOut).map((e) => e.path);

/** The screen shows its data, not its loading state: its h1 is there and no spinner is left. */
export async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await expect(page.locator('.MuiCircularProgress-root')).toHaveCount(0, { timeout: 10_000 });
}

/** Goes to `path` inside the app, as a link would: no reload, the screen's route name as h1. */
export async function visit(page: Page, path: string, name: string) {
  await page.evaluate((to) => {
    // Runs in the browser; the e2e tsconfig has no DOM library. The router follows popstate.
    const win = globalThis as unknown as {
      history: { pushState(state: unknown, title: string, url: string): void };
      dispatchEvent(event: unknown): boolean;
      PopStateEvent: new (type: string) => unknown;
    };
    win.history.pushState({}, '', to);
    win.dispatchEvent(new win.PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('h1')).toHaveText(name);
  // The lazy screen loaded (the shell's bar under the top bar is its fallback).
  await expect(page.locator('main > .MuiLinearProgress-root')).toHaveCount(0);
  await settle(page);
}
