import { expect, test, type Page } from './fixtures';
import { sidenav, signIn } from './support';

/** The document's language and direction: its attributes and the direction it lays out in. */
const documentDirection = (page: Page) =>
  page.evaluate(() => {
    // The e2e tsconfig has no DOM library: this callback runs in the browser, not in Node.
    const browser = globalThis as unknown as {
      document: { documentElement: { getAttribute(name: string): string | null } };
      getComputedStyle(element: unknown): { direction: string };
    };
    const root = browser.document.documentElement;
    return {
      lang: root.getAttribute('lang'),
      dir: root.getAttribute('dir'),
      direction: browser.getComputedStyle(root).direction,
    };
  });

test('the Arabic page turns the document right to left while shown, and the sidenav leaves it Spanish again', async ({
  page,
}) => {
  await signIn(page);
  const spanish = await documentDirection(page);
  expect(spanish.lang).toBe('es');
  expect(spanish.dir ?? 'ltr').toBe('ltr');
  expect(spanish.direction).toBe('ltr');

  await page.goto('/rtl-page');
  await expect(page.getByRole('table', { name: 'المشاريع' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(async () => (await documentDirection(page)).direction).toBe('rtl');

  await sidenav(page).getByRole('link', { name: 'Clientes' }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByRole('button', { name: 'Añadir Cliente' })).toBeVisible();
  await expect.poll(() => documentDirection(page)).toEqual(spanish);

  // Back to it and away again through another entry: the same round trip, every time.
  await page.goBack();
  await expect(page.getByRole('table', { name: 'المشاريع' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await sidenav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect.poll(() => documentDirection(page)).toEqual(spanish);
});
