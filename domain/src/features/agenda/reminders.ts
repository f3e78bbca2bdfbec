import { z } from 'zod';
import { isoDateTime, isoDay } from '../../api';
import { isoDate } from '../../rules';

/**
 * Appointment reminders (decisions §reminders): a message template in the settings, filled for each
 * Programada cita of a day; staff send it by WhatsApp (a wa.me link the browser opens) or
 * e-mail, and the daily run e-mails the next day's citas by itself. Every reminder sent is
 * recorded, so the screen and the bell know who was reminded.
 */

/** The markers a template may use, each filled from the cita. */
export const REMINDER_PLACEHOLDERS = [
  'cliente',
  'mascota',
  'fecha',
  'hora',
  'servicio',
  'empresa',
  'enlace',
] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];
export type ReminderValues = Record<ReminderPlaceholder, string>;

/** What each marker becomes, as the settings screen lists them. */
export const REMINDER_PLACEHOLDER_LABELS: Record<ReminderPlaceholder, string> = {
  cliente: 'nombre del cliente',
  mascota: 'nombre de la mascota',
  fecha: 'fecha de la cita (dd/mm/aaaa)',
  hora: 'hora de la cita',
  servicio: 'servicio o paquete',
  empresa: 'nombre de la empresa',
  enlace: 'enlace para confirmar o cancelar la cita',
};

/** The template of a company that has not written its own (`ajustes.plantilla_recordatorio` null). */
export const DEFAULT_REMINDER_TEMPLATE =
  'Hola {cliente}, le recordamos la cita de {mascota} para {servicio} el {fecha} a las {hora} en {empresa}. Confirme o cancele aquí: {enlace} ¡Gracias!';

export const REMINDER_TEMPLATE_MAX = 500;

/** What {empresa} says before the company's settings are saved. */
export const REMINDER_COMPANY_FALLBACK = 'nuestro local';

/** The settings screen's preview: a cita as it could be. */
export const REMINDER_SAMPLE: ReminderValues = {
  cliente: 'Rosa',
  mascota: 'Firulais',
  fecha: '22/11/2025',
  hora: '10:30',
  servicio: 'Baño completo',
  empresa: 'Huellitas Spa',
  enlace: 'https://su-salon.pe/c/3kq9Vx…',
};

/** Every `{...}` of a text, known or not: `{xyz}` is a marker the template may not use. */
const MARKER = /\{([^{}]*)\}/g;

const isPlaceholder = (name: string): name is ReminderPlaceholder =>
  (REMINDER_PLACEHOLDERS as readonly string[]).includes(name);

/** The first marker of `template` that is not one of REMINDER_PLACEHOLDERS, as written. */
export function unknownPlaceholder(template: string): string | undefined {
  for (const [marker, name] of template.matchAll(MARKER)) {
    if (!isPlaceholder(name ?? '')) return marker;
  }
  return undefined;
}

/** The template with each known marker replaced by its value; anything else stays as written. */
export function fillReminder(template: string, values: ReminderValues): string {
  return template.replace(MARKER, (marker, name: string) =>
    isPlaceholder(name) ? values[name] : marker,
  );
}

/** The personal link's words where the template has no {enlace} of its own. */
export const REMINDER_LINK_LEAD = 'Confirme o cancele aquí:';

/** How to stop: every reminder ends with it (issue 35 §5). */
export const reminderOptOut = (appUrl: string) =>
  `Si no desea recibir recordatorios, avísenos por este medio o desde su cuenta: ${appUrl.replace(/\/+$/, '')}/mi-cuenta`;

/**
 * A reminder as it goes out: the template filled; the cita's personal link after it when the
 * template does not place {enlace} itself (no link: a visit already past); how to stop last.
 */
export function reminderText(
  template: string,
  values: Omit<ReminderValues, 'enlace'> & { enlace: string | null },
  appUrl: string,
): string {
  const filled = fillReminder(template, { ...values, enlace: values.enlace ?? '' }).trim();
  const link =
    values.enlace && !template.includes('{enlace}')
      ? [`${REMINDER_LINK_LEAD} ${values.enlace}`]
      : [];
  return [filled, ...link, reminderOptOut(appUrl)].join('\n\n');
}

/** A valid Peruvian mobile: 9 digits starting with 9 (a landline cannot get WhatsApp). */
export function isPeruMobile(phone: string | null | undefined): phone is string {
  return typeof phone === 'string' && /^9\d{8}$/.test(phone);
}

/** The WhatsApp link that opens a chat with `phone` (a Peruvian mobile) holding `text`. */
export function whatsappUrl(phone: string, text: string): string {
  return `https://wa.me/51${phone}?text=${encodeURIComponent(text)}`;
}

export const REMINDER_CHANNELS = ['whatsapp', 'email'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = {
  whatsapp: 'WhatsApp',
  email: 'E-mail',
};

export const REMINDER_MESSAGES = {
  unknownPlaceholder: (marker: string) => `Marcador desconocido: ${marker}`,
  templateInvalid: 'La plantilla debe ser un texto',
  templateMax: `La plantilla no puede exceder los ${REMINDER_TEMPLATE_MAX} caracteres`,
  hourInvalid: 'Seleccione una hora válida',
  dateFormat: 'La fecha debe tener el formato AAAA-MM-DD',
  appointmentNotFound: 'Cita no encontrada',
  notScheduled: 'Solo se recuerdan citas programadas',
  channelInvalid: 'Seleccione un canal válido: whatsapp o email',
  noEmail: 'El cliente no tiene un e-mail registrado',
  phoneInvalid: 'El teléfono del cliente no es un celular válido para WhatsApp',
  mailFailed: 'No se pudo enviar el correo. Inténtelo de nuevo más tarde',
  recorded: 'Recordatorio registrado',
  emailSent: 'Recordatorio enviado por e-mail',
  /** Who sent a reminder of the daily run. */
  automatic: 'Automático',
  mailSubject: (company: string) => `Recordatorio de su cita en ${company}`,
  optedOut: 'El cliente no desea recibir recordatorios',
  sentAll: (n: number) =>
    n === 0
      ? 'No había recordatorios por enviar por e-mail'
      : n === 1
        ? 'Se envió 1 recordatorio por e-mail'
        : `Se enviaron ${n} recordatorios por e-mail`,
} as const;

const M = REMINDER_MESSAGES;

export const REMINDER_PATHS = {
  list: '/recordatorios',
  record: '/recordatorio',
  sendAll: '/recordatorios/email-todos',
} as const;

/** `GET /api/recordatorios?fecha=YYYY-MM-DD`: the Lima day, tomorrow when left out. */
export const RemindersQuerySchema = z.object({
  fecha: z.preprocess((v) => (v === '' ? undefined : v), isoDate(M.dateFormat).optional()),
});
export type RemindersQuery = z.infer<typeof RemindersQuerySchema>;

/** `POST /api/recordatorio`: a reminder sent for a cita through `canal`. */
export const ReminderInputSchema = z.object({
  id_cita: z.coerce
    .number({ error: M.appointmentNotFound })
    .int(M.appointmentNotFound)
    .positive(M.appointmentNotFound)
    .max(2_147_483_647, M.appointmentNotFound),
  canal: z.enum(REMINDER_CHANNELS, { error: M.channelInvalid }),
});
export type ReminderInput = z.infer<typeof ReminderInputSchema>;

/** `POST /api/recordatorios/email-todos`: every due e-mail reminder of a Lima day at once. */
export const SendAllRemindersSchema = z.object({
  fecha: z.preprocess((v) => (v === '' ? undefined : v), isoDate(M.dateFormat)),
});
export type SendAllReminders = z.infer<typeof SendAllRemindersSchema>;
export const SentRemindersSchema = z.strictObject({ enviados: z.number().int() });
export type SentReminders = z.infer<typeof SentRemindersSchema>;

/** A reminder recorded for a cita. */
export const ReminderSchema = z.strictObject({
  id_rec: z.number().int(),
  id_cita: z.number().int(),
  canal: z.enum(REMINDER_CHANNELS),
  automatico: z.boolean(),
  /** The login of who sent it, or 'Automático' for the daily run. */
  usuario: z.string(),
  created_at: isoDateTime,
});
export type Reminder = z.infer<typeof ReminderSchema>;

/** One Programada cita of the day with its filled message and the reminders already sent. */
export const ReminderRowSchema = z.strictObject({
  id_cita: z.number().int(),
  inicio: isoDateTime,
  /** HH:MM in Lima. */
  hora: z.string(),
  cliente: z.strictObject({
    id_cli: z.number().int(),
    nom_cli: z.string(),
    ape_cli: z.string(),
    tel1_cli: z.string(),
    /** Null when the client has none. */
    email_cli: z.string().nullable(),
    /** False when the client asked for no reminders: none is sent to them. */
    recordatorios: z.boolean(),
  }),
  perro: z.strictObject({ id_perro: z.number().int(), nom_perro: z.string() }),
  /** The service's or package's name. */
  servicio: z.string(),
  /** The groomer's name, or null when nobody is assigned. */
  groomer: z.string().nullable(),
  telefono_valido: z.boolean(),
  /** `https://wa.me/51<phone>?text=...`; null when the phone is not a valid mobile. */
  whatsapp_url: z.string().nullable(),
  mensaje: z.string(),
  enviados: z.array(ReminderSchema),
});
export type ReminderRow = z.infer<typeof ReminderRowSchema>;

/**
 * A pet whose last report card suggested coming back by the day (the week before it included)
 * and that has no visit booked from today on: 'Le toca baño a Toby' (DESIGN §11.8).
 */
export const ComeBackRowSchema = z.strictObject({
  id_perro: z.number().int(),
  nom_perro: z.string(),
  cliente: z.strictObject({
    id_cli: z.number().int(),
    nom_cli: z.string(),
    ape_cli: z.string(),
    tel1_cli: z.string(),
  }),
  /** The service or package of the visit whose card suggested it. */
  servicio: z.string(),
  proxima_fecha: isoDay,
  mensaje: z.string(),
  /** Null when the phone is not a valid mobile or the client takes no reminders. */
  whatsapp_url: z.string().nullable(),
});
export type ComeBackRow = z.infer<typeof ComeBackRowSchema>;

/** 'Hola Rosa, a Toby le toca su Baño completo en Huellitas Spa. ¿Le reservamos una cita?'. */
export const comeBackMessage = (
  cliente: string,
  mascota: string,
  servicio: string,
  empresa: string,
) =>
  `Hola ${cliente}, a ${mascota} le toca su ${servicio} en ${empresa}. ¿Le reservamos una cita? ¡Gracias!`;

export const RemindersDaySchema = z.strictObject({
  fecha: isoDay,
  citas: z.array(ReminderRowSchema),
  /** Pets due to come back, whom the desk invites to book. */
  por_volver: z.array(ComeBackRowSchema),
});
export type RemindersDay = z.infer<typeof RemindersDaySchema>;

/** dd/mm/yyyy of a `YYYY-MM-DD` day, as the message writes it. */
export function reminderDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
