import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCents, parseCents, type ReceiptType, type Sale } from '@app/domain';
import { DOMParser, type Element as XmlElement, type Node as XmlNode } from '@xmldom/xmldom';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testCertificate, TEST_CERTIFICATE_PASSWORD } from '../../test/certificate';
import { signatureVerifies } from '../../test/fake-sunat';
import { saleFixture, type FixtureSale } from '../../test/sale-fixture';
import { validateUbl, type UblKind } from '../../test/xsd';
import {
  creditNoteXml,
  electronicCreditNote,
  electronicInvoice,
  invoiceXml,
  qrText,
  readCertificate,
  type CreditNoteInput,
  type ElectronicDocument,
  type SigningCertificate,
} from '.';

/**
 * The electronic receipts' documents (DESIGN §11.1): every kind the project builds validates
 * against SUNAT's XSD, its signature verifies (xml-crypto, and xmlsec1 where installed), its
 * amounts keep SUNAT's rules, and its QR reads back.
 */

const COMPANY_RUC = '20123456789';
const XMLSEC1 = '/usr/bin/xmlsec1';
const ZBARIMG = '/usr/bin/zbarimg';

let cert: SigningCertificate;
let workDir: string;
beforeAll(() => {
  cert = readCertificate(testCertificate({ ruc: COMPANY_RUC }), TEST_CERTIFICATE_PASSWORD);
  workDir = mkdtempSync(join(tmpdir(), 'cpe-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/* Sales as the server stores them */

type FixtureSpec = Omit<FixtureSale, 'numero' | 'emisor' | 'tipo'> & {
  tipo: Exclude<ReceiptType, 'T'>;
  numero?: number;
};

/** A sale of the salon, whose name needs escaping in XML. */
const saleOf = (fixture: FixtureSpec): Sale =>
  saleFixture({
    ...fixture,
    numero: fixture.numero ?? 1,
    emisor: {
      ruc: COMPANY_RUC,
      // Text that must be escaped, and accents.
      nombre: 'Peluquería Canina "Patitas" & Cía <Miraflores> S.A.C.',
    },
  });

const boletaWithDiscount = saleOf({
  tipo: 'B',
  numero: 27,
  doc: '45678912',
  nombre: 'María Fernández Ñahui',
  lines: [
    { descripcion: 'Baño y corte — raza grande', cantidad: 1, precio: '85.00' },
    { descripcion: 'Corte de uñas', cantidad: 2, precio: '12.50' },
    { descripcion: 'Shampoo antipulgas 250 ml', cantidad: 3, precio: '33.33', tipo: 'producto' },
    { descripcion: 'Paquete Spa mensual', cantidad: 1, precio: '150.00', tipo: 'paquete' },
  ],
  descuento: '17.35',
});
const facturaToRuc = saleOf({
  tipo: 'F',
  numero: 8,
  doc: '20100070970',
  nombre: 'Veterinaria San Borja & Asociados S.A.C.',
  lines: [
    { descripcion: 'Baño medicado', cantidad: 2, precio: '65.00' },
    { descripcion: 'Collar antipulgas', cantidad: 1, precio: '49.90', tipo: 'producto' },
    { descripcion: 'Traslado a domicilio', cantidad: 1, precio: '15.00', tipo: 'otro' },
  ],
});
const boletaVarios = saleOf({
  tipo: 'B',
  numero: 28,
  lines: [{ descripcion: 'Baño pequeño', cantidad: 1, precio: '45.00' }],
});

const voidNote = (serie: string, numero: number): CreditNoteInput => ({
  serie,
  numero,
  fecha: '2026-11-26T02:10:00.000Z',
  cod_motivo: '01',
  motivo: 'Anulación de la operación',
});

type Built = { name: string; kind: UblKind; sale: Sale; document: () => ElectronicDocument };
const DOCUMENTS: Built[] = [
  {
    name: 'a boleta with several lines and a discount',
    kind: 'invoice',
    sale: boletaWithDiscount,
    document: () => electronicInvoice(boletaWithDiscount, cert),
  },
  {
    name: 'a factura to a RUC',
    kind: 'invoice',
    sale: facturaToRuc,
    document: () => electronicInvoice(facturaToRuc, cert),
  },
  {
    name: "a boleta to 'VARIOS' under S/ 700",
    kind: 'invoice',
    sale: boletaVarios,
    document: () => electronicInvoice(boletaVarios, cert),
  },
  {
    name: 'the credit note of a boleta with a discount',
    kind: 'credit-note',
    sale: boletaWithDiscount,
    document: () => electronicCreditNote(voidNote('BC01', 3), boletaWithDiscount, cert),
  },
  {
    name: 'the credit note of a factura',
    kind: 'credit-note',
    sale: facturaToRuc,
    document: () => electronicCreditNote(voidNote('FC01', 1), facturaToRuc, cert),
  },
];

/* Reading documents back */

/** A document's root element, read with xmldom. */
const rootOf = (xml: string): XmlNode => {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  if (!root) throw new Error('Not an XML document');
  return root;
};

/**
 * The nodes at a path of local names below a node ('LegalMonetaryTotal/PayableAmount'); a last
 * step '@name' is an attribute.
 */
function nodesAt(context: XmlNode, path: string): XmlNode[] {
  return path.split('/').reduce<XmlNode[]>(
    (nodes, step) =>
      nodes.flatMap((node): XmlNode[] => {
        if (step.startsWith('@')) {
          const attribute = (node as XmlElement).getAttributeNode?.(step.slice(1));
          return attribute ? [attribute] : [];
        }
        return [...node.childNodes].filter(
          (child) => child.nodeType === child.ELEMENT_NODE && child.localName === step,
        );
      }),
    [context],
  );
}
const textAt = (context: XmlNode, path: string) => {
  const [node] = nodesAt(context, path);
  return node?.nodeValue ?? node?.textContent ?? '';
};
const amountAt = (context: XmlNode, path: string) => Number(textAt(context, path) || '0');

/** xmlsec1's verdict (the C library SUNAT's own tools are built like), or null without it. */
function xmlsecVerifies(xml: string, name: string): boolean | null {
  if (!existsSync(XMLSEC1)) return null;
  const path = join(workDir, `${name}.xml`);
  writeFileSync(path, xml);
  try {
    execFileSync(XMLSEC1, ['--verify', '--insecure', path], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/**
 * SUNAT's amount rules (Factura2_0, Boleta2_0, NotaCredito2_0), each with its code, and its
 * tolerance of ±1 sol: the lines' values, prices and IGV, the global discount, and the totals.
 * The broken ones, none when the document keeps them all.
 */
function amountRuleBreaks(xml: string): string[] {
  const root = rootOf(xml);
  const kind = root.nodeName;
  const breaks: string[] = [];
  const check = (rule: string, actual: number, expected: number) => {
    if (Math.abs(actual - expected) > 1) breaks.push(`${rule}: ${actual} ≠ ${expected}`);
  };
  let linesValue = 0;
  let linesBase = 0;
  for (const line of nodesAt(root, `${kind}Line`)) {
    const quantity = amountAt(line, kind === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity');
    const value = amountAt(line, 'LineExtensionAmount');
    const tax = amountAt(line, 'TaxTotal/TaxAmount');
    const base = amountAt(line, 'TaxTotal/TaxSubtotal/TaxableAmount');
    const igv = amountAt(line, 'TaxTotal/TaxSubtotal/TaxAmount');
    const percent = amountAt(line, 'TaxTotal/TaxSubtotal/TaxCategory/Percent');
    check(
      '3271 value = unit value × quantity',
      value,
      amountAt(line, 'Price/PriceAmount') * quantity,
    );
    check(
      '3270 unit price = (value + IGV) / quantity',
      amountAt(line, 'PricingReference/AlternativeConditionPrice/PriceAmount'),
      (value + tax) / quantity,
    );
    check('3272 base = value', base, value);
    check('3103 IGV = rate × base', igv, (base * percent) / 100);
    check('3292 line taxes = Σ its IGV', tax, igv);
    // Closer than SUNAT asks: the line's IGV is its base's 18 % to the cent.
    if (Math.abs(igv - Math.round(base * 18) / 100) > 0.011) breaks.push(`line IGV ${igv}`);
    linesValue += value;
    linesBase += base;
  }
  const discounts = nodesAt(root, 'AllowanceCharge').filter(
    (charge) => textAt(charge, 'AllowanceChargeReasonCode') === '02',
  );
  let discount = 0;
  for (const charge of discounts) {
    const amount = amountAt(charge, 'Amount');
    const factor = textAt(charge, 'MultiplierFactorNumeric');
    if (factor)
      check(
        '3307 discount = base × factor',
        amount,
        amountAt(charge, 'BaseAmount') * Number(factor),
      );
    check('base of the discount = Σ line values', amountAt(charge, 'BaseAmount'), linesValue);
    if (textAt(charge, 'ChargeIndicator') !== 'false') breaks.push('3114 a discount is no charge');
    discount += amount;
  }
  const taxable = amountAt(root, 'TaxTotal/TaxSubtotal/TaxableAmount');
  const igv = amountAt(root, 'TaxTotal/TaxSubtotal/TaxAmount');
  const lineExtension = amountAt(root, 'LegalMonetaryTotal/LineExtensionAmount');
  const taxInclusive = amountAt(root, 'LegalMonetaryTotal/TaxInclusiveAmount');
  const payable = amountAt(root, 'LegalMonetaryTotal/PayableAmount');
  check('3277 gravadas = Σ line values − discount', taxable, linesValue - discount);
  check('3291 IGV = 18 % × (Σ line bases − discount)', igv, ((linesBase - discount) * 18) / 100);
  check('3294 taxes = Σ IGV', amountAt(root, 'TaxTotal/TaxAmount'), igv);
  check('3278 total value = Σ line values − discount', lineExtension, linesValue - discount);
  check(
    '3279 total price = total value + IGV',
    taxInclusive,
    lineExtension + ((linesBase - discount) * 18) / 100,
  );
  check('3280 payable = total price', payable, taxInclusive);
  check('payable = gravadas + IGV', payable, taxable + igv);
  if (nodesAt(root, 'LegalMonetaryTotal/AllowanceTotalAmount').length > 0) {
    breaks.push('3300 AllowanceTotalAmount is for discounts that do not lower the base');
  }
  return breaks;
}

test('the amount rules catch a line off by S/ 2 and a discount left out', () => {
  const xml = invoiceXml(boletaWithDiscount);
  const line = boletaWithDiscount.items[0];
  const offLine = xml.replace(
    `<cbc:LineExtensionAmount currencyID="PEN">${line.base}</cbc:LineExtensionAmount>`,
    `<cbc:LineExtensionAmount currencyID="PEN">${formatCents((parseCents(line.base) ?? 0) + 200)}</cbc:LineExtensionAmount>`,
  );
  expect(amountRuleBreaks(offLine).map((rule) => rule.slice(0, 4))).toEqual([
    '3271',
    '3270',
    '3272',
    'base',
    '3277',
    '3278',
  ]);
  const noDiscount = xml.replace(/<cac:AllowanceCharge>.*<\/cac:AllowanceCharge>/, '');
  expect(amountRuleBreaks(noDiscount).map((rule) => rule.slice(0, 4))).toEqual([
    '3277',
    '3291',
    '3278',
    '3279',
  ]);
});

/** The document's totals as the sale stored them, to the cent. */
function totalsOf(xml: string) {
  const root = rootOf(xml);
  return {
    gravadas: textAt(root, 'TaxTotal/TaxSubtotal/TaxableAmount'),
    igv: textAt(root, 'TaxTotal/TaxAmount'),
    total: textAt(root, 'LegalMonetaryTotal/PayableAmount'),
  };
}

/* The documents */

describe.each(DOCUMENTS)('$name', ({ name, kind, sale, document }) => {
  let built: ElectronicDocument;
  beforeAll(() => {
    built = document();
  });

  test('validates against SUNAT’s UBL 2.1 schema', async () => {
    expect(await validateUbl(built.xml, kind)).toEqual([]);
  });

  test('is signed: xml-crypto and xmlsec1 verify it with the certificate', () => {
    expect(signatureVerifies(built.xml, cert.certificatePem)).toBe(true);
    const xmlsec = xmlsecVerifies(built.xml, name.replace(/\W+/g, '-'));
    if (xmlsec !== null) expect(xmlsec).toBe(true);
  });

  test('a changed total breaks the signature', () => {
    const total = `<cbc:PayableAmount currencyID="PEN">${sale.total}</cbc:PayableAmount>`;
    expect(built.xml).toContain(total);
    const tampered = built.xml.replace(
      total,
      `<cbc:PayableAmount currencyID="PEN">${formatCents((parseCents(sale.total) ?? 0) - 100)}</cbc:PayableAmount>`,
    );
    expect(signatureVerifies(tampered, cert.certificatePem)).toBe(false);
    const xmlsec = xmlsecVerifies(tampered, `${name.replace(/\W+/g, '-')}-tampered`);
    if (xmlsec !== null) expect(xmlsec).toBe(false);
  });

  test('keeps SUNAT’s amount rules and states the sale’s totals', () => {
    expect(amountRuleBreaks(built.xml)).toEqual([]);
    expect(totalsOf(built.xml)).toEqual({
      gravadas: sale.gravadas,
      igv: sale.igv,
      total: sale.total,
    });
  });

  test('its hash is the signature’s DigestValue, and the QR ends with it', () => {
    const root = rootOf(built.xml);
    const digest = textAt(
      root,
      'UBLExtensions/UBLExtension/ExtensionContent/Signature/SignedInfo/Reference/DigestValue',
    );
    expect(built.hash).toBe(digest);
    expect(built.hash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(built.qr.endsWith(`|${built.hash}|`)).toBe(true);
  });
});

describe('the documents say', () => {
  test('a boleta: its number, the Lima date and time, the parties and the legend', () => {
    const sale = saleOf({
      tipo: 'B',
      numero: 42,
      doc: '45678912',
      nombre: 'Ana Quispe',
      // 22:30 in Lima the day before.
      fecha: '2026-01-01T03:30:00.000Z',
      lines: [{ descripcion: 'Baño', cantidad: 1, precio: '120.00' }],
    });
    const root = rootOf(invoiceXml(sale));
    expect(textAt(root, 'ID')).toBe('B001-42');
    expect(textAt(root, 'IssueDate')).toBe('2025-12-31');
    expect(textAt(root, 'IssueTime')).toBe('22:30:00');
    expect(textAt(root, 'InvoiceTypeCode')).toBe('03');
    expect(textAt(root, 'InvoiceTypeCode/@listID')).toBe('0101');
    expect(textAt(root, 'Note')).toBe('SON: CIENTO VEINTE CON 00/100 SOLES');
    const supplier = 'AccountingSupplierParty/Party';
    expect(textAt(root, `${supplier}/PartyIdentification/ID`)).toBe(COMPANY_RUC);
    expect(textAt(root, `${supplier}/PartyLegalEntity/RegistrationName`)).toBe(sale.emisor_nombre);
    expect(textAt(root, `${supplier}/PartyLegalEntity/RegistrationAddress/AddressTypeCode`)).toBe(
      '0000',
    );
    const customerId = 'AccountingCustomerParty/Party/PartyIdentification/ID';
    expect(textAt(root, `${customerId}/@schemeID`)).toBe('1');
    expect(textAt(root, customerId)).toBe('45678912');
    // A boleta has no payment terms; a factura pays 'Contado'.
    expect(nodesAt(root, 'PaymentTerms')).toEqual([]);
    const factura = rootOf(invoiceXml(facturaToRuc));
    expect(textAt(factura, 'PaymentTerms/ID')).toBe('FormaPago');
    expect(textAt(factura, 'PaymentTerms/PaymentMeansID')).toBe('Contado');
  });

  test("a boleta to 'VARIOS': catálogo 06 '-' for the buyer", () => {
    const root = rootOf(invoiceXml(boletaVarios));
    const customerId = 'AccountingCustomerParty/Party/PartyIdentification/ID';
    expect(textAt(root, `${customerId}/@schemeID`)).toBe('-');
    expect(textAt(root, customerId)).toBe('-');
    expect(textAt(root, 'AccountingCustomerParty/Party/PartyLegalEntity/RegistrationName')).toBe(
      'CLIENTES VARIOS',
    );
  });

  test('a discount: a global discount that lowers the base (catálogo 53 02)', () => {
    const root = rootOf(invoiceXml(boletaWithDiscount));
    expect(textAt(root, 'AllowanceCharge/ChargeIndicator')).toBe('false');
    expect(textAt(root, 'AllowanceCharge/AllowanceChargeReasonCode')).toBe('02');
    const linesBase = boletaWithDiscount.items.reduce(
      (sum, line) => sum + (parseCents(line.base) ?? 0),
      0,
    );
    expect(textAt(root, 'AllowanceCharge/BaseAmount')).toBe(formatCents(linesBase));
    expect(textAt(root, 'AllowanceCharge/Amount')).toBe(
      formatCents(linesBase - (parseCents(boletaWithDiscount.gravadas) ?? 0)),
    );
  });

  test('a credit note: the voided receipt, the reason, and the lines it credits', () => {
    const note = voidNote('BC01', 3);
    const root = rootOf(creditNoteXml(note, boletaWithDiscount));
    expect(textAt(root, 'ID')).toBe('BC01-3');
    // 02:10 UTC is 21:10 of the day before in Lima.
    expect(textAt(root, 'IssueDate')).toBe('2026-11-25');
    expect(textAt(root, 'DiscrepancyResponse/ReferenceID')).toBe('B001-27');
    expect(textAt(root, 'DiscrepancyResponse/ResponseCode')).toBe('01');
    expect(textAt(root, 'DiscrepancyResponse/Description')).toBe('Anulación de la operación');
    expect(textAt(root, 'BillingReference/InvoiceDocumentReference/ID')).toBe('B001-27');
    expect(textAt(root, 'BillingReference/InvoiceDocumentReference/DocumentTypeCode')).toBe('03');
    expect(nodesAt(root, 'CreditNoteLine').map((line) => textAt(line, 'Item/Description'))).toEqual(
      boletaWithDiscount.items.map((line) => line.descripcion),
    );
    // The discount spread over the lines: their values add up to the sale's gravadas.
    const values = nodesAt(root, 'CreditNoteLine').map((line) =>
      parseCents(textAt(line, 'LineExtensionAmount')),
    );
    expect(values.reduce((sum = 0, value = 0) => sum + value, 0)).toBe(
      parseCents(boletaWithDiscount.gravadas),
    );
    expect(nodesAt(root, 'PaymentTerms')).toEqual([]);
  });

  test('names with & < > " are escaped and read back as written', () => {
    const sale = saleOf({
      tipo: 'F',
      doc: '20100070970',
      nombre: 'Perros & Gatos <Lima> "Norte" S.A.C.',
      lines: [{ descripcion: 'Corte <tijera> & "estilo"', cantidad: 1, precio: '10.00' }],
    });
    const root = rootOf(invoiceXml(sale));
    expect(textAt(root, 'AccountingCustomerParty/Party/PartyLegalEntity/RegistrationName')).toBe(
      'Perros & Gatos <Lima> "Norte" S.A.C.',
    );
    expect(textAt(root, 'InvoiceLine/Item/Description')).toBe('Corte <tijera> & "estilo"');
  });

  test('a nota de venta is no electronic receipt', () => {
    const notaDeVenta = {
      ...facturaToRuc,
      tipo_comp: 'T' as const,
      serie: 'T001',
      cod_sunat: null,
    };
    expect(() => invoiceXml(notaDeVenta)).toThrow();
  });
});

/* Amounts */

const TRICKY: { name: string; sale: FixtureSpec }[] = [
  {
    name: '3 × 33.33',
    sale: { tipo: 'B', lines: [{ descripcion: 'a', cantidad: 3, precio: '33.33' }] },
  },
  {
    name: 'three lines of 33.33',
    sale: {
      tipo: 'F',
      doc: '20100070970',
      nombre: 'Cliente SAC',
      lines: [1, 2, 3].map((n) => ({ descripcion: `línea ${n}`, cantidad: 1, precio: '33.33' })),
    },
  },
  {
    name: 'a line of 0.01',
    sale: { tipo: 'B', lines: [{ descripcion: 'a', cantidad: 1, precio: '0.01' }] },
  },
  {
    name: '999 × 0.01 (the unit value to the cent would drift S/ 1.52)',
    sale: {
      tipo: 'B',
      lines: [{ descripcion: 'a', cantidad: 999, precio: '0.01', tipo: 'producto' }],
    },
  },
  {
    name: 'seven lines that each round up',
    sale: {
      tipo: 'B',
      lines: Array.from({ length: 7 }, (_, n) => ({
        descripcion: `l${n}`,
        cantidad: 1,
        precio: '0.03',
      })),
    },
  },
  {
    name: 'a discount of one cent',
    sale: {
      tipo: 'B',
      lines: [{ descripcion: 'a', cantidad: 1, precio: '10.00' }],
      descuento: '0.01',
    },
  },
  {
    name: 'a discount that leaves one cent',
    sale: {
      tipo: 'B',
      lines: [{ descripcion: 'a', cantidad: 1, precio: '100.00' }],
      descuento: '99.99',
    },
  },
  {
    name: 'a discount that rounds, over lines that round',
    sale: {
      tipo: 'F',
      doc: '20100070970',
      nombre: 'Cliente SAC',
      lines: [
        { descripcion: 'a', cantidad: 7, precio: '19.90' },
        { descripcion: 'b', cantidad: 1, precio: '0.10' },
        { descripcion: 'c', cantidad: 3, precio: '33.33' },
      ],
      descuento: '5.55',
    },
  },
  {
    name: 'the largest sale, 999 × 999.99 less 0.99',
    sale: {
      tipo: 'F',
      doc: '20100070970',
      nombre: 'Cliente SAC',
      lines: [{ descripcion: 'a', cantidad: 999, precio: '999.99', tipo: 'producto' }],
      descuento: '0.99',
    },
  },
];

describe.each(TRICKY)('tricky totals: $name', ({ sale: fixture }) => {
  const sale = saleOf(fixture);

  test('the invoice keeps SUNAT’s rules, totals as stored, and validates', async () => {
    const { xml } = electronicInvoice(sale, cert);
    expect(amountRuleBreaks(xml)).toEqual([]);
    expect(totalsOf(xml)).toEqual({ gravadas: sale.gravadas, igv: sale.igv, total: sale.total });
    expect(await validateUbl(xml, 'invoice')).toEqual([]);
  });

  test('its credit note too', async () => {
    const serie = fixture.tipo === 'B' ? 'BC01' : 'FC01';
    const { xml } = electronicCreditNote(voidNote(serie, 1), sale, cert);
    expect(amountRuleBreaks(xml)).toEqual([]);
    expect(totalsOf(xml)).toEqual({ gravadas: sale.gravadas, igv: sale.igv, total: sale.total });
    expect(await validateUbl(xml, 'credit-note')).toEqual([]);
  });
});

/* QR */

describe('the QR', () => {
  test('says RUC|tipo|serie|número|IGV|total|fecha|tipo doc|doc|hash|', () => {
    expect(
      qrText({
        ruc: COMPANY_RUC,
        tipo: '03',
        serie: 'B001',
        numero: 27,
        igv: '18.31',
        total: '120.00',
        fecha: '2026-11-25',
        clienteDocTipo: '1',
        clienteDoc: '45678912',
        hash: 'q1w2e3r4t5y6u7i8o9p0asdfghjklzxcvbnm1234567=',
      }),
    ).toBe(
      '20123456789|03|B001|27|18.31|120.00|2026-11-25|1|45678912|q1w2e3r4t5y6u7i8o9p0asdfghjklzxcvbnm1234567=|',
    );
  });

  test('of each document is its own', () => {
    const boleta = electronicInvoice(boletaWithDiscount, cert);
    expect(boleta.qr).toBe(
      `${COMPANY_RUC}|03|B001|27|${boletaWithDiscount.igv}|${boletaWithDiscount.total}|2026-11-25|1|45678912|${boleta.hash}|`,
    );
    expect(electronicInvoice(boletaVarios, cert).qr).toMatch(
      new RegExp(
        `^${COMPANY_RUC}\\|03\\|B001\\|28\\|6\\.86\\|45\\.00\\|2026-11-25\\|-\\|-\\|[^|]+\\|$`,
      ),
    );
    const note = electronicCreditNote(voidNote('FC01', 1), facturaToRuc, cert);
    expect(note.qr).toBe(
      `${COMPANY_RUC}|07|FC01|1|${facturaToRuc.igv}|${facturaToRuc.total}|2026-11-25|6|20100070970|${note.hash}|`,
    );
  });

  test('decodes back from its image (zbarimg, where installed)', async () => {
    const { qr } = electronicInvoice(facturaToRuc, cert);
    const png = join(workDir, 'qr.png');
    await QRCode.toFile(png, qr, { errorCorrectionLevel: 'M', margin: 4, scale: 4 });
    if (!existsSync(ZBARIMG)) return;
    const read = execFileSync(ZBARIMG, ['--raw', '-q', png], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(read.trim()).toBe(qr);
  });
});
