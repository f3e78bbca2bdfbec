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

export const PAYMENT_METHOD_IDS = ['efectivo', 'yape', 'plin', 'tarjeta', 'transferencia'] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_IDS)[number];

export const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  efectivo: 'Efectivo',
  yape: 'Yape',
  plin: 'Plin',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
};

export const SALE_ITEM_KINDS = ['servicio', 'paquete', 'producto', 'otro'] as const;
export type SaleItemKind = (typeof SALE_ITEM_KINDS)[number];

export const SALE_ITEM_KIND_LABELS: Record<SaleItemKind, string> = {
  servicio: 'Servicio',
  paquete: 'Paquete',
  producto: 'Producto',
  otro: 'Otro',
};

/** SUNAT catálogo 01: boleta 03, factura 01; a nota de venta is internal and never sent. */
export const SUNAT_RECEIPT_CODES: Record<ReceiptType, '01' | '03' | null> = {
  B: '03',
  F: '01',
  T: null,
};

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
