import { expect, test } from './fixtures';
import { limaDay, staffApi } from './api';
import { dateField, expectDate, fillDate, search, signIn, submitSearch } from './support';
import { arrangeVisit, book, weekdayAhead } from './visits';

/*
 * Issue 30 §8: dates read dd/mm/aaaa and times 24 h in every browser whatever its language (MUI X
 * pickers with dayjs 'es', not the browser's own inputs, which follow its language); §11: at
 * 820 px the list filters' date fields are whole.
 */

test.describe('in an English browser far from Lima', () => {
  // A US browser would show mm/dd/yyyy and 2:30 PM in native inputs; Tokyo is 14 hours ahead.
  test.use({ locale: 'en-US', timezoneId: 'Asia/Tokyo' });

  test('dates read dd/mm/aaaa and times 24 h, and go to the API as before', async ({ page }) => {
    await signIn(page, 'admin', { to: null });
    const api = await staffApi(page);
    const visit = await arrangeVisit(api);
    const day = weekdayAhead(12);
    await book(api, visit, `${day}T14:30`, null);

    // A stored cita at 14:30 Lima: its edit form shows the day first and the time in 24 h.
    await page.goto('/citas');
    await search(page, 'Cliente (nombre, apellido o DNI)', visit.client.dni);
    await page.getByRole('button', { name: /Acciones de/ }).click();
    await page.getByRole('menuitem', { name: 'Editar', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Cita' });
    const when = dateField(edit, 'Fecha y hora de la cita');
    await expectDate(when, `${day}T14:30`);
    const [year, month, date] = day.split('-');
    await expect(when.getByRole('spinbutton')).toHaveText([date, month, year, '14', '30']);
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    // An empty one reads DD/MM/AAAA; what is typed is read day first.
    await page.getByRole('button', { name: 'Añadir Cita' }).click();
    const form = page.getByRole('main');
    const empty = dateField(form, 'Fecha y hora de la cita');
    await expect(empty.getByRole('spinbutton')).toHaveText(['DD', 'MM', 'AAAA', 'hh', 'mm']);
    await fillDate(empty, '2027-01-05T16:45');
    await expect(empty.getByRole('spinbutton', { name: 'Día' })).toHaveText('05');

    // A time alone, 24 h: no AM/PM part.
    await page.goto('/lista-espera');
    await page.getByRole('button', { name: 'Añadir a la lista' }).click();
    const from = dateField(page, 'Desde (hora)');
    await fillDate(from, '14:30');
    await expect(from.getByRole('spinbutton')).toHaveCount(2);

    // A list's date filter: typed as dd/mm/aaaa, searched as the API's YYYY-MM-DD.
    await page.goto('/clientes');
    const first = dateField(page, 'Fecha inicial');
    await fillDate(first, '2026-11-25');
    await submitSearch(page, '2026-11-25', () => page.keyboard.press('Enter'));
    await expect(page).toHaveURL(/ficial=2026-11-25/);

    // Half typed: the field says so and nothing is searched.
    await fillDate(first, '');
    await page.keyboard.type('25');
    const searched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/cliente')) searched.push(request.url());
    });
    await page.keyboard.press('Enter');
    await expect(page.getByText('Fecha incompleta o inválida (dd/mm/aaaa)')).toBeVisible();
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/ficial=2026-11-25/);
    expect(searched).toEqual([]);
  });

  test('a day chosen on the calendar is the day sent, whatever the browser zone', async ({
    page,
  }) => {
    await signIn(page, 'admin', { to: null });
    // The 15th of a past month, then the 14th chosen on its calendar.
    const month = limaDay(-40).slice(0, 8);
    await page.goto(`/caja?fecha=${month}15`);
    const field = dateField(page, 'Fecha');
    await expectDate(field, `${month}15`);
    await field.getByRole('button', { name: /Elige fecha/ }).click();
    await page.getByRole('dialog').getByRole('gridcell', { name: '14', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`fecha=${month}14`));
    await expectDate(field, `${month}14`);
  });
});

test('at 820 px the date filters are whole, inside the page', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 900 });
  await signIn(page, 'admin', { to: null });
  for (const path of ['/clientes', '/citas', '/ventas', '/auditoria', '/reportes/ventas']) {
    await page.goto(path);
    const filters = page.getByRole('search');
    const dates = filters.getByRole('group');
    await expect(dates.first()).toBeVisible();
    // Measured until the layout settles: a first measure can come while the screen still places
    // its filters (once on /reportes/ventas, the year past the calendar button).
    await expect(async () => {
      for (const date of await dates.all()) {
        const box = await date.boundingBox();
        expect(box, path).not.toBeNull();
        expect(box!.x, path).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, path).toBeLessThanOrEqual(820);
        // 'dd/mm/aaaa' whole, before the calendar button, which is inside the field.
        const year = await date.getByRole('spinbutton').last().boundingBox();
        const button = await date.getByRole('button', { name: /Elige fecha/ }).boundingBox();
        expect(year!.x + year!.width, path).toBeLessThanOrEqual(button!.x);
        expect(button!.x + button!.width, path).toBeLessThanOrEqual(box!.x + box!.width);
      }
    }).toPass({ timeout: 7_000 });
  }
});
