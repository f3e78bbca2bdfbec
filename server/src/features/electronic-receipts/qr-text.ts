/**
 * The text of a receipt's QR (DESIGN §11.1; SUNAT's printed representation, R. 097-2012/SUNAT
 * as amended): `RUC|tipo|serie|número|IGV|total|AAAA-MM-DD|tipo doc|doc|hash|`, every field
 * followed by '|'.
 *
 * - número: the correlativo as the XML's cbc:ID carries it, without padding zeros ('B001|1', not
 *   '00000001'), so the QR and the document agree;
 * - IGV and total with two decimals, as stored ('18.31');
 * - the buyer as catálogo 06 names it: '-' and '-' for a boleta without a document;
 * - hash: the signature's DigestValue, base64.
 */
export function qrText(fields: {
  ruc: string;
  tipo: string;
  serie: string;
  numero: number;
  igv: string;
  total: string;
  /** AAAA-MM-DD. */
  fecha: string;
  clienteDocTipo: string;
  clienteDoc: string;
  hash: string;
}): string {
  const values = [
    fields.ruc,
    fields.tipo,
    fields.serie,
    String(fields.numero),
    fields.igv,
    fields.total,
    fields.fecha,
    fields.clienteDocTipo,
    fields.clienteDoc,
    fields.hash,
  ];
  // A '|' inside a field would shift every field after it: none of these can hold one.
  return values.map((value) => `${value.replace(/\|/g, '')}|`).join('');
}
