import { z } from 'zod';
import { isoDateTime, money } from '../../api';
import { dni, email, id, personName, phone, requiredText } from '../../rules';
import { OpeningHoursSchema } from '../agenda/agenda';
import { ONLINE_BOOKING_MODES, SLOT_STEPS } from './booking-settings';
import { PET_SIZES } from './sizes';

/**
 * Online booking's contract (DESIGN §11.4): the salon's settings, the public page's reads
 * (the salon, the availability) and the client's two steps (the e-mail code, the booking).
 */

export const ONLINE_BOOKING_MESSAGES = {
  disabled: 'La reserva en línea no está disponible',
  slotTaken: 'Ese horario ya no está disponible',
  groomerAway: 'El groomer no atiende en ese horario',
  codeWrong: 'El código no es válido o ya venció',
  codeTries: 'Demasiados intentos: pida un código nuevo',
  tooManyOpen: 'Ya tiene 3 reservas en línea pendientes',
  privacyRequired: 'Debe aceptar el aviso de privacidad',
  itemRequired: 'Elija un servicio o un paquete',
  itemNotOffered: 'Ese servicio no se reserva en línea',
  sizeRequired: 'Elija el tamaño de su mascota',
  petRequired: 'Elija su mascota o registre una nueva',
  petName: 'Ingrese el nombre de su mascota',
  petBreed: 'Ingrese la raza de su mascota',
  rangeTooLong: 'Consulte como máximo 31 días',
  codeSent: 'Si los datos son correctos, le enviamos un código a su correo',
  reasonRequired: 'Ingrese el motivo',
  notPending: 'La solicitud ya fue atendida',
  tooMany: (minutes: number) =>
    `Demasiadas solicitudes: intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`,
  dniOtherEmail: 'Este DNI ya está registrado con otro correo: comuníquese con el salón',
  clientInactive: 'No podemos tomar su reserva en línea: comuníquese con el salón',
  namesRequired: 'El nombre es requerido',
  surnamesRequired: 'El apellido es requerido',
  mobileRequired: 'El celular es requerido',
  linkInvalid: 'Enlace no válido',
  alreadyCancelled: 'La cita ya está cancelada',
  tooLateToCancel: 'Ya no puede cancelar en línea: comuníquese con el salón',
  cancelledByClient: 'Cancelada por el cliente',
  cancelled: 'Su cita fue cancelada',
  confirmed: 'Gracias: su asistencia quedó confirmada',
  cancelledCannotConfirm: 'La cita está cancelada: ya no se puede confirmar',
  cannotConfirm: 'Esta cita ya no se puede confirmar: comuníquese con el salón',
  requestReceived: 'Solicitud recibida: el salón la confirmará y le avisaremos por correo',
  bookingConfirmed: 'Su cita está confirmada: le enviamos los detalles por correo',
} as const;

/** The privacy notice's version stored with every consent given (Ley 29733). */
export const PRIVACY_NOTICE_VERSION = '2026-11';

const stepMinutes = z.union(SLOT_STEPS.map((step) => z.literal(step)));
const wholeIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** `PUT /api/ajustes/reserva-online`, and what `GET` answers. */
export const OnlineBookingSettingsSchema = z.strictObject({
  modo: z.enum(ONLINE_BOOKING_MODES, { error: 'Elija un modo' }),
  aviso_horas: wholeIn(0, 168, 'Ingrese de 0 a 168 horas'),
  horizonte_dias: wholeIn(1, 180, 'Ingrese de 1 a 180 días'),
  paso_min: stepMinutes,
  buffer_min: wholeIn(0, 120, 'Ingrese de 0 a 120 minutos'),
  servicios: z.array(id()).max(200),
  paquetes: z.array(id()).max(200),
  politica: z.string().trim().max(2000, 'Como máximo 2000 caracteres'),
  /** Hours before the visit until which the client may cancel from their link. */
  cancelar_horas: wholeIn(0, 168, 'Ingrese de 0 a 168 horas'),
});
export type OnlineBookingSettings = z.infer<typeof OnlineBookingSettingsSchema>;

/** One item the public page offers, with its price and the minutes it adds per size. */
export const OfferedItemSchema = z.strictObject({
  tipo: z.enum(['servicio', 'paquete']),
  id: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  precio: z.string(),
  duracion: z.number().int(),
  minutos_talla: z.partialRecord(z.enum(PET_SIZES), z.number().int()),
});
export type OfferedItem = z.infer<typeof OfferedItemSchema>;

/** `GET /api/public/reserva/salon`: what the booking page shows before anything is chosen. */
export const BookingSalonSchema = z.strictObject({
  /** False when the salon takes no online bookings: the page says so and offers nothing. */
  activa: z.boolean(),
  modo: z.enum(ONLINE_BOOKING_MODES),
  nombre: z.string(),
  logo: z.string().nullable(),
  direccion: z.string(),
  telefono: z.string(),
  horario: OpeningHoursSchema,
  politica: z.string(),
  cancelar_horas: z.number().int(),
  items: z.array(OfferedItemSchema),
  /** The bookable groomers, first name only: a client may pick one. */
  groomers: z.array(z.strictObject({ id_emp: z.number().int(), nombre: z.string() })),
  aviso_privacidad: z.string(),
  version_privacidad: z.string(),
});
export type BookingSalon = z.infer<typeof BookingSalonSchema>;

const optionalId = id().optional();
const day = z.iso.date({ error: 'Fecha inválida' });

/** `GET /api/public/disponibilidad`: one of `servicio` or `paquete`, a size, up to 31 days. */
export const AvailabilityQuerySchema = z
  .object({
    servicio: optionalId,
    paquete: optionalId,
    talla: z.enum(PET_SIZES, { error: ONLINE_BOOKING_MESSAGES.sizeRequired }),
    desde: day,
    hasta: day,
    emp: optionalId,
  })
  .refine((q) => (q.servicio === undefined) !== (q.paquete === undefined), {
    message: ONLINE_BOOKING_MESSAGES.itemRequired,
    path: ['servicio'],
  })
  .refine((q) => q.desde <= q.hasta, { message: 'Rango de fechas inválido', path: ['hasta'] })
  .refine((q) => Date.parse(q.hasta) - Date.parse(q.desde) <= 30 * 86_400_000, {
    message: ONLINE_BOOKING_MESSAGES.rangeTooLong,
    path: ['hasta'],
  });
export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>;

/** Free start times per Lima day, each with the groomers who can take the whole visit. */
export const AvailabilitySchema = z.strictObject({
  dias: z.array(
    z.strictObject({
      fecha: z.string(),
      horas: z.array(z.strictObject({ hora: z.string(), groomers: z.array(z.number().int()) })),
    }),
  ),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

const clientEmail = email('El correo es requerido', 'Debe ser un correo válido');

/** `POST /api/public/reserva/codigo`: always 200, whether or not the client is known. */
export const BookingCodeRequestSchema = z.object({
  dni,
  email: clientEmail,
  /** The honeypot: a person leaves it empty; a script fills it. */
  sitio_web: z.string().max(200).optional(),
});
export type BookingCodeRequest = z.infer<typeof BookingCodeRequestSchema>;

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Ingrese los 6 dígitos del código');

/** `POST /api/public/reserva/cliente`: with a right code, the known client's pets (else none). */
export const OnlineClientRequestSchema = z.object({ dni, email: clientEmail, codigo: code });
export const OnlineClientSchema = z.strictObject({
  /** False for a new client: the page asks for names, mobile and the pet. */
  conocido: z.boolean(),
  nombres: z.string(),
  mascotas: z.array(
    z.strictObject({
      id_perro: z.number().int(),
      nom_perro: z.string(),
      talla: z.enum(PET_SIZES).nullable(),
    }),
  ),
});
export type OnlineClient = z.infer<typeof OnlineClientSchema>;

const newPet = z.object({
  nombre: requiredText(ONLINE_BOOKING_MESSAGES.petName).max(60, 'Como máximo 60 caracteres'),
  raza: requiredText(ONLINE_BOOKING_MESSAGES.petBreed).max(60, 'Como máximo 60 caracteres'),
  talla: z.enum(PET_SIZES, { error: ONLINE_BOOKING_MESSAGES.sizeRequired }),
});

/** `POST /api/public/reserva`: books in one transaction under the groomer's lock. */
export const OnlineBookingRequestSchema = z
  .object({
    dni,
    email: clientEmail,
    codigo: code,
    /** A new client's names and mobile; ignored for a known one. */
    nombres: personName('El nombre es requerido', 'El nombre debe tener al menos 2 caracteres')
      .max(100)
      .optional(),
    apellidos: personName(
      'El apellido es requerido',
      'El apellido debe tener al menos 2 caracteres',
    )
      .max(100)
      .optional(),
    celular: phone.optional(),
    id_perro: id().optional(),
    /** The size the page showed times for: it becomes a known pet's size when it has none. */
    talla: z.enum(PET_SIZES).optional(),
    mascota: newPet.optional(),
    servicio: id().optional(),
    paquete: id().optional(),
    fecha: day,
    hora: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora inválida'),
    emp: id().optional(),
    acepta_privacidad: z.literal(true, { error: ONLINE_BOOKING_MESSAGES.privacyRequired }),
    acepta_marketing: z.boolean().default(false),
    sitio_web: z.string().max(200).optional(),
  })
  .refine((b) => (b.servicio === undefined) !== (b.paquete === undefined), {
    message: ONLINE_BOOKING_MESSAGES.itemRequired,
    path: ['servicio'],
  })
  .refine((b) => (b.id_perro === undefined) !== (b.mascota === undefined), {
    message: ONLINE_BOOKING_MESSAGES.petRequired,
    path: ['id_perro'],
  });
export type OnlineBookingRequest = z.infer<typeof OnlineBookingRequestSchema>;

export const OnlineBookedSchema = z.strictObject({
  id_cita: z.number().int(),
  /** 10 Por confirmar (con_aprobacion) or 9 Programada (automatica). */
  estado: z.number().int(),
  inicio: isoDateTime,
  groomer: z.string(),
});
export type OnlineBooked = z.infer<typeof OnlineBookedSchema>;

/** `GET /api/public/cita/:token`: the one cita a personal link names, and what it allows. */
export const LinkedAppointmentSchema = z.strictObject({
  inicio: isoDateTime,
  servicio: z.string(),
  mascota: z.string(),
  groomer: z.string(),
  estado: z.number().int(),
  /** Whether the policy's window still allows cancelling it from the link. */
  puede_cancelar: z.boolean(),
  /** Whether the client confirmed they will come (`citas.confirmada_en` is set). */
  confirmada: z.boolean(),
  /** Whether it can still be confirmed: booked (9 or 10) and not yet started. */
  puede_confirmar: z.boolean(),
  salon: z.string(),
  /**
   * The deposit its service asks (DESIGN §11.6), null when none: what was paid (verified or not)
   * and what is left to pay from the link (`POST /api/public/cita/{token}/adelanto`).
   */
  adelanto: z.strictObject({ requerido: money, pagado: money, pendiente: money }).nullable(),
  /**
   * The consents the visit asks (DESIGN §11.8), each with its current text and whether the pet
   * has signed it; while the cita is booked and to come, an unsigned one is signed from the link
   * (`POST /api/public/cita/{token}/firmar`).
   */
  consentimientos: z.array(
    z.strictObject({
      id_consentimiento: z.number().int(),
      titulo: z.string(),
      texto: z.string(),
      version: z.number().int(),
      firmado: z.boolean(),
    }),
  ),
});
export type LinkedAppointment = z.infer<typeof LinkedAppointmentSchema>;
export const TokenParamSchema = z.object({ token: z.string().min(20).max(100) });

/** AGENDA › 'Solicitudes en línea': one request awaiting the salon. */
export const OnlineRequestRowSchema = z.strictObject({
  id_cita: z.number().int(),
  inicio: isoDateTime,
  duracion: z.number().int(),
  cliente: z.string(),
  dni_cli: z.string(),
  tel1_cli: z.string(),
  email_cli: z.string(),
  mascota: z.string(),
  talla: z.enum(PET_SIZES).nullable(),
  item: z.string(),
  groomer: z.string().nullable(),
  created_at: isoDateTime,
});
export type OnlineRequestRow = z.infer<typeof OnlineRequestRowSchema>;
export const DeclineSchema = z.object({
  motivo: requiredText(ONLINE_BOOKING_MESSAGES.reasonRequired).max(
    200,
    'Como máximo 200 caracteres',
  ),
});
