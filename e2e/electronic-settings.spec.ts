import { ELECTRONIC_MODE_LABELS } from '@app/domain';
import { expect, test } from './fixtures';
import { testCertificate, TEST_CERTIFICATE_PASSWORD } from '../server/src/test/certificate';
import { shownDate, staffApi } from './api';
import { axeFindings } from './axe';
import { COMPANY_RUC, ensureCompany, saveBilling } from './billing';
import { signIn } from './support';

/*
 * Ajustes › 'Facturación electrónica' (DESIGN §11.1): the admin uploads the salon's certificate
 * and sees what it says; a wrong password is told on its field; the bell warns before it expires
 * and leads to the screen. The settings go back to desactivado afterwards: the specs after this
 * one on the same database print their receipts without ELECTRÓNICA.
 */

const HOLDER = 'PELUQUERÍA CANINA HUELLITAS S.A.C.';
const DAY = 86_400_000;

/** dd/mm/aaaa of a moment, Lima's day, as the screen writes it. */
const limaDate = (at: Date) =>
  shownDate(new Date(at.getTime() - 5 * 3_600_000).toISOString().slice(0, 10));

test.afterEach(async ({ page }) => {
  await saveBilling(page, { modo: 'desactivado' });
});

test('the admin uploads the certificate, sees what it says, keeps a PSE token unshown, and is warned before it expires', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  await ensureCompany(page, await staffApi(page));
  await page.goto('/ajustes#facturacion');
  await expect(page.getByRole('tab', { name: 'Facturación electrónica' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('combobox', { name: 'Modo' }).click();
  await page.getByRole('option', { name: 'SUNAT beta (pruebas)' }).click();
  const certificate = testCertificate({ ruc: COMPANY_RUC, holder: HOLDER });
  await page.getByLabel('Archivo del certificado').setInputFiles({
    name: 'huellitas.pfx',
    mimeType: 'application/x-pkcs12',
    buffer: Buffer.from(certificate),
  });
  await expect(page.getByText('Elegido: huellitas.pfx (se guarda al guardar)')).toBeVisible();
  await page.getByLabel('Contraseña del certificado').fill('no-es-la-clave');
  await page.getByLabel('Usuario secundario SOL').fill('MODDATOS');
  await page.getByLabel('Clave SOL').fill('moddatos');
  const save = page.getByRole('button', { name: 'Guardar facturación electrónica' });
  await save.click();
  await expect(page.getByLabel('Contraseña del certificado')).toHaveAccessibleDescription(
    'La contraseña del certificado no es correcta.',
  );

  await page.getByLabel('Contraseña del certificado').fill(TEST_CERTIFICATE_PASSWORD);
  await save.click();
  await expect(page.getByText('Facturación electrónica guardada')).toBeVisible();
  const expiry = new Date(Date.now() + 365 * DAY);
  await expect(page.getByText(HOLDER)).toBeVisible();
  await expect(page.getByText(COMPANY_RUC)).toBeVisible();
  await expect(page.getByTestId('certificate-expiry')).toHaveText(`Vence el ${limaDate(expiry)}`);
  // The secrets are not shown again: empty fields that keep what is stored.
  await expect(page.getByLabel('Clave SOL')).toHaveValue('');
  await expect(page.getByLabel('Clave SOL')).toHaveAccessibleDescription(
    'Guardada: déjela vacía para no cambiarla',
  );
  expect(await axeFindings(page)).toEqual([]);

  // Through a PSE instead: its token, too, is kept and not shown again.
  await page.getByRole('combobox', { name: 'Modo' }).click();
  await page.getByRole('option', { name: ELECTRONIC_MODE_LABELS.pse }).click();
  await page.getByLabel('URL del PSE/OSE').fill('https://api.pse.pe/emisor');
  await page.getByLabel('Token del PSE/OSE').fill('token-de-prueba');
  await save.click();
  await expect(page.getByLabel('Token del PSE/OSE')).toHaveValue('');
  await expect(page.getByLabel('Token del PSE/OSE')).toHaveAccessibleDescription(
    'Guardado: déjelo vacío para no cambiarlo',
  );

  // A certificate that expires in ten days: the bell says so and opens this screen.
  const shortLived = new Date(Date.now() + 10 * DAY);
  await saveBilling(
    page,
    { modo: 'sunat_beta', clave_certificado: TEST_CERTIFICATE_PASSWORD },
    testCertificate({ ruc: COMPANY_RUC, holder: HOLDER, notAfter: shortLived }),
  );
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Notificaciones: [1-9]\d*$/ }).click();
  await page
    .getByRole('menuitem', {
      name: `El certificado digital de facturación vence el ${limaDate(shortLived)}`,
    })
    .click();
  await expect(page).toHaveURL(/\/ajustes#facturacion$/);
  await expect(page.getByTestId('certificate-expiry')).toHaveText(
    `Vence el ${limaDate(shortLived)}`,
  );
  // The expiry in the warning colour still reads at AA contrast.
  expect(await axeFindings(page)).toEqual([]);
});
