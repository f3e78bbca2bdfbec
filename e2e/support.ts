import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';

/** The password e2e/serve.mjs gives the seeded users admin, recepcion and groomer. */
export const PASSWORD = 'Admin123!';

export interface SignInOptions {
  /** Keep the credential as 'Recordarme' does, in localStorage. */
  remember?: boolean;
  /** The screen to open signed in; `null` opens none: the test's next `page.goto` is signed in. */
  to?: string | null;
  /**
   * The shell's dark mode as 'Ajustes de Interfaz' keeps it, set before the first load: no load
   * just to reach the storage, then another to read it (a page load is most of a test's cost).
   */
  darkMode?: boolean;
}

/**
 * The credential each page was signed in with in this test, for the API calls made as its user:
 * a worker keeps its page from test to test (e2e/fixtures.ts), not its sign-in.
 */
const credentials = new WeakMap<Page, { credential: string; testId: string }>();

/** Sign-ins so far in this worker: each page's init scripts apply the newest of its own. */
let signIns = 0;

/**
 * Signs in through the API and stores the credential where the Login screen would, then opens
 * `to` (the Dashboard unless told): a second or two less than typing into the form, which
 * signInThroughForm does where the Login screen is what a test is about.
 */
export async function signIn(
  page: Page,
  login = 'admin',
  { remember = false, to = '/dashboard', darkMode }: SignInOptions = {},
) {
  const res = await page.request.post('/api/login', {
    data: { json: JSON.stringify({ login, password: PASSWORD }) },
  });
  expect(res.status(), `sign-in as ${login}: ${await res.text()}`).toBe(200);
  const credential = ((await res.json()) as { data: string }).data;
  credentials.set(page, { credential, testId: test.info().testId });
  signIns += 1;
  await page.addInitScript(
    ({ credential, remember, turn, darkMode }) => {
      // Runs in the browser before the app, on every load of this page: only the first load
      // after this sign-in stores its credential, so a sign-out or a later sign-in sticks. The
      // e2e tsconfig has no DOM library, hence the storage's type is named here.
      const browser = globalThis as unknown as {
        localStorage: WebStorage;
        sessionStorage: WebStorage;
      };
      if (Number(browser.sessionStorage.getItem('e2e-sign-in') ?? 0) >= turn) return;
      browser.sessionStorage.setItem('e2e-sign-in', String(turn));
      (remember ? browser.sessionStorage : browser.localStorage).removeItem('user');
      (remember ? browser.localStorage : browser.sessionStorage).setItem('user', credential);
      if (darkMode !== undefined) {
        const settings = JSON.parse(
          browser.localStorage.getItem('shell-settings') ?? '{}',
        ) as object;
        browser.localStorage.setItem('shell-settings', JSON.stringify({ ...settings, darkMode }));
      }
    },
    { credential, remember, turn: signIns, darkMode },
  );
  if (to === null) return;
  await page.goto(to);
  // Still there: not sent back to Login nor to another screen.
  const path = new URL(to, 'http://localhost').pathname;
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** Signs in by typing into the Login screen, as a person does, and waits for the Dashboard. */
export async function signInThroughForm(
  page: Page,
  login = 'admin',
  { remember = false }: Pick<SignInOptions, 'remember'> = {},
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
  removeItem(key: string): void;
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

/** The credential ('Bearer …') the page is signed in with: signIn's, else the one it stored. */
export async function authorizationOf(page: Page): Promise<string> {
  const signedIn = credentials.get(page);
  if (signedIn?.testId === test.info().testId) return signedIn.credential;
  const { session, local } = await storedCredential(page);
  return session ?? local ?? '';
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
  return scope.getByLabel(wholeLabel(label));
}

/** `label` whole, with or without the required field's asterisk. */
function wholeLabel(label: string): RegExp {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}[\\s\\u2009*]*$`);
}

/**
 * A date, time or date-and-time field (MUI X's pickers, issue 30 §8) by its whole label: the
 * group of its sections (dd, mm, aaaa, hh, mm). getByLabel would find two elements there, the
 * group and its hidden input.
 */
export function dateField(scope: Page | Locator, label: string) {
  return scope.getByRole('group', { name: wholeLabel(label) });
}

/**
 * What a date field shows for the API's value, whatever the browser's language: '2026-11-25' is
 * '25/11/2026', '2026-11-25T14:30' is '25/11/2026 14:30', '14:30' stays '14:30'.
 */
export function pickerText(value: string): string {
  const match = /^(?:(\d{4})-(\d{2})-(\d{2}))?T?(\d{2}:\d{2})?$/.exec(value);
  if (!match) throw new Error(`pickerText: not a date or time: ${value}`);
  const [, year, month, day, time] = match;
  const date = year ? `${day}/${month}/${year}` : '';
  return [date, time].filter(Boolean).join(' ');
}

/**
 * Types `value` ('YYYY-MM-DD', 'HH:mm' or 'YYYY-MM-DDTHH:mm') into a date field from `dateField`
 * as a person does: its digits in the field's order (dd mm aaaa hh mm); '' empties the field.
 */
export async function fillDate(dateInput: Locator, value: string) {
  const keyboard = dateInput.page().keyboard;
  await dateInput.getByRole('spinbutton').first().click();
  // Every section selected, then emptied; the digits typed next start from the first section.
  await keyboard.press('ControlOrMeta+a');
  await keyboard.press('Backspace');
  await expectDate(dateInput, '');
  if (value === '') return;
  await keyboard.type(pickerText(value).replace(/\D/g, ''));
  await expectDate(dateInput, value);
}

/** The date field shows `value` (as fillDate takes it; '' for an empty field). */
export async function expectDate(dateInput: Locator, value: string) {
  // The sections' text sits in the field's hidden input, 'dd/mm/aaaa' (or '' when empty).
  await expect(dateInput.locator('input')).toHaveValue(value === '' ? '' : pickerText(value));
}

/**
 * Submits a list's filters with `submit` and waits for the list's answer to the search for
 * `text`: a row found (or its menu opened) before the answer arrives can vanish under it.
 */
export async function submitSearch(page: Page, text: string, submit: () => Promise<void>) {
  const wanted = text.toLowerCase();
  const answered = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return (
      res.request().method() === 'GET' &&
      url.pathname.startsWith('/api/') &&
      [...url.searchParams.values()].some((value) => value.toLowerCase() === wanted)
    );
  });
  await submit();
  await answered;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Types `text` into the list's search field `label`, presses Buscar and waits for the list. */
export async function search(page: Page, label: string, text: string) {
  await field(page, label).fill(text);
  await submitSearch(page, text, () => page.getByRole('button', { name: 'Buscar' }).click());
}

/**
 * Clicks `button`, which fetches a signed consent's PDF from a `url` address with the credential
 * and hands it to the browser: the answer and the file saved are both that PDF.
 */
export async function expectConsentPdf(page: Page, button: Locator, url: RegExp) {
  const answered = page.waitForResponse((res) => url.test(res.url()));
  const saved = page.waitForEvent('download');
  await button.click();
  const pdf = await answered;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^consentimiento-\d+\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
}
