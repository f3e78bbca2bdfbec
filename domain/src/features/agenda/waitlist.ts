import { z } from 'zod';
import { isoDateTime } from '../../api';
import { defineResource } from '../../resource';
import type { StatusItem } from '../../statuses';
import { checkedBeside, requiredText } from '../../rules';
import {
  APPOINTMENT_ITEM_KINDS,
  APPOINTMENT_MESSAGES,
  AppointmentSchema,
  ITEM_OF_TAB_CHECK,
  itemOfTab,
  ONE_ITEM_CHECK,
  oneItem,
  type Appointment,
} from './appointments';
import {
  bookingDni,
  chosenId,
  optionalId,
  PET_REQUIRED,
  AgendaListQuerySchema,
  BookingClientSchema,
  BookingPetSchema,
  BookingUserSchema,
  NamedStatusSchema,
} from './booking';

/**
 * The waitlist (decisions §waitlist): clients who want an earlier slot, with the weekdays and hours
 * they can come. When a cita is cancelled or missed, the pending entries that fit its time are
 * offered, and one is booked into it.
 */

export const WaitlistStatus = {
  Pendiente: 1,
  Agendada: 2,
  Cancelada: 3,
} as const;

export const WAITLIST_STATUSES: readonly StatusItem[] = [
  { id_est: 1, nom_est: 'Pendiente', color: 'info', ambito: 'lista_espera' },
  { id_est: 2, nom_est: 'Agendada', color: 'success', ambito: 'lista_espera' },
  { id_est: 3, nom_est: 'Cancelada', color: 'error', ambito: 'lista_espera' },
];

export const WAITLIST_MESSAGES = {
  daysRequired: 'Seleccione al menos un día',
  dayInvalid: 'Día de la semana inválido',
  fromRequired: 'La hora desde es requerida',
  toRequired: 'La hora hasta es requerida',
  timeFormat: 'La hora debe tener el formato HH:MM',
  order: 'La hora hasta debe ser posterior a la hora desde',
  notesMax: 'Las notas no pueden exceder los 300 caracteres',
  registered: '¡Cliente agregado a la lista de espera!',
  updated: '¡Lista de espera actualizada!',
  status: 'Se cambió el estado de la entrada correctamente',
  notFound: 'Entrada de la lista de espera no encontrada',
  statusInvalid: 'Estado inválido: una entrada se deja Pendiente o se cancela',
  alreadyBooked: 'La entrada ya fue agendada: no se puede modificar',
  notPending: 'La entrada ya no está pendiente en la lista de espera',
  citaNotFound: 'Cita no encontrada',
  citaNotFreed: 'La cita no está eliminada ni marcada como No Asistió: su espacio no está libre',
  booked: '¡Cita agendada desde la lista de espera!',
  bookedObs: 'Agendada desde la lista de espera',
  formErrorTitle: 'Error en la lista de espera',
  statusErrorTitle: 'Error al cambiar el estado de la entrada',
  bookErrorTitle: 'Error al agendar la cita',
  offerTitle: 'Ofrecer el espacio libre',
  freedTitle: 'Espacios liberados por clientes',
  freedIntro:
    'Estos clientes cancelaron su cita ellos mismos. Ofrezca el espacio a quienes esperan o descártelo.',
  freedNotFound: 'Ese espacio ya no está por ofrecer',
  dismiss: 'Descartar',
  dismissed: 'Espacio descartado',
  dismissErrorTitle: 'Error al descartar el espacio',
  noMatches: 'Nadie en la lista de espera puede venir a esa hora',
  loadWarning: 'No se recibieron datos de la lista de espera',
} as const;

const M = WAITLIST_MESSAGES;

export const NOTES_MAX = 300;

const timeOfDay = (requiredMessage: string) =>
  requiredText(requiredMessage).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeFormat);

/** Weekdays as ISO numbers them (1 Monday … 7 Sunday): at least one, each once, in order. */
const weekdays = z
  .array(
    z.coerce
      .number({ error: M.dayInvalid })
      .int(M.dayInvalid)
      .min(1, M.dayInvalid)
      .max(7, M.dayInvalid),
    {
      error: M.daysRequired,
    },
  )
  .min(1, M.daysRequired)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

const waitlistFields = {
  dni_cli: bookingDni,
  id_perro: chosenId(PET_REQUIRED),
  /** From the DNI lookup, as the booking forms send it: it must agree with the DNI. */
  id_cliente: optionalId().optional(),
  id_servicio: optionalId(APPOINTMENT_MESSAGES.serviceRequired).optional(),
  id_paquete: optionalId(APPOINTMENT_MESSAGES.packageRequired).optional(),
  dias: weekdays,
  hora_desde: timeOfDay(M.fromRequired),
  hora_hasta: timeOfDay(M.toRequired),
  notas: z
    .string()
    .trim()
    .max(NOTES_MAX, M.notesMax)
    .nullish()
    .transform((v) => v ?? ''),
};

interface WaitlistWindow {
  hora_desde: string;
  hora_hasta: string;
}

/** The window ends after it starts. 'HH:MM' texts compare as the times do. */
function timeOrder(input: WaitlistWindow, ctx: z.RefinementCtx) {
  if (input.hora_desde && input.hora_hasta && input.hora_hasta <= input.hora_desde) {
    ctx.addIssue({ code: 'custom', path: ['hora_hasta'], message: M.order });
  }
}

const TIME_ORDER_CHECK = checkedBeside('hora_desde', 'hora_hasta');

/** `POST /api/lista-espera/register`: json dni_cli, id_perro, id_servicio|id_paquete, dias, hora_desde, hora_hasta, notas. */
export const WaitlistInputSchema = z
  .object(waitlistFields)
  .superRefine(oneItem, ONE_ITEM_CHECK)
  .superRefine(timeOrder, TIME_ORDER_CHECK);
export type WaitlistInput = z.infer<typeof WaitlistInputSchema>;

/** `PUT /api/lista-espera`: the same fields plus id. */
export const WaitlistUpdateSchema = z
  .object({ id: chosenId(M.notFound), ...waitlistFields })
  .superRefine(oneItem, ONE_ITEM_CHECK)
  .superRefine(timeOrder, TIME_ORDER_CHECK);
export type WaitlistUpdate = z.infer<typeof WaitlistUpdateSchema>;

/** The form: the fields plus the item tab; its output is the API's payload. */
export const WaitlistFormSchema = z
  .object({ ...waitlistFields, tipo: z.enum(APPOINTMENT_ITEM_KINDS) })
  .superRefine(itemOfTab, ITEM_OF_TAB_CHECK)
  .superRefine(timeOrder, TIME_ORDER_CHECK)
  .transform(({ tipo, ...input }) => ({
    ...input,
    id_servicio: tipo === 'servicio' ? (input.id_servicio ?? null) : null,
    id_paquete: tipo === 'paquete' ? (input.id_paquete ?? null) : null,
  }));

/** The client of an entry, with the phone staff call to offer the slot. */
export const WaitlistClientSchema = BookingClientSchema.extend({ tel1_cli: z.string() });

export const WaitlistEntrySchema = z.strictObject({
  id_esp: z.number().int(),
  id_cli: z.number().int(),
  id_perro: z.number().int(),
  id_srv: z.number().int().nullable(),
  id_paq: z.number().int().nullable(),
  dias: z.array(z.number().int()),
  /** 'HH:MM', Lima time. */
  hora_desde: z.string(),
  hora_hasta: z.string(),
  notas: z.string(),
  id_est: z.number().int(),
  /** The cita booked from it, once Agendada. */
  id_cita: z.number().int().nullable(),
  id_usu: z.number().int(),
  created_at: isoDateTime,
  cliente: WaitlistClientSchema,
  perro: BookingPetSchema,
  estado: NamedStatusSchema,
  servicio: z.strictObject({ id_srv: z.number().int(), nom_srv: z.string() }).nullable(),
  paquete: z.strictObject({ id_paq: z.number().int(), nom_paq: z.string() }).nullable(),
  usuario: BookingUserSchema,
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

/** `GET /api/lista-espera/`: the agenda's filters (client `cli`, pet `pe`, user `usu`) and `est`. */
export const WaitlistListQuerySchema = AgendaListQuerySchema;

export const waitlistResource = defineResource({
  plural: 'lista-espera',
  singular: 'lista-espera',
  record: WaitlistEntrySchema,
  access: { read: 'agenda.leer', write: 'agenda.escribir' },
  audit: 'lista_espera',
  rowId: (e) => e.id_esp,
  crud: {
    listQuery: WaitlistListQuerySchema,
    register: WaitlistInputSchema,
    update: WaitlistUpdateSchema,
  },
});

/** `GET /api/lista-espera/coincidencias?cita=ID`: the entries that fit a freed cita's time. */
export const WaitlistMatchQuerySchema = z.object({ cita: chosenId(M.citaNotFound) });

/** `POST /api/lista-espera/agendar`: book the entry into the freed cita's time. */
export const WaitlistBookSchema = z.object({
  id_esp: chosenId(M.notFound),
  id_cita: chosenId(M.citaNotFound),
});
export type WaitlistBook = z.infer<typeof WaitlistBookSchema>;

export const WaitlistBookedSchema = z.strictObject({
  entrada: WaitlistEntrySchema,
  cita: AppointmentSchema,
});
export type WaitlistBooked = { entrada: WaitlistEntry; cita: Appointment };

export const WAITLIST_PATHS = {
  matches: '/lista-espera/coincidencias',
  book: '/lista-espera/agendar',
  freed: '/lista-espera/espacios-liberados',
  dismiss: '/lista-espera/espacios-liberados/:id/descartar',
} as const;

/** Where a client cancelled a cita themselves (`espacios_liberados.canal`). */
export const FREED_SLOT_CHANNELS = ['enlace', 'mi_cuenta', 'whatsapp'] as const;
export type FreedSlotChannel = (typeof FREED_SLOT_CHANNELS)[number];

/** 'desde su enlace', 'desde Mi cuenta', 'por WhatsApp': how the list says where. */
export const FREED_SLOT_CHANNEL_TEXT: Record<FreedSlotChannel, string> = {
  enlace: 'desde su enlace',
  mi_cuenta: 'desde Mi cuenta',
  whatsapp: 'por WhatsApp',
};

/**
 * `GET /api/lista-espera/espacios-liberados`: the future citas clients cancelled themselves that
 * nobody has offered or dismissed yet, soonest first, with how many pending entries fit each.
 */
export const FreedSlotSchema = z.strictObject({
  id_cita: z.number().int(),
  fec_cita: isoDateTime,
  duracion: z.number().int(),
  canal: z.enum(FREED_SLOT_CHANNELS),
  liberado_en: isoDateTime,
  cliente: z.string(),
  perro: z.string(),
  groomer: z.string().nullable(),
  /** The pending waitlist entries its time fits. */
  interesados: z.number().int(),
});
export type FreedSlot = z.infer<typeof FreedSlotSchema>;

/** The weekdays' short names, in the list and the offer. */
export const WEEKDAY_SHORT = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'] as const;

export const weekdaysText = (days: readonly number[]) =>
  days.map((d) => WEEKDAY_SHORT[d - 1] ?? '?').join(', ');
