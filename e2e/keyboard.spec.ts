import { expect, test, type Locator, type Page } from './fixtures';
import { registerClient, staffApi, uniqueWord } from './api';
import { signIn, submitSearch } from './support';

/** The focused element's accessible text (its label, else its text), read in the browser. */
async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // Runs in the browser; the e2e tsconfig has no DOM library.
    type Focused = { getAttribute(name: string): string | null; textContent: string | null };
    const doc = (globalThis as unknown as { document: { activeElement: Focused | null } }).document;
    const el = doc.activeElement;
    return el?.getAttribute('aria-label') || (el?.textContent?.trim() ?? '');
  });
}

/** Presses `key` until the focus is on what `name` matches (at most 60 presses). */
async function pressUntil(page: Page, key: string, name: RegExp) {
  for (let i = 0; i < 60 && !name.test(await focusedText(page)); i++)
    await page.keyboard.press(key);
  expect(await focusedText(page)).toMatch(name);
}

/** Presses Tab until `target` has the focus (at most 60 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60 && !(await target.evaluate((el) => el.matches(':focus'))); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** A receptionist without a mouse: every step below is a key press. */
test('a client is found, edited and suspended with the keyboard alone', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  await registerClient(await staffApi(page), 'Elena', `Huamán ${word}`);
  await page.goto('/clientes');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(page.getByRole('row', { name: new RegExp(word.toUpperCase()) })).toBeVisible();

  // The first stop skips the sidenav's links and lands on the screen.
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Search: tab to the field, type, Enter submits the filters.
  const search = page.getByLabel('Buscar cliente (nombre, apellido o DNI)');
  await tabTo(page, search);
  await page.keyboard.type(word.toLowerCase());
  await submitSearch(page, word, () => page.keyboard.press('Enter'));
  await expect(page).toHaveURL(new RegExp(`search=${word.toLowerCase()}`));

  // The row's menu: reached by Tab, opened with Enter, walked with the arrows.
  const menuButton = page.getByRole('button', { name: /Acciones de ELENA/ });
  await pressUntil(page, 'Tab', /^Acciones de ELENA/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Editar Cliente' });
  await expect(dialog).toBeVisible();

  // In the form: focus stays inside; an emptied field is reported and focused on submit.
  const phone = dialog.getByLabel('Teléfono principal');
  await tabTo(page, phone);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await pressUntil(page, 'Tab', /^Guardar Cambios$/);
  await page.keyboard.press('Enter');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/.+/);
  await page.keyboard.type('912345678');
  await page.keyboard.press('Enter');
  await expect(page.getByText('¡Cliente actualizado exitosamente!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A confirmation: Escape cancels and gives the focus back to the row's menu button.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await pressUntil(page, 'ArrowDown', /^Suspender$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('¿Está seguro de suspender este cliente?')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('¿Está seguro de suspender este cliente?')).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Confirmed from the keyboard, it is done.
  await page.keyboard.press('Enter');
  await pressUntil(page, 'ArrowDown', /^Suspender$/);
  await page.keyboard.press('Enter');
  // The safe answer has the focus; the other is one Tab away.
  await expect(page.getByRole('button', { name: '¡No, cancelar!' })).toBeFocused();
  await pressUntil(page, 'Tab', /^¡Sí, proceder!$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Estado de Cliente actualizado correctamente')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(word.toUpperCase()) })).toContainText(
    'SUSPENDIDO',
  );
});
