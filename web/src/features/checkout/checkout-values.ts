import { zodResolver } from '@hookform/resolvers/zod';
import type { Control, UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  parseCents,
  SaleInputSchema,
  saleTotals,
  type Appointment,
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

export type CheckoutControl = Control<CheckoutValues, unknown, SaleInput>;
export type CheckoutFormMethods = UseFormReturn<CheckoutValues, unknown, SaleInput>;

// The values above are a narrower form of the schema's input, so its resolver judges them: the
// assertion is checked (a field the schema needs and the values lack does not compile).
const saleInputSchema: z.ZodType<SaleInput, z.input<typeof SaleInputSchema>> = SaleInputSchema;
export const resolver = zodResolver(saleInputSchema as z.ZodType<SaleInput, CheckoutValues>);

export const freeLine = (): LineValues => ({
  tipo: 'otro',
  id: null,
  descripcion: '',
  cantidad: '1',
  precio: '',
  precio_lista: null,
  reservado: false,
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

/** A cita charged: its service or package at the price it was booked for, for its client. */
export function appointmentValues(appointment: Appointment): CheckoutValues {
  const booked = { cantidad: '1', precio: appointment.precio, precio_lista: appointment.precio };
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
      : { ...freeLine(), precio: appointment.precio };
  return {
    id_cita: appointment.id_cita,
    id_cliente: appointment.id_cli,
    tipo_comp: 'B',
    ...buyerOf(appointment),
    items: [line],
    descuento: '',
    propina: '',
    pagos: [],
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

/** The running totals of what is typed so far; a value not yet valid counts as nothing. */
export function totalsOf(values: WatchedValues): SaleTotals {
  return saleTotals({
    items: (values.items ?? []).map((line) => ({
      cantidad: line?.cantidad ?? '',
      precio: line?.precio ?? '',
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
 * server's; the server names it. A gift card goes by its amount alone.
 */
export function callItems(sale: SaleInput, lines: readonly LineValues[]) {
  return sale.items.map((item, index) => {
    if (item.tipo === 'otro') return item;
    if (item.tipo === 'tarjeta_regalo') {
      return { tipo: item.tipo, cantidad: item.cantidad, precio: item.precio };
    }
    const { tipo, id, cantidad, precio } = item;
    const listed = lines[index]?.precio_lista ?? null;
    const kept = listed !== null && precio !== null && parseCents(precio) === parseCents(listed);
    return kept ? { tipo, id, cantidad } : { tipo, id, cantidad, precio };
  });
}

/** The message of an error on a whole list (`items`, `pagos`), from the schema or the server. */
export function arrayError(error: { message?: string; root?: { message?: string } } | undefined) {
  return error?.root?.message ?? error?.message;
}
