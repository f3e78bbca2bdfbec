import { z } from 'zod';
import { isoDateTime, money, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { formatCents, parseCents } from '../../money';
import { id, moneyAmount, optionalText, requiredText } from '../../rules';
import { AppointmentStatus } from '../../statuses';
import { PAYMENT_METHODS } from './receipt-codes';

/**
 * Deposits (adelantos, DESIGN §11.6): a service or package may ask one (a fixed amount or a
 * share of the cita's price); it is paid on the cita before the visit (cash or card at the
 * counter, Yape, Plin or a transfer with its operation number and a picture of the proof, which
 * staff verify), deducted at checkout as the payment `{metodo: 'adelanto'}`, kept as a fee when
 * the client does not come or cancels inside the policy's window, and otherwise turned into the
 * client's credit (saldo a favor), which checkout takes as the payment `{metodo: 'credito'}`.
 */

export const DEPOSIT_MESSAGES = {
  ruleKindInvalid: 'Elija si el adelanto es un monto fijo o un porcentaje',
  ruleAmount: 'El adelanto debe ser un monto entre 1 y 1000, con hasta 2 decimales',
  rulePercent: 'El porcentaje del adelanto debe ser un número entero entre 1 y 100',
  registered: 'Adelanto registrado',
  verified: 'Adelanto verificado',
  voided: 'Adelanto anulado: devuelva el dinero al cliente',
  credited: 'El adelanto pasó a saldo a favor del cliente',
  notFound: 'Adelanto no encontrado',
  appointmentNotFound: 'Cita no encontrada',
  appointmentClosed:
    'La cita ya no recibe adelantos: está cobrada, cancelada, eliminada o no asistió',
  methodInvalid: 'Elija cómo pagó el adelanto: efectivo, Yape, Plin, tarjeta o transferencia',
  amountRequired: 'El monto del adelanto es requerido',
  amountMin: 'El monto del adelanto debe ser mayor a cero',
  overPrice: (precio: string) =>
    `Los adelantos de la cita no pueden sumar más que su precio: S/. ${precio}`,
  operationRequired: 'Ingrese el número de operación',
  operationMax: 'El número de operación no puede exceder los 30 caracteres',
  proofNotImage: 'El comprobante debe ser una imagen PNG, JPG, GIF o WEBP',
  proofTooLarge: 'La imagen del comprobante no puede pesar más de 2 MB',
  proofNotFound: 'Comprobante no encontrado',
  alreadyVerified: 'El adelanto ya fue verificado',
  notHeld: 'El adelanto ya fue descontado, retenido, pasado a saldo a favor o anulado',
  voidOnlyToday:
    'Un adelanto verificado solo se anula el mismo día en que se recibió: páselo a saldo a favor del cliente',
  notCreditable: 'Solo un adelanto por descontar o retenido pasa a saldo a favor',
  reasonRequired: 'El motivo es requerido',
  reasonMin: 'El motivo debe tener al menos 5 caracteres',
  reasonMax: 'El motivo no puede exceder los 200 caracteres',
  /* At checkout. */
  paymentNeedsAppointment: 'El adelanto se descuenta en la venta de su cita',
  paymentOnce: 'El adelanto se descuenta en un solo pago',
  paymentNone: 'La cita no tiene adelantos por descontar',
  paymentMismatch: (held: string) => `El adelanto de la cita es S/. ${held}: descuéntelo completo`,
  paymentMissing: (held: string) => `Descuente el adelanto de la cita: S/. ${held}`,
  paymentOverDue: (held: string) =>
    `El adelanto de S/. ${held} es mayor que lo que se cobra: páselo a saldo a favor del cliente y cobre con ese saldo`,
  creditReason: 'El adelanto es mayor que lo que se cobró',
  creditRetainedForbidden:
    'Solo un administrador pasa a saldo a favor un adelanto retenido por inasistencia o cancelación',
  paymentUnverified:
    'Verifique en la cita el adelanto pagado por Yape, Plin o transferencia antes de descontarlo',
  creditNeedsClient: 'El saldo a favor es de un cliente: elija al cliente de la venta',
  creditShort: (left: string) => `Saldo a favor insuficiente: quedan S/. ${left}`,
  /* From the client's link. */
  publicMethodInvalid: 'Elija cómo pagó: Yape, Plin o transferencia',
  proofRequired: 'Adjunte la captura o foto del comprobante de pago',
  nothingPending: 'Su cita no tiene un adelanto pendiente de pago',
  publicClosed: 'Esta cita ya no recibe pagos: comuníquese con el salón',
  publicReceived: 'Recibimos los datos de su pago: el salón lo verificará',
} as const;

const M = DEPOSIT_MESSAGES;

/* What a service or package asks. */

export const DEPOSIT_RULE_KINDS = ['monto', 'porcentaje'] as const;
export type DepositRuleKind = (typeof DEPOSIT_RULE_KINDS)[number];
export const DEPOSIT_RULE_NAMES: Record<DepositRuleKind, string> = {
  monto: 'Monto fijo',
  porcentaje: 'Porcentaje del precio',
};

/** A service's or package's deposit, as stored and answered: 'S/. 20.00' or '30 %' of its price. */
export const DepositRuleSchema = z.discriminatedUnion('tipo', [
  z.strictObject({ tipo: z.literal('monto'), valor: money }),
  z.strictObject({ tipo: z.literal('porcentaje'), valor: z.number().int() }),
]);
export type DepositRule = z.infer<typeof DepositRuleSchema>;

/**
 * The deposit a catalogue form sends: null (or absent) for none; a fixed amount of S/. 1 to 1000,
 * or a whole percentage of 1 to 100 of the price.
 */
export const DepositRuleInputSchema = z
  .object({
    tipo: z.enum(DEPOSIT_RULE_KINDS, { error: M.ruleKindInvalid }),
    valor: z.union([z.string(), z.number()], { error: M.ruleAmount }),
  })
  .transform((rule, ctx): DepositRule => {
    const text = String(rule.valor).trim().replace(',', '.');
    if (rule.tipo === 'porcentaje') {
      const pct = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (!(pct >= 1 && pct <= 100)) {
        ctx.addIssue({ code: 'custom', path: ['valor'], message: M.rulePercent });
        return z.NEVER;
      }
      return { tipo: 'porcentaje', valor: pct };
    }
    const cents = /^\d+(\.\d{0,2})?$/.test(text) ? parseCents(text) : undefined;
    if (cents === undefined || cents < 100 || cents > 100_000) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: M.ruleAmount });
      return z.NEVER;
    }
    return { tipo: 'monto', valor: formatCents(cents) };
  })
  .nullable();

/** 'S/. 20.00' or '30 %': a rule as a list shows it; '' for none. */
export const depositRuleText = (rule: DepositRule | null) =>
  rule === null ? '' : rule.tipo === 'monto' ? `S/. ${rule.valor}` : `${rule.valor} %`;

/**
 * What a cita of `precio` asks as deposit under `rule`: the fixed amount (never above the price)
 * or the share of the price, rounded to the cent half up; '0.00' without a rule.
 */
export function depositAsked(rule: DepositRule | null, precio: string): string {
  const price = parseCents(precio) ?? 0;
  if (rule === null) return '0.00';
  if (rule.tipo === 'monto') return formatCents(Math.min(parseCents(rule.valor) ?? 0, price));
  return formatCents(Math.round((price * rule.valor) / 100));
}

/* A deposit paid on a cita. */

export const DEPOSIT_METHOD_IDS = ['efectivo', 'yape', 'plin', 'tarjeta', 'transferencia'] as const;
export type DepositMethod = (typeof DEPOSIT_METHOD_IDS)[number];
export const DEPOSIT_METHODS: Record<DepositMethod, string> = {
  efectivo: PAYMENT_METHODS.efectivo,
  yape: PAYMENT_METHODS.yape,
  plin: PAYMENT_METHODS.plin,
  tarjeta: PAYMENT_METHODS.tarjeta,
  transferencia: PAYMENT_METHODS.transferencia,
};

/** Paid where staff cannot see the money: an operation number, and verified apart. */
export const DEPOSIT_REMOTE_METHODS: readonly DepositMethod[] = ['yape', 'plin', 'transferencia'];

/** Statuses a cita takes deposits in: a visit to come or in course. */
const TAKING_DEPOSITS: readonly number[] = [
  AppointmentStatus.Programada,
  AppointmentStatus.PorConfirmar,
  AppointmentStatus.EnProceso,
];

/** Whether a cita takes deposits: in a status that does, and not charged. */
export const mayTakeDeposits = (cita: { id_est: number; id_venta: number | null }) =>
  cita.id_venta === null && TAKING_DEPOSITS.includes(cita.id_est);

export const DEPOSIT_STATES = ['recibido', 'aplicado', 'retenido', 'credito', 'anulado'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
export const DEPOSIT_STATE_NAMES: Record<DepositState, string> = {
  recibido: 'Por descontar',
  aplicado: 'Descontado',
  retenido: 'Retenido',
  credito: 'Saldo a favor',
  anulado: 'Anulado',
};

/**
 * `POST /api/adelanto/register`: multipart with these fields (or `json` holding them) and the
 * proof's picture as `comprobante` (optional). A deposit in cash or by card is verified as it is
 * registered; one by Yape, Plin or transfer names its operation and is verified when staff say so.
 */
export const DepositInputSchema = z
  .object({
    id_cita: id(M.appointmentNotFound),
    monto: moneyAmount(M.amountRequired, { cents: 1, message: M.amountMin }),
    metodo: z.enum(DEPOSIT_METHOD_IDS, { error: M.methodInvalid }),
    operacion: optionalText(30, M.operationMax),
    verificado: z.preprocess(
      (v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v),
      z.boolean().default(false),
    ),
  })
  .superRefine((input, ctx) => {
    if (DEPOSIT_REMOTE_METHODS.includes(input.metodo) && !input.operacion) {
      ctx.addIssue({ code: 'custom', path: ['operacion'], message: M.operationRequired });
    }
  })
  .transform((input) => ({
    ...input,
    operacion: input.operacion ?? null,
    verificado: input.verificado || !DEPOSIT_REMOTE_METHODS.includes(input.metodo),
  }));
export type DepositInput = z.infer<typeof DepositInputSchema>;

/**
 * `POST /api/public/cita/{token}/adelanto` (no session): multipart with these fields and the
 * proof's picture as `comprobante` (required). The amount is what the cita still asks: the server's.
 */
export const PublicDepositInputSchema = z.object({
  metodo: z.enum(['yape', 'plin', 'transferencia'], { error: M.publicMethodInvalid }),
  operacion: requiredText(M.operationRequired).max(30, M.operationMax),
});
export type PublicDepositInput = z.infer<typeof PublicDepositInputSchema>;

export const DepositIdSchema = z.object({ id: id(M.notFound) });
export type DepositId = z.infer<typeof DepositIdSchema>;

/** `PATCH /api/adelanto/anular` and `/acreditar`: the deposit and why. */
export const DepositReasonSchema = DepositIdSchema.extend({
  motivo: requiredText(M.reasonRequired).min(5, M.reasonMin).max(200, M.reasonMax),
});
export type DepositReason = z.infer<typeof DepositReasonSchema>;

export const DepositSchema = z.strictObject({
  id: z.number().int(),
  id_cita: z.number().int(),
  monto: money,
  metodo: z.enum(DEPOSIT_METHOD_IDS),
  operacion: z.string().nullable(),
  /** The proof's picture (`GET /api/adelanto/comprobante/{file}`), or null. */
  comprobante_url: z.string().nullable(),
  verificado: z.boolean(),
  /** Who verified it (login), null for one not verified. */
  verificado_por: z.string().nullable(),
  estado: z.enum(DEPOSIT_STATES),
  /** The receipt of the sale that deducted it ('B001-00000012'), while it is Descontado. */
  venta: z.string().nullable(),
  /** Why it was voided or turned into credit by hand. */
  motivo: z.string().nullable(),
  /** Who registered it (login). */
  usuario: z.string().nullable(),
  created_at: isoDateTime,
});
export type Deposit = z.infer<typeof DepositSchema>;

/** `GET /api/cita/{id}/adelantos`: what the cita asks, what it holds to deduct, and each deposit. */
export const AppointmentDepositsSchema = z.strictObject({
  id_cita: z.number().int(),
  /** What its service or package asks of its price ('0.00' when nothing). */
  requerido: money,
  /** Deposits held (Por descontar): what checkout deducts. */
  por_descontar: money,
  /** Whether every deposit held is verified: checkout deducts only then. */
  verificado: z.boolean(),
  adelantos: z.array(DepositSchema),
});
export type AppointmentDeposits = z.infer<typeof AppointmentDepositsSchema>;

/**
 * `GET /api/adelantos/por-verificar`: deposits by Yape, Plin or transfer nobody has verified yet
 * (most sent by clients from their link), the oldest first, with the cita they pay for.
 */
export const UnverifiedDepositSchema = DepositSchema.pick({
  id: true,
  id_cita: true,
  monto: true,
  metodo: true,
  operacion: true,
  comprobante_url: true,
  created_at: true,
}).extend({
  /** The cita's start. */
  inicio: isoDateTime,
  cliente: z.string(),
  mascota: z.string(),
});
export type UnverifiedDeposit = z.infer<typeof UnverifiedDepositSchema>;

/** The screen of the queue, CAJA › 'Adelantos por verificar'. */
export const UNVERIFIED_DEPOSITS_PATH = '/adelantos-por-verificar';

/** `GET /api/cliente/{id}/saldo`: the client's credit, which checkout takes as `credito`. */
export const ClientCreditSchema = z.strictObject({ saldo: money });
export type ClientCredit = z.infer<typeof ClientCreditSchema>;

export const DEPOSIT_PATHS = { proof: '/adelanto/comprobante' } as const;

export const DEPOSIT_ENDPOINTS = defineEndpoints('adelantos', {
  ofAppointment: {
    method: 'GET',
    path: '/cita/:id/adelantos',
    params: IdParamSchema,
    response: successOf(AppointmentDepositsSchema),
    permission: 'caja.cobrar',
  },
  register: {
    method: 'POST',
    path: '/adelanto/register',
    response: { 201: successOf(AppointmentDepositsSchema) },
    permission: 'caja.cobrar',
  },
  unverified: {
    method: 'GET',
    path: '/adelantos/por-verificar',
    response: successOf(z.array(UnverifiedDepositSchema)),
    permission: 'caja.cobrar',
  },
  verify: {
    method: 'PATCH',
    path: '/adelanto/verificar',
    body: DepositIdSchema,
    response: successOf(AppointmentDepositsSchema),
    permission: 'caja.cobrar',
  },
  void: {
    method: 'PATCH',
    path: '/adelanto/anular',
    body: DepositReasonSchema,
    response: successOf(AppointmentDepositsSchema),
    permission: 'caja.administrar',
  },
  /** A deposit held becomes credit at the counter; one kept (a fee) needs `caja.ajustar`. */
  credit: {
    method: 'PATCH',
    path: '/adelanto/acreditar',
    body: DepositReasonSchema,
    response: successOf(AppointmentDepositsSchema),
    permission: 'caja.cobrar',
  },
  proof: {
    method: 'GET',
    path: `${DEPOSIT_PATHS.proof}/:file`,
    params: z.object({ file: z.string().max(100) }),
    response: {},
    permission: 'caja.cobrar',
  },
  clientCredit: {
    method: 'GET',
    path: '/cliente/:id/saldo',
    params: IdParamSchema,
    response: successOf(ClientCreditSchema),
    permission: 'caja.cobrar',
  },
});

/**
 * A sale's deposit and credit payments as the form and the server check them before any amount:
 * the cita's deposit once, in the sale of that cita; credit only for a client's sale.
 */
export function depositPaymentIssues(sale: {
  id_cita?: number | null;
  id_cliente?: number | null;
  pagos: readonly { metodo: string }[];
}): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  let deposits = 0;
  sale.pagos.forEach((pago, index) => {
    if (pago.metodo === 'adelanto') {
      deposits += 1;
      if (!sale.id_cita) {
        issues.push({ path: ['pagos', index, 'metodo'], message: M.paymentNeedsAppointment });
      } else if (deposits > 1) {
        issues.push({ path: ['pagos', index, 'metodo'], message: M.paymentOnce });
      }
    } else if (pago.metodo === 'credito' && !sale.id_cita && !sale.id_cliente) {
      issues.push({ path: ['pagos', index, 'metodo'], message: M.creditNeedsClient });
    }
  });
  return issues;
}
