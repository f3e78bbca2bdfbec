import { z } from 'zod';
import { id, moneyAmount, optionalText, requiredText } from '../../rules';
import { parseCents } from '../../money';
import { optionalId } from '../agenda/booking';
import { BONO_MESSAGES } from './bonos';
import { depositPaymentIssues } from './deposits';
import { giftCardCode } from './gift-cards';
import {
  PAYMENT_METHOD_IDS,
  RECEIPT_TYPE_IDS,
  SALE_ITEM_KINDS,
  type SaleItemKind,
} from './receipt-codes';
import { SALE_MESSAGES } from './sale-messages';
import { saleIssues, type SaleRulesInput } from './sale-rules';
import { saleTotals } from './sale-totals';

/**
 * The sale a cashier registers (decisions §checkout) and its void, as the checkout form and the
 * server validate them. Prices include IGV; money travels as numeric(10,2) text ('45.50').
 */

const M = SALE_MESSAGES;

/** An optional amount of at least zero: absent or blank is '0.00'. */
const optionalMoney = (minMessage: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? '0' : v),
    moneyAmount(M.moneyFormat, { cents: 0, message: minMessage }),
  );

const quantity = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: M.quantityInvalid })
    .int(M.quantityInvalid)
    .min(1, M.quantityInvalid)
    .max(999, M.quantityInvalid),
);

const ITEM_REQUIRED: Record<Exclude<SaleItemKind, 'otro' | 'tarjeta_regalo'>, string> = {
  servicio: M.serviceRequired,
  paquete: M.packageRequired,
  producto: M.productRequired,
  bono: M.bonoRequired,
};

/** A price absent or blank: the catalogue's (or the cita's) for a catalogue line. */
const optionalPrice = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  moneyAmount(M.priceRequired, { cents: 1, message: M.priceMin }).optional(),
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
    /** A service or package the client's bono covers, charged anyway (coverWithBonos). */
    sin_bono: z.boolean().optional(),
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
    } else if (item.tipo === 'tarjeta_regalo') {
      // Its amount is what it is sold for and what it will pay: the precio sent.
      if (item.id != null)
        ctx.addIssue({ code: 'custom', path: ['id'], message: M.giftCardWithId });
      if (item.precio === undefined) {
        ctx.addIssue({ code: 'custom', path: ['precio'], message: M.giftCardAmountRequired });
      }
      if (item.cantidad !== 1) {
        ctx.addIssue({ code: 'custom', path: ['cantidad'], message: M.giftCardOnePerLine });
      }
    } else if (item.id == null) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: ITEM_REQUIRED[item.tipo] });
    } else if (item.tipo === 'bono' && item.cantidad !== 1) {
      ctx.addIssue({ code: 'custom', path: ['cantidad'], message: BONO_MESSAGES.onePerLine });
    }
  })
  .transform((item) => ({
    ...item,
    id: item.id ?? null,
    descripcion: item.descripcion ?? '',
    precio: item.precio ?? null,
  }));
export type SaleItemInput = z.infer<typeof SaleItemSchema>;

export const SalePaymentSchema = z
  .object({
    metodo: z.enum(PAYMENT_METHOD_IDS, { error: M.methodInvalid }),
    monto: moneyAmount(M.amountRequired, { cents: 1, message: M.amountMin }),
    /** The gift card's code, for `tarjeta_regalo` only. */
    codigo: z.preprocess((v) => (v === '' || v === null ? undefined : v), giftCardCode.optional()),
  })
  .superRefine((pago, ctx) => {
    if (pago.metodo === 'tarjeta_regalo' && pago.codigo === undefined) {
      ctx.addIssue({ code: 'custom', path: ['codigo'], message: M.giftCardCodeRequired });
    }
  })
  .transform(({ codigo, ...pago }) => ({
    ...pago,
    codigo: pago.metodo === 'tarjeta_regalo' ? (codigo ?? null) : null,
  }));
export type SalePaymentInput = z.infer<typeof SalePaymentSchema>;

/**
 * A gift card is sold alone, on a nota de venta (it is money kept for later, receipted when
 * spent), with no cita, discount nor tip, and not paid with another card.
 */
function giftCardRules(
  sale: {
    id_cita?: number | null;
    tipo_comp: string;
    items: readonly { tipo: SaleItemKind }[];
    descuento: string;
    propina: string;
    pagos: readonly { metodo: string }[];
  },
  ctx: z.RefinementCtx,
) {
  const cards = sale.items.filter((item) => item.tipo === 'tarjeta_regalo').length;
  if (cards === 0) return;
  const alone =
    cards === sale.items.length &&
    sale.tipo_comp === 'T' &&
    !sale.id_cita &&
    parseCents(sale.descuento) === 0 &&
    parseCents(sale.propina) === 0;
  if (!alone) ctx.addIssue({ code: 'custom', path: ['items'], message: M.giftCardAlone });
  sale.pagos.forEach((pago, index) => {
    if (pago.metodo === 'tarjeta_regalo') {
      ctx.addIssue({
        code: 'custom',
        path: ['pagos', index, 'metodo'],
        message: M.giftCardPaidByGiftCard,
      });
    }
  });
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
  // This validation computes its own totals: the server's handler computes them again on the
  // lines it has priced (server/src/features/checkout/issue.ts).
  const priced = { ...sale, items };
  for (const issue of saleIssues(priced, saleTotals(priced))) {
    ctx.addIssue({ code: 'custom', ...issue });
  }
}

/**
 * `POST /api/venta/register` (decisions §checkout). Answers 201 with the sale as
 * `GET /api/venta/{id}` reads it.
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
      // None when bonos cover everything and there is no tip: the rules ask for what is due.
      .max(5, M.paymentsMax),
    /** Why the sale charges off the server's prices (`saleAdjustments`); needs `caja.ajustar`. */
    motivo_ajuste: optionalText(200, M.adjustReasonMax),
  })
  // The rules across fields add and compare valid amounts only: a field in error is fixed first.
  .superRefine(
    (sale, ctx) => {
      giftCardRules(sale, ctx);
      for (const issue of depositPaymentIssues(sale)) ctx.addIssue({ code: 'custom', ...issue });
      saleRules(sale, ctx);
    },
    { when: (payload) => payload.issues.length === 0 },
  );
export type SaleInput = z.infer<typeof SaleInputSchema>;

/** `PATCH /api/venta/anular` (admin): the sale turns Anulada, its stock returns; never deleted. */
export const SaleVoidSchema = z.object({
  id: id(M.notFound),
  motivo: requiredText(M.voidReasonRequired).min(5, M.voidReasonMin).max(200, M.voidReasonMax),
});
export type SaleVoid = z.infer<typeof SaleVoidSchema>;

/**
 * `POST /api/venta/reemitir` (admin, issue 32 §2): a receipt SUNAT rejected is voided without a
 * nota de crédito and its sale issued again, as it was, on the next number of its series.
 */
export const SaleReissueSchema = z.object({ id: id(M.notFound) });
export type SaleReissue = z.infer<typeof SaleReissueSchema>;
