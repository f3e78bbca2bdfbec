import { z } from 'zod';
import { isoDateTime, isoDay } from '../../api';
import { email, isoDate, requiredText } from '../../rules';
import { VaccineStateSchema } from '../pet-care/care';
import { VACCINE_MESSAGES } from '../pet-care/vaccines';
import { PET_SIZES } from '../online-booking/sizes';
import { limaToday } from '../../lima-date';
import { COAT_STATES } from '../pet-care/coat-states';

/**
 * The client's own page, /mi-cuenta (DESIGN §11.5): the e-mailed sign-in link, the session on
 * one device, and what the client sees and does there. Every portal route sees only the records
 * of the client whose session it is.
 */

export const PORTAL_MESSAGES = {
  linkSent: 'Si su correo está registrado, le enviamos un enlace para ingresar',
  linkInvalid: 'El enlace no es válido o ya venció',
  signedIn: 'Bienvenido a su cuenta',
  signedOut: 'Sesión cerrada',
  /** A missing, unknown or expired client credential. */
  sessionRequired: 'Su sesión venció: pida un nuevo enlace para ingresar',
  tooMany: (minutes: number) =>
    `Demasiadas solicitudes: intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`,
  appointmentNotFound: 'Cita no encontrada',
  receiptNotFound: 'Comprobante no encontrado',
  petNotFound: 'Mascota no encontrada',
  photoNotFound: 'Foto no encontrada',
  confirmed: 'Su cita está confirmada',
  alreadyConfirmed: 'La cita ya está confirmada',
  cannotConfirm: 'Esta cita ya no se puede confirmar',
  cancelled: 'Su cita fue cancelada',
  alreadyCancelled: 'La cita ya está cancelada',
  tooLateToCancel: 'Ya no puede cancelar en línea: comuníquese con el salón',
  tooLateToMove: 'Ya no puede reprogramar en línea: comuníquese con el salón',
  notMovableOnline: 'Esta cita no se puede reprogramar en línea: comuníquese con el salón',
  slotTaken: 'Ese horario ya no está disponible',
  rescheduled: 'Su cita fue reprogramada',
  preferencesSaved: 'Sus preferencias fueron guardadas',
  vaccineSent: 'Recibimos su cartilla: el salón la revisará pronto',
  cardRequired: 'Adjunte la foto de la cartilla de vacunas',
} as const;

const M = PORTAL_MESSAGES;

/** The client credential travels as `Authorization: Cliente <token>`, never as a staff bearer. */
export const PORTAL_AUTH_SCHEME = 'Cliente';
/** The sign-in link lives 15 minutes; the session 30 days, counted from its last use. */
export const PORTAL_LINK_MINUTES = 15;
export const PORTAL_SESSION_DAYS = 30;
/** Where the e-mailed link leads: `/mi-cuenta?token=...`. */
export const PORTAL_PAGE_PATH = '/mi-cuenta';

/** `POST /api/public/portal/enlace`: always 200, the same answer for any address. */
export const PortalLinkRequestSchema = z.object({
  email: email('El correo es requerido', 'Debe ser un correo válido'),
});
export type PortalLinkRequest = z.infer<typeof PortalLinkRequestSchema>;

const token = z
  .string({ error: M.linkInvalid })
  .trim()
  .min(20, M.linkInvalid)
  .max(100, M.linkInvalid);

/** `POST /api/public/portal/sesion`: the link's token, consumed. */
export const PortalSessionRequestSchema = z.object({ token });
export type PortalSessionRequest = z.infer<typeof PortalSessionRequestSchema>;

/** The session credential: the page keeps it (localStorage) and sends it on every portal call. */
export const PortalSessionSchema = z.strictObject({
  /** The Authorization header's whole value, 'Cliente <token>': sent as it is. */
  token: z.string(),
  /** When it ends unless used again (each use moves it 30 days on). */
  expira: isoDateTime,
  /** The client's first name, to greet them. */
  nombres: z.string(),
});
export type PortalSession = z.infer<typeof PortalSessionSchema>;

export const PortalVaccineSchema = z.strictObject({
  nombre: z.string(),
  fecha_aplicacion: isoDay,
  fecha_vence: isoDay,
  /** As of today: 'vencida', 'por_vencer' (within 30 days) or null. */
  estado: VaccineStateSchema.nullable(),
});

/** A vaccine card the client sent, waiting for the salon or answered. */
export const PortalVaccineProposalSchema = z.strictObject({
  id: z.number().int(),
  nombre: z.string(),
  fecha_aplicacion: isoDay,
  fecha_vence: isoDay,
  estado: z.enum(['pendiente', 'aceptada', 'rechazada']),
  motivo: z.string().nullable(),
  created_at: isoDateTime,
});
export type PortalVaccineProposal = z.infer<typeof PortalVaccineProposalSchema>;

export const PortalPetSchema = z.strictObject({
  id_perro: z.number().int(),
  nom_perro: z.string(),
  raza_perro: z.string(),
  talla: z.enum(PET_SIZES).nullable(),
  vacunas: z.array(PortalVaccineSchema),
  propuestas: z.array(PortalVaccineProposalSchema),
});
export type PortalPet = z.infer<typeof PortalPetSchema>;

export const PortalConsentSchema = z.strictObject({
  tipo: z.string(),
  aceptado: z.boolean(),
  version: z.string(),
  origen: z.string(),
  fecha: isoDateTime,
});
export type PortalConsent = z.infer<typeof PortalConsentSchema>;

/** `GET /api/portal/yo`: the client, their choices, their active pets and their consents. */
export const PortalMeSchema = z.strictObject({
  nom_cli: z.string(),
  ape_cli: z.string(),
  email_cli: z.string(),
  tel1_cli: z.string(),
  tel2_cli: z.string().nullable(),
  recordatorios: z.boolean(),
  marketing: z.boolean(),
  mascotas: z.array(PortalPetSchema),
  /** Newest first. */
  consentimientos: z.array(PortalConsentSchema),
  salon: z.strictObject({ nombre: z.string(), telefono: z.string(), direccion: z.string() }),
});
export type PortalMe = z.infer<typeof PortalMeSchema>;

/** `PUT /api/portal/preferencias`: each change is stored as a consent (origen 'portal'). */
export const PortalPreferencesSchema = z.object({
  recordatorios: z.boolean({ error: 'Indique si desea recibir recordatorios' }),
  marketing: z.boolean({ error: 'Indique si desea recibir promociones' }),
});
export type PortalPreferences = z.infer<typeof PortalPreferencesSchema>;

export const PortalPhotoSchema = z.strictObject({
  id_foto: z.number().int(),
  momento: z.enum(['antes', 'despues']),
  /** The file's name for `GET /api/portal/foto/:nombre` (fetched with the credential). */
  nombre: z.string(),
});
export type PortalPhoto = z.infer<typeof PortalPhotoSchema>;

/*
 * The report card and the signature as the owner reads them are written out here, not derived
 * from the staff's schemas: those modules would bring the whole resources into the page.
 */

/** A visit's report card as its owner reads it: what the public page shows, in their account. */
export const PortalReportCardSchema = z.strictObject({
  pelaje: z.enum(COAT_STATES),
  trabajos: z.array(z.string()),
  comportamiento: z.number().int(),
  notas: z.string().nullable(),
  proxima_fecha: isoDay,
});

/** `GET /api/portal/firmas`: the consents signed for the client's pets, newest first. */
export const PortalSignatureSchema = z.strictObject({
  id: z.number().int(),
  id_consentimiento: z.number().int(),
  titulo: z.string(),
  version: z.number().int(),
  id_perro: z.number().int(),
  mascota: z.string(),
  firmante: z.string(),
  firmado_at: isoDateTime,
  /** `GET /api/portal/firma/{id}/pdf` (fetched with the credential). */
  pdf_url: z.string(),
});
export type PortalSignature = z.infer<typeof PortalSignatureSchema>;

/** One cita of the client, coming or past. */
export const PortalAppointmentSchema = z.strictObject({
  id_cita: z.number().int(),
  inicio: isoDateTime,
  /** Its Lima day and time, as the page shows them. */
  fecha: isoDay,
  hora: z.string(),
  duracion: z.number().int(),
  servicio: z.string(),
  /** What was booked, to ask `GET /api/public/disponibilidad` for another time. */
  item: z.strictObject({ tipo: z.enum(['servicio', 'paquete']), id: z.number().int() }).nullable(),
  id_perro: z.number().int(),
  mascota: z.string(),
  talla: z.enum(PET_SIZES).nullable(),
  /** The groomer's first name, or '' when none is set. */
  groomer: z.string(),
  estado: z.number().int(),
  confirmada_en: isoDateTime.nullable(),
  /** Booked (9 or 10), not yet confirmed, still to come. */
  puede_confirmar: z.boolean(),
  /** Booked and before the policy's window (`cancelar_horas`): cancel or reschedule. */
  puede_cancelar: z.boolean(),
  puede_reprogramar: z.boolean(),
  /** The visit's photos (past citas; empty for coming ones). */
  fotos: z.array(PortalPhotoSchema),
  /** The groomer's report card of the visit (DESIGN §11.8), once written. */
  ficha: PortalReportCardSchema.nullable(),
});
export type PortalAppointment = z.infer<typeof PortalAppointmentSchema>;

/** `GET /api/portal/citas`: coming ones soonest first, past ones newest first (at most 50). */
export const PortalAppointmentsSchema = z.strictObject({
  proximas: z.array(PortalAppointmentSchema),
  pasadas: z.array(PortalAppointmentSchema),
  /** The policy: hours before the visit until which it may be cancelled or moved online. */
  cancelar_horas: z.number().int(),
  politica: z.string(),
});
export type PortalAppointments = z.infer<typeof PortalAppointmentsSchema>;

/** `POST /api/portal/cita/:id/reprogramar`: a new Lima day and time the booking page offered. */
export const PortalRescheduleSchema = z.object({
  fecha: isoDate('Fecha inválida'),
  hora: z.string({ error: 'Hora inválida' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora inválida'),
});
export type PortalReschedule = z.infer<typeof PortalRescheduleSchema>;

/** `GET /api/portal/comprobantes`: the client's receipts, newest first. */
export const PortalReceiptSchema = z.strictObject({
  id_venta: z.number().int(),
  fecha: isoDateTime,
  /** 'B001-00000012'. */
  comprobante: z.string(),
  /** 'Boleta', 'Factura' or 'Nota de venta'. */
  tipo: z.string(),
  total: z.string(),
  anulada: z.boolean(),
  /** Whether the signed XML is here (an electronic receipt sent by the salon itself). */
  xml: z.boolean(),
});
export type PortalReceipt = z.infer<typeof PortalReceiptSchema>;

/**
 * `POST /api/portal/mascota/:id/vacuna`: multipart with these fields (or `json` holding them) and
 * the card's picture as `comprobante` (required, PNG/JPG/GIF/WEBP, at most 2 MB).
 */
export const PortalVaccineInputSchema = z
  .object({
    nombre: requiredText(VACCINE_MESSAGES.nameRequired)
      .min(2, VACCINE_MESSAGES.nameMin)
      .max(60, VACCINE_MESSAGES.nameMax),
    fecha_aplicacion: requiredText(VACCINE_MESSAGES.appliedRequired)
      .pipe(isoDate(VACCINE_MESSAGES.appliedInvalid))
      .refine((day) => day <= limaToday(), VACCINE_MESSAGES.appliedFuture),
    fecha_vence: requiredText(VACCINE_MESSAGES.expiresRequired).pipe(
      isoDate(VACCINE_MESSAGES.expiresInvalid),
    ),
  })
  .refine((v) => v.fecha_vence >= v.fecha_aplicacion, {
    message: VACCINE_MESSAGES.expiresBefore,
    path: ['fecha_vence'],
  });
export type PortalVaccineInput = z.infer<typeof PortalVaccineInputSchema>;

/** A file of the portal: a photo's name. */
export const PortalFileParamSchema = z.object({ nombre: z.string().max(120) });
