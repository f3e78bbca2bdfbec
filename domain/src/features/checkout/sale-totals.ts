import { amountInWords, formatCents, igvOf, parseCents } from '../../money';

/**
 * A sale's totals (decisions §igv), which every screen and the server compute the same way. Prices
 * include IGV; money travels as numeric(10,2) text ('45.50') and is added in integer cents
 * (domain/src/money.ts).
 */

/**
 * The largest sale (S/. 999,999.99): its items, its total plus tip and its payments. Beyond it a
 * sale is refused in Spanish, well before numeric(10,2) or the amount in words would overflow.
 */
export const SALE_MAX_CENTS = 99_999_999;

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
