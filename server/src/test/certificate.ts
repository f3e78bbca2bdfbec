import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/**
 * Self-signed certificates for the electronic receipts' tests (DESIGN §11.1), made at test time:
 * no key is ever committed. SUNAT's beta accepts a self-signed certificate.
 */

export type TestCertificateOptions = {
  /** Put in the subject's serialNumber (2.5.4.5) as 'RUC20123456789'; none when omitted. */
  ruc?: string;
  password?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** The subject's CN. */
  holder?: string;
};

export const TEST_CERTIFICATE_PASSWORD = 'clave-de-prueba';
export const TEST_CERTIFICATE_HOLDER = 'PELUQUERÍA CANINA DE PRUEBA S.A.C.';

const DAY_MS = 86_400_000;

/**
 * One RSA 2048 key pair per process: generating it costs far more than the rest of a test file.
 * Node makes it (natively, in milliseconds); forge only wraps it in the .pfx.
 */
let keyPair: { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } | null =
  null;
function sharedKeyPair() {
  if (!keyPair) {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const key = forge.pki.privateKeyFromPem(privateKey);
    keyPair = { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
  }
  return keyPair;
}

const made = new Map<string, Uint8Array>();

/**
 * A fresh self-signed .pfx (RSA 2048, 3DES, SHA-1 MAC: what node-forge reads back, like
 * `openssl pkcs12 -export -certpbe PBE-SHA1-3DES -keypbe PBE-SHA1-3DES -macalg sha1`), the same
 * bytes for the same options within a process. Valid from yesterday for a year unless told.
 */
export function testCertificate(options: TestCertificateOptions = {}): Uint8Array {
  const key = JSON.stringify(options);
  const known = made.get(key);
  if (known) return known;
  const { privateKey, publicKey } = sharedKeyPair();
  const now = Date.now();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = (made.size + 1).toString(16).padStart(2, '0');
  cert.validity.notBefore = options.notBefore ?? new Date(now - DAY_MS);
  cert.validity.notAfter = options.notAfter ?? new Date(now + 365 * DAY_MS);
  const subject: forge.pki.CertificateField[] = [
    { shortName: 'CN', value: forge.util.encodeUtf8(options.holder ?? TEST_CERTIFICATE_HOLDER) },
    { shortName: 'C', value: 'PE' },
  ];
  if (options.ruc) subject.push({ type: '2.5.4.5', value: `RUC${options.ruc}` });
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    privateKey,
    cert,
    options.password ?? TEST_CERTIFICATE_PASSWORD,
    { algorithm: '3des', generateLocalKeyId: true, friendlyName: 'cpe' },
  );
  const pfx = new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
  made.set(key, pfx);
  return pfx;
}
