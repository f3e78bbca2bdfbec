import { expect, test, type Page } from './fixtures';
import { testCertificate, TEST_CERTIFICATE_PASSWORD } from '../server/src/test/certificate';
import { staffApi, type StaffApi } from './api';
import { axeFindings } from './axe';
import { authorizationOf, sidenav, signIn, submitSearch } from './support';

/*
 * CAJA › 'Comprobantes electrónicos' (DESIGN §11.2): an admin finds a boleta just issued among the
 * electronic documents, filtered by type, reads its state and SUNAT's answer, and opens its
 * history of attempts. The boleta is charged through the API with modo sunat_beta; the settings
 * go back to desactivado afterwards, for the specs after this one on the same database. Whatever
 * the sender has made of it meanwhile (pendiente, aceptado...), the screen shows it.
 */

/** Boletas name their issuer: the company is set up first when no test has done it yet. */
async function ensureCompany(page: Page, api: StaffApi) {
  const res = await page.request.get('/api/ajustes', {
    headers: { authorization: await authorizationOf(page) },
  });
  if (((await res.json()) as { data: unknown }).data !== null) return;
  await api.create('/ajustes', {
    nom: 'Peluquería Canina Huellitas',
    slogan: 'Cuidamos a tu mejor amigo',
    dir: 'Av. Benavides 1234, Miraflores',
    fono: '987654321',
    email: 'contacto@huellitas.pe',
    ruc: '20131312955',
  });
}

/** `PUT /api/ajustes/facturacion` as the admin's screen sends it: `json`, and the certificate. */
async function saveBilling(page: Page, json: object, certificate?: Uint8Array) {
  const res = await page.request.put('/api/ajustes/facturacion', {
    headers: { authorization: await authorizationOf(page) },
    multipart: {
      json: JSON.stringify(json),
      ...(certificate && {
        certificado: {
          name: 'firma.pfx',
          mimeType: 'application/x-pkcs12',
          buffer: Buffer.from(certificate),
        },
      }),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('an admin follows a boleta on Comprobantes electrónicos and opens its history', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  await ensureCompany(page, api);
  await saveBilling(
    page,
    {
      modo: 'sunat_beta',
      usuario_sol: 'MODDATOS',
      clave_sol: 'moddatos',
      clave_certificado: TEST_CERTIFICATE_PASSWORD,
    },
    testCertificate(),
  );
  let comprobante: string;
  try {
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
  } finally {
    await saveBilling(page, { modo: 'desactivado' });
  }

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
