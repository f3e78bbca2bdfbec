import { expect, test } from './fixtures';
import { staffApi } from './api';
import { axeFindings } from './axe';
import { ensureCompany, withSunatBeta } from './billing';
import { field, signIn } from './support';

/*
 * Electronic receipts at the counter (DESIGN §11.1): with modo sunat_beta and the salon's
 * certificate, a boleta charged through the quick sale prints as 'BOLETA DE VENTA ELECTRÓNICA'
 * with its hash and QR and downloads as XML; voiding it issues a nota de crédito with a print of
 * its own. The settings go back to desactivado afterwards: the specs after this one on the same
 * database print their receipts without ELECTRÓNICA.
 */

test('a boleta charged with modo sunat_beta is electronic; its void issues a nota de crédito', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { to: null });
  await ensureCompany(page, await staffApi(page));
  await withSunatBeta(page, async () => {
    await page.goto('/ventas');
    await page.getByRole('button', { name: 'Venta rápida' }).click();
    const checkout = page.getByRole('dialog', { name: 'Venta rápida' });
    await field(checkout, 'Descripción del ítem 1').fill('Corte de uñas');
    await field(checkout, 'Precio unitario del ítem 1').fill('25');
    await checkout.getByRole('radio', { name: 'Boleta' }).check();
    await checkout.getByRole('button', { name: 'Agregar pago' }).click();
    await checkout.getByRole('button', { name: 'Cobrar S/. 25.00' }).click();

    const dialog = page.getByRole('dialog', { name: 'Comprobante' });
    const receipt = dialog.getByRole('article', {
      name: /^BOLETA DE VENTA ELECTRÓNICA B001-\d{8}$/,
    });
    await expect(receipt).toContainText('Representación impresa de la BOLETA DE VENTA ELECTRÓNICA');
    await expect(receipt).toContainText(/Código hash: [A-Za-z0-9+/]+=/);
    const qr = receipt.getByRole('img', { name: /^Código QR de la BOLETA DE VENTA ELECTRÓNICA/ });
    await expect(qr).toBeVisible();
    // Drawn, not a broken image: the specs type no DOM, the element is the <img>.
    const drawnWidth = await qr.evaluate(
      (img) => (img as unknown as { naturalWidth: number }).naturalWidth,
    );
    expect(drawnWidth).toBeGreaterThan(0);
    expect(await axeFindings(page)).toEqual([]);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descargar XML' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^\d{11}-03-B001-\d+\.xml$/);

    await dialog.getByRole('button', { name: 'Anular' }).click();
    const voiding = page.getByRole('dialog', { name: 'Anular venta' });
    await field(voiding, 'Motivo').fill('El cliente pidió factura');
    await voiding.getByRole('button', { name: 'Anular venta' }).click();
    await expect(page.getByText('Venta anulada correctamente')).toBeVisible();
    await expect(receipt).toContainText('ANULADA');
    await expect(receipt).toContainText(/Nota de crédito BC01-\d{8}/);

    await dialog.getByRole('tab', { name: /^Nota de crédito BC01-\d{8}$/ }).click();
    const note = dialog.getByRole('article', { name: /^NOTA DE CRÉDITO ELECTRÓNICA BC01-\d{8}$/ });
    await expect(note).toContainText(
      /Documento que modifica: BOLETA DE VENTA ELECTRÓNICA B001-\d{8}/,
    );
    await expect(note).toContainText('Motivo: 01 Anulación de la operación');
    await expect(note.getByRole('img', { name: /^Código QR de la NOTA DE CRÉDITO/ })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });
});
