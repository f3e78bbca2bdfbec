import { z } from 'zod';
import { isoDateTime } from '../../api';
import { limaToday } from '../../lima-date';
import { isoDate, requiredText } from '../../rules';
import { limaTime } from './agenda';
import {
  AppointmentFormFieldsSchema,
  AppointmentInputSchema,
  AppointmentSchema,
  appointmentPayloadOf,
} from './appointments';
import { chosenId, latestBookingDay } from './booking';

/**
 * Recurring citas (decisions §series): the same visit every `cada_semanas` weeks, `veces` times.
 * Every occurrence is judged before anything is saved: one conflict and none is booked.
 */

export const SERIES_WEEKS_MIN = 1;
export const SERIES_WEEKS_MAX = 12;
export const SERIES_TIMES_MIN = 2;
export const SERIES_TIMES_MAX = 26;

export const SERIES_MESSAGES = {
  weeks: 'Repetir cada 1 a 12 semanas',
  times: 'Entre 2 y 26 veces',
  notFound: 'Serie no encontrada',
  fromRequired: 'La fecha desde la que se cancela es requerida',
  fromInvalid: 'La fecha desde la que se cancela no es válida',
  outsideHours: 'Fuera del horario de atención',
  tooFar: 'La última cita de la serie no puede ser posterior a dos años desde hoy',
  validated: 'Fechas de la serie revisadas',
  conflicts: (count: number) =>
    `La serie tiene ${count} ${count === 1 ? 'conflicto' : 'conflictos'}: no se guardó ninguna cita`,
  registered: (count: number) => `¡Serie registrada! Se registraron ${count} citas`,
  cancelled: (count: number) =>
    count === 1 ? 'Se canceló 1 cita de la serie' : `Se cancelaron ${count} citas de la serie`,
  cancelQuestion: (day: string) =>
    `¿Está seguro de cancelar las citas programadas de esta serie desde el ${day}? Las completadas, en proceso o no asistidas no cambian.`,
  cancelErrorTitle: 'Error al cancelar la serie',
  validateErrorTitle: 'Error al revisar la serie',
  series: 'Serie',
  cancelAction: 'Cancelar serie desde esta fecha',
} as const;

const M = SERIES_MESSAGES;

/** A whole number within [min, max] (text or number, as forms send it), else `message`. */
const wholeBetween = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

export const seriesWeeks = wholeBetween(SERIES_WEEKS_MIN, SERIES_WEEKS_MAX, M.weeks);
export const seriesTimes = wholeBetween(SERIES_TIMES_MIN, SERIES_TIMES_MAX, M.times);

/**
 * `POST /api/cita/serie` and `/cita/serie/validar`: the cita register's fields (the first
 * visit), and how often and how many times it repeats.
 */
export const AppointmentSeriesInputSchema = AppointmentInputSchema.safeExtend({
  cada_semanas: seriesWeeks,
  veces: seriesTimes,
}).superRefine(lastWithinHorizon);
export type AppointmentSeriesInput = z.infer<typeof AppointmentSeriesInputSchema>;

/**
 * The cita registration form with 'Repetir': ticked, its output is a series' payload (with
 * `cada_semanas` and `veces`); otherwise a single cita's, and the two numbers are not judged.
 */
export const AppointmentSeriesFormSchema = AppointmentFormFieldsSchema.safeExtend({
  repetir: z.boolean().optional(),
  cada_semanas: z.unknown().optional(),
  veces: z.unknown().optional(),
})
  .superRefine((input, ctx) => {
    if (!input.repetir) return;
    const weeks = seriesWeeks.safeParse(input.cada_semanas);
    const times = seriesTimes.safeParse(input.veces);
    if (!weeks.success) {
      ctx.addIssue({ code: 'custom', path: ['cada_semanas'], message: M.weeks });
    }
    if (!times.success) {
      ctx.addIssue({ code: 'custom', path: ['veces'], message: M.times });
    }
    if (weeks.success && times.success) {
      lastWithinHorizon(
        { fec_cita: input.fec_cita, cada_semanas: weeks.data, veces: times.data },
        ctx,
      );
    }
  })
  .transform(({ repetir, cada_semanas, veces, ...input }) => {
    const cita = appointmentPayloadOf(input);
    return repetir
      ? { ...cita, cada_semanas: seriesWeeks.parse(cada_semanas), veces: seriesTimes.parse(veces) }
      : cita;
  });

/** The series' last visit is within the booking horizon too (`latestBookingDay`), on `veces`. */
function lastWithinHorizon(
  series: { fec_cita: string; cada_semanas: number; veces: number },
  ctx: z.RefinementCtx,
) {
  const last = seriesDates(new Date(series.fec_cita), series.cada_semanas, series.veces).at(-1);
  if (last && limaToday(last) > latestBookingDay()) {
    ctx.addIssue({ code: 'custom', path: ['veces'], message: M.tooFar });
  }
}

/** True when the form's output is a series' payload, not a single cita's. */
export const isSeriesPayload = (values: object): boolean => 'cada_semanas' in values;

/** One date of a series as `validar` judges it. */
export const SeriesOccurrenceSchema = z.strictObject({
  fecha: isoDateTime,
  /** Why it cannot be booked ('El groomer ya tiene una cita de …'), or null. */
  mensaje: z.string().nullable(),
  /** Outside the opening hours: booked all the same, but staff should know. */
  fuera_de_horario: z.boolean(),
});
export type SeriesOccurrence = z.infer<typeof SeriesOccurrenceSchema>;

/** What the 409 of a series with conflicts carries in `data`. */
export const SeriesConflictSchema = z.strictObject({ fecha: isoDateTime, mensaje: z.string() });
export type SeriesConflict = z.infer<typeof SeriesConflictSchema>;

/** A series and its citas, in time order. */
export const AppointmentSeriesSchema = z.strictObject({
  id_serie: z.number().int(),
  cada_semanas: z.number().int(),
  veces: z.number().int(),
  citas: z.array(AppointmentSchema),
});
export type AppointmentSeries = z.infer<typeof AppointmentSeriesSchema>;

/** `PATCH /api/cita/serie/cancelar`: the series' Programada citas from that Lima day on. */
export const SeriesCancelSchema = z.object({
  id_serie: chosenId(M.notFound),
  desde: requiredText(M.fromRequired).pipe(isoDate(M.fromInvalid)),
});
export type SeriesCancel = z.infer<typeof SeriesCancelSchema>;

export const SeriesCancelResultSchema = z.strictObject({ cancelados: z.number().int() });

export const SERIES_PATHS = {
  register: '/cita/serie',
  validate: '/cita/serie/validar',
  cancel: '/cita/serie/cancelar',
  one: (id: number | string) => `/cita/serie/${id}`,
} as const;

/** The moment of each visit: the first, then every `weeks` weeks. */
export function seriesDates(first: Date, weeks: number, times: number): Date[] {
  // Lima keeps UTC−5 all year (no daylight saving): a whole number of weeks later is the same
  // wall-clock time, across month and year edges.
  const step = weeks * 7 * 86_400_000;
  return Array.from({ length: times }, (_, i) => new Date(first.getTime() + i * step));
}

/** 'dd/mm/aaaa HH:MM' in Lima: how a conflict names its date. */
export function seriesDateText(at: Date): string {
  const [y, m, d] = limaToday(at).split('-');
  return `${d}/${m}/${y} ${limaTime(at)}`;
}
