import { z } from 'zod';
import { PetCareSchema } from '../pet-care/care';
import { isoDateTime, money } from '../../api';
import { limaWallClock } from '../../lima-date';
import type { Permission } from '../../permissions';
import { isoDate } from '../../rules';
import { APPOINTMENT_ORIGINS } from '../online-booking/booking-settings';
import { optionalId } from './booking';

/**
 * The agenda (decisions §agenda): who does which visit, when and for how long. An appointment has a
 * groomer (`id_emp`, a bookable employee, or none yet) and a duration; two appointments of one
 * groomer never overlap unless one of them is No Asistió or Eliminada.
 */

/** Minutes a visit may last; services and packages default to an hour. */
export const DURATION_MIN = 15;
export const DURATION_MAX = 480;
export const DEFAULT_DURATION = 60;
/** The longest range one agenda call answers: six weeks, a month view and its edges. */
export const AGENDA_MAX_DAYS = 42;

export const AGENDA_MESSAGES = {
  durationInvalid: `La duración debe ser un número entero de minutos entre ${DURATION_MIN} y ${DURATION_MAX}`,
  groomerNotFound: 'El groomer no existe',
  groomerNotBookable: 'El empleado no está activo o no atiende citas en la agenda',
  fromRequired: 'La fecha inicial es requerida',
  toRequired: 'La fecha final es requerida',
  dateFormat: 'La fecha debe tener el formato AAAA-MM-DD',
  rangeOrder: 'La fecha inicial no puede ser mayor a la fecha final',
  rangeTooLong: `El rango no puede exceder los ${AGENDA_MAX_DAYS} días`,
  notMovable: 'No se puede mover una cita completada o eliminada',
  moved: 'Cita reprogramada correctamente',
  notYours: 'Esta cita está asignada a otro groomer',
  outsideHours: 'La cita queda fuera del horario de atención. ¿Desea registrarla de todos modos?',
  unassigned: 'Sin asignar',
} as const;

const M = AGENDA_MESSAGES;

/** 'El groomer ya tiene una cita de 10:00 a 11:00': the times in Lima, as the calendar shows them. */
export function overlapMessage(start: Date, end: Date): string {
  return `El groomer ya tiene una cita de ${limaTime(start)} a ${limaTime(end)}`;
}

/** HH:MM in Lima (UTC-5, no daylight saving). */
export function limaTime(at: Date): string {
  return limaWallClock(at).toISOString().slice(11, 16);
}

/** A visit's minutes: a whole number from 15 to 480 (text or number, as forms send it). */
export const duration = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: M.durationInvalid })
    .int(M.durationInvalid)
    .min(DURATION_MIN, M.durationInvalid)
    .max(DURATION_MAX, M.durationInvalid),
);

/** The groomer of an appointment: an employee's id, or none ('', 0, null). */
export const groomerId = optionalId(M.groomerNotFound);

/** The calendar's colours for groomers: readable with white text (WCAG AA, 4.5:1). */
export const GROOMER_COLORS = [
  '#1a73e8',
  '#c2185b',
  '#2e7d32',
  '#6a1b9a',
  '#b45309',
  '#00796b',
  '#c62828',
  '#455a64',
] as const;

export const COLOR_MESSAGE = 'El color debe tener el formato #RRGGBB';
export const hexColor = z
  .string({ error: COLOR_MESSAGE })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, COLOR_MESSAGE)
  .transform((v) => v.toLowerCase());

/* Opening hours */

/** Weekdays as ISO numbers them: 1 Lunes ... 7 Domingo. */
export const WEEKDAYS = [
  { dia: 1, nombre: 'Lunes' },
  { dia: 2, nombre: 'Martes' },
  { dia: 3, nombre: 'Miércoles' },
  { dia: 4, nombre: 'Jueves' },
  { dia: 5, nombre: 'Viernes' },
  { dia: 6, nombre: 'Sábado' },
  { dia: 7, nombre: 'Domingo' },
] as const;

export const OPENING_HOURS_MESSAGES = {
  timeFormat: 'La hora debe tener el formato HH:MM',
  order: 'La hora de cierre debe ser posterior a la de apertura',
  days: 'El horario debe tener los 7 días de la semana',
} as const;

const timeOfDay = z
  .string({ error: OPENING_HOURS_MESSAGES.timeFormat })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, OPENING_HOURS_MESSAGES.timeFormat);

/** One weekday: open from `abre` to `cierra`, or closed (`abierto: false`). */
export const OpeningDaySchema = z
  .strictObject({
    dia: z.number().int().min(1).max(7),
    abierto: z.boolean(),
    abre: timeOfDay,
    cierra: timeOfDay,
  })
  .refine((d) => !d.abierto || d.abre < d.cierra, {
    message: OPENING_HOURS_MESSAGES.order,
    path: ['cierra'],
  });
export type OpeningDay = z.infer<typeof OpeningDaySchema>;

export const OpeningHoursSchema = z
  .array(OpeningDaySchema)
  .length(7, OPENING_HOURS_MESSAGES.days)
  .refine((days) => days.every((d, i) => d.dia === i + 1), OPENING_HOURS_MESSAGES.days);
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** A salon's usual week until the company sets its own: Monday to Saturday, 9 to 7. */
export const DEFAULT_OPENING_HOURS: OpeningHours = WEEKDAYS.map(({ dia }) => ({
  dia,
  abierto: dia !== 7,
  abre: '09:00',
  cierra: '19:00',
}));

/** Lima's weekday (1 Monday ... 7 Sunday) and minutes since midnight of a moment. */
function limaWeekdayAndMinutes(at: Date) {
  const lima = limaWallClock(at);
  return {
    dia: ((lima.getUTCDay() + 6) % 7) + 1,
    minutes: lima.getUTCHours() * 60 + lima.getUTCMinutes(),
  };
}

/** Minutes since midnight of an 'HH:MM' time. */
export const minutesOfTime = (time: string) =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** True when the whole visit falls on an open day, between its opening and closing times. */
export function withinOpeningHours(hours: OpeningHours, start: Date, minutes: number): boolean {
  const { dia, minutes: from } = limaWeekdayAndMinutes(start);
  const day = hours.find((d) => d.dia === dia);
  if (!day?.abierto) return false;
  return from >= minutesOfTime(day.abre) && from + minutes <= minutesOfTime(day.cierra);
}

/* GET /api/agenda */

const day = (required: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: required }).pipe(isoDate(M.dateFormat)),
  );

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** `desde` and `hasta` are Lima days, both included; `emp` keeps one groomer's column. */
export const AgendaQuerySchema = z
  .object({
    desde: day(M.fromRequired),
    hasta: day(M.toRequired),
    emp: groomerId.optional(),
  })
  .refine((q) => q.desde <= q.hasta, { message: M.rangeOrder, path: ['desde'] })
  .refine((q) => q.desde > q.hasta || daysBetween(q.desde, q.hasta) < AGENDA_MAX_DAYS, {
    message: M.rangeTooLong,
    path: ['hasta'],
  });
export type AgendaQuery = z.infer<typeof AgendaQuerySchema>;

/** A bookable groomer: a column of the day view. */
export const AgendaGroomerSchema = z.strictObject({
  id_emp: z.number().int(),
  nombre: z.string(),
  color: z.string(),
});
export type AgendaGroomer = z.infer<typeof AgendaGroomerSchema>;

/** One card of the calendar. */
export const AgendaEntrySchema = z.strictObject({
  id_cita: z.number().int(),
  inicio: isoDateTime,
  fin: isoDateTime,
  duracion: z.number().int(),
  id_est: z.number().int(),
  id_emp: z.number().int().nullable(),
  /** Only for who may charge (`AGENDA_PRICE_PERMISSION`): a groomer's agenda carries no money. */
  precio: money.optional(),
  obs: z.string(),
  cliente: z.strictObject({
    id_cli: z.number().int(),
    dni_cli: z.string(),
    nom_cli: z.string(),
    ape_cli: z.string(),
    /** The client's phones: Mi día's 'Avisar que está listo' writes to the first mobile. */
    tel1_cli: z.string(),
    tel2_cli: z.string().nullable(),
  }),
  perro: z.strictObject({
    id_perro: z.number().int(),
    nom_perro: z.string(),
    ...PetCareSchema.shape,
  }),
  /** The service or package booked. */
  item: z.strictObject({
    tipo: z.enum(['servicio', 'paquete']),
    id: z.number().int(),
    nombre: z.string(),
  }),
  /** True once the visit has its triage. */
  triaje: z.boolean(),
  /** Its sale, not voided: null while the visit is not charged. */
  id_venta: z.number().int().nullable(),
  /** Booked at the counter or by the client online: the calendar marks the online ones. */
  origen: z.enum(APPOINTMENT_ORIGINS),
  /** When the client confirmed from their personal link: null until then (DESIGN §11.5). */
  confirmada_en: isoDateTime.nullable(),
  /** Its pet lacks a consent's signature it asks (DESIGN §11.8): 'Sin firmar'. */
  sin_firmar: z.boolean(),
});
export type AgendaEntry = z.infer<typeof AgendaEntrySchema>;

/**
 * The permission that puts a cita's price on the agenda's cards: charging's. Without it (a
 * groomer) the server leaves `precio` out (issue 30 §5: no revenue on a groomer's day).
 */
export const AGENDA_PRICE_PERMISSION = 'caja.cobrar' satisfies Permission;

/** A column of the calendar: the groomer, with their own working hours (null: the company's). */
export const AgendaColumnSchema = AgendaGroomerSchema.extend({
  horario: OpeningHoursSchema.nullable(),
});
export type AgendaColumn = z.infer<typeof AgendaColumnSchema>;

/** A groomer's time off that overlaps the range: the calendar greys it in their column. */
export const AgendaAbsenceSchema = z.strictObject({
  id_emp: z.number().int(),
  desde: isoDateTime,
  hasta: isoDateTime,
  motivo: z.string(),
});
export type AgendaAbsence = z.infer<typeof AgendaAbsenceSchema>;

export const AgendaSchema = z.strictObject({
  citas: z.array(AgendaEntrySchema),
  /** Every active bookable groomer, in the calendar's column order. */
  groomers: z.array(AgendaColumnSchema),
  horario: OpeningHoursSchema,
  /** The time off of the groomers shown, by start. */
  ausencias: z.array(AgendaAbsenceSchema),
});
export type Agenda = z.infer<typeof AgendaSchema>;
