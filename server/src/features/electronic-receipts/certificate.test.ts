import { describe, expect, test } from 'vitest';
import { testCertificate, TEST_CERTIFICATE_HOLDER } from '../../test/certificate';
import {
  CERTIFICATE_MESSAGES,
  CertificateError,
  certificateProblem,
  readCertificate,
  type SigningCertificate,
} from '.';

/** Reading the salon's .pfx and judging it (DESIGN §11.1), with Spanish messages for the admin. */

const COMPANY_RUC = '20123456789';
const PASSWORD = 'Secreta#2026';
const NOW = new Date('2026-11-25T15:00:00.000Z');

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof CertificateError) return error.message;
    throw error;
  }
  throw new Error('the certificate was read');
}

describe('readCertificate', () => {
  test('reads the key, the certificate, the holder, the RUC and the validity', () => {
    const notBefore = new Date('2026-01-01T00:00:00.000Z');
    const notAfter = new Date('2027-01-01T00:00:00.000Z');
    const cert = readCertificate(
      testCertificate({ ruc: COMPANY_RUC, password: PASSWORD, notBefore, notAfter }),
      PASSWORD,
    );
    expect(cert.holder).toBe(TEST_CERTIFICATE_HOLDER);
    expect(cert.ruc).toBe(COMPANY_RUC);
    expect(cert.notBefore).toEqual(notBefore);
    expect(cert.notAfter).toEqual(notAfter);
    expect(cert.privateKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(cert.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  test('finds a RUC in the CN, and names none when the subject has none', () => {
    const inName = readCertificate(
      testCertificate({ holder: 'PATITAS S.A.C. - RUC 20987654321', password: PASSWORD }),
      PASSWORD,
    );
    expect(inName.ruc).toBe('20987654321');
    expect(inName.holder).toBe('PATITAS S.A.C. - RUC 20987654321');
    const none = readCertificate(testCertificate({ password: PASSWORD }), PASSWORD);
    expect(none.ruc).toBeNull();
  });

  test('refuses a wrong password in Spanish', () => {
    expect(refusal(() => readCertificate(testCertificate({ password: PASSWORD }), 'otra'))).toBe(
      'La contraseña del certificado no es correcta.',
    );
  });

  test('refuses a file that is no .pfx in Spanish', () => {
    const notPfx = 'El archivo no es un certificado .pfx o .p12 válido.';
    expect(refusal(() => readCertificate(new TextEncoder().encode('hola'), PASSWORD))).toBe(notPfx);
    expect(refusal(() => readCertificate(new Uint8Array(0), PASSWORD))).toBe(notPfx);
    // A certificate alone (its PEM), without the .pfx around it and its key.
    const { certificatePem } = readCertificate(testCertificate({ password: PASSWORD }), PASSWORD);
    expect(refusal(() => readCertificate(new TextEncoder().encode(certificatePem), PASSWORD))).toBe(
      notPfx,
    );
  });
});

describe('certificateProblem', () => {
  const valid = (changes: Partial<SigningCertificate> = {}): SigningCertificate => ({
    ...readCertificate(testCertificate({ ruc: COMPANY_RUC, password: PASSWORD }), PASSWORD),
    notBefore: new Date('2026-01-01T05:00:00.000Z'),
    notAfter: new Date('2027-01-01T04:59:59.000Z'),
    ...changes,
  });

  test('none for a certificate of the company, valid today', () => {
    expect(certificateProblem(valid(), { ruc: COMPANY_RUC, now: NOW })).toBeNull();
  });

  test('accepts a certificate that names no RUC (a self-signed one for the beta)', () => {
    expect(certificateProblem(valid({ ruc: null }), { ruc: COMPANY_RUC, now: NOW })).toBeNull();
  });

  test('an expired certificate, with the day it expired in Lima', () => {
    // 04:59 UTC on 1 November is still 31 October in Lima.
    const expired = valid({ notAfter: new Date('2026-11-01T04:59:59.000Z') });
    expect(certificateProblem(expired, { ruc: COMPANY_RUC, now: NOW })).toBe(
      'El certificado venció el 31/10/2026.',
    );
  });

  test('a certificate not valid yet', () => {
    const future = valid({ notBefore: new Date('2026-12-01T05:00:00.000Z') });
    expect(certificateProblem(future, { ruc: COMPANY_RUC, now: NOW })).toBe(
      CERTIFICATE_MESSAGES.notYetValid('01/12/2026'),
    );
  });

  test('a certificate of another RUC', () => {
    expect(certificateProblem(valid({ ruc: '20100070970' }), { ruc: COMPANY_RUC, now: NOW })).toBe(
      'El certificado es del RUC 20100070970, no del RUC de la empresa (20123456789).',
    );
  });
});
