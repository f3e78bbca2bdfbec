import { parseCents } from '../../money';
import { AppointmentStatus } from '../../statuses';
import { ruc } from '../settings/settings';
import { CE_PATTERN, DNI_PATTERN, type ReceiptType, type SaleItemKind } from './receipt-codes';
import { paymentsShortMessage, SALE_MESSAGES as M } from './sale-messages';
import { SALE_MAX_CENTS, saleTotals, type SaleTotals, type SaleTotalsInput } from './sale-totals';

/**
 * The rules of a sale across its fields (decisions §checkout): what the form checks as it is
 * typed and the server checks again on the lines it has priced, what charges off the server's
 * prices, and which citas can be charged.
 */

/** The discount (%) a sale may carry without `caja.ajustar` until Ajustes says otherwise. */
export const DEFAULT_MAX_DISCOUNT = '10.00';

/** Above this total (S/. 700.00) a boleta names its buyer by DNI. */
export const BOLETA_ID_THRESHOLD_CENTS = 70_000;

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
 * form checks them as it is typed, the server again once it has priced the lines. `totals` are
 * the sale's (`saleTotals`), which the caller has computed once.
 */
export function saleIssues(sale: SaleRulesInput, totals: SaleTotals): SaleIssue[] {
  const issues: SaleIssue[] = [];
  const ctx = { addIssue: (issue: SaleIssue) => issues.push(issue) };
  const { cents } = totals;
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
      .reduce((sum, p) => sum + (parseCents(p.monto) ?? 0), 0);
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
 * tip above the total. Any of them needs `caja.ajustar` and a reason. `totals` are the sale's
 * when the caller has computed them (the server, once per sale); else they are computed here.
 */
export function saleAdjustments(
  sale: { items: readonly PricedLine[]; descuento: string; propina: string },
  descuentoMax: string,
  { cents, text }: SaleTotals = saleTotals({ ...sale, pagos: [] }),
): string[] {
  const adjustments = sale.items.flatMap((line) =>
    line.precio_lista !== null && parseCents(line.precio) !== parseCents(line.precio_lista)
      ? [`Precio de «${line.descripcion}»: S/. ${line.precio_lista} → S/. ${line.precio}`]
      : [],
  );
  // In hundredths of a percent, on integers: discount / items > max / 100.
  const maxBasis = parseCents(descuentoMax) ?? 0;
  if (cents.discount * 10_000 > cents.items * maxBasis) {
    adjustments.push(
      `Descuento de S/. ${text.discount} sobre S/. ${text.items}: más del ${descuentoMax} % permitido`,
    );
  }
  if (cents.tip > cents.total) {
    adjustments.push(`Propina de S/. ${text.tip}, mayor que el total de S/. ${text.total}`);
  }
  return adjustments;
}

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
