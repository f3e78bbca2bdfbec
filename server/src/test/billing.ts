import { expect } from 'vitest';
import type { App } from '../app';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { testCertificate, TEST_CERTIFICATE_PASSWORD } from './certificate';
import { FAKE_SUNAT_PASSWORD, FAKE_SUNAT_USER } from './fake-sunat';
import { multipartBody } from './images';

/**
 * Electronic receipts in the API tests: the company that issues them, and the settings that
 * turn them on, saved as the admin's screen saves them.
 */

/** Ajustes' company, its RUC as the test needs (the fakes' own, or another). */
export function saveCompany(db: Db, ruc: string) {
  return db.insert(settings).values({
    nomEmp: 'Peluquería Canina Huellitas',
    dirEmp: 'Av. Benavides 1234, Miraflores',
    fonoEmp: '987654321',
    emailEmp: 'contacto@huellitas.pe',
    rucEmp: ruc,
  });
}

/** `PUT /api/ajustes/facturacion` as the admin's screen sends it: `json`, and the certificate. */
export async function saveBilling(
  app: App,
  adminToken: string,
  json: object,
  certificate?: Uint8Array,
) {
  const files = certificate
    ? [
        {
          name: 'certificado',
          filename: 'firma.pfx',
          type: 'application/x-pkcs12',
          bytes: Buffer.from(certificate),
        },
      ]
    : [];
  const { payload, contentType } = await multipartBody({ json: JSON.stringify(json) }, files);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/ajustes/facturacion',
    headers: { 'content-type': contentType, authorization: adminToken },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Modo sunat_beta with SUNAT's public test user and a certificate of the company's RUC. */
export const signWithTestCertificate = (app: App, adminToken: string, ruc: string) =>
  saveBilling(
    app,
    adminToken,
    {
      modo: 'sunat_beta',
      usuario_sol: FAKE_SUNAT_USER,
      clave_sol: FAKE_SUNAT_PASSWORD,
      clave_certificado: TEST_CERTIFICATE_PASSWORD,
    },
    testCertificate({ ruc }),
  );
