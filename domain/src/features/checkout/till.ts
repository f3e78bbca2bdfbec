import { z } from 'zod';
import { isoDateTime, isoDay, money } from '../../api';
import { isoDate, moneyAmount, optionalText, requiredText } from '../../rules';
import { DEPOSIT_METHOD_IDS } from './deposits';
import { formatCents, parseCents } from '../../money';
import { PAYMENT_METHOD_IDS, PREPAID_METHODS } from './receipt-codes';
import { SALE_MESSAGES as M } from './sale-messages';

/** The till (decisions §till): a day's sales per payment method, its close and its reopening. */

/** `GET /api/caja?fecha=YYYY-MM-DD`: one day's totals per payment method, tips, voids, count. */
export const CashDayQuerySchema = z.object({
  fecha: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
});
export type CashDayQuery = z.infer<typeof CashDayQuerySchema>;

/** `POST /api/caja/cierre`: the cash counted at the end of `fecha`. */
export const CashCloseInputSchema = z.object({
  fecha: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
  contado: moneyAmount('El efectivo contado es requerido', {
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

/** `POST /api/caja/apertura`: the float the drawer starts `fecha` with (once a day). */
export const CashOpenInputSchema = z.object({
  fecha: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
  monto: moneyAmount('El monto de apertura es requerido', {
    cents: 0,
    message: 'El monto de apertura no puede ser negativo',
  }),
});
export type CashOpenInput = z.infer<typeof CashOpenInputSchema>;

export const CASH_MOVEMENT_KINDS = ['ingreso', 'egreso'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];
export const CASH_MOVEMENT_NAMES: Record<CashMovementKind, string> = {
  ingreso: 'Ingreso',
  egreso: 'Egreso',
};

/**
 * `POST /api/caja/movimiento`: cash put in or taken out of today's drawer (change brought in,
 * supplies bought), with the reason.
 */
export const CashMovementInputSchema = z.object({
  tipo: z.enum(CASH_MOVEMENT_KINDS, { error: 'Elija si es un ingreso o un egreso' }),
  monto: moneyAmount('El monto es requerido', {
    cents: 1,
    message: 'El monto debe ser mayor a cero',
  }),
  motivo: requiredText('El motivo es requerido')
    .min(3, 'El motivo debe tener al menos 3 caracteres')
    .max(200, 'El motivo no puede exceder los 200 caracteres'),
});
export type CashMovementInput = z.infer<typeof CashMovementInputSchema>;

export const CASH_MESSAGES = {
  closed: 'Cierre de caja registrado',
  alreadyClosed: 'La caja de este día ya fue cerrada',
  future: 'No se puede cerrar la caja de un día futuro',
  reopened: 'Caja reabierta: registre de nuevo el cierre cuando termine',
  notClosed: 'La caja de este día no está cerrada',
  opened: 'Caja abierta',
  alreadyOpened: 'La caja de este día ya fue abierta',
  futureOpen: 'No se puede abrir la caja de un día futuro',
  movementRecorded: (kind: CashMovementKind) =>
    kind === 'ingreso' ? 'Ingreso de efectivo registrado' : 'Egreso de efectivo registrado',
  /** An egreso of more cash than the drawer should hold. */
  notEnoughCash: (available: string) =>
    `No hay suficiente efectivo en caja: quedan S/. ${available}`,
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

export type CashMethod = z.infer<typeof CashMethodSchema>;

/**
 * The till's 'Total cobrado': what the day's sales brought in, per method, without what was
 * paid before (gift cards, deposits, credit), which came in on its own day.
 */
export const collectedTotal = (metodos: readonly Pick<CashMethod, 'metodo' | 'monto'>[]) =>
  formatCents(
    metodos
      .filter((m) => !PREPAID_METHODS.includes(m.metodo))
      .reduce((sum, m) => sum + (parseCents(m.monto) ?? 0), 0),
  );

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

/** The float a day's drawer started with. */
export const CashOpeningSchema = z.strictObject({
  monto: money,
  usuario: z.string().nullable(),
  at: isoDateTime,
});

/** Cash put in or taken out during the day. */
export const CashMovementSchema = z.strictObject({
  id: z.number().int(),
  tipo: z.enum(CASH_MOVEMENT_KINDS),
  monto: money,
  motivo: z.string(),
  usuario: z.string().nullable(),
  at: isoDateTime,
});
export type CashMovement = z.infer<typeof CashMovementSchema>;

/** The day's tips per groomer of the charged cita ('Sin asignar' for the rest). */
export const CashTipSchema = z.strictObject({
  id_emp: z.number().int().nullable(),
  nombre: z.string(),
  monto: money,
});

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
  /** The float, once opened; null for a day opened without one. */
  apertura: CashOpeningSchema.nullable(),
  movimientos: z.array(CashMovementSchema),
  ingresos: money,
  egresos: money,
  propinas_groomer: z.array(CashTipSchema),
  /**
   * Deposits received on the day for citas to come, per method (voided ones apart): money in,
   * though no sale yet; the sale that deducts one later counts it as the method 'adelanto'.
   */
  adelantos: z.array(
    z.strictObject({
      metodo: z.enum(DEPOSIT_METHOD_IDS),
      cantidad: z.number().int(),
      monto: money,
    }),
  ),
  /**
   * The float plus cash received (sales net of change, and deposits) plus ingresos minus egresos:
   * what the drawer holds.
   */
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
