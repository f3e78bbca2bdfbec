import { zodResolver } from '@hookform/resolvers/zod';
import type { Control, Resolver, UseFormReturn, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  BONO_MESSAGES,
  coverWithBonos,
  limaToday,
  parseCents,
  SaleInputSchema,
  SaleItemSchema,
  saleIssues,
  saleTotals,
  type Appointment,
  type AppointmentDeposits,
  type BonoCoverPart,
  type ClientBono,
  type PaymentMethod,
  type ReceiptType,
  type SaleInput,
  type SaleItemKind,
  type SaleTotals,
} from '@app/domain';
import { fullName } from '../../lib/format';

/** A line as its inputs hold it: text as typed; the schema turns it into the call's. */
export interface LineValues {
  tipo: SaleItemKind;
  id: number | null;
  descripcion: string;
  cantidad: string;
  precio: string;
  /** The server's price of a catalogue line (the cita's booked one for its item); null: free. */
  precio_lista: string | null;
  /** The cita's own item: the sale must carry it, so it cannot be changed or removed. */
  reservado: boolean;
  /** A service or package the client's bono covers, charged anyway ('Cobrar sin bono'). */
  sin_bono: boolean;
}

interface PaymentValues {
  metodo: PaymentMethod;
  monto: string;
  /** A gift card's code as typed, with or without dashes; blank for any other method. */
  codigo: string;
}

/** The form's values: the input of `SaleInputSchema`, with every amount as typed text. */
export interface CheckoutValues {
  id_cita: number | null;
  id_cliente: number | null;
  tipo_comp: ReceiptType;
  doc: string;
  nombre: string;
  items: LineValues[];
  descuento: string;
  propina: string;
  pagos: PaymentValues[];
  motivo_ajuste: string;
}

/**
 * What the form's validation reads besides its values: the bonos of a client as fetched for the
 * screen (the query's cache), so that it judges the sale the way the screen shows it.
 */
export interface CheckoutContext {
  bonosOf(clientId: number | null): readonly ClientBono[];
}

export type CheckoutControl = Control<CheckoutValues, CheckoutContext, SaleInput>;
export type CheckoutFormMethods = UseFormReturn<CheckoutValues, CheckoutContext, SaleInput>;

export const freeLine = (): LineValues => ({
  tipo: 'otro',
  id: null,
  descripcion: '',
  cantidad: '1',
  precio: '',
  precio_lista: null,
  reservado: false,
  sin_bono: false,
});

/** A gift card sold (DESIGN §11.6): its amount is the line's price, typed; one per line. */
export const giftCardLine = (): LineValues => ({
  tipo: 'tarjeta_regalo',
  id: null,
  descripcion: 'Tarjeta de regalo',
  cantidad: '1',
  precio: '',
  precio_lista: null,
  reservado: false,
  sin_bono: false,
});

/** A line nothing was typed in yet: the walk-in sale's first, which a gift card takes over. */
export const isBlankLine = (line: LineValues) =>
  line.tipo === 'otro' && line.descripcion.trim() === '' && line.precio.trim() === '';

/** Whether the lines sell a gift card: the sale is then a nota de venta of gift cards alone. */
export const sellsGiftCard = (lines: readonly ({ tipo?: SaleItemKind } | undefined)[]) =>
  lines.some((line) => line?.tipo === 'tarjeta_regalo');

/** The buyer a receipt names unless the cashier changes it: the cita's client, or nobody. */
export interface Buyer {
  doc: string;
  nombre: string;
}

export const NO_BUYER: Buyer = { doc: '', nombre: '' };

export function buyerOf(appointment: Appointment): Buyer {
  return {
    doc: appointment.cliente.dni_cli,
    nombre: fullName(appointment.cliente.nom_cli, appointment.cliente.ape_cli),
  };
}

/**
 * The payment a cita's sale deducts its held deposits with (DESIGN §11.6): their whole amount,
 * as the server asks it; none when nothing is held.
 */
export function depositPayments(deposits: AppointmentDeposits | undefined): PaymentValues[] {
  const held = deposits?.por_descontar ?? '0.00';
  return (parseCents(held) ?? 0) > 0 ? [{ metodo: 'adelanto', monto: held, codigo: '' }] : [];
}

/**
 * A cita charged: its service or package at the price it was booked for, for its client; the
 * deposits it holds are its first payment.
 */
export function appointmentValues(
  appointment: Appointment,
  deposits?: AppointmentDeposits,
): CheckoutValues {
  // Who charges is answered the price (issue 30 §5); without it the server prices the line.
  const price = appointment.precio ?? '';
  const booked = {
    cantidad: '1',
    precio: price,
    precio_lista: appointment.precio ?? null,
    sin_bono: false,
  };
  const line: LineValues = appointment.paquete
    ? {
        tipo: 'paquete',
        id: appointment.paquete.id_paq,
        descripcion: appointment.paquete.nom_paq,
        ...booked,
        reservado: true,
      }
    : appointment.servicio
      ? {
          tipo: 'servicio',
          id: appointment.servicio.id_srv,
          descripcion: appointment.servicio.nom_srv,
          ...booked,
          reservado: true,
        }
      : { ...freeLine(), precio: price };
  return {
    id_cita: appointment.id_cita,
    id_cliente: appointment.id_cli,
    tipo_comp: 'B',
    ...buyerOf(appointment),
    items: [line],
    descuento: '',
    propina: '',
    pagos: depositPayments(deposits),
    motivo_ajuste: '',
  };
}

export const walkInValues = (): CheckoutValues => ({
  id_cita: null,
  id_cliente: null,
  tipo_comp: 'B',
  ...NO_BUYER,
  items: [freeLine()],
  descuento: '',
  propina: '',
  pagos: [],
  motivo_ajuste: '',
});

type WatchedValues = ReturnType<typeof useWatch<CheckoutValues>>;

/** A line as far as a bono is concerned, as typed so far. */
interface CoverableValues {
  tipo?: SaleItemKind;
  id?: number | null;
  cantidad?: string;
  sin_bono?: boolean;
}

/** What the client's bonos cover of the lines as typed (DESIGN §11.6), as the server will. */
export interface BonoCover {
  /** Each line's parts in order (`coverWithBonos`): a part a bono covers is charged S/. 0.00. */
  parts: BonoCoverPart[];
  /** The lines a bono covers, or would cover but for 'Cobrar sin bono'. */
  coverable: ReadonlySet<number>;
}

/** A quantity as typed; one not (yet) valid counts as none. */
function typedQuantity(text: string | undefined): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 && n <= 999 ? n : 0;
}

/** What `bonos` (the sale's client's) cover of the lines as typed, on `today` (Lima). */
export function bonoCover(
  lines: readonly (CoverableValues | undefined)[],
  bonos: readonly ClientBono[],
  today = limaToday(),
): BonoCover {
  const coverLines = lines.map((line) => ({
    tipo: line?.tipo ?? 'otro',
    id: line?.id ?? null,
    cantidad: typedQuantity(line?.cantidad),
    sin_bono: line?.sin_bono ?? false,
  }));
  const parts = coverWithBonos(coverLines, bonos, today);
  const coverable = new Set(parts.flatMap((part) => (part.bono ? [part.line] : [])));
  // A line charged without its bono keeps its switch while a bono would still cover it.
  coverLines.forEach((line, index) => {
    if (!line.sin_bono || bonos.length === 0) return;
    const asked = coverLines.map((other, i) =>
      i === index ? { ...other, sin_bono: false } : other,
    );
    if (coverWithBonos(asked, bonos, today).some((part) => part.line === index && part.bono)) {
      coverable.add(index);
    }
  });
  return { parts, coverable };
}

/** The parts of a sale's lines as charged: a covered part at S/. 0.00, the rest at its price. */
const chargedItems = (parts: readonly BonoCoverPart[], priceOf: (line: number) => string | null) =>
  parts.map((part) => ({
    cantidad: part.cantidad,
    precio: part.bono ? '0.00' : priceOf(part.line),
  }));

/**
 * The running totals of what is typed so far, the parts the client's bonos cover at S/. 0.00 (as
 * `bonoCover` splits the lines); a value not yet valid counts as nothing.
 */
export function totalsOf(values: WatchedValues, parts: readonly BonoCoverPart[]): SaleTotals {
  const lines = values.items ?? [];
  return saleTotals({
    items: chargedItems(parts, (line) => lines[line]?.precio ?? '').map((item) => ({
      cantidad: item.cantidad,
      precio: item.precio ?? '',
    })),
    descuento: values.descuento,
    propina: values.propina,
    pagos: (values.pagos ?? []).map((p) => ({ metodo: p?.metodo ?? '', monto: p?.monto ?? '' })),
  });
}

/**
 * Whether the sale charges off the server's prices in a way the form can tell: another price on
 * a catalogue line, or a tip above the total (the discount's limit is the server's to judge).
 */
export function isAdjusted(values: WatchedValues, totals: SaleTotals): boolean {
  const repriced = (values.items ?? []).some(
    (line) =>
      line?.precio_lista !== null &&
      line?.precio_lista !== undefined &&
      parseCents(line.precio ?? '') !== parseCents(line.precio_lista),
  );
  return repriced || totals.cents.tip > totals.cents.total;
}

/**
 * The call's lines: a catalogue line by item and quantity, its price only when it overrides the
 * server's; the server names it. A gift card goes by its amount alone; a bono by its id, at the
 * server's price; a service or package a bono covers is marked when charged anyway.
 */
export function callItems(sale: SaleInput, lines: readonly LineValues[]) {
  return sale.items.map((item, index) => {
    if (item.tipo === 'otro') return item;
    if (item.tipo === 'tarjeta_regalo') {
      return { tipo: item.tipo, cantidad: item.cantidad, precio: item.precio };
    }
    const { tipo, id, cantidad, precio } = item;
    if (tipo === 'bono') return { tipo, id, cantidad };
    const declined = item.sin_bono ? { sin_bono: true } : {};
    const listed = lines[index]?.precio_lista ?? null;
    const kept = listed !== null && precio !== null && parseCents(precio) === parseCents(listed);
    return kept ? { tipo, id, cantidad, ...declined } : { tipo, id, cantidad, precio, ...declined };
  });
}

/**
 * The schema the form is judged by: the domain's SaleInputSchema, and the sale as the client's
 * bonos leave it (`parts`). A line a bono covers goes to the schema without its price (the
 * server's), so the schema leaves the rules across fields to the server; they are checked here
 * on the parts as the server charges them: what is due and paid, the boleta's DNI, and a nota de
 * venta for a sale the bonos cover whole. A bono is sold to a client.
 */
function checkoutSchema(values: CheckoutValues, parts: readonly BonoCoverPart[]) {
  const covered = new Set(parts.flatMap((part) => (part.bono ? [part.line] : [])));
  // A covered line's own price (another one than the list's needs caja.ajustar), judged alone.
  const lines = [...covered].map((index) => ({
    index,
    parsed: SaleItemSchema.safeParse(values.items[index]),
  }));
  const prices = new Map(
    lines.flatMap(({ index, parsed }) => (parsed.success ? [[index, parsed.data.precio]] : [])),
  );
  return z
    .preprocess(
      (raw: CheckoutValues) => ({
        ...raw,
        items: raw.items.map((line, index) =>
          covered.has(index) ? { ...line, precio: '' } : line,
        ),
      }),
      SaleInputSchema,
    )
    .superRefine(
      (sale, ctx) => {
        sale.items.forEach((item, index) => {
          if (item.tipo === 'bono' && sale.id_cliente == null) {
            ctx.addIssue({
              code: 'custom',
              path: ['items', index, 'id'],
              message: BONO_MESSAGES.saleNeedsClient,
            });
          }
        });
        if (covered.size === 0) return;
        for (const { index, parsed } of lines) {
          for (const issue of parsed.error?.issues ?? []) {
            ctx.addIssue({
              code: 'custom',
              path: ['items', index, ...issue.path],
              message: issue.message,
            });
          }
        }
        const items = chargedItems(
          parts,
          (line) =>
            (covered.has(line) ? prices.get(line) : sale.items[line]?.precio) ??
            values.items[line]?.precio_lista ??
            null,
        );
        const priced = items.flatMap(({ cantidad, precio }) =>
          precio === null ? [] : [{ cantidad, precio }],
        );
        if (priced.length < items.length || prices.size < covered.size) return;
        const charged = { ...sale, items: priced };
        const totals = saleTotals(charged);
        for (const issue of saleIssues(charged, totals)) ctx.addIssue({ code: 'custom', ...issue });
        if (totals.cents.total === 0 && sale.tipo_comp !== 'T') {
          ctx.addIssue({
            code: 'custom',
            path: ['tipo_comp'],
            message: BONO_MESSAGES.zeroSaleNeedsNote,
          });
        }
      },
      { when: (payload) => payload.issues.length === 0 },
    )
    .transform((sale) => ({
      ...sale,
      items: sale.items.map((item, index) =>
        covered.has(index) ? { ...item, precio: prices.get(index) ?? null } : item,
      ),
    }));
}

/** The form's resolver: `checkoutSchema` on the lines the client's bonos cover now. */
export const resolver: Resolver<CheckoutValues, CheckoutContext, SaleInput> = (
  values,
  context,
  options,
) => {
  const { parts } = bonoCover(values.items, context?.bonosOf(values.id_cliente) ?? []);
  return zodResolver(checkoutSchema(values, parts))(values, context, options);
};

/** The message of an error on a whole list (`items`, `pagos`), from the schema or the server. */
export function arrayError(error: { message?: string; root?: { message?: string } } | undefined) {
  return error?.root?.message ?? error?.message;
}
