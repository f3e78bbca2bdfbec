import { z } from 'zod';
import { ListQuerySchema } from '../list-query';
import { amountInWords, formatCents, igvOf, MAX_CENTS, MONEY_PATTERN, parseCents } from '../money';
import { id, isoDate, optionalText, requiredText } from '../rules';
import { optionalId } from './booking';
import { ruc } from './settings';

/**
 * Checkout and sales (DESIGN §10.3): the sale a cashier registers, its receipt's codes and the
 * totals every screen and the server compute the same way. Prices include IGV; money travels
 * as numeric(10,2) text ('45.50') and is added in integer cents (domain/src/money.ts).
 */

/* Catalogues */

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

/** What the electronic receipt will need, stored with every sale (DESIGN §10.3). */
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

/** Above this total (S/ 700.00) a boleta names its buyer by DNI. */
export const BOLETA_ID_THRESHOLD_CENTS = 70_000;

const DNI_PATTERN = /^\d{8}$/;
/** Carné de extranjería: 9 to 12 letters or digits (catálogo 06 allows up to 12). */
const CE_PATTERN = /^[A-Za-z0-9]{9,12}$/;

/** The catálogo 06 code of a sale's customer document: RUC for a factura, else DNI or CE. */
export function customerDocCode(type: ReceiptType, doc: string | null | undefined) {
  const value = doc?.trim() ?? '';
  if (value === '') return SUNAT_CUSTOMER_DOC_CODES.none;
  if (type === 'F') return SUNAT_CUSTOMER_DOC_CODES.ruc;
  if (DNI_PATTERN.test(value)) return SUNAT_CUSTOMER_DOC_CODES.dni;
  if (CE_PATTERN.test(value)) return SUNAT_CUSTOMER_DOC_CODES.ce;
  return SUNAT_CUSTOMER_DOC_CODES.none;
}

/* Messages */

export const SALE_MESSAGES = {
  receiptTypeRequired: 'Seleccione el tipo de comprobante: boleta, factura o nota de venta',
  receiptTypeInvalid: 'Tipo de comprobante inválido',
  docMax: 'El documento no puede exceder los 20 caracteres',
  nameMax: 'El nombre no puede exceder los 200 caracteres',
  itemsRequired: 'Agregue al menos un ítem a la venta',
  itemsMax: 'La venta no puede tener más de 50 ítems',
  itemKindInvalid: 'El tipo de ítem debe ser servicio, paquete, producto u otro',
  serviceRequired: 'Debe seleccionar un servicio',
  packageRequired: 'Debe seleccionar un paquete',
  productRequired: 'Debe seleccionar un producto',
  otherWithId: 'Un ítem de tipo otro no lleva identificador',
  descriptionRequired: 'La descripción es requerida',
  descriptionMax: 'La descripción no puede exceder los 200 caracteres',
  quantityInvalid: 'La cantidad debe ser un número entero entre 1 y 999',
  priceRequired: 'El precio es requerido',
  priceMin: 'El precio debe ser mayor a 0',
  discountMin: 'El descuento no puede ser negativo',
  discountOverItems: 'El descuento no puede ser mayor que la suma de los ítems',
  tipMin: 'La propina no puede ser negativa',
  moneyFormat: 'Formato válido: números con hasta 2 decimales',
  moneyMax: `El monto no puede exceder S/ ${formatCents(MAX_CENTS)}`,
  paymentsRequired: 'Registre al menos un pago',
  paymentsMax: 'No se pueden registrar más de 5 pagos',
  methodInvalid: 'El método de pago debe ser efectivo, yape, plin, tarjeta o transferencia',
  amountRequired: 'El monto es requerido',
  amountMin: 'El monto debe ser mayor a 0',
  nonCashOverDue:
    'Los pagos con yape, plin, tarjeta o transferencia no pueden exceder el total más la propina: solo el efectivo da vuelto',
  facturaNameRequired: 'La razón social es obligatoria para una factura',
  boletaDocInvalid: 'El documento debe ser un DNI de 8 dígitos o un carné de extranjería',
  boletaDniRequired:
    'Para una boleta mayor a S/ 700.00 se requiere el DNI del comprador (8 dígitos)',
  voidReasonRequired: 'El motivo de anulación es requerido',
  voidReasonMin: 'El motivo debe tener al menos 5 caracteres',
  voidReasonMax: 'El motivo no puede exceder los 200 caracteres',
  dateRequired: 'La fecha es requerida',
  dateFormat: 'La fecha debe tener el formato AAAA-MM-DD',
  rangeOrder: 'La fecha inicial no puede ser mayor a la fecha final',
  notFound: 'Venta no encontrada',
  registered: '¡Venta registrada exitosamente!',
  voided: 'Venta anulada correctamente',
} as const;

const M = SALE_MESSAGES;

/** 'Los pagos suman S/ 100.00: faltan S/ 20.00 para cubrir el total más la propina'. */
export function paymentsShortMessage(paidCents: number, missingCents: number): string {
  return `Los pagos suman S/ ${formatCents(paidCents)}: faltan S/ ${formatCents(missingCents)} para cubrir el total más la propina`;
}

/* Fields */

/**
 * A money field as the form and the API send it (string or number), normalised to the
 * numeric(10,2) text; `min` is the smallest amount in cents it accepts, with its message.
 */
const moneyField = (required: string, min: { cents: number; message: string }) =>
  z.union([z.string(), z.number()], { error: required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const cents = parseCents(text);
    const message =
      text === ''
        ? required
        : !MONEY_PATTERN.test(text)
          ? M.moneyFormat
          : cents === undefined
            ? M.moneyMax
            : cents < min.cents
              ? min.message
              : undefined;
    if (cents === undefined || message !== undefined) {
      ctx.addIssue({ code: 'custom', message: message ?? M.moneyMax });
      return z.NEVER;
    }
    return formatCents(cents);
  });

/** An optional amount of at least zero: absent or blank is '0.00'. */
const optionalMoney = (minMessage: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? '0' : v),
    moneyField(M.moneyFormat, { cents: 0, message: minMessage }),
  );

const quantity = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: M.quantityInvalid })
    .int(M.quantityInvalid)
    .min(1, M.quantityInvalid)
    .max(999, M.quantityInvalid),
);

const ITEM_REQUIRED: Record<Exclude<SaleItemKind, 'otro'>, string> = {
  servicio: M.serviceRequired,
  paquete: M.packageRequired,
  producto: M.productRequired,
};

/** A line of the sale: a catalogue item (by id) or a free concept ('otro', no id). */
export const SaleItemSchema = z
  .object({
    tipo: z.enum(SALE_ITEM_KINDS, { error: M.itemKindInvalid }),
    id: optionalId().optional(),
    descripcion: requiredText(M.descriptionRequired).max(200, M.descriptionMax),
    cantidad: quantity,
    /** Unit price with IGV. */
    precio: moneyField(M.priceRequired, { cents: 1, message: M.priceMin }),
  })
  .superRefine((item, ctx) => {
    if (item.tipo === 'otro') {
      if (item.id != null) ctx.addIssue({ code: 'custom', path: ['id'], message: M.otherWithId });
    } else if (item.id == null) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: ITEM_REQUIRED[item.tipo] });
    }
  })
  .transform((item) => ({ ...item, id: item.id ?? null }));
export type SaleItemInput = z.infer<typeof SaleItemSchema>;

export const SalePaymentSchema = z.object({
  metodo: z.enum(PAYMENT_METHOD_IDS, { error: M.methodInvalid }),
  monto: moneyField(M.amountRequired, { cents: 1, message: M.amountMin }),
});
export type SalePaymentInput = z.infer<typeof SalePaymentSchema>;

/* Totals */

/** Amounts as the schema's output carries them; a value not yet valid counts as nothing. */
export interface SaleTotalsInput {
  items: readonly { cantidad: number | string; precio: string | number }[];
  descuento?: string | number | null;
  propina?: string | number | null;
  pagos: readonly { metodo: string; monto: string | number }[];
}

export interface SaleAmounts<T> {
  /** Σ cantidad × precio, IGV included. */
  items: T;
  discount: T;
  /** items − discount: the receipt's total. */
  total: T;
  /** The total without IGV (gravadas) and its IGV. */
  subtotal: T;
  igv: T;
  tip: T;
  /** total + tip: what the payments must cover. */
  due: T;
  paid: T;
  /** What the payments still lack (0 once covered). */
  missing: T;
  /** Cash given back: the cash beyond total + tip. */
  change: T;
}

export interface SaleTotals {
  cents: SaleAmounts<number>;
  text: SaleAmounts<string>;
  /** The legend of the total: 'SON: CIENTO VEINTE CON 00/100 SOLES'. */
  words: string;
}

const centsOr0 = (value: string | number | null | undefined) =>
  value === null || value === undefined ? 0 : (parseCents(value) ?? 0);

const quantityOr0 = (value: number | string) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n > 0 && n <= 999 ? n : 0;
};

/**
 * The sale's amounts, exact in cents (DESIGN §10.3), for the checkout form as it is typed and for
 * the server that stores them once. A total below zero (a discount beyond the items, refused by
 * the schema) counts as zero.
 */
export function saleTotals(input: SaleTotalsInput): SaleTotals {
  const items = input.items.reduce(
    (sum, item) => sum + quantityOr0(item.cantidad) * centsOr0(item.precio),
    0,
  );
  const discount = centsOr0(input.descuento);
  const total = Math.max(0, items - discount);
  const { subtotal, igv } = igvOf(total);
  const tip = centsOr0(input.propina);
  const due = total + tip;
  const amounts = input.pagos.map((p) => ({
    cash: p.metodo === 'efectivo',
    cents: centsOr0(p.monto),
  }));
  const paid = amounts.reduce((sum, p) => sum + p.cents, 0);
  const cash = amounts.reduce((sum, p) => sum + (p.cash ? p.cents : 0), 0);
  const cents: SaleAmounts<number> = {
    items,
    discount,
    total,
    subtotal,
    igv,
    tip,
    due,
    paid,
    missing: Math.max(0, due - paid),
    change: Math.max(0, Math.min(cash, paid - due)),
  };
  const entries = Object.entries(cents) as [keyof SaleAmounts<number>, number][];
  const text = Object.fromEntries(
    entries.map(([key, value]) => [key, formatCents(value)]),
  ) as unknown as SaleAmounts<string>;
  return { cents, text, words: amountInWords(total) };
}

/* The sale */

type SaleRulesInput = SaleTotalsInput & {
  tipo_comp: ReceiptType;
  doc: string | null;
  nombre: string | null;
};

/** The rules across fields (DESIGN §10.3), each on the field the cashier has to fix. */
function saleRules(sale: SaleRulesInput, ctx: z.RefinementCtx) {
  const { cents } = saleTotals(sale);
  if (cents.discount > cents.items) {
    ctx.addIssue({ code: 'custom', path: ['descuento'], message: M.discountOverItems });
  } else {
    const nonCash = sale.pagos
      .filter((p) => p.metodo !== 'efectivo')
      .reduce((sum, p) => sum + centsOr0(p.monto), 0);
    if (nonCash > cents.due) {
      ctx.addIssue({ code: 'custom', path: ['pagos'], message: M.nonCashOverDue });
    } else if (cents.missing > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['pagos'],
        message: paymentsShortMessage(cents.paid, cents.missing),
      });
    }
  }

  const doc = sale.doc ?? '';
  if (sale.tipo_comp === 'F') {
    const result = ruc.safeParse(doc);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', path: ['doc'], message: result.error.issues[0].message });
    }
    if (!sale.nombre) {
      ctx.addIssue({ code: 'custom', path: ['nombre'], message: M.facturaNameRequired });
    }
  } else if (sale.tipo_comp === 'B') {
    if (cents.total > BOLETA_ID_THRESHOLD_CENTS && !DNI_PATTERN.test(doc)) {
      ctx.addIssue({ code: 'custom', path: ['doc'], message: M.boletaDniRequired });
    } else if (doc !== '' && !DNI_PATTERN.test(doc) && !CE_PATTERN.test(doc)) {
      ctx.addIssue({ code: 'custom', path: ['doc'], message: M.boletaDocInvalid });
    }
  }
}

/**
 * `POST /api/venta/register` (DESIGN §10.3). Answers 201 with `id_venta`, `serie`, `numero`.
 * Money fields come out as numeric(10,2) text; `descuento` and `propina` default to '0.00'.
 */
export const SaleInputSchema = z
  .object({
    id_cita: optionalId('Cita inválida').optional(),
    /** Absent for a walk-in customer. */
    id_cliente: optionalId('Cliente inválido').optional(),
    tipo_comp: z.enum(RECEIPT_TYPE_IDS, { error: M.receiptTypeRequired }),
    /** RUC for a factura; DNI or carné de extranjería for a boleta; free for a nota de venta. */
    doc: optionalText(20, M.docMax),
    /** The customer's name; the razón social of a factura. */
    nombre: optionalText(200, M.nameMax),
    items: z
      .array(SaleItemSchema, { error: M.itemsRequired })
      .min(1, M.itemsRequired)
      .max(50, M.itemsMax),
    descuento: optionalMoney(M.discountMin),
    propina: optionalMoney(M.tipMin),
    pagos: z
      .array(SalePaymentSchema, { error: M.paymentsRequired })
      .min(1, M.paymentsRequired)
      .max(5, M.paymentsMax),
  })
  // The rules across fields add and compare valid amounts only: a field in error is fixed first.
  .superRefine(saleRules, { when: (payload) => payload.issues.length === 0 });
export type SaleInput = z.infer<typeof SaleInputSchema>;

/** `PATCH /api/venta/anular` (admin): the sale turns Anulada, its stock returns; never deleted. */
export const SaleVoidSchema = z.object({
  id: id(M.notFound),
  motivo: requiredText(M.voidReasonRequired).min(5, M.voidReasonMin).max(200, M.voidReasonMax),
});
export type SaleVoid = z.infer<typeof SaleVoidSchema>;

/** Filters are sent only when set; a blank one means "not set". */
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** `GET /api/ventas/`: the list query plus the day range, the receipt type and a payment method. */
export const SaleListQuerySchema = ListQuerySchema.safeExtend({
  desde: blankIsUnset(isoDate(M.dateFormat)),
  hasta: blankIsUnset(isoDate(M.dateFormat)),
  tipo: blankIsUnset(z.enum(RECEIPT_TYPE_IDS, { error: M.receiptTypeInvalid })),
  metodo: blankIsUnset(z.enum(PAYMENT_METHOD_IDS, { error: M.methodInvalid })),
}).refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
  message: M.rangeOrder,
  path: ['desde'],
});
export type SaleListQuery = z.infer<typeof SaleListQuerySchema>;

/** `GET /api/caja?fecha=YYYY-MM-DD`: one day's totals per payment method, tips, voids, count. */
export const CashDayQuerySchema = z.object({
  fecha: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
});
export type CashDayQuery = z.infer<typeof CashDayQuerySchema>;
