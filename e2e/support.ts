import { expect, type Locator, type Page } from '@playwright/test';

/** The password e2e/serve.mjs gives the seeded users admin, recepcion and groomer. */
export const PASSWORD = 'Admin123!';

export interface SignInOptions {
  /** Switch 'Recordarme' on: the credential goes to localStorage. */
  remember?: boolean;
}

/** Signs in through the Login screen and waits for the dashboard. */
export async function signIn(
  page: Page,
  login = 'admin',
  { remember = false }: SignInOptions = {},
) {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(login);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  if (remember) await page.getByLabel('Recordarme').check();
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

interface WebStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Turns the shell's dark mode on or off, as 'Ajustes de Interfaz' keeps it (the next load reads it). */
export async function setDarkMode(page: Page, dark: boolean) {
  await page.evaluate((darkMode) => {
    // Runs in the browser; the e2e tsconfig has no DOM library.
    const storage = (globalThis as unknown as { localStorage: WebStorage }).localStorage;
    const stored = JSON.parse(storage.getItem('shell-settings') ?? '{}') as object;
    storage.setItem('shell-settings', JSON.stringify({ ...stored, darkMode }));
  }, dark);
}

/** The stored credential ('Bearer …') in each storage. */
export async function storedCredential(page: Page) {
  return page.evaluate(() => {
    // The e2e tsconfig has no DOM library: this callback runs in the browser, not in Node.
    const browser = globalThis as unknown as {
      localStorage: WebStorage;
      sessionStorage: WebStorage;
    };
    return {
      local: browser.localStorage.getItem('user'),
      session: browser.sessionStorage.getItem('user'),
    };
  });
}

/** The sidenav, found by its accessible name. */
export function sidenav(page: Page) {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

/**
 * A form field by its whole label, whether or not it is marked required: the label is
 * 'Nombre' or 'Nombre *' (the asterisk is hidden from screen readers, not from getByLabel).
 */
export function field(scope: Page | Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}[\\s\\u2009*]*$`));
}
