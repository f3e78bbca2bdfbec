import { z } from 'zod';
import { isoDateTime, isoDay } from '../../api';
import { defineResource } from '../../resource';
import { limaToday } from '../../lima-date';
import { isoDate, requiredText } from '../../rules';
import {
  BOOKING_TOO_FAR,
  bookingDni,
  chosenId,
  latestBookingDay,
  optionalId,
  PET_REQUIRED,
  AgendaListQuerySchema,
  BookingClientSchema,
  BookingPetSchema,
  BookingUserSchema,
  NamedStatusSchema,
} from './booking';

export const RESERVATION_MESSAGES = {
  dateRequired: 'La fecha de cita es requerida',
  dateInvalid: 'La fecha de cita no es válida',
  datePast: 'La fecha de cita no puede ser anterior a la fecha actual',
  registered: 'Reservación registrada exitosamente!',
  updated: '¡Reservación Actualizada exitosamente!',
  status: 'Se cambió el estado de la Reservación correctamente',
  notFound: 'Reservación no encontrada',
  statusInvalid: 'Estado de reservación inválido',
  pendingPast: 'La fecha de la cita ya pasó: la reservación no puede volver a Pendiente',
  /** Spec §001-8: the reservation forms reuse this title. */
  formErrorTitle: 'Error al actualizar la cita',
  statusErrorTitle: 'Error al cambiar de estado la cita',
} as const;

const M = RESERVATION_MESSAGES;

/** The day of the visit, `YYYY-MM-DD` (a calendar day in Lima). */
export const reservationDay = requiredText(M.dateRequired).pipe(isoDate(M.dateInvalid));

const isRealDay = (day: string) => isoDate().safeParse(day).success;

/** A day the agenda may hold: at most two years ahead (an edit too). */
const bookableDay = reservationDay.refine(
  (day) => !isRealDay(day) || day <= latestBookingDay(),
  BOOKING_TOO_FAR,
);

/** A new reservation is for today or later: one in the past would be born expired. */
const upcomingDay = bookableDay.refine((day) => !isRealDay(day) || day >= limaToday(), M.datePast);

/**
 * `POST /api/reservacion/register` (api §payloads): json fec_cita, dni_cli, id_perro, id_cliente.
 */
export const ReservationInputSchema = z.object({
  fec_cita: upcomingDay,
  dni_cli: bookingDni,
  id_perro: chosenId(PET_REQUIRED),
  /** Sent by the spec's client from the lookup; the DNI decides, this must agree with it. */
  id_cliente: optionalId().optional(),
});
export type ReservationInput = z.infer<typeof ReservationInputSchema>;

/**
 * `PUT /api/reservacion`: json ID, fecita, dnicli, idcli, nomPerro, id_perro. The date may stay
 * in the past when it is not changed (the server compares it with the stored one).
 */
export const ReservationUpdateSchema = z
  .object({
    ID: chosenId(M.notFound),
    fecita: bookableDay,
    dnicli: bookingDni,
    idcli: optionalId().optional(),
    nomPerro: z.string().max(60).nullish(),
    id_perro: chosenId(PET_REQUIRED),
  })
  .transform((input) => ({ ...input, id: input.ID }));
export type ReservationUpdate = z.output<typeof ReservationUpdateSchema>;

/** `PATCH /api/reservacion/estado`: id, est. */
export const ReservationStatusSchema = z.object({
  id: chosenId(M.notFound),
  est: z.coerce.number({ error: M.statusInvalid }).int(M.statusInvalid),
});
export type ReservationStatusPatch = z.infer<typeof ReservationStatusSchema>;

export const ReservationSchema = z.strictObject({
  id_res: z.number().int(),
  /** Registration time. */
  fec_reg: isoDateTime,
  /** The visit's day. */
  fec_cita: isoDay,
  id_cli: z.number().int(),
  id_perro: z.number().int(),
  id_usu: z.number().int(),
  id_est: z.number().int(),
  cliente: BookingClientSchema,
  perro: BookingPetSchema,
  estado: NamedStatusSchema,
  usuario: BookingUserSchema,
});
export type Reservation = z.infer<typeof ReservationSchema>;

/** Spec §001-7: `PATCH /reservacion/estado` with `id, est`. */
export const reservationsResource = defineResource({
  plural: 'reservaciones',
  exportFile: 'reservaciones',
  singular: 'reservacion',
  record: ReservationSchema,
  access: { read: 'agenda.leer', write: 'agenda.escribir' },
  audit: 'reservacion',
  rowId: (r) => r.id_res,
  status: { path: '/reservacion/estado', estado: 'est' },
  crud: {
    listQuery: AgendaListQuerySchema,
    register: ReservationInputSchema,
    update: ReservationUpdateSchema,
    statusBody: ReservationStatusSchema,
  },
});
