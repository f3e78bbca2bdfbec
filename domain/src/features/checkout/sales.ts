import { z } from 'zod';
import { isoDateTime, isoDay, money } from '../../api';
import { ExportFormatSchema, ListQuerySchema } from '../../list-query';
import { amountInWords, formatCents, igvOf, MAX_CENTS, parseCents } from '../../money';
import {
  id,
  isoDate,
  MONEY_MESSAGES,
  moneyAmount,
  optionalText,
  requiredText,
  type MoneyBound,
} from '../../rules';
import { optionalId } from '../agenda/booking';
import { ruc } from '../settings/settings';
import { AppointmentStatus } from '../../statuses';

/**
 * Checkout and sales (decisions §checkout): the sale a cashier registers, its receipt's codes and
 * the totals every screen and the server compute the same way. Prices include IGV; money travels
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

/**
 * The largest sale (S/ 999,999.99): its items, its total plus tip and its payments. Beyond it a
 * sale is refused in Spanish, well before numeric(10,2) or the amount in words would overflow.
 */
export const SALE_MAX_CENTS = 99_999_999;

/** The discount (%) a sale may carry without `caja.ajustar` until Ajustes says otherwise. */
export const DEFAULT_MAX_DISCOUNT = '10.00';

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
  saleMax: `El total de la venta no puede exceder S/ ${formatThousands(SALE_MAX_CENTS)}`,
  dueMax: `El total más la propina no puede exceder S/ ${formatThousands(SALE_MAX_CENTS)}`,
  paidMax: `Los pagos no pueden sumar más de S/ ${formatThousands(SALE_MAX_CENTS)}`,
  adjustForbidden:
    'No tiene permiso para cambiar precios, descuentos ni propinas fuera de lo permitido: pida a un administrador',
  adjustReasonRequired:
    'Indique el motivo del ajuste: cambió un precio, un descuento mayor al permitido o una propina mayor al total',
  adjustReasonMax: 'El motivo del ajuste no puede exceder los 200 caracteres',
  appointmentLineMissing: (item: string) =>
    `La venta de la cita debe incluir su ${item} al precio reservado`,
  priceMin: 'El precio debe ser mayor a 0',
  discountMin: 'El descuento no puede ser negativo',
  discountOverItems: 'El descuento no puede ser mayor que la suma de los ítems',
  tipMin: 'La propina no puede ser negativa',
  moneyFormat: MONEY_MESSAGES.format,
  moneyMax: MONEY_MESSAGES.max(MAX_CENTS),
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

/** 99999999 → '999,999.99', as a message names an amount. */
function formatThousands(cents: number): string {
  const [whole = '0', fraction] = formatCents(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/* Fields */

const moneyField = (required: string, min: MoneyBound) => moneyAmount(required, min);

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

/** A price absent or blank: the catalogue's (or the cita's) for a catalogue line. */
const optionalPrice = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  moneyField(M.priceRequired, { cents: 1, message: M.priceMin }).optional(),
);

/**
 * A line of the sale (decisions §server-prices): a catalogue item by id and quantity, which the
 * server names and prices (the catalogue's price, or the cita's booked one), or a free concept
 * ('otro', no id) with its description and price. A catalogue line's `precio` is an override:
 * charging another price than the server's needs `caja.ajustar` and `motivo_ajuste`.
 */
export const SaleItemSchema = z
  .object({
    tipo: z.enum(SALE_ITEM_KINDS, { error: M.itemKindInvalid }),
    id: optionalId().optional(),
    /** A catalogue line's is the catalogue's name whatever is sent. */
    descripcion: optionalText(200, M.descriptionMax),
    cantidad: quantity,
    /** Unit price with IGV. */
    precio: optionalPrice,
  })
  .superRefine((item, ctx) => {
    if (item.tipo === 'otro') {
      if (item.id != null) ctx.addIssue({ code: 'custom', path: ['id'], message: M.otherWithId });
      if (!item.descripcion) {
        ctx.addIssue({ code: 'custom', path: ['descripcion'], message: M.descriptionRequired });
      }
      if (item.precio === undefined) {
        ctx.addIssue({ code: 'custom', path: ['precio'], message: M.priceRequired });
      }
    } else if (item.id == null) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: ITEM_REQUIRED[item.tipo] });
    }
  })
  .transform((item) => ({
    ...item,
    id: item.id ?? null,
    descripcion: item.descripcion ?? '',
    precio: item.precio ?? null,
  }));
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
 * The sale's amounts, exact in cents (decisions §igv), for the checkout form as it is typed and for
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
  // A total beyond any sale is refused (SALE_MAX_CENTS); meanwhile it has no words.
  return { cents, text, words: total <= SALE_MAX_CENTS ? amountInWords(total) : '' };
}

/* The sale */

export type SaleRulesInput = SaleTotalsInput & {
  tipo_comp: ReceiptType;
  doc: string | null;
  nombre: string | null;
};

/** A rule broken, on the field the cashier has to fix. */
export interface SaleIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The rules across fields (decisions §checkout) over a sale whose every line has its price: the
 * form checks them as it is typed, the server again once it has priced the lines.
 */
export function saleIssues(sale: SaleRulesInput): SaleIssue[] {
  const issues: SaleIssue[] = [];
  const ctx = { addIssue: (issue: SaleIssue) => issues.push(issue) };
  const { cents } = saleTotals(sale);
  if (cents.items > SALE_MAX_CENTS) {
    ctx.addIssue({ path: ['items'], message: M.saleMax });
    return issues;
  }
  if (cents.discount > cents.items) {
    ctx.addIssue({ path: ['descuento'], message: M.discountOverItems });
  } else if (cents.due > SALE_MAX_CENTS) {
    ctx.addIssue({ path: ['propina'], message: M.dueMax });
  } else if (cents.paid > SALE_MAX_CENTS) {
    ctx.addIssue({ path: ['pagos'], message: M.paidMax });
  } else {
    const nonCash = sale.pagos
      .filter((p) => p.metodo !== 'efectivo')
      .reduce((sum, p) => sum + centsOr0(p.monto), 0);
    if (nonCash > cents.due) {
      ctx.addIssue({ path: ['pagos'], message: M.nonCashOverDue });
    } else if (cents.missing > 0) {
      ctx.addIssue({
        path: ['pagos'],
        message: paymentsShortMessage(cents.paid, cents.missing),
      });
    }
  }

  const doc = sale.doc ?? '';
  if (sale.tipo_comp === 'F') {
    const result = ruc.safeParse(doc);
    if (!result.success) {
      ctx.addIssue({ path: ['doc'], message: result.error.issues[0].message });
    }
    if (!sale.nombre) {
      ctx.addIssue({ path: ['nombre'], message: M.facturaNameRequired });
    }
  } else if (sale.tipo_comp === 'B') {
    if (cents.total > BOLETA_ID_THRESHOLD_CENTS && !DNI_PATTERN.test(doc)) {
      ctx.addIssue({ path: ['doc'], message: M.boletaDniRequired });
    } else if (doc !== '' && !DNI_PATTERN.test(doc) && !CE_PATTERN.test(doc)) {
      ctx.addIssue({ path: ['doc'], message: M.boletaDocInvalid });
    }
  }
  return issues;
}

/** A catalogue line without its price is priced by the server, which then checks the rules. */
function saleRules(
  sale: Omit<SaleRulesInput, 'items'> & {
    items: readonly { cantidad: number; precio: string | null }[];
  },
  ctx: z.RefinementCtx,
) {
  const items = sale.items.flatMap(({ cantidad, precio }) =>
    precio === null ? [] : [{ cantidad, precio }],
  );
  if (items.length < sale.items.length) return;
  for (const issue of saleIssues({ ...sale, items })) ctx.addIssue({ code: 'custom', ...issue });
}

/** A line as priced by the server: what the catalogue (or the cita) asks and what is charged. */
export interface PricedLine {
  tipo: SaleItemKind;
  descripcion: string;
  cantidad: number;
  /** The unit price charged. */
  precio: string;
  /** The server's unit price; null for a free line ('otro'). */
  precio_lista: string | null;
}

/**
 * What a sale charges off the server's prices (decisions §server-prices), each in a sentence for
 * the audit log: another price than the list's, a discount above `descuentoMax` % of the items, a
 * tip above the total. Any of them needs `caja.ajustar` and a reason.
 */
export function saleAdjustments(
  sale: { items: readonly PricedLine[]; descuento: string; propina: string },
  descuentoMax: string,
): string[] {
  const adjustments = sale.items.flatMap((line) =>
    line.precio_lista !== null && parseCents(line.precio) !== parseCents(line.precio_lista)
      ? [`Precio de «${line.descripcion}»: S/ ${line.precio_lista} → S/ ${line.precio}`]
      : [],
  );
  const { cents, text } = saleTotals({ ...sale, pagos: [] });
  // In hundredths of a percent, on integers: discount / items > max / 100.
  const maxBasis = parseCents(descuentoMax) ?? 0;
  if (cents.discount * 10_000 > cents.items * maxBasis) {
    adjustments.push(
      `Descuento de S/ ${text.discount} sobre S/ ${text.items}: más del ${descuentoMax} % permitido`,
    );
  }
  if (cents.tip > cents.total) {
    adjustments.push(`Propina de S/ ${text.tip}, mayor que el total de S/ ${text.total}`);
  }
  return adjustments;
}

/**
 * `POST /api/venta/register` (decisions §checkout). Answers 201 with `id_venta`, `serie`, `numero`.
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
    /** Why the sale charges off the server's prices (`saleAdjustments`); needs `caja.ajustar`. */
    motivo_ajuste: optionalText(200, M.adjustReasonMax),
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

/* What the API answers */

/**
 * Checkout's feature name (features/checkout/endpoints.ts): the root of every sales query key in the web, so
 * a sale or a void refreshes them all.
 */
export const SALES_QUERY_KEY = 'ventas';

/** `POST /api/venta/register` answers the new sale's id and its receipt number. */
export const SaleCreatedSchema = z.strictObject({
  id_venta: z.number().int(),
  serie: z.string(),
  numero: z.number().int(),
  comprobante: z.string(),
});
export type SaleCreated = z.infer<typeof SaleCreatedSchema>;

/** A row of the sales list. */
export const SaleSummarySchema = z.strictObject({
  id_venta: z.number().int(),
  fecha: isoDateTime,
  tipo_comp: z.enum(RECEIPT_TYPE_IDS),
  serie: z.string(),
  numero: z.number().int(),
  /** 'B001-00000001'. */
  comprobante: z.string(),
  id_cita: z.number().int().nullable(),
  id_cli: z.number().int().nullable(),
  cliente_doc: z.string(),
  cliente_nombre: z.string(),
  total: money,
  propina: money,
  /** The payment methods used, in the order paid. */
  metodos: z.array(z.enum(PAYMENT_METHOD_IDS)),
  /** Who charged it. */
  usuario: z.string().nullable(),
  anulada: z.boolean(),
});
export type SaleSummary = z.infer<typeof SaleSummarySchema>;

/** A line of an issued receipt, with what SUNAT's UBL will need (decisions §sunat-snapshot). */
export const SaleLineSchema = z.strictObject({
  linea: z.number().int(),
  tipo: z.enum(SALE_ITEM_KINDS),
  id_item: z.number().int().nullable(),
  descripcion: z.string(),
  cantidad: z.number().int(),
  unidad: z.string(),
  afectacion_igv: z.string(),
  /** With IGV. */
  precio_unitario: money,
  /** Without IGV. */
  valor_unitario: money,
  base: money,
  igv: money,
  total: money,
});
export type SaleLine = z.infer<typeof SaleLineSchema>;

export const SalePaymentLineSchema = z.strictObject({
  metodo: z.enum(PAYMENT_METHOD_IDS),
  monto: money,
});

/** `GET /api/venta/{id}`: the receipt, immutable once issued. */
export const SaleSchema = SaleSummarySchema.extend({
  cod_sunat: z.string().nullable(),
  moneda: z.string(),
  tipo_operacion: z.string(),
  cliente_doc_tipo: z.string(),
  emisor_ruc: z.string(),
  emisor_nombre: z.string(),
  emisor_direccion: z.string(),
  gravadas: money,
  descuento: money,
  igv: money,
  pagado: money,
  vuelto: money,
  monto_letras: z.string(),
  items: z.array(SaleLineSchema),
  pagos: z.array(SalePaymentLineSchema),
  anulada_at: isoDateTime.nullable(),
  anulada_por: z.string().nullable(),
  motivo_anulacion: z.string().nullable(),
  cpe_estado: z.string().nullable(),
  /** The groomer of the cita it charged, for the report. */
  groomer: z.string().nullable(),
});
export type Sale = z.infer<typeof SaleSchema>;

/* The till */

/** `POST /api/caja/cierre`: the cash counted at the end of `fecha`. */
export const CashCloseInputSchema = z.object({
  fecha: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
  contado: moneyField('El efectivo contado es requerido', {
    cents: 0,
    message: 'El efectivo contado no puede ser negativo',
  }),
  nota: optionalText(200, 'La nota no puede exceder los 200 caracteres'),
});
export type CashCloseInput = z.infer<typeof CashCloseInputSchema>;

/** `POST /api/caja/reapertura` (caja.administrar): a closed day opens again, with a reason. */
export const CashReopenInputSchema = z.object({
  fecha: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
  motivo: requiredText('El motivo de la reapertura es requerido')
    .min(5, 'El motivo debe tener al menos 5 caracteres')
    .max(200, 'El motivo no puede exceder los 200 caracteres'),
});
export type CashReopenInput = z.infer<typeof CashReopenInputSchema>;

export const CASH_MESSAGES = {
  closed: 'Cierre de caja registrado',
  alreadyClosed: 'La caja de este día ya fue cerrada',
  future: 'No se puede cerrar la caja de un día futuro',
  reopened: 'Caja reabierta: registre de nuevo el cierre cuando termine',
  notClosed: 'La caja de este día no está cerrada',
  /** A sale or a void on a day whose till is closed (and not reopened). */
  dayClosed: (fecha: string) =>
    `La caja del día ${fecha.split('-').reverse().join('/')} ya está cerrada`,
} as const;

/** One payment method's share of a day: what came in by it, net of the cash given back. */
export const CashMethodSchema = z.strictObject({
  metodo: z.enum(PAYMENT_METHOD_IDS),
  ventas: z.number().int(),
  monto: money,
});

export const CashCloseSchema = z.strictObject({
  esperado: money,
  contado: money,
  /** contado − esperado: negative when cash is missing. */
  diferencia: money,
  nota: z.string().nullable(),
  usuario: z.string().nullable(),
  at: isoDateTime,
  /** Set while an admin has reopened the day; the next close clears it. */
  reabierta_at: isoDateTime.nullable(),
  motivo_reapertura: z.string().nullable(),
  /** The cash the day's first close expected, once it has been reopened; null before. */
  esperado_original: money.nullable(),
});
export type CashClose = z.infer<typeof CashCloseSchema>;

/** `GET /api/caja?fecha=`: the day's sales (voids apart), per method, tips and the close. */
export const CashDaySchema = z.strictObject({
  fecha: isoDay,
  /** Sales not voided, their total (receipts) and their tips. */
  ventas: z.number().int(),
  total: money,
  propinas: money,
  metodos: z.array(CashMethodSchema),
  anuladas: z.number().int(),
  total_anulado: money,
  /** Cash received minus change: what the drawer should hold from the day's sales. */
  efectivo_esperado: money,
  cierre: CashCloseSchema.nullable(),
  /**
   * How the day's expected cash moved since it was closed: while reopened, the current expected
   * cash less the close's; after closing again, the new close's less the first's. Null when the
   * day was never reopened or nothing moved.
   */
  diferencia_cierre: money.nullable(),
});
export type CashDay = z.infer<typeof CashDaySchema>;

/* The report */

export const SALES_REPORT_GROUPINGS = ['dia', 'mes'] as const;

export const SalesReportQuerySchema = z
  .object({
    desde: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
    hasta: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
    agrupar: z.enum(SALES_REPORT_GROUPINGS, { error: 'Agrupe por día o por mes' }).default('dia'),
  })
  .refine((q) => q.desde <= q.hasta, { message: M.rangeOrder, path: ['desde'] });
export type SalesReportQuery = z.infer<typeof SalesReportQuerySchema>;

/** `GET /api/ventas/reporte/export`: the report's tables as CSV or as an xlsx workbook. */
export const SalesReportExportQuerySchema = SalesReportQuerySchema.safeExtend({
  formato: ExportFormatSchema,
});
export type SalesReportExportQuery = z.infer<typeof SalesReportExportQuerySchema>;

const reportRow = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...shape, ventas: z.number().int(), total: money });

/** `GET /api/ventas/reporte`: sales not voided in a Lima date range, four ways. */
export const SalesReportSchema = z.strictObject({
  desde: isoDay,
  hasta: isoDay,
  agrupar: z.enum(SALES_REPORT_GROUPINGS),
  ventas: z.number().int(),
  total: money,
  propinas: money,
  anuladas: z.number().int(),
  /** 'YYYY-MM-DD' or 'YYYY-MM'. */
  por_periodo: z.array(reportRow({ periodo: z.string() })),
  por_metodo: z.array(reportRow({ metodo: z.enum(PAYMENT_METHOD_IDS) })),
  /** Lines by what was sold: units and their amount with IGV (before the sale's discount). */
  por_item: z.array(
    z.strictObject({
      tipo: z.enum(SALE_ITEM_KINDS),
      id_item: z.number().int().nullable(),
      descripcion: z.string(),
      cantidad: z.number().int(),
      total: money,
    }),
  ),
  /** Sales of citas by their groomer; 'Sin asignar' and walk-in sales under null. */
  por_groomer: z.array(reportRow({ id_emp: z.number().int().nullable(), groomer: z.string() })),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

/** Statuses of a cita that can be charged: a no-show or a deleted visit cannot. */
const CHARGEABLE: readonly number[] = [
  AppointmentStatus.Programada,
  AppointmentStatus.EnProceso,
  AppointmentStatus.Completada,
];

/** Whether a cita can be charged: in a chargeable status and without a sale yet. */
export const mayCharge = (cita: { id_est: number; id_venta: number | null }) =>
  cita.id_venta === null && CHARGEABLE.includes(cita.id_est);

/** A charged cita stays Completada: its status changes only once its sale is voided. */
export const mayChangeStatus = (cita: { id_venta: number | null }) => cita.id_venta === null;

export const CHARGE_MESSAGES = {
  chargedStatus: 'Esta cita ya fue cobrada: anule su venta antes de cambiarle el estado',
  appointmentNotFound: 'Cita no encontrada',
  appointmentNotChargeable: 'Solo se cobra una cita programada, en proceso o completada',
  appointmentCharged: (receipt: string) => `Esta cita ya fue cobrada con ${receipt}`,
  clientMismatch: 'El cliente no corresponde a la cita',
  clientNotFound: 'Cliente no encontrado',
  itemNotFound: 'El ítem seleccionado no existe',
  alreadyVoided: 'La venta ya está anulada',
  issuerMissing:
    'Registre los datos de la empresa en Ajustes (RUC, razón social y dirección) antes de emitir boletas o facturas',
} as const;
