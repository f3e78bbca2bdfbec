import { limaWallClock } from '@app/domain';
import forge from 'node-forge';

/**
 * The salon's digital certificate (DESIGN §11.1): the .pfx/.p12 its provider issued, read once
 * when it is uploaded. What it holds signs every electronic receipt (sign.ts).
 */

export type SigningCertificate = {
  /** The private key, PEM (PKCS#1). */
  privateKeyPem: string;
  /** The certificate that goes in the signature's KeyInfo, PEM. */
  certificatePem: string;
  /** Whom it was issued to: the subject's CN, else its O. */
  holder: string;
  /** The RUC in its subject, when it names one (a self-signed test certificate may not). */
  ruc: string | null;
  notBefore: Date;
  notAfter: Date;
};

/** A certificate refused, with the message the admin reads. */
export class CertificateError extends Error {
  override name = 'CertificateError';
}

export const CERTIFICATE_MESSAGES = {
  notPfx: 'El archivo no es un certificado .pfx o .p12 válido.',
  wrongPassword: 'La contraseña del certificado no es correcta.',
  noPrivateKey:
    'El certificado no contiene su clave privada: exporte el .pfx con la clave privada.',
  noCertificate: 'El archivo no contiene el certificado que corresponde a su clave privada.',
  notRsa: 'El certificado debe tener una clave RSA para firmar comprobantes.',
  expired: (day: string) => `El certificado venció el ${day}.`,
  notYetValid: (day: string) => `El certificado recién es válido desde el ${day}.`,
  rucMismatch: (certificateRuc: string, companyRuc: string) =>
    `El certificado es del RUC ${certificateRuc}, no del RUC de la empresa (${companyRuc}).`,
} as const;

const SHROUDED_KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag;
const KEY_BAG = forge.pki.oids.keyBag;
const CERT_BAG = forge.pki.oids.certBag;

/**
 * A RUC: eleven digits starting with 10 (persona natural), 15, 16, 17 or 20 (persona jurídica),
 * not part of a longer number. Peruvian providers put it in the serialNumber ('RUC20123456789'),
 * the organizationIdentifier ('VATPE-20123456789'), the CN, the O or the OU.
 */
const RUC_IN_TEXT = /(?<!\d)(?:10|15|16|17|20)\d{9}(?!\d)/;

/** The subject's fields by OID (forge's names for some differ from X.500's). */
const FIELDS = {
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  organizationIdentifier: '2.5.4.97',
} as const;
const RUC_FIELDS = [
  FIELDS.serialNumber,
  FIELDS.organizationIdentifier,
  FIELDS.commonName,
  FIELDS.organization,
  FIELDS.organizationalUnit,
];

/** The subject's values of a field (an OU may repeat), trimmed, the empty ones left out. */
function subjectValues(cert: forge.pki.Certificate, oid: string): string[] {
  return cert.subject.attributes.flatMap((attribute) => {
    const value: unknown = attribute.value;
    return attribute.type === oid && typeof value === 'string' && value.trim() !== ''
      ? [value.trim()]
      : [];
  });
}

function rucOf(cert: forge.pki.Certificate): string | null {
  for (const oid of RUC_FIELDS) {
    for (const value of subjectValues(cert, oid)) {
      const found = RUC_IN_TEXT.exec(value);
      if (found) return found[0];
    }
  }
  return null;
}

/** node-forge decodes text fields of the certificate as raw bytes: 'ñ' arrives as two chars. */
function decodeUtf8(text: string): string {
  try {
    return forge.util.decodeUtf8(text);
  } catch {
    return text;
  }
}

function openPfx(pfx: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.binary.raw.encode(pfx));
  } catch {
    throw new CertificateError(CERTIFICATE_MESSAGES.notPfx);
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    // forge names the two cases it tells apart: a MAC that does not verify (wrong password), or
    // a structure that is no PFX. Anything else fails while decrypting: a wrong password too.
    if (/not an? PKCS#12 PFX|Unsupported PKCS#12 PFX|ASN\.1 object is not/i.test(message)) {
      throw new CertificateError(CERTIFICATE_MESSAGES.notPfx);
    }
    throw new CertificateError(CERTIFICATE_MESSAGES.wrongPassword);
  }
}

const bagsOf = (p12: forge.pkcs12.Pkcs12Pfx, bagType: string) =>
  p12.getBags({ bagType })[bagType] ?? [];

/** Reads a .pfx/.p12: its key, the certificate of that key, its holder, RUC and validity. */
export function readCertificate(pfx: Uint8Array, password: string): SigningCertificate {
  const p12 = openPfx(pfx, password);
  const keyBag = [...bagsOf(p12, SHROUDED_KEY_BAG), ...bagsOf(p12, KEY_BAG)].find((bag) => bag.key);
  if (!keyBag?.key) {
    // An encrypted key forge could not read has its bag but no key: an RSA key always reads.
    const undecoded = [...bagsOf(p12, SHROUDED_KEY_BAG), ...bagsOf(p12, KEY_BAG)].length > 0;
    throw new CertificateError(
      undecoded ? CERTIFICATE_MESSAGES.notRsa : CERTIFICATE_MESSAGES.noPrivateKey,
    );
  }
  const key = keyBag.key;
  // The certificate of this key, not a CA's of the chain the file may also carry.
  const cert = bagsOf(p12, CERT_BAG)
    .map((bag) => bag.cert)
    .find((candidate): candidate is forge.pki.Certificate => {
      // forge types a certificate's key as a generic public key; an RSA one has its modulus.
      const publicKey = candidate?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return publicKey?.n?.equals(key.n) === true;
    });
  if (!cert) throw new CertificateError(CERTIFICATE_MESSAGES.noCertificate);
  const [holder = ''] = [
    ...subjectValues(cert, FIELDS.commonName),
    ...subjectValues(cert, FIELDS.organization),
  ];
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem: forge.pki.certificateToPem(cert),
    holder: decodeUtf8(holder),
    ruc: rucOf(cert),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
  };
}

/** dd/mm/aaaa in Lima, as the admin reads a date. */
function limaDay(at: Date): string {
  const [year, month, day] = limaWallClock(at).toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/**
 * Why the certificate cannot sign the company's receipts today: expired, not valid yet, or
 * issued to another RUC. Null when it can. A certificate that names no RUC (a self-signed one
 * for SUNAT's beta) is accepted.
 */
export function certificateProblem(
  cert: SigningCertificate,
  { ruc, now }: { ruc: string; now: Date },
): string | null {
  if (now.getTime() > cert.notAfter.getTime()) {
    return CERTIFICATE_MESSAGES.expired(limaDay(cert.notAfter));
  }
  if (now.getTime() < cert.notBefore.getTime()) {
    return CERTIFICATE_MESSAGES.notYetValid(limaDay(cert.notBefore));
  }
  if (cert.ruc !== null && cert.ruc !== ruc.trim()) {
    return CERTIFICATE_MESSAGES.rucMismatch(cert.ruc, ruc.trim());
  }
  return null;
}
