import { z } from 'zod';
import { isoDateTime } from '../../api';

/**
 * WhatsApp both ways (DESIGN §11.5): Ajustes › 'WhatsApp' (the Cloud API's settings, optional)
 * and AGENDA › 'Mensajes' (the conversation kept per number). The secrets (the access token,
 * the app secret, the webhook's verify token) are write-only: the form sends them, the answer
 * only says whether one is stored.
 */

/** Feature name: the root of the staff screens' query keys. */
export const MESSAGES_QUERY_KEY = 'mensajes';

export const MESSAGE_DIRECTIONS = ['entrante', 'saliente'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** A message's state: an incoming one is 'recibido'; an outgoing one follows Meta's statuses. */
export const MESSAGE_STATES = ['recibido', 'enviado', 'entregado', 'leido', 'fallido'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  recibido: 'Recibido',
  enviado: 'Enviado',
  entregado: 'Entregado',
  leido: 'Leído',
  fallido: 'No entregado',
};

/** WhatsApp lets a business write free text only this long after the client's last message. */
export const REPLY_WINDOW_HOURS = 24;
/** The longest text WhatsApp takes in one message. */
export const MESSAGE_TEXT_MAX = 4096;
/** What a client writes to stop the reminders (any case, surrounding spaces ignored). */
export const OPT_OUT_WORD = 'BAJA';
/** The line every reminder by WhatsApp carries: how to stop them. */
export const OPT_OUT_FOOTER = 'Responda BAJA para no recibir más recordatorios';

/**
 * How the reminder's template is to be registered in Meta's console (the form shows it): the
 * body's four parameters are the client, the pet, the date and the time; the footer says how
 * to stop; the two quick replies answer the cita.
 */
export const REMINDER_TEMPLATE_GUIDE = {
  body: 'Hola {{1}}, le recordamos la cita de {{2}} el {{3}} a las {{4}}. ¿Nos confirma su asistencia?',
  footer: OPT_OUT_FOOTER,
  buttons: ['Confirmar', 'Cancelar'],
} as const;

/** The languages the template of reminders may be approved in (Meta's codes). */
export const TEMPLATE_LANGUAGES = ['es', 'es_PE', 'es_LA', 'es_ES', 'es_MX', 'en_US'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export const MESSAGES_TEXTS = {
  settingsSaved: 'Ajustes de WhatsApp guardados',
  phoneNumberIdRequired: 'Ingrese el identificador del número de teléfono (Phone number ID)',
  phoneNumberIdInvalid: 'El identificador del número solo admite dígitos (hasta 40)',
  tokenRequired: 'Ingrese el token de acceso',
  appSecretRequired: 'Ingrese la clave secreta de la aplicación (App secret)',
  verifyTokenRequired: 'Ingrese el token de verificación del webhook',
  templateRequired: 'Ingrese el nombre de la plantilla aprobada de recordatorios',
  templateInvalid:
    'El nombre de la plantilla solo admite letras minúsculas, dígitos y guion bajo (hasta 100)',
  languageInvalid: 'Seleccione un idioma válido para la plantilla',
  secretTooLong: 'El valor no puede exceder los 500 caracteres',
  /** The helper text of a secret field when one is stored. */
  secretStored: 'Guardado: déjelo vacío para no cambiarlo',
  textRequired: 'Escriba el mensaje',
  textMax: `El mensaje no puede exceder los ${MESSAGE_TEXT_MAX} caracteres`,
  phoneInvalid: 'El número de teléfono no es válido',
  notActive: 'WhatsApp no está activado: configúrelo en Ajustes › WhatsApp',
  windowClosed:
    'Han pasado más de 24 horas desde el último mensaje del cliente: WhatsApp solo permite enviarle una plantilla',
  sendFailed: 'WhatsApp no aceptó el mensaje. Inténtelo de nuevo más tarde',
  sent: 'Mensaje enviado',
  /** What the conversation shows for an incoming picture, audio, location… */
  unsupportedIncoming: 'El cliente envió un archivo o un tipo de mensaje que aquí no se muestra',
  noConversations: 'Aún no hay mensajes de WhatsApp',
  unknownNumber: 'Número sin cliente registrado',
  /** What the cita's client reads after a button reply. */
  confirmedReply: 'Gracias, su cita quedó confirmada.',
  cancelledReply: 'Su cita fue cancelada. Esperamos verle pronto.',
  tooLateReply: (phone: string) =>
    phone
      ? `Ya no es posible cancelar la cita por este medio. Por favor, llame al salón: ${phone}.`
      : 'Ya no es posible cancelar la cita por este medio. Por favor, llame al salón.',
  notFoundReply: 'Esta cita ya no está disponible. Si necesita ayuda, llame al salón.',
  optedOutReply:
    'Listo: no le enviaremos más recordatorios. Puede volver a activarlos en el salón.',
  /** The motivo of a cita the client cancelled by a button reply. */
  cancelReason: 'Cancelada por el cliente por WhatsApp',
} as const;

const SECRET_MAX = 500;

/** A secret as the form sends it: omitted, null or empty keeps the stored one (undefined). */
const secret = z
  .string()
  .max(SECRET_MAX, MESSAGES_TEXTS.secretTooLong)
  .nullish()
  .transform((v) => (v ? v : undefined));

/** A plain text field: omitted, unchanged (undefined); blank or null, cleared (null). */
const plainText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * `PUT /api/ajustes/whatsapp`. Turning it on needs the number's id, the token, the app secret,
 * the verify token and the template, sent now or stored before (the server checks with what is
 * stored and answers 422 per field).
 */
export const WhatsappSettingsInputSchema = z.object({
  activo: z.boolean({ error: 'Indique si WhatsApp está activo' }),
  phone_number_id: plainText(40, MESSAGES_TEXTS.phoneNumberIdInvalid).refine(
    (v) => !v || /^\d+$/.test(v),
    MESSAGES_TEXTS.phoneNumberIdInvalid,
  ),
  token: secret,
  app_secret: secret,
  verify_token: secret,
  plantilla_recordatorio: plainText(100, MESSAGES_TEXTS.templateInvalid).refine(
    (v) => !v || /^[a-z0-9_]+$/.test(v),
    MESSAGES_TEXTS.templateInvalid,
  ),
  idioma: z.enum(TEMPLATE_LANGUAGES, { error: MESSAGES_TEXTS.languageInvalid }).default('es'),
});
export type WhatsappSettingsInput = z.input<typeof WhatsappSettingsInputSchema>;
export type WhatsappSettingsValues = z.output<typeof WhatsappSettingsInputSchema>;

export type WhatsappSettingsField =
  'phone_number_id' | 'token' | 'app_secret' | 'verify_token' | 'plantilla_recordatorio';

/** `GET /api/ajustes/whatsapp`: everything but the secrets, which only say whether stored. */
export const WhatsappSettingsSchema = z.strictObject({
  activo: z.boolean(),
  phone_number_id: z.string().nullable(),
  plantilla_recordatorio: z.string().nullable(),
  idioma: z.string(),
  tiene_token: z.boolean(),
  tiene_app_secret: z.boolean(),
  tiene_verify_token: z.boolean(),
  /** The webhook's address to paste in Meta's console: `<public url>/api/public/whatsapp`. */
  webhook_url: z.string(),
});
export type WhatsappSettings = z.infer<typeof WhatsappSettingsSchema>;

/**
 * A number as stored and in the path: WhatsApp's form, the country code and the number, digits
 * only ('51987654321').
 */
export const TelefonoParamSchema = z.object({
  telefono: z.string().regex(/^\d{8,15}$/, MESSAGES_TEXTS.phoneInvalid),
});

/** A Peruvian mobile as the salon writes it ('987654321') in WhatsApp's form ('51987654321'). */
export function toWhatsappNumber(phone: string): string {
  return /^9\d{8}$/.test(phone) ? `51${phone}` : phone;
}

/** A number of WhatsApp's form as the salon reads it: a Peruvian mobile without the '51'. */
export function localNumber(telefono: string): string {
  return /^519\d{8}$/.test(telefono) ? telefono.slice(2) : `+${telefono}`;
}

/** One message of a conversation. */
export const MessageSchema = z.strictObject({
  id: z.number().int(),
  direccion: z.enum(MESSAGE_DIRECTIONS),
  texto: z.string(),
  estado: z.enum(MESSAGE_STATES),
  fecha: isoDateTime,
  /** The user who wrote an outgoing message; null for an automatic one or an incoming one. */
  usuario: z.string().nullable(),
  /** The cita a reminder or a button reply was about. */
  id_cita: z.number().int().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

/** `GET /api/mensajes`: one row per number, the latest conversation first. */
export const ConversationRowSchema = z.strictObject({
  telefono: z.string(),
  id_cli: z.number().int().nullable(),
  /** The client's name; null for a number the salon does not know. */
  cliente: z.string().nullable(),
  ultimo: z.strictObject({
    texto: z.string(),
    direccion: z.enum(MESSAGE_DIRECTIONS),
    fecha: isoDateTime,
  }),
  /** Incoming messages since the salon's last outgoing one. */
  sin_leer: z.number().int(),
  /** Until when free text may be sent (24 h after the last incoming one); null if never. */
  responder_hasta: isoDateTime.nullable(),
});
export type ConversationRow = z.infer<typeof ConversationRowSchema>;

/** `GET /api/mensajes/:telefono`: the conversation, oldest first. */
export const ConversationSchema = z.strictObject({
  telefono: z.string(),
  id_cli: z.number().int().nullable(),
  cliente: z.string().nullable(),
  mensajes: z.array(MessageSchema),
  /** Whether free text may be sent now (within 24 h of the client's last message). */
  puede_responder: z.boolean(),
  responder_hasta: isoDateTime.nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** `POST /api/mensajes/:telefono`. */
export const SendMessageSchema = z.object({
  texto: z
    .string({ error: MESSAGES_TEXTS.textRequired })
    .trim()
    .min(1, MESSAGES_TEXTS.textRequired)
    .max(MESSAGE_TEXT_MAX, MESSAGES_TEXTS.textMax),
});
export type SendMessageInput = z.input<typeof SendMessageSchema>;

/** The webhook's verification handshake (`GET /api/public/whatsapp`), as Meta sends it. */
export const WebhookVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(200).optional(),
});
