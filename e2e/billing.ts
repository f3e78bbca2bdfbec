import { expect, type Page } from './fixtures';
import { testCertificate, TEST_CERTIFICATE_PASSWORD } from '../server/src/test/certificate';
import type { StaffApi } from './api';
import { authorizationOf } from './support';

/**
 * Electronic receipts in the browser tests: the company they are issued by, and the settings
 * that turn them on. Each server's fake SUNAT (e2e/fake-sunat.ts, started by serve.mjs) answers
 * for this RUC and SUNAT beta's public SOL user.
 */
export const COMPANY_RUC = '20131312955';

/** Boletas name their issuer: the company is set up first when no test has done it yet. */
export async function ensureCompany(page: Page, api: StaffApi) {
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
    ruc: COMPANY_RUC,
  });
}

/** `PUT /api/ajustes/facturacion` as the admin's screen sends it: `json`, and the certificate. */
export async function saveBilling(page: Page, json: object, certificate?: Uint8Array) {
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

/**
 * Runs `steps` with modo sunat_beta and a test certificate, then turns receipts off again: the
 * specs after this one on the same database print their receipts without ELECTRÓNICA.
 */
export async function withSunatBeta(page: Page, steps: () => Promise<void>) {
  // A certificate without a RUC in it: accepted whatever RUC an earlier spec gave the company.
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
  try {
    await steps();
  } finally {
    await saveBilling(page, { modo: 'desactivado' });
  }
}
