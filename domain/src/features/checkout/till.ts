import { z } from 'zod';
import { isoDateTime, isoDay, money } from '../../api';
import { isoDate, moneyAmount, optionalText, requiredText } from '../../rules';
import { PAYMENT_METHOD_IDS } from './receipt-codes';
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
