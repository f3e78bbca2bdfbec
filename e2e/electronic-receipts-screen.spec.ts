import { expect, test } from './fixtures';
import { limaDay, staffApi } from './api';
import { axeFindings } from './axe';
import { COMPANY_RUC, ensureCompany, withSunatBeta } from './billing';
import { search, sidenav, signIn, submitSearch } from './support';
import { arrangeVisit, book } from './visits';

/*
 * CAJA › 'Comprobantes electrónicos' (DESIGN §11.2): an admin finds a boleta just issued among the
 * electronic documents, filtered by type, reads its state and SUNAT's answer, and opens its
 * history of attempts. The boleta is charged through the API with modo sunat_beta; the settings
 * go back to desactivado afterwards, for the specs after this one on the same database. Whatever
 * the sender has made of it meanwhile (pendiente, aceptado...), the screen shows it.
 */

test('an admin follows a boleta on Comprobantes electrónicos and opens its history', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  await ensureCompany(page, api);
  let comprobante = '';
  await withSunatBeta(page, async () => {
    const sale = await api.create<{ comprobante: string; cpe_estado: string | null }>(
      '/venta/register',
      {
        tipo_comp: 'B',
        items: [{ tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '25.00' }],
        pagos: [{ metodo: 'efectivo', monto: '25.00' }],
      },
    );
    expect(sale.cpe_estado).toBe('pendiente');
    comprobante = sale.comprobante;
  });

  await page.goto('/dashboard');
  await sidenav(page).getByRole('link', { name: 'Comprobantes electrónicos' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comprobantes electrónicos');

  // Only the boletas: the one just issued is there, with its state in words and SUNAT's answer.
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Boleta', exact: true }).click();
  await submitSearch(page, '03', () => page.getByRole('button', { name: 'Buscar' }).click());
  const row = page.getByRole('row').filter({ hasText: comprobante });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Boleta');
  await expect(row).toContainText(/PENDIENTE|ACEPTADO|OBSERVADO|RECHAZADO|ERROR/);
  await expect(page.getByRole('row').filter({ hasText: /BC01-|F001-/ })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  await row.getByRole('button', { name: `Historial de ${comprobante}` }).click();
  const history = page.getByRole('dialog', { name: `Historial de envíos de ${comprobante}` });
  await expect(history).toBeVisible();
  await expect(history.getByLabel('Cargando historial')).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);
  await history.getByRole('button', { name: 'Cerrar' }).click();
  await expect(history).toBeHidden();
  await expect(row.getByRole('button', { name: `Historial de ${comprobante}` })).toBeFocused();
});

test('a cita charged at the counter reaches SUNAT: pendiente, then aceptado with its CDR, and so does its void’s nota de crédito', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  await ensureCompany(page, api);
  const visit = await arrangeVisit(api);
  await book(api, visit, `${limaDay(1)}T10:00`, null);

  await withSunatBeta(page, async () => {
    await page.goto('/citas');
    await search(page, 'Mascota', visit.pet);
    await page
      .getByRole('row', { name: new RegExp(visit.pet.toUpperCase()) })
      .getByRole('button', { name: /Acciones de/ })
      .click();
    await page.getByRole('menuitem', { name: 'Cobrar', exact: true }).click();
    const checkout = page.getByRole('dialog', { name: 'Cobrar' });
    await checkout.getByRole('radio', { name: 'Boleta' }).check();
    await checkout.getByRole('button', { name: 'Agregar pago' }).click();
    await checkout.getByRole('button', { name: 'Cobrar S/. 45.00' }).click();

    // Issued and printed at once, before SUNAT has answered.
    const dialog = page.getByRole('dialog', { name: 'Comprobante' });
    const receipt = dialog.getByRole('article', {
      name: /^BOLETA DE VENTA ELECTRÓNICA B001-\d{8}$/,
    });
    await expect(receipt).toBeVisible();
    await expect(dialog).toContainText('Pendiente de envío a SUNAT');
    const printed = (await receipt.getAttribute('aria-label')) ?? '';
    const comprobante = printed.replace('BOLETA DE VENTA ELECTRÓNICA ', '');

    await dialog.getByRole('button', { name: 'Anular' }).click();
    const voiding = page.getByRole('dialog', { name: 'Anular venta' });
    await voiding.getByLabel('Motivo').fill('El cliente pidió factura');
    await voiding.getByRole('button', { name: 'Anular venta' }).click();
    await expect(receipt).toContainText(/Nota de crédito BC01-\d{8}/);
    const note = /BC01-\d{8}/.exec((await receipt.textContent()) ?? '')?.[0] ?? '';
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

    // The sender, woken by the sale and the void, has had both accepted by the fake SUNAT.
    await page.goto('/comprobantes-electronicos');
    for (const number of [comprobante, note]) {
      await expect(page.getByRole('row').filter({ hasText: number })).toContainText('ACEPTADO', {
        timeout: 20_000,
      });
    }
    const row = page.getByRole('row').filter({ hasText: comprobante });
    await row.getByRole('button', { name: `Descargas de ${comprobante}` }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Descargar CDR' }).click();
    expect((await downloading).suggestedFilename()).toBe(
      `R-${COMPANY_RUC}-03-B001-${Number(comprobante.slice(5))}.zip`,
    );
  });
});
