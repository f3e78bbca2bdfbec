import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { SigningCertificate } from './certificate';
import { SIGNATURE_ID } from './ubl';

/**
 * The enveloped XML-DSig signature SUNAT asks of every electronic receipt (Firma.md): over the
 * whole document (Reference URI=""), inclusive C14N, RSA-SHA256 with a SHA-256 digest, the
 * certificate in KeyInfo, inside the first `ext:UBLExtensions/ext:UBLExtension/
 * ext:ExtensionContent` with the Id the document's `cac:Signature` points at.
 */

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** The first extension's content, where SUNAT looks for the signature. */
const EXTENSION_CONTENT =
  "/*/*[local-name()='UBLExtensions']/*[local-name()='UBLExtension'][1]" +
  "/*[local-name()='ExtensionContent']";

/** A certificate's key, parsed once: every receipt of the day signs with it (§11.10's budget). */
const keys = new WeakMap<SigningCertificate, KeyObject>();
function keyOf(cert: SigningCertificate): KeyObject {
  let key = keys.get(cert);
  if (!key) {
    key = createPrivateKey(cert.privateKeyPem);
    keys.set(cert, key);
  }
  return key;
}

/**
 * The document signed, and its hash: the DigestValue of the signature's reference (base64), which
 * the printed receipt and its QR show.
 */
export function signXml(xml: string, cert: SigningCertificate): { xml: string; hash: string } {
  const signature = new SignedXml({
    privateKey: keyOf(cert),
    publicCert: cert.certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: C14N,
  });
  signature.addReference({
    xpath: '/*',
    transforms: [ENVELOPED],
    digestAlgorithm: SHA256,
    isEmptyUri: true,
  });
  signature.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: SIGNATURE_ID },
    location: { reference: EXTENSION_CONTENT, action: 'append' },
  });
  const digest = /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(signature.getSignatureXml());
  if (!digest) throw new Error('The signature has no DigestValue');
  return { xml: signature.getSignedXml(), hash: digest[1] };
}
