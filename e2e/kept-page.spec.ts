import { expect, test } from './fixtures';
import { uniqueDni, uniqueWord } from './api';
import { field, signIn, storedCredential } from './support';

// The worker's page is kept from test to test (e2e/fixtures.ts): the second test must find it as a
// new page, and its `goto` must start the app again in the same document, not load it.
test.describe.configure({ mode: 'serial' });

test('a test leaves its sign-in, dark mode, an alert over a form, a route and a narrow window', async ({
  page,
}) => {
  await signIn(page, 'admin', { darkMode: true, to: '/clientes' });
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');
  await page.evaluate(() => {
    const browser = globalThis as unknown as { sameDocument: boolean };
    browser.sameDocument = true;
  });
  await page.getByRole('button', { name: 'Añadir Cliente' }).click();
  await page.getByLabel('DNI').fill(uniqueDni());
  await field(page, 'Nombre').fill('Rosa');
  await page.getByLabel('Apellido').fill(`Quispe ${uniqueWord()}`);
  await page.getByLabel('Teléfono principal').fill('987654321');
  await page.getByLabel('Email').fill(`rosa.${uniqueWord()}@gmail.com`);
  await page.getByLabel('Dirección').fill('Av. Los Próceres 123, Surco');
  // The save fails: its error dialog is still open over the form when the test ends.
  await page.route('**/api/**', (route) => route.abort());
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.locator('.swal2-popup')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
});

test('the next test finds the page as a new one, and its goto restarts the app in place', async ({
  page,
}) => {
  expect(page.viewportSize()).toEqual({ width: 1366, height: 800 });
  expect(await storedCredential(page)).toEqual({ local: null, session: null });
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  // Neither the form nor the alert over it hides the app from screen readers any longer.
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');

  const listed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/clientes/');
  await signIn(page, 'recepcion', { to: '/clientes' });
  // The list answers: the first test's route is gone.
  expect((await listed).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'light');
  await expect(page.getByRole('heading', { name: 'Lista de Clientes' })).toBeVisible();
  await page.getByRole('button', { name: 'Cuenta' }).click();
  await expect(page.getByTestId('session-user')).toContainText('recepcion');
  // No document was loaded since the first test's: the app started again in the same one.
  expect(
    await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
});
