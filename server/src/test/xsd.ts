import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlValidateError, XsdValidator } from 'libxml2-wasm';
// The package has no exports map: its Node file system provider is reached by its file.
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

/**
 * SUNAT's UBL 2.1 schemas, in-process (libxml2-wasm): every electronic document a test builds is
 * validated against them (DESIGN §11.1). The schemas are the copy in `sunat-xsd/` (its README),
 * so a fresh clone needs nothing beside the repository; SUNAT_DIR points at SUNAT's reference
 * folder instead (`shared/sunat`, whose `xsd/2.1` holds the originals).
 */

const SCHEMA_DIR = process.env.SUNAT_DIR
  ? `${process.env.SUNAT_DIR}/xsd/2.1`
  : fileURLToPath(new URL('./sunat-xsd/2.1', import.meta.url));

const SCHEMAS = {
  invoice: 'maindoc/UBL-Invoice-2.1.xsd',
  'credit-note': 'maindoc/UBL-CreditNote-2.1.xsd',
} as const;
export type UblKind = keyof typeof SCHEMAS;

/** Each schema is parsed once per process (the imports resolve through the file system). */
const validators = new Map<UblKind, XsdValidator>();
function validatorOf(kind: UblKind): XsdValidator {
  let validator = validators.get(kind);
  if (!validator) {
    xmlRegisterFsInputProviders();
    const path = `${SCHEMA_DIR}/${SCHEMAS[kind]}`;
    const schema = XmlDocument.fromBuffer(readFileSync(path), { url: path });
    validator = XsdValidator.fromDoc(schema);
    // The validator keeps what it needs of the schema document.
    schema.dispose();
    validators.set(kind, validator);
  }
  return validator;
}

/** The schema's complaints about a document ('line 12: …'), none when it is valid. */
export async function validateUbl(xml: string, kind: UblKind): Promise<string[]> {
  const validator = validatorOf(kind);
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    return error.details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`);
  } finally {
    doc.dispose();
  }
}
