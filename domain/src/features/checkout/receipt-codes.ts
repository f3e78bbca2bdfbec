import type { ReceiptDocument, Sale } from './sale-record';

/**
 * What a receipt prints and SUNAT will read (decisions §sunat-snapshot): the receipt types and
 * their series, the payment methods, the kinds of line, and SUNAT's codes for each.
 */

export const RECEIPT_TYPE_IDS = ['B', 'F', 'T'] as const;
export type ReceiptType = (typeof RECEIPT_TYPE_IDS)[number];

export const RECEIPT_TYPES: Record<ReceiptType, string> = {
  B: 'Boleta',
  F: 'Factura',
  T: 'Nota de venta',
};

/** One series per receipt type; numbers within a series are gapless (a row lock on it). */
export const SALE_SERIES: Record<ReceiptType, string> = { B: 'B001', F: 'F001', T: 'T001' };

/** 'B001-00000001': the series and the number in eight digits, as SUNAT prints it. */
export function formatReceiptNumber(series: string, number: number): string {
  if (!Number.isSafeInteger(number) || number < 1 || number > 99_999_999) {
    throw new RangeError(`Not a receipt number: ${number}`);
  }
  return `${series}-${String(number).padStart(8, '0')}`;
}

export const PAYMENT_METHOD_IDS = [
  'efectivo',
  'yape',
  'plin',
  'tarjeta',
  'transferencia',
  'tarjeta_regalo',
  'adelanto',
  'credito',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_IDS)[number];

export const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  efectivo: 'Efectivo',
  yape: 'Yape',
  plin: 'Plin',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  tarjeta_regalo: 'Tarjeta de regalo',
  adelanto: 'Adelanto',
  credito: 'Saldo a favor',
};

/**
 * Methods that pay with money the salon took before: when the gift card was sold, the deposit
 * received, the credit left. The till lists them, and they are no money collected today.
 */
export const PREPAID_METHODS: readonly PaymentMethod[] = ['tarjeta_regalo', 'adelanto', 'credito'];

export const SALE_ITEM_KINDS = [
  'servicio',
  'paquete',
  'producto',
  'otro',
  'tarjeta_regalo',
  'bono',
] as const;
export type SaleItemKind = (typeof SALE_ITEM_KINDS)[number];

export const SALE_ITEM_KIND_LABELS: Record<SaleItemKind, string> = {
  servicio: 'Servicio',
  paquete: 'Paquete',
  producto: 'Producto',
  otro: 'Otro',
  tarjeta_regalo: 'Tarjeta de regalo',
  bono: 'Bono',
};

/** SUNAT catálogo 01: boleta 03, factura 01; a nota de venta is internal and never sent. */
export const SUNAT_RECEIPT_CODES: Record<ReceiptType, '01' | '03' | null> = {
  B: '03',
  F: '01',
  T: null,
};

/**
 * A nota de crédito (catálogo 01: 07) voids an electronic boleta or factura (DESIGN §11.1): in a
 * series of its own per receipt type, gapless like theirs; a nota de venta has none.
 */
export const SUNAT_CREDIT_NOTE_CODE = '07';
export const CREDIT_NOTE_SERIES: Record<Exclude<ReceiptType, 'T'>, string> = {
  B: 'BC01',
  F: 'FC01',
};

/** Catálogo 09: the reason of a nota de crédito that voids its receipt whole. */
export const CREDIT_NOTE_VOID_REASON = { cod_motivo: '01', motivo: 'Anulación de la operación' };

/** SUNAT catálogo 06: the customer's document type; '-' when there is none. */
export const SUNAT_CUSTOMER_DOC_CODES = {
  dni: '1',
  ruc: '6',
  ce: '4',
  pasaporte: '7',
  none: '-',
} as const;
export type SunatCustomerDocCode =
  (typeof SUNAT_CUSTOMER_DOC_CODES)[keyof typeof SUNAT_CUSTOMER_DOC_CODES];

/** What the electronic receipt will need, stored with every sale (decisions §sunat-snapshot). */
export const SUNAT_CURRENCY = 'PEN';
export const SUNAT_OPERATION_TYPE = '0101';
/** Catálogo 07: 10, gravado, operación onerosa. */
export const SUNAT_IGV_AFFECTATION = '10';
/** Catálogo 03: ZZ for services (and packages), NIU for goods. */
export const SUNAT_UNIT_CODES: Record<SaleItemKind, 'ZZ' | 'NIU'> = {
  servicio: 'ZZ',
  paquete: 'ZZ',
  producto: 'NIU',
  otro: 'ZZ',
  tarjeta_regalo: 'ZZ',
  bono: 'ZZ',
};

/** A DNI: eight digits. */
export const DNI_PATTERN = /^\d{8}$/;
/** Carné de extranjería: 9 to 12 letters or digits (catálogo 06 allows up to 12). */
export const CE_PATTERN = /^[A-Za-z0-9]{9,12}$/;

/** The catálogo 06 code of a sale's customer document: RUC for a factura, else DNI or CE. */
export function customerDocCode(type: ReceiptType, doc: string | null | undefined) {
  const value = doc?.trim() ?? '';
  if (value === '') return SUNAT_CUSTOMER_DOC_CODES.none;
  if (type === 'F') return SUNAT_CUSTOMER_DOC_CODES.ruc;
  if (DNI_PATTERN.test(value)) return SUNAT_CUSTOMER_DOC_CODES.dni;
  if (CE_PATTERN.test(value)) return SUNAT_CUSTOMER_DOC_CODES.ce;
  return SUNAT_CUSTOMER_DOC_CODES.none;
}

/**
 * Whether the receipt is an electronic one (DESIGN §11.9): a boleta or factura issued as a CPE,
 * which its state says from the moment it is issued (signed here, or left to the PSE, which
 * answers its hash and QR later). Without a modo on, no receipt has one and none prints
 * 'ELECTRÓNICA'; a nota de venta never is one.
 */
export const isElectronicReceipt = (sale: Pick<Sale, 'tipo_comp' | 'cpe_estado'>) =>
  sale.tipo_comp !== 'T' && sale.cpe_estado !== null;

/** An electronic document's state once issued, until the sender has SUNAT's answer. */
export const PENDING_STATE = 'pendiente';
/** SUNAT's verdict on a receipt whose number is spent (2000–3999): it is issued again. */
export const REJECTED_STATE = 'rechazado';

/**
 * Whether voiding the receipt issues a nota de crédito (DESIGN §11.1): an electronic one's does,
 * unless SUNAT rejected it: a rejected receipt never existed for SUNAT, there is nothing to credit.
 */
export const voidIssuesCreditNote = (sale: Pick<Sale, 'tipo_comp' | 'cpe_estado'>) =>
  isElectronicReceipt(sale) && sale.cpe_estado !== REJECTED_STATE;

/** The receipt's kind in words, as SUNAT's printed representation says it. */
const RECEIPT_KIND_TITLES: Record<ReceiptType, string> = {
  B: 'BOLETA DE VENTA',
  F: 'FACTURA',
  T: 'NOTA DE VENTA',
};

/** A nota de crédito exists only for an electronic receipt: it is always an electronic one. */
const CREDIT_NOTE_TITLE = 'NOTA DE CRÉDITO ELECTRÓNICA';

/**
 * The heading of a sale's document: 'BOLETA DE VENTA', 'BOLETA DE VENTA ELECTRÓNICA' once it is an
 * electronic receipt, or 'NOTA DE CRÉDITO ELECTRÓNICA' for the note that voided it.
 */
export function receiptTitle(
  sale: Pick<Sale, 'tipo_comp' | 'cpe_estado'>,
  document: ReceiptDocument = 'comprobante',
): string {
  if (document === 'nota') return CREDIT_NOTE_TITLE;
  const kind = RECEIPT_KIND_TITLES[sale.tipo_comp];
  return isElectronicReceipt(sale) ? `${kind} ELECTRÓNICA` : kind;
}

/** Catálogo 06, in words: the label of the customer's document on the receipt. */
export const CUSTOMER_DOC_LABELS: Record<string, string> = {
  [SUNAT_CUSTOMER_DOC_CODES.dni]: 'DNI',
  [SUNAT_CUSTOMER_DOC_CODES.ruc]: 'RUC',
  [SUNAT_CUSTOMER_DOC_CODES.ce]: 'C.E.',
  [SUNAT_CUSTOMER_DOC_CODES.pasaporte]: 'Pasaporte',
};

/** What a printed receipt says besides its data: the print view and the PDF say the same. */
export const RECEIPT_PRINT_TEXTS = {
  voided: 'ANULADA',
  reason: 'Motivo',
  date: 'Fecha',
  client: 'Cliente',
  pet: 'Mascota',
  groomer: 'Groomer',
  cashier: 'Cajero',
  quantity: 'Cant.',
  description: 'Descripción',
  unitPrice: 'P. unit.',
  amount: 'Importe',
  discount: 'Descuento',
  taxed: 'Op. gravadas',
  igv: 'IGV 18%',
  total: 'TOTAL',
  tip: 'Propina',
  change: 'Vuelto',
  thanks: 'Gracias por su preferencia',
  hash: 'Código hash',
  creditNote: 'Nota de crédito',
  /** On a nota de crédito: the receipt it voids. */
  modifies: 'Documento que modifica',
  representation: (title: string) => `Representación impresa de la ${title}`,
  qrAlt: (title: string, number: string) => `Código QR de la ${title} ${number}`,
} as const;

/** A row of a receipt's amounts: the label and the stored amount ('20.00'), shown as money. */
export interface ReceiptAmountRow {
  label: string;
  amount: string;
  /** Subtracted: printed with a minus sign. */
  negative?: boolean;
  strong?: boolean;
}

type PrintedSale = Pick<
  Sale,
  'descuento' | 'gravadas' | 'igv' | 'total' | 'propina' | 'vuelto' | 'pagos'
>;

/**
 * The amounts a receipt prints: its totals (the discount when there is one, the taxed base, the
 * IGV, the total) and how it was paid (the tip, each payment, the change). A nota de crédito
 * prints the totals it credits, and no payments.
 */
export function receiptAmounts(
  sale: PrintedSale,
  document: ReceiptDocument = 'comprobante',
): { totals: ReceiptAmountRow[]; payments: ReceiptAmountRow[] } {
  const T = RECEIPT_PRINT_TEXTS;
  const isSet = (amount: string) => amount !== '0.00';
  const totals: ReceiptAmountRow[] = [
    ...(isSet(sale.descuento)
      ? [{ label: T.discount, amount: sale.descuento, negative: true }]
      : []),
    { label: T.taxed, amount: sale.gravadas },
    { label: T.igv, amount: sale.igv },
    { label: T.total, amount: sale.total, strong: true },
  ];
  if (document === 'nota') return { totals, payments: [] };
  const payments: ReceiptAmountRow[] = [
    ...(isSet(sale.propina) ? [{ label: T.tip, amount: sale.propina }] : []),
    ...sale.pagos.map((p) => ({ label: PAYMENT_METHODS[p.metodo], amount: p.monto })),
    ...(isSet(sale.vuelto) ? [{ label: T.change, amount: sale.vuelto }] : []),
  ];
  return { totals, payments };
}

/**
 * The head of a sale's printed document: its title and number, when it was issued, and its
 * electronic marks (the hash, the QR's text, 'Representación impresa de la ...'), all null for a
 * receipt that is not electronic. A nota de crédito names the receipt it voids.
 */
export function printedDocument(
  sale: Pick<
    Sale,
    'tipo_comp' | 'comprobante' | 'fecha' | 'cpe_estado' | 'cpe_hash' | 'cpe_qr' | 'nota_credito'
  >,
  document: ReceiptDocument = 'comprobante',
) {
  const note = document === 'nota' ? sale.nota_credito : null;
  if (document === 'nota' && !note) throw new RangeError(`${sale.comprobante} has no credit note`);
  const title = receiptTitle(sale, document);
  const marks = note ?? sale;
  const electronic = note !== null || isElectronicReceipt(sale);
  return {
    title,
    number: note?.comprobante ?? sale.comprobante,
    fecha: note?.fecha ?? sale.fecha,
    hash: electronic ? marks.cpe_hash : null,
    qr: electronic ? marks.cpe_qr : null,
    representation: electronic ? RECEIPT_PRINT_TEXTS.representation(title) : null,
    modifies: note ? `${receiptTitle(sale)} ${sale.comprobante}` : null,
    reason: note ? `${note.cod_motivo} ${note.motivo}` : null,
  };
}
export type PrintedDocument = ReturnType<typeof printedDocument>;
