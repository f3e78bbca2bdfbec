import {
  formatCents,
  IGV_PERCENT,
  limaWallClock,
  parseCents,
  type Sale,
  type SaleLine,
} from '@app/domain';

/**
 * A sale as the UBL 2.1 document SUNAT reads (DESIGN §11.1): a boleta (03) or factura (01) as an
 * `Invoice`, and the nota de crédito (07) that voids one as a `CreditNote`. Built from the sale's
 * stored snapshot only (decisions §sunat-snapshot), never from today's settings, so the document
 * says what the printed receipt said. The element order, the codes and the attributes follow
 * SUNAT's rule sheets (Factura2_0, Boleta2_0, NotaCredito2_0) and its samples
 * (`shared/sunat/`); the documents are unsigned here, with an empty `ext:ExtensionContent` that
 * sign.ts fills.
 *
 * Amounts: the sale's lines carry their base and IGV, the sale its gravadas, IGV and total, all
 * computed once by the server (issue.ts) from prices that include IGV. SUNAT checks the sums
 * with a tolerance of ±1 sol; the document states the stored amounts, so its totals are the
 * sale's to the cent.
 */

export type CreditNoteInput = {
  serie: string;
  numero: number;
  /** ISO date-time. */
  fecha: string;
  /** Catálogo 09: '01' anulación de la operación. */
  cod_motivo: string;
  motivo: string;
};

/** What a signature's `cac:Signature` block points at (sign.ts puts `ds:Signature` there). */
export const SIGNATURE_ID = 'SignatureSP';

const NAMESPACES = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
};
const ROOT_NAMESPACES = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

const CATALOGUE = (n: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;
const SUNAT = 'PE:SUNAT';
const UNECE = 'United Nations Economic Commission for Europe';
/** Catálogo 52: the amount in words. */
const LEGEND_AMOUNT_IN_WORDS = '1000';
/** Catálogo 05: IGV. */
const IGV_TAX = { id: '1000', name: 'IGV', code: 'VAT', category: 'S' };
/** Catálogo 53: a global discount that lowers the IGV's base. */
const GLOBAL_DISCOUNT_AFFECTING_BASE = '02';
/** Catálogo 16: unit price with taxes. */
const PRICE_WITH_TAXES = '01';
/** Catálogo 06: the issuer is named by its RUC. */
const RUC_DOC_TYPE = '6';
/** Catálogo 06 '-': a boleta under S/ 700 may name no buyer ('VARIOS'). */
const NO_DOC = '-';
/** What a boleta without a named buyer says (SUNAT asks at least three characters). */
const ANONYMOUS_BUYER = 'CLIENTES VARIOS';

/* Text */

/** Whether XML 1.0 allows the character: not a control character but tab and line breaks. */
function allowedInXml(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  return !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
}

/**
 * Text as element content: XML's five escapes, characters XML 1.0 forbids dropped, and every
 * run of whitespace made one space (SUNAT wants names on one line).
 */
function text(value: string): string {
  return Array.from(value)
    .filter(allowedInXml)
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${text(value)}"`)
    .join('');

/** One element with escaped text content. */
const el = (name: string, content: string, attrs: Record<string, string> = {}) =>
  `<${name}${attributes(attrs)}>${text(content)}</${name}>`;

/** One element around already built children. */
const wrap = (name: string, children: string[], attrs: Record<string, string> = {}) =>
  `<${name}${attributes(attrs)}>${children.join('')}</${name}>`;

/* Amounts */

/** A stored amount ('45.50') in cents; the snapshot's amounts are always valid money. */
function cents(value: string): number {
  const parsed = parseCents(value);
  if (parsed === undefined) throw new RangeError(`Not an amount: ${value}`);
  return parsed;
}

/**
 * `cents / divisor` in soles with up to ten decimals (SUNAT's unit prices are n(12,10)), rounded
 * half up, trailing zeros dropped down to two decimals: 10169 / 3 → '33.8966666667'.
 */
function unitAmount(totalCents: number, divisor: number): string {
  const scale = 10n ** 8n;
  const numerator = BigInt(totalCents) * scale * 2n + BigInt(divisor);
  const units = numerator / (BigInt(divisor) * 2n);
  const whole = units / (scale * 100n);
  const fraction = (units % (scale * 100n))
    .toString()
    .padStart(10, '0')
    .replace(/0{1,8}$/, '');
  return `${whole}.${fraction}`;
}

const money = (name: string, amount: string, currency: string) =>
  el(name, amount, { currencyID: currency });

/** `total` split in proportion to `weights`, in whole cents that add up to it exactly. */
function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  // BigInt: a total and a weight in cents can multiply beyond 2^53.
  const shares = weights.map((weight, index) => {
    const exact = BigInt(total) * BigInt(weight);
    return { index, floor: Number(exact / BigInt(sum)), rest: exact % BigInt(sum) };
  });
  let left = total - shares.reduce((acc, share) => acc + share.floor, 0);
  const result = shares.map((share) => share.floor);
  for (const share of [...shares].sort((a, b) =>
    b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : 0,
  )) {
    if (left <= 0) break;
    result[share.index] += 1;
    left -= 1;
  }
  return result;
}

/* Dates */

/** The moment as Lima's calendar day and clock (SUNAT reads the issue date and time there). */
function limaDateTime(iso: string): { date: string; time: string } {
  const wall = limaWallClock(new Date(iso)).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 19) };
}

/* Pieces */

/** 'B001-1': SUNAT's <Serie>-<Número>, the number without padding as its samples write it. */
export function documentNumber(serie: string, numero: number): string {
  return `${serie}-${numero}`;
}

/** The catálogo 01 code of a sale's receipt; a nota de venta is internal and has none. */
function receiptCode(sale: Sale): '01' | '03' {
  if (sale.cod_sunat === '01' || sale.cod_sunat === '03') return sale.cod_sunat;
  throw new Error(`Sale ${sale.serie}-${sale.numero} is not a boleta or factura`);
}

/** The buyer as catálogo 06 names it: '-' and '-' for a boleta without a document. */
export function customerOf(sale: Sale): { docType: string; doc: string; name: string } {
  const doc = sale.cliente_doc.trim();
  const docType = sale.cliente_doc_tipo.trim() || NO_DOC;
  const name = sale.cliente_nombre.replace(/\s+/g, ' ').trim();
  return {
    docType,
    doc: docType === NO_DOC || doc === '' ? NO_DOC : doc,
    name: name.length >= 3 ? name : ANONYMOUS_BUYER,
  };
}

function head(
  number: string,
  issuedAt: string,
  typeCode: string | null,
  sale: Sale,
  legend: string,
): string[] {
  const { date, time } = limaDateTime(issuedAt);
  return [
    wrap('ext:UBLExtensions', [wrap('ext:UBLExtension', ['<ext:ExtensionContent/>'])]),
    el('cbc:UBLVersionID', '2.1'),
    el('cbc:CustomizationID', '2.0'),
    el('cbc:ID', number),
    el('cbc:IssueDate', date),
    el('cbc:IssueTime', time),
    ...(typeCode === null
      ? []
      : [
          el('cbc:InvoiceTypeCode', typeCode, {
            listID: sale.tipo_operacion,
            listAgencyName: SUNAT,
            listName: 'Tipo de Documento',
            listURI: CATALOGUE('01'),
          }),
        ]),
    // SUNAT wants 1 to 200 characters; a total beyond any sale has no words (SALE_MAX_CENTS).
    ...(legend.trim()
      ? [el('cbc:Note', legend, { languageLocaleID: LEGEND_AMOUNT_IN_WORDS })]
      : []),
    el('cbc:DocumentCurrencyCode', sale.moneda, {
      listID: 'ISO 4217 Alpha',
      listName: 'Currency',
      listAgencyName: UNECE,
    }),
  ];
}

/** The `cac:Signature` block: who signs, and where the XML-DSig signature is (sign.ts). */
function signatureBlock(sale: Sale): string {
  return wrap('cac:Signature', [
    el('cbc:ID', `ID${SIGNATURE_ID}`),
    wrap('cac:SignatoryParty', [
      wrap('cac:PartyIdentification', [el('cbc:ID', sale.emisor_ruc)]),
      wrap('cac:PartyName', [el('cbc:Name', sale.emisor_nombre)]),
    ]),
    wrap('cac:DigitalSignatureAttachment', [
      wrap('cac:ExternalReference', [el('cbc:URI', `#${SIGNATURE_ID}`)]),
    ]),
  ]);
}

const identityAttributes = (docType: string) => ({
  schemeID: docType,
  schemeName: 'Documento de Identidad',
  schemeAgencyName: SUNAT,
  schemeURI: CATALOGUE('06'),
});

function parties(sale: Sale): string[] {
  const address = sale.emisor_direccion.trim();
  const customer = customerOf(sale);
  return [
    wrap('cac:AccountingSupplierParty', [
      wrap('cac:Party', [
        wrap('cac:PartyIdentification', [
          el('cbc:ID', sale.emisor_ruc, identityAttributes(RUC_DOC_TYPE)),
        ]),
        wrap('cac:PartyLegalEntity', [
          el('cbc:RegistrationName', sale.emisor_nombre),
          wrap('cac:RegistrationAddress', [
            // Catálogo: '0000' is the domicilio fiscal, the establishment that issues.
            el('cbc:AddressTypeCode', '0000', {
              listAgencyName: SUNAT,
              listName: 'Establecimientos anexos',
            }),
            ...(address ? [wrap('cac:AddressLine', [el('cbc:Line', address)])] : []),
          ]),
        ]),
      ]),
    ]),
    wrap('cac:AccountingCustomerParty', [
      wrap('cac:Party', [
        wrap('cac:PartyIdentification', [
          el('cbc:ID', customer.doc, identityAttributes(customer.docType)),
        ]),
        wrap('cac:PartyLegalEntity', [el('cbc:RegistrationName', customer.name)]),
      ]),
    ]),
  ];
}

/** The IGV of an amount (line or total): base, tax, and the line's rate and affectation. */
function igvSubtotal(
  base: number,
  igv: number,
  currency: string,
  line: { affectation: string } | null,
): string {
  return wrap('cac:TaxSubtotal', [
    money('cbc:TaxableAmount', formatCents(base), currency),
    money('cbc:TaxAmount', formatCents(igv), currency),
    wrap('cac:TaxCategory', [
      el('cbc:ID', IGV_TAX.category, {
        schemeID: 'UN/ECE 5305',
        schemeName: 'Tax Category Identifier',
        schemeAgencyName: UNECE,
      }),
      ...(line
        ? [
            el('cbc:Percent', `${IGV_PERCENT}.00`),
            el('cbc:TaxExemptionReasonCode', line.affectation, {
              listAgencyName: SUNAT,
              listName: 'Afectacion del IGV',
              listURI: CATALOGUE('07'),
            }),
          ]
        : []),
      wrap('cac:TaxScheme', [
        el('cbc:ID', IGV_TAX.id, {
          schemeID: 'UN/ECE 5153',
          schemeName: 'Codigo de tributos',
          schemeAgencyName: SUNAT,
        }),
        el('cbc:Name', IGV_TAX.name),
        el('cbc:TaxTypeCode', IGV_TAX.code),
      ]),
    ]),
  ]);
}

function taxTotal(base: number, igv: number, currency: string): string {
  return wrap('cac:TaxTotal', [
    money('cbc:TaxAmount', formatCents(igv), currency),
    igvSubtotal(base, igv, currency, null),
  ]);
}

/** A line's amounts in cents: its value (base), IGV and total with IGV. */
type LineAmounts = { base: number; igv: number; total: number };

function documentLine(
  kind: 'Invoice' | 'CreditNote',
  line: SaleLine,
  amounts: LineAmounts,
  currency: string,
): string {
  const quantity = kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  return wrap(`cac:${kind}Line`, [
    el('cbc:ID', String(line.linea)),
    el(quantity, String(line.cantidad), {
      unitCode: line.unidad,
      unitCodeListID: 'UN/ECE rec 20',
      unitCodeListAgencyName: UNECE,
    }),
    money('cbc:LineExtensionAmount', formatCents(amounts.base), currency),
    wrap('cac:PricingReference', [
      wrap('cac:AlternativeConditionPrice', [
        // The unit price with IGV: (value + IGV) / quantity, which SUNAT checks.
        money('cbc:PriceAmount', unitAmount(amounts.total, line.cantidad), currency),
        el('cbc:PriceTypeCode', PRICE_WITH_TAXES, {
          listName: 'Tipo de Precio',
          listAgencyName: SUNAT,
          listURI: CATALOGUE('16'),
        }),
      ]),
    ]),
    wrap('cac:TaxTotal', [
      money('cbc:TaxAmount', formatCents(amounts.igv), currency),
      igvSubtotal(amounts.base, amounts.igv, currency, { affectation: line.afectacion_igv }),
    ]),
    wrap('cac:Item', [
      el('cbc:Description', line.descripcion),
      ...(line.id_item === null
        ? []
        : [wrap('cac:SellersItemIdentification', [el('cbc:ID', `${line.tipo}-${line.id_item}`)])]),
    ]),
    // The unit value without IGV. SUNAT checks value = unit value × quantity (±1 sol); the
    // stored unit value is rounded to the cent, which times 999 could drift past that, so the
    // line's own base / quantity is written, with up to ten decimals when it needs them.
    wrap('cac:Price', [
      money('cbc:PriceAmount', unitAmount(amounts.base, line.cantidad), currency),
    ]),
  ]);
}

const storedLineAmounts = (line: SaleLine): LineAmounts => ({
  base: cents(line.base),
  igv: cents(line.igv),
  total: cents(line.total),
});

const document = (kind: 'Invoice' | 'CreditNote', children: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${wrap(kind, children, {
    xmlns: ROOT_NAMESPACES[kind],
    'xmlns:cac': NAMESPACES.cac,
    'xmlns:cbc': NAMESPACES.cbc,
    'xmlns:ext': NAMESPACES.ext,
  })}`;

/* Documents */

/**
 * The boleta (03) or factura (01) of a sale as a UBL 2.1 `Invoice`. The sale's discount (IGV
 * included, over the whole sale) is a global discount that lowers the IGV's base (catálogo 53
 * '02'): its value is what separates the lines' bases from the sale's gravadas, so the totals
 * are the stored gravadas, IGV and total exactly. It is not in `AllowanceTotalAmount`, which
 * SUNAT reserves for discounts that do not lower the base (rule 3300).
 */
/**
 * The lines SUNAT reads: those charged. A line a bono covers (S/. 0.00) was receipted when the
 * bono was sold (decisions §bonos), so it stays on our record only; the rest are numbered anew.
 */
export const chargedLines = (sale: Sale) =>
  sale.items
    .filter((line) => cents(line.total) > 0)
    .map((line, index) => ({ ...line, linea: index + 1 }));

export function invoiceXml(sale: Sale): string {
  const currency = sale.moneda;
  const gravadas = cents(sale.gravadas);
  const igv = cents(sale.igv);
  const total = cents(sale.total);
  const items = chargedLines(sale);
  const lines = items.map(storedLineAmounts);
  const linesBase = lines.reduce((sum, line) => sum + line.base, 0);
  const discountBase = cents(sale.descuento) > 0 ? Math.max(1, linesBase - gravadas) : 0;
  const factor = linesBase > 0 ? (discountBase / linesBase).toFixed(5) : '0.00000';

  return document('Invoice', [
    ...head(
      documentNumber(sale.serie, sale.numero),
      sale.fecha,
      receiptCode(sale),
      sale,
      sale.monto_letras,
    ),
    signatureBlock(sale),
    ...parties(sale),
    ...(sale.cod_sunat === '01'
      ? [wrap('cac:PaymentTerms', [el('cbc:ID', 'FormaPago'), el('cbc:PaymentMeansID', 'Contado')])]
      : []),
    ...(discountBase > 0
      ? [
          wrap('cac:AllowanceCharge', [
            el('cbc:ChargeIndicator', 'false'),
            el('cbc:AllowanceChargeReasonCode', GLOBAL_DISCOUNT_AFFECTING_BASE, {
              listAgencyName: SUNAT,
              listName: 'Cargo/descuento',
              listURI: CATALOGUE('53'),
            }),
            // Optional, and SUNAT refuses a factor of zero (a cent off a fortune).
            ...(Number(factor) > 0 ? [el('cbc:MultiplierFactorNumeric', factor)] : []),
            money('cbc:Amount', formatCents(discountBase), currency),
            money('cbc:BaseAmount', formatCents(linesBase), currency),
          ]),
        ]
      : []),
    taxTotal(gravadas, igv, currency),
    wrap('cac:LegalMonetaryTotal', [
      money('cbc:LineExtensionAmount', formatCents(gravadas), currency),
      money('cbc:TaxInclusiveAmount', formatCents(total), currency),
      money('cbc:PayableAmount', formatCents(total), currency),
    ]),
    ...items.map((line, index) => documentLine('Invoice', line, lines[index], currency)),
  ]);
}

/**
 * The nota de crédito (07) that voids a sale's receipt whole, as a UBL 2.1 `CreditNote`: the
 * same parties and lines, pointing at the receipt. A credit note has no global discount (SUNAT's
 * rules check its totals against its lines alone), so a sale's discount is spread over the
 * credited lines, in proportion to their totals, in cents that add up to the sale's gravadas and
 * total exactly.
 */
export function creditNoteXml(note: CreditNoteInput, sale: Sale): string {
  const currency = sale.moneda;
  const gravadas = cents(sale.gravadas);
  const igv = cents(sale.igv);
  const total = cents(sale.total);
  const items = chargedLines(sale);
  const stored = items.map(storedLineAmounts);
  const storedTotal = stored.reduce((sum, line) => sum + line.total, 0);
  let lines = stored;
  if (storedTotal !== total) {
    const weights = stored.map((line) => line.total);
    const totals = allocate(total, weights);
    const bases = allocate(gravadas, weights);
    lines = totals.map((lineTotal, index) => ({
      base: bases[index],
      igv: lineTotal - bases[index],
      total: lineTotal,
    }));
  }
  const receipt = documentNumber(sale.serie, sale.numero);

  return document('CreditNote', [
    ...head(documentNumber(note.serie, note.numero), note.fecha, null, sale, sale.monto_letras),
    wrap('cac:DiscrepancyResponse', [
      el('cbc:ReferenceID', receipt),
      el('cbc:ResponseCode', note.cod_motivo, {
        listAgencyName: SUNAT,
        listName: 'Tipo de nota de credito',
        listURI: CATALOGUE('09'),
      }),
      el('cbc:Description', note.motivo),
    ]),
    wrap('cac:BillingReference', [
      wrap('cac:InvoiceDocumentReference', [
        el('cbc:ID', receipt),
        el('cbc:DocumentTypeCode', receiptCode(sale), {
          listAgencyName: SUNAT,
          listName: 'Tipo de Documento',
          listURI: CATALOGUE('01'),
        }),
      ]),
    ]),
    signatureBlock(sale),
    ...parties(sale),
    taxTotal(gravadas, igv, currency),
    wrap('cac:LegalMonetaryTotal', [
      money('cbc:LineExtensionAmount', formatCents(gravadas), currency),
      money('cbc:TaxInclusiveAmount', formatCents(total), currency),
      money('cbc:PayableAmount', formatCents(total), currency),
    ]),
    ...items.map((line, index) => documentLine('CreditNote', line, lines[index], currency)),
  ]);
}
