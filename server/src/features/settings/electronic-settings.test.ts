import { desc, eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  can,
  DEFAULT_ELECTRONIC_SETTINGS,
  ELECTRONIC_MESSAGES,
  limaToday,
  type ElectronicSettings,
} from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { secretBox } from '../../auth/secrets';
import { auditEntries, electronicSettings } from '../../db/schema';
import { setupTestApp, testConfig } from '../../test/app';
import {
  TEST_CERTIFICATE_HOLDER,
  TEST_CERTIFICATE_PASSWORD,
  testCertificate,
} from '../../test/certificate';
import { apiClient } from '../../test/http';
import { multipartBody } from '../../test/images';
import { CERTIFICATE_MESSAGES, readCertificate } from '../electronic-receipts';
import { notificationsFor } from '../notifications';
import { signingSettings } from './electronic-settings';

const ctx = await setupTestApp();
const { db } = ctx.database;
let adminToken: string;
let admin: ReturnType<typeof apiClient>;

const DAY = 86_400_000;
const COMPANY_RUC = '20131312955';
const SOL_PASSWORD = 'MODDATOS-clave-sol';
const PSE_TOKEN = 'token-del-pse-0123456789abcdef';
const goodCertificate = testCertificate({ ruc: COMPANY_RUC });
/** What the test certificate says, read as the upload reads it. */
const goodExpiry = readCertificate(goodCertificate, TEST_CERTIFICATE_PASSWORD).notAfter;

interface Answer {
  status: string;
  message: string;
  data: ElectronicSettings;
  errors?: Record<string, string[]>;
}

/** `PUT /api/ajustes/facturacion` as the screen sends it: `json` and the file `certificado`. */
async function saveElectronic(
  json: Record<string, unknown>,
  { certificate, token = adminToken }: { certificate?: Uint8Array; token?: string } = {},
) {
  const { payload, contentType } = await multipartBody(
    { json: JSON.stringify(json) },
    certificate
      ? [
          {
            name: 'certificado',
            filename: 'firma.pfx',
            type: 'application/x-pkcs12',
            bytes: Buffer.from(certificate),
          },
        ]
      : [],
  );
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/ajustes/facturacion',
    headers: { 'content-type': contentType, authorization: token },
    payload,
  });
  return { status: res.statusCode, body: res.json<Answer>(), text: res.body };
}

const storedRow = async () => {
  const [row] = await db.select().from(electronicSettings);
  return row;
};

const sunatBeta = {
  modo: 'sunat_beta',
  usuario_sol: 'MODDATOS',
  clave_sol: SOL_PASSWORD,
  clave_certificado: TEST_CERTIFICATE_PASSWORD,
};

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  // The certificate's RUC is checked against the company's.
  const company = await multipartBody({
    json: JSON.stringify({
      nom: 'Peluquería Canina Huellitas',
      dir: 'Av. Benavides 1234, Miraflores',
      fono: '987654321',
      email: 'contacto@huellitas.pe',
      ruc: COMPANY_RUC,
    }),
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/ajustes',
    headers: { 'content-type': company.contentType, authorization: adminToken },
    payload: company.payload,
  });
  expect(res.statusCode).toBe(201);
});

describe('Ajustes › Facturación electrónica', () => {
  it('is the admin’s alone', async () => {
    const url = '/api/ajustes/facturacion';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const recepcion = await ctx.signIn('recepcion');
    expect((await apiClient(ctx.app, recepcion).get('/ajustes/facturacion')).status).toBe(403);
    const put = await saveElectronic(sunatBeta, { certificate: goodCertificate, token: recepcion });
    expect(put.status).toBe(403);
    expect(await storedRow()).toBeUndefined();
  });

  it('answers receipts off before anything is saved', async () => {
    const res = await admin.get('/ajustes/facturacion');
    expect(res).toEqual({
      status: 200,
      body: { status: 'success', data: DEFAULT_ELECTRONIC_SETTINGS },
    });
  });

  it('refuses a mode without what it needs, field by field, and saves nothing', async () => {
    const sunat = await saveElectronic({ modo: 'sunat_beta' });
    expect(sunat.status).toBe(422);
    expect(sunat.body.errors).toEqual({
      certificado: [ELECTRONIC_MESSAGES.certificateRequired],
      usuario_sol: [ELECTRONIC_MESSAGES.solUserRequired],
      clave_sol: [ELECTRONIC_MESSAGES.solPasswordRequired],
    });
    const pse = await saveElectronic({ modo: 'pse', pse_url: 'http://api.pse.pe/emisor' });
    expect(pse.status).toBe(422);
    expect(pse.body.errors).toEqual({
      pse_url: [ELECTRONIC_MESSAGES.pseUrlInvalid],
    });
    const noToken = await saveElectronic({ modo: 'pse', pse_url: 'https://api.pse.pe/emisor' });
    expect(noToken.body.errors).toEqual({ pse_token: [ELECTRONIC_MESSAGES.pseTokenRequired] });
    const noPassword = await saveElectronic(
      { ...sunatBeta, clave_certificado: '' },
      { certificate: goodCertificate },
    );
    expect(noPassword.body.errors).toEqual({
      clave_certificado: [ELECTRONIC_MESSAGES.certificatePasswordRequired],
    });
    const unknownMode = await saveElectronic({ modo: 'sunat_produccion' });
    expect(unknownMode.body.errors).toEqual({ modo: [ELECTRONIC_MESSAGES.modeInvalid] });
    expect(await storedRow()).toBeUndefined();
  });

  it('refuses a certificate that does not open, has expired, is not valid yet or is another RUC’s', async () => {
    const now = Date.now();
    const cases = [
      {
        json: { ...sunatBeta, clave_certificado: 'otra-clave' },
        certificate: goodCertificate,
        errors: { clave_certificado: [CERTIFICATE_MESSAGES.wrongPassword] },
      },
      {
        json: sunatBeta,
        certificate: new Uint8Array(Buffer.from('no soy un certificado')),
        errors: { certificado: [CERTIFICATE_MESSAGES.notPfx] },
      },
      {
        json: sunatBeta,
        certificate: testCertificate({
          ruc: COMPANY_RUC,
          notBefore: new Date(now - 400 * DAY),
          notAfter: new Date(now - 2 * DAY),
        }),
        message: /^El certificado venció el \d\d\/\d\d\/\d{4}\.$/,
      },
      {
        json: sunatBeta,
        certificate: testCertificate({ ruc: COMPANY_RUC, notBefore: new Date(now + 3 * DAY) }),
        message: /^El certificado recién es válido desde el \d\d\/\d\d\/\d{4}\.$/,
      },
      {
        json: sunatBeta,
        certificate: testCertificate({ ruc: '20100070970' }),
        errors: {
          certificado: [CERTIFICATE_MESSAGES.rucMismatch('20100070970', COMPANY_RUC)],
        },
      },
    ];
    for (const { json, certificate, errors, message } of cases) {
      const res = await saveElectronic(json, { certificate });
      expect(res.status).toBe(422);
      if (errors) expect(res.body.errors).toEqual(errors);
      if (message) {
        expect(Object.keys(res.body.errors ?? {})).toEqual(['certificado']);
        expect(res.body.errors?.certificado?.[0]).toMatch(message);
      }
    }
    expect(await storedRow()).toBeUndefined();
  });

  it('refuses a file over 100 KB and bodies it cannot read, with a 4xx', async () => {
    const big = await saveElectronic(sunatBeta, { certificate: new Uint8Array(101 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual({ certificado: [ELECTRONIC_MESSAGES.certificateTooLarge] });

    const url = '/api/ajustes/facturacion';
    const headers = { authorization: adminToken };
    const { payload, contentType } = await multipartBody({ json: '{modo:' });
    const bodies = [
      { contentType, payload },
      { contentType: 'multipart/form-data', payload },
      { contentType, payload: payload.subarray(0, payload.length - 20) },
      { contentType: 'text/plain', payload: 'modo=sunat' },
      { contentType: 'application/json', payload: '{"json":' },
      { contentType: 'application/json', payload: '[]' },
      { contentType: 'application/json', payload: '{"json":"{\\"modo\\":42}"}' },
    ];
    for (const body of bodies) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect([413, 415, 422]).toContain(res.statusCode);
      expect(res.json<Answer>().status).toBe('error');
    }
    expect(await storedRow()).toBeUndefined();
  });

  it('stores the certificate and every secret sealed, and answers none of them', async () => {
    const res = await saveElectronic(sunatBeta, { certificate: goodCertificate });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ELECTRONIC_MESSAGES.saved);
    expect(res.body.data).toEqual({
      modo: 'sunat_beta',
      usuario_sol: 'MODDATOS',
      pse_url: null,
      certificado: {
        titular: TEST_CERTIFICATE_HOLDER,
        ruc: COMPANY_RUC,
        vence: goodExpiry.toISOString(),
      },
      tiene_clave_sol: true,
      tiene_clave_certificado: true,
      tiene_pse_token: false,
    });

    const row = await storedRow();
    const pfxBase64 = Buffer.from(goodCertificate).toString('base64');
    for (const column of [row.certificado, row.clave_certificado, row.clave_sol]) {
      expect(column).toMatch(/^v1\.[0-9a-f]{8}\./);
    }
    const raw = JSON.stringify(row);
    for (const secret of [TEST_CERTIFICATE_PASSWORD, SOL_PASSWORD, pfxBase64.slice(0, 40)]) {
      expect(raw).not.toContain(secret);
    }
    expect(row).toMatchObject({ cert_titular: TEST_CERTIFICATE_HOLDER, cert_ruc: COMPANY_RUC });

    const read = await admin.get('/ajustes/facturacion');
    expect(read.body.data).toEqual(res.body.data);
    expect(JSON.stringify(read.body)).not.toMatch(/v1\.|clave-de-prueba|MODDATOS-clave/);
  });

  it('records the change in the audit log naming the secrets that changed, never their value', async () => {
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entidad, 'ajustes'))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({
      accion: 'crear',
      entidad_id: 1,
      detalle:
        'Facturación electrónica; cambió: certificado, contraseña del certificado, clave SOL',
    });
    expect(entry.cambios).toMatchObject({
      modo: { antes: null, despues: 'sunat_beta' },
      usuario_sol: { antes: null, despues: 'MODDATOS' },
      cert_ruc: { antes: null, despues: COMPANY_RUC },
    });
    expect(JSON.stringify(entry)).not.toMatch(/v1\.|clave-de-prueba|MODDATOS-clave/);
  });

  it('keeps every stored secret a save leaves out or empty', async () => {
    const before = await storedRow();
    const res = await saveElectronic({
      modo: 'sunat',
      usuario_sol: 'FACTURA1',
      clave_sol: '',
      clave_certificado: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      modo: 'sunat',
      usuario_sol: 'FACTURA1',
      tiene_clave_sol: true,
      tiene_clave_certificado: true,
    });
    const after = await storedRow();
    expect(after).toMatchObject({
      certificado: before.certificado,
      clave_certificado: before.clave_certificado,
      clave_sol: before.clave_sol,
      cert_vence: before.cert_vence,
    });
  });

  it('checks a new certificate password alone against the stored certificate', async () => {
    const before = await storedRow();
    const res = await saveElectronic({ modo: 'sunat', clave_certificado: 'no-es-la-clave' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      clave_certificado: [CERTIFICATE_MESSAGES.wrongPassword],
    });
    expect(await storedRow()).toEqual(before);
  });

  it('changes to PSE/OSE with an https URL and a token, keeping the certificate', async () => {
    // A plain JSON body (no file) is taken as well.
    const res = await admin.put('/ajustes/facturacion', {
      modo: 'pse',
      pse_url: 'https://api.pse.pe/emisor/123',
      pse_token: PSE_TOKEN,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      modo: 'pse',
      pse_url: 'https://api.pse.pe/emisor/123',
      tiene_pse_token: true,
      certificado: { ruc: COMPANY_RUC },
    });
    expect(JSON.stringify(await storedRow())).not.toContain(PSE_TOKEN);
  });

  it('gives the sales the parsed certificate, parsed once, and nothing with receipts off', async () => {
    const secrets = secretBox(db, undefined);
    const signing = await signingSettings(db, secrets);
    expect(signing?.modo).toBe('pse');
    expect(signing?.certificate).toMatchObject({
      holder: TEST_CERTIFICATE_HOLDER,
      ruc: COMPANY_RUC,
      notAfter: goodExpiry,
    });
    expect(signing?.certificate?.privateKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect((await signingSettings(db, secrets))?.certificate).toBe(signing?.certificate);

    await saveElectronic({ modo: 'desactivado' });
    expect(await signingSettings(db, secrets)).toBeNull();
  });

  it('warns who may change the settings when the certificate expires within 30 days', async () => {
    const certificateNotices = async (role: 'admin' | 'recepcion', now: Date) =>
      (await notificationsFor(db, (permission) => can(role, permission), now)).items.filter(
        (item) => item.tipo === 'certificado_por_vencer',
      );
    await saveElectronic({ modo: 'sunat_beta' });
    const expires = goodExpiry;
    const now = (daysBefore: number) => new Date(expires.getTime() - daysBefore * DAY);

    expect(await certificateNotices('admin', now(31))).toEqual([]);
    expect(await certificateNotices('admin', now(30))).toEqual([
      {
        tipo: 'certificado_por_vencer',
        texto: `El certificado digital de facturación vence el ${limaDate(expires)}`,
        enlace: '/ajustes#facturacion',
        cantidad: 1,
      },
    ]);
    expect(await certificateNotices('recepcion', now(5))).toEqual([]);
    expect(await certificateNotices('admin', now(-1))).toMatchObject([
      { texto: `El certificado digital de facturación venció el ${limaDate(expires)}` },
    ]);

    // Through the bell's route, today: a certificate that expires in ten days.
    await db.update(electronicSettings).set({ cert_vence: new Date(Date.now() + 10 * DAY) });
    const bell = await admin.get('/notificaciones');
    expect(bell.body.data.items).toContainEqual(
      expect.objectContaining({ tipo: 'certificado_por_vencer' }),
    );

    // Receipts off: the certificate signs nothing, nothing to warn of.
    await saveElectronic({ modo: 'desactivado' });
    expect(await certificateNotices('admin', now(1))).toEqual([]);
  });
});

describe('the request log of a save', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });

  it('holds no secret, even at the most detailed level', async () => {
    const app = await buildApp({
      db,
      config: testConfig(mkdtempSync(join(tmpdir(), 'groomer-log-'))),
      logger: { level: 'trace', stream },
    });
    afterAll(() => app.close());
    const { payload, contentType } = await multipartBody(
      { json: JSON.stringify({ ...sunatBeta, clave_certificado: 'clave-equivocada-xyz' }) },
      [
        {
          name: 'certificado',
          filename: 'f.pfx',
          type: 'application/x-pkcs12',
          bytes: Buffer.from(goodCertificate),
        },
      ],
    );
    const res = await app.inject({
      method: 'PUT',
      url: '/api/ajustes/facturacion',
      headers: { 'content-type': contentType, authorization: adminToken },
      payload,
    });
    expect(res.statusCode).toBe(422);
    const log = lines.join('');
    expect(log).toContain('/api/ajustes/facturacion');
    for (const secret of ['clave-equivocada-xyz', SOL_PASSWORD, 'MODDATOS']) {
      expect(log).not.toContain(secret);
    }
  });
});

/** dd/mm/aaaa of a moment, Lima's day: how the bell writes it. */
const limaDate = (at: Date) => limaToday(at).split('-').reverse().join('/');
