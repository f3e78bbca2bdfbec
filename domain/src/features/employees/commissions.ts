import { z } from 'zod';
import { isoDateTime, isoDay, money, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { ExportFormatSchema, IdParamSchema } from '../../list-query';
import { formatCents, parseCents } from '../../money';
import { id, isoDate, requiredText } from '../../rules';

/**
 * Commissions (DESIGN §11.7, decisions §commissions): each groomer earns a share of the services,
 * packages and products of the citas they did, plus their tips; earned on sales in force at the
 * sale's date, taken back by a void in the period the void happens; a closed period is frozen.
 */

export const COMMISSION_MESSAGES = {
  pctInvalid: 'Ingrese un porcentaje entre 0 y 100, con hasta 2 decimales',
  tipsInvalid: 'Elija a quién van las propinas: al groomer de la cita o al equipo',
  itemRequired: 'Elija un servicio o un paquete',
  itemBoth: 'Elija un servicio o un paquete, no los dos',
  itemRepeated: 'Ese servicio o paquete ya tiene su porcentaje',
  itemsMax: 'Como máximo 50 porcentajes por servicio o paquete',
  itemUnknown: 'Servicio o paquete no encontrado',
  employeeNotFound: 'Empleado no encontrado',
  saved: 'Comisiones del empleado guardadas',
  dateRequired: 'La fecha es requerida',
  dateFormat: 'Formato de fecha inválido (AAAA-MM-DD)',
  rangeOrder: 'La fecha inicial no puede ser posterior a la final',
  rangeTooLong: 'El periodo no puede ser mayor a 93 días',
  futureClose: 'No se puede cerrar un periodo que aún no termina',
  overlapsClosed: (desde: string, hasta: string) =>
    `El periodo se cruza con uno ya cerrado: del ${dayText(desde)} al ${dayText(hasta)}`,
  closed: 'Periodo cerrado: sus comisiones ya no cambian',
  noEmployee: 'Su usuario no está vinculado a un empleado',
} as const;

const M = COMMISSION_MESSAGES;

/** 'dd/mm/aaaa' of a Lima day. */
const dayText = (day: string) => day.split('-').reverse().join('/');

/** A percentage 0–100 with up to two decimals, as the form types it ('12,5') or a number. */
export const percentage = z
  .union([z.string(), z.number()], { error: M.pctInvalid })
  .transform((v) => String(v).trim().replace(',', '.'))
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, M.pctInvalid)
      .refine((v) => Number(v) <= 100, M.pctInvalid),
  )
  .transform((v) => formatCents(parseCents(v) ?? 0));

export const TIP_POLICIES = ['groomer', 'equipo'] as const;
export type TipPolicy = (typeof TIP_POLICIES)[number];
export const TIP_POLICY_NAMES: Record<TipPolicy, string> = {
  groomer: 'Al groomer de la cita',
  equipo: 'Al equipo, en partes iguales',
};

const ItemRateInputSchema = z
  .object({
    id_srv: id(M.itemUnknown).optional(),
    id_paq: id(M.itemUnknown).optional(),
    pct: percentage,
  })
  .superRefine((item, ctx) => {
    if (item.id_srv === undefined && item.id_paq === undefined) {
      ctx.addIssue({ code: 'custom', path: ['id_srv'], message: M.itemRequired });
    } else if (item.id_srv !== undefined && item.id_paq !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['id_paq'], message: M.itemBoth });
    }
  });

/**
 * `PUT /api/empleado/comision`: an employee's rates. `por_item` overrides `pct_servicios` for a
 * service or package; `descuento_reduce` says whether a sale's discount lowers the base.
 */
export const CommissionSettingsInputSchema = z
  .object({
    id_emp: id(M.employeeNotFound),
    pct_servicios: percentage,
    pct_productos: percentage,
    propinas: z.enum(TIP_POLICIES, { error: M.tipsInvalid }),
    descuento_reduce: z.boolean().default(true),
    por_item: z.array(ItemRateInputSchema).max(50, M.itemsMax).default([]),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.por_item.forEach((item, index) => {
      const key = item.id_srv !== undefined ? `s${item.id_srv}` : `p${item.id_paq}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['por_item', index, item.id_srv !== undefined ? 'id_srv' : 'id_paq'],
          message: M.itemRepeated,
        });
      }
      seen.add(key);
    });
  });
export type CommissionSettingsInput = z.infer<typeof CommissionSettingsInputSchema>;

/** `GET /api/empleado/{id}/comision`: the rates as saved (0 % and tips to the groomer until then). */
export const CommissionSettingsSchema = z.strictObject({
  id_emp: z.number().int(),
  pct_servicios: money,
  pct_productos: money,
  propinas: z.enum(TIP_POLICIES),
  descuento_reduce: z.boolean(),
  por_item: z.array(
    z.strictObject({
      tipo: z.enum(['servicio', 'paquete']),
      id: z.number().int(),
      nombre: z.string(),
      pct: money,
    }),
  ),
});
export type CommissionSettings = z.infer<typeof CommissionSettingsSchema>;

const MAX_RANGE_DAYS = 93;

const periodFields = {
  desde: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
  hasta: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
};

/** A period runs forwards and lasts at most MAX_RANGE_DAYS. */
function checkPeriod(q: { desde: string; hasta: string }, ctx: z.RefinementCtx) {
  if (q.desde > q.hasta) {
    ctx.addIssue({ code: 'custom', path: ['desde'], message: M.rangeOrder });
  } else if (Date.parse(q.hasta) - Date.parse(q.desde) >= MAX_RANGE_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['hasta'], message: M.rangeTooLong });
  }
}

/** `POST /api/comisiones/cierre` `{desde, hasta}`: the period to freeze. */
export const CommissionPeriodSchema = z.object(periodFields).superRefine(checkPeriod);
export type CommissionPeriod = z.infer<typeof CommissionPeriodSchema>;

/** `GET /api/comisiones?desde&hasta[&emp]`. */
export const CommissionQuerySchema = z
  .object({ ...periodFields, emp: id(M.employeeNotFound).optional() })
  .superRefine(checkPeriod);
export type CommissionQuery = z.infer<typeof CommissionQuerySchema>;

/** `GET /api/comisiones/export`: the period's lines as CSV or an xlsx workbook. */
export const CommissionExportQuerySchema = z
  .object({ ...periodFields, emp: id(M.employeeNotFound).optional(), formato: ExportFormatSchema })
  .superRefine(checkPeriod);

export const COMMISSION_LINE_KINDS = ['servicio', 'paquete', 'producto', 'propina'] as const;
export type CommissionLineKind = (typeof COMMISSION_LINE_KINDS)[number];

/**
 * One sale line behind a groomer's figure: what it charged (`base`, after the sale's discount
 * when the groomer's setting says so; a bono's use at the bono's price per visit), the rate and
 * the commission, rounded to the cent; a tip as its own line. A void in the period repeats the
 * line negated (`anulacion`).
 */
export const CommissionLineSchema = z.strictObject({
  /** When the sale was issued, or voided for an `anulacion` line. */
  fecha: isoDateTime,
  id_venta: z.number().int(),
  comprobante: z.string(),
  tipo: z.enum(COMMISSION_LINE_KINDS),
  descripcion: z.string(),
  base: money,
  /** null on a tip line. */
  pct: money.nullable(),
  comision: money,
  propina: money,
  anulacion: z.boolean(),
});
export type CommissionLine = z.infer<typeof CommissionLineSchema>;

export const GroomerCommissionSchema = z.strictObject({
  id_emp: z.number().int(),
  nombre: z.string(),
  base: money,
  comision: money,
  propinas: money,
  total: money,
  lineas: z.array(CommissionLineSchema),
});
export type GroomerCommission = z.infer<typeof GroomerCommissionSchema>;

/** A closed period: who closed it and when. */
export const CommissionCloseSchema = z.strictObject({
  id: z.number().int(),
  desde: isoDay,
  hasta: isoDay,
  usuario: z.string().nullable(),
  at: isoDateTime,
});
export type CommissionClose = z.infer<typeof CommissionCloseSchema>;

/**
 * `GET /api/comisiones`: per groomer, the lines and their sums. Exactly a closed period answers
 * what was frozen when it was closed (`cierre` set); any other range is worked out now.
 */
export const CommissionReportSchema = z.strictObject({
  desde: isoDay,
  hasta: isoDay,
  cierre: CommissionCloseSchema.nullable(),
  groomers: z.array(GroomerCommissionSchema),
});
export type CommissionReport = z.infer<typeof CommissionReportSchema>;

/** `GET /api/comisiones/mias`: the signed-in groomer's figure since the last closed period. */
export const OwnCommissionSchema = z.strictObject({
  desde: isoDay,
  hasta: isoDay,
  comision: money,
  propinas: money,
  total: money,
});
export type OwnCommission = z.infer<typeof OwnCommissionSchema>;

/** The commission of `base` at `pct` %, to the cent (half away from zero): a line's. */
export function commissionOf(base: string, pct: string): string {
  const cents = parseCents(base) ?? 0;
  const hundredths = parseCents(pct) ?? 0;
  const exact = (Math.abs(cents) * hundredths) / 10_000;
  return formatCents(Math.sign(cents) * Math.round(exact));
}

export const COMMISSION_ENDPOINTS = defineEndpoints('comisiones', {
  settings: {
    method: 'GET',
    path: '/empleado/:id/comision',
    params: IdParamSchema,
    response: successOf(CommissionSettingsSchema),
    permission: 'caja.administrar',
  },
  saveSettings: {
    method: 'PUT',
    path: '/empleado/comision',
    body: CommissionSettingsInputSchema,
    response: successOf(CommissionSettingsSchema),
    permission: 'caja.administrar',
    jsonField: true,
  },
  report: {
    method: 'GET',
    path: '/comisiones',
    query: CommissionQuerySchema,
    response: successOf(CommissionReportSchema),
    permission: 'caja.administrar',
  },
  export: {
    method: 'GET',
    path: '/comisiones/export',
    query: CommissionExportQuerySchema,
    response: z
      .string()
      .describe('Las comisiones del periodo: un resumen por groomer y sus líneas, CSV o xlsx'),
    permission: 'caja.administrar',
  },
  close: {
    method: 'POST',
    path: '/comisiones/cierre',
    body: CommissionPeriodSchema,
    response: { 201: successOf(CommissionReportSchema) },
    permission: 'caja.administrar',
    jsonField: true,
  },
  closes: {
    method: 'GET',
    path: '/comisiones/cierres',
    response: successOf(z.array(CommissionCloseSchema)),
    permission: 'caja.administrar',
  },
  own: {
    method: 'GET',
    path: '/comisiones/mias',
    response: successOf(OwnCommissionSchema),
    permission: 'sesion',
  },
});
