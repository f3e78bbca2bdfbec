import { z } from 'zod';
import { DoneSchema, isoDateTime, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { blankIsUnset, DATE_RANGE_ORDER, IdParamSchema, optionalDay } from '../../list-query';
import { id, isoDate, requiredText } from '../../rules';

/**
 * A groomer's time off (DESIGN §11.4 `ausencias`): from when to when, and why. The calendar
 * greys it in the groomer's column, and no visit is booked or moved into it (409
 * ONLINE_BOOKING_MESSAGES.groomerAway). Time off may be put over visits already booked: the
 * answer says how many there are, for the salon to move them.
 */

/** The longest time off one entry covers: a year (a longer leave is entered again). */
export const ABSENCE_MAX_DAYS = 366;
/** The reason's length (`ausencias.motivo`). */
export const ABSENCE_REASON_MAX = 200;

export const ABSENCE_MESSAGES = {
  groomerRequired: 'Seleccione el empleado',
  groomerNotFound: 'El empleado no existe',
  fromRequired: 'La fecha inicial es requerida',
  toRequired: 'La fecha final es requerida',
  dateInvalid: 'La fecha no es válida',
  order: 'La fecha final debe ser posterior a la inicial',
  tooLong: `Una ausencia no puede exceder los ${ABSENCE_MAX_DAYS} días`,
  reasonMax: `El motivo no puede exceder los ${ABSENCE_REASON_MAX} caracteres`,
  created: '¡Ausencia registrada!',
  deleted: 'Ausencia eliminada',
  notFound: 'Ausencia no encontrada',
} as const;

const M = ABSENCE_MESSAGES;

/** 'Hay 2 citas en ese horario: reprográmelas', or nothing when none falls in it. */
export function affectedAppointmentsWarning(count: number): string | null {
  if (count <= 0) return null;
  return count === 1
    ? 'Hay 1 cita en ese horario: reprográmela o asígnela a otro groomer'
    : `Hay ${count} citas en ese horario: reprográmelas o asígnelas a otro groomer`;
}

const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment: the form's `YYYY-MM-DDTHH:mm` is Lima time (decisions §lima), a value with its zone
 * is taken as it is. The output is the moment in ISO form, with its zone.
 */
const moment = (required: string) =>
  requiredText(required).transform((value, ctx) => {
    const local = LOCAL.exec(value);
    const zoned = local
      ? `${local[1]}T${local[2]}:${local[3]}:${local[4] ?? '00'}-05:00`
      : ZONED.test(value)
        ? value
        : undefined;
    const time = zoned ? Date.parse(zoned) : Number.NaN;
    const year = Number((zoned ?? '').slice(0, 4));
    const realDay = isoDate().safeParse((zoned ?? '').slice(0, 10)).success;
    if (!zoned || Number.isNaN(time) || !realDay || year < 2000 || year > 2100) {
      ctx.addIssue({ code: 'custom', message: M.dateInvalid });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const absenceFields = {
  desde: moment(M.fromRequired),
  hasta: moment(M.toRequired),
  motivo: z
    .string()
    .trim()
    .max(ABSENCE_REASON_MAX, M.reasonMax)
    .nullish()
    .transform((v) => v ?? ''),
};

/** It ends after it starts, and lasts at most ABSENCE_MAX_DAYS. */
function rangeChecks(a: { desde: string; hasta: string }, ctx: z.RefinementCtx) {
  const length = Date.parse(a.hasta) - Date.parse(a.desde);
  if (length <= 0) ctx.addIssue({ code: 'custom', path: ['hasta'], message: M.order });
  else if (length > ABSENCE_MAX_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['hasta'], message: M.tooLong });
  }
}

/** The screen's form, under one employee: from, to and why. */
export const AbsenceFormSchema = z.object(absenceFields).superRefine(rangeChecks);

/** `POST /api/ausencias`: `{id_emp, desde, hasta, motivo}`. */
export const AbsenceInputSchema = z
  .object({ id_emp: id(M.groomerRequired), ...absenceFields })
  .superRefine(rangeChecks);
export type AbsenceInput = z.infer<typeof AbsenceInputSchema>;

/**
 * `GET /api/ausencias`: one employee's (`emp`), or everyone's, that overlap the Lima days
 * `desde` to `hasta` (both included; either may be left out).
 */
export const AbsenceListQuerySchema = z
  .object({
    emp: blankIsUnset(id(M.groomerNotFound)),
    desde: optionalDay,
    hasta: optionalDay,
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    message: DATE_RANGE_ORDER,
    path: ['desde'],
  });
export type AbsenceListQuery = z.infer<typeof AbsenceListQuerySchema>;

export const AbsenceSchema = z.strictObject({
  id: z.number().int(),
  id_emp: z.number().int(),
  desde: isoDateTime,
  hasta: isoDateTime,
  motivo: z.string(),
  /** The visits of the groomer that still take time within it: the salon moves them. */
  citas_afectadas: z.number().int(),
  created_at: isoDateTime,
});
export type Absence = z.infer<typeof AbsenceSchema>;

/** Time off's feature name: the root of its query keys. */
export const ABSENCES_QUERY_KEY = 'ausencias';

export const ABSENCE_ENDPOINTS = defineEndpoints(ABSENCES_QUERY_KEY, {
  list: {
    method: 'GET',
    path: '/ausencias',
    query: AbsenceListQuerySchema,
    response: successOf(z.array(AbsenceSchema)),
    permission: 'empleados.leer',
  },
  create: {
    method: 'POST',
    path: '/ausencias',
    body: AbsenceInputSchema,
    response: { 201: successOf(AbsenceSchema) },
    permission: 'empleados.escribir',
    jsonField: true,
  },
  remove: {
    method: 'DELETE',
    path: '/ausencia/:id',
    params: IdParamSchema,
    response: DoneSchema,
    permission: 'empleados.escribir',
  },
});
