import { unzipSync, zipSync } from 'fflate';
import { measureZip } from '../../http/zip-bounds';

/**
 * The zips SUNAT trades in (DESIGN §11.2): each receipt travels alone in
 * `RUC-TT-SERIE-NUMERO.zip` holding `RUC-TT-SERIE-NUMERO.xml`, and its CDR comes back in
 * `R-RUC-TT-SERIE-NUMERO.zip`.
 */

/** The most a receipt or a CDR may inflate to: a few KB in practice, so 5 MB is only a guard. */
export const MAX_UNZIPPED_BYTES = 5 * 1024 * 1024;

/** A zip that is not one readable document within the bound. */
export class SunatZipError extends Error {
  override name = 'SunatZipError';
}

export type ReceiptFileKey = {
  ruc: string;
  /** Catálogo 01: 01 factura, 03 boleta, 07 nota de crédito. */
  tipo: '01' | '03' | '07';
  serie: string;
  numero: number;
};

/**
 * '20123456789-03-B001-27': the name SUNAT expects for a receipt's zip and its XML (General.md),
 * the number without padding, as the document's own cbc:ID writes it (rules 1035/1036 compare
 * them).
 */
export function receiptFileName({ ruc, tipo, serie, numero }: ReceiptFileKey): string {
  return `${ruc}-${tipo}-${serie}-${numero}`;
}

/** A zip holding one entry, `name.xml`. */
export function zipDocument(name: string, xml: string): Uint8Array {
  return zipSync({ [`${name}.xml`]: new TextEncoder().encode(xml) });
}

/**
 * The one document a zip holds, read within MAX_UNZIPPED_BYTES. Folder entries are skipped:
 * SUNAT's CDR zips carry an empty `dummy/` folder beside the XML.
 */
export function unzipSingle(zip: Uint8Array): { name: string; content: string } {
  const verdict = measureZip(zip, {
    maxBytes: MAX_UNZIPPED_BYTES,
    // Only workbook entries are counted as items; a receipt has none.
    maxItems: Number.MAX_SAFE_INTEGER,
  });
  if (verdict === 'too-large') throw new SunatZipError('The zip inflates past 5 MB');
  if (verdict === 'unreadable') throw new SunatZipError('The zip is damaged');
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip);
  } catch {
    throw new SunatZipError('The zip is damaged');
  }
  const files = Object.entries(entries).filter(([name]) => !name.endsWith('/'));
  if (files.length !== 1) {
    throw new SunatZipError(`The zip holds ${files.length} files, not one`);
  }
  const [[name, bytes]] = files;
  return { name, content: new TextDecoder().decode(bytes) };
}
