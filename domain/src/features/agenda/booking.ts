import { z } from 'zod';
import { PetCareSchema } from '../pet-care/care';
import { limaToday } from '../../lima-date';
import { ListQuerySchema } from '../../list-query';
import { id, requiredText } from '../../rules';

/**
 * What reservations and appointments share: the client found by DNI, the pet of that client,
 * the list filters of the agenda and the refusals the server gives when booking.
 */

export const BOOKING_DNI_MESSAGES = {
  required: 'El DNI es requerido',
  digits: 'El DNI solo debe contener números',
  length: 'El DNI debe tener 8 dígitos',
} as const;

/**
 * The DNI of the client who books (spec §001-5 Appointment): required, numeric, 8 digits. The
 * client already exists, so the registration rules (not all equal, not consecutive) are not
 * repeated here: a DNI that was accepted once is looked up, never re-judged.
 */
export const bookingDni = requiredText(BOOKING_DNI_MESSAGES.required).superRefine((value, ctx) => {
  if (value === '') return;
  if (!/^\d+$/.test(value)) ctx.addIssue({ code: 'custom', message: BOOKING_DNI_MESSAGES.digits });
  else if (value.length !== 8)
    ctx.addIssue({ code: 'custom', message: BOOKING_DNI_MESSAGES.length });
});

/**
 * The DNI of `GET /cliente/nombre/{dni}`: any 8 digits. A lookup only finds or does not find;
 * a DNI no client can have (all equal, consecutive) is simply not found, never refused.
 */
export const clientLookupDni = bookingDni;

/** Texts of the DNI lookup beside the DNI field of both booking forms (spec §001-5). */
export const CLIENT_LOOKUP_MESSAGES = {
  found: 'Cliente:',
  notFound: 'Cliente no encontrado',
  failed: 'Error al buscar el cliente',
  length: BOOKING_DNI_MESSAGES.length,
} as const;

export const PET_REQUIRED = 'Debe seleccionar una mascota.';

/**
 * How far ahead a reservation or a cita may be (issue 28 §16): further is a typo (2062 for
 * 2026) or someone filling the agenda of years to come.
 */
export const BOOKING_HORIZON_YEARS = 2;
export const BOOKING_TOO_FAR = 'La fecha no puede ser posterior a dos años desde hoy';

/** The last Lima day a visit may be booked for: today's date two years on. */
export function latestBookingDay(today: string = limaToday()): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + BOOKING_HORIZON_YEARS, month - 1, day))
    .toISOString()
    .slice(0, 10);
}

/** A select's value: '' or 0 is "nothing chosen". */
export const chosenId = (message: string) => id(message);

/** An id that may be absent: '', 0, null and undefined all mean "none". */
export const optionalId = (message = 'Identificador inválido') =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined || v === 0 || v === '0' ? null : v),
    chosenId(message).nullable(),
  );

/** Refusals only the server can give, when the DNI, the pet or the booked item is not bookable. */
export const BOOKING_MESSAGES = {
  clientNotFound: 'No existe un cliente con ese DNI',
  clientInactive:
    'El cliente está suspendido o eliminado: no se le pueden registrar reservas ni citas',
  clientMismatch: 'El cliente indicado no corresponde al DNI',
  petNotFound: 'La mascota no existe',
  petNotOwned: 'La mascota no pertenece al cliente con ese DNI',
  petInactive:
    'La mascota está suspendida o eliminada: no se le pueden registrar reservas ni citas',
} as const;

const optionalText = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().max(100, 'La búsqueda es demasiado larga').optional(),
);

/**
 * The agenda's list query (spec §001-7): the common one plus `cli` (client name, surname or
 * DNI), `pe` (pet) and `usu` (the user who registered it).
 */
export const AgendaListQuerySchema = ListQuerySchema.safeExtend({
  cli: optionalText,
  pe: optionalText,
  usu: optionalText,
});
export type AgendaListQuery = z.infer<typeof AgendaListQuerySchema>;

/**
 * The nested objects every agenda row carries (spec §001-3), with the booked record's own
 * status: it may have been suspended or deleted since, and an edit may keep it.
 */
export const BookingClientSchema = z.strictObject({
  id_cli: z.number().int(),
  dni_cli: z.string(),
  nom_cli: z.string(),
  ape_cli: z.string(),
  id_est: z.number().int(),
});
export type BookingClient = z.infer<typeof BookingClientSchema>;

export const BookingPetSchema = z.strictObject({
  id_perro: z.number().int(),
  nom_perro: z.string(),
  id_est: z.number().int(),
  ...PetCareSchema.shape,
});
export type BookingPet = z.infer<typeof BookingPetSchema>;

export const BookingUserSchema = z.strictObject({ id: z.number().int(), login: z.string() });
export type BookingUser = z.infer<typeof BookingUserSchema>;

/** A status as the agenda's rows nest it. */
export const NamedStatusSchema = z.strictObject({
  id_est: z.number().int(),
  nom_est: z.string(),
});
