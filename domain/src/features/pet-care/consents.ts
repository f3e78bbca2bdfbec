import { z } from 'zod';
import { isoDateTime, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { defineResource } from '../../resource';
import { id, requiredText } from '../../rules';

/**
 * Consents (DESIGN §11.8, decisions §consents): the releases a salon has the owner sign before a
 * risky service (a shave-down of a matted coat, a senior pet's bath), each a template with its
 * text and when it applies; a changed text is a new version, asked again. A signature is kept as
 * a PDF with the text's version, the signature, the time, the address and the witness, never
 * edited.
 */

export const CONSENT_MESSAGES = {
  titleRequired: 'El título es requerido',
  titleMin: 'El título debe tener al menos 3 caracteres',
  titleMax: 'El título no puede exceder los 120 caracteres',
  textRequired: 'El texto es requerido',
  textMin: 'El texto debe tener al menos 20 caracteres',
  textMax: 'El texto no puede exceder los 5000 caracteres',
  appliesInvalid: 'Elija cuándo se pide: primera visita, un servicio o paquete, o cada año',
  itemsRequired: 'Elija al menos un servicio o paquete para el que se pide',
  itemUnavailable: 'Estos servicios o paquetes no existen:',
  registered: '¡Consentimiento registrado exitosamente!',
  updated: '¡Consentimiento actualizado exitosamente!',
  status: 'Consentimiento actualizado correctamente',
  inUse: 'No se puede eliminar: ya tiene firmas. Puede suspenderlo',
  notFound: 'Consentimiento no encontrado',
  petNotFound: 'Mascota no encontrada',
  clientNotFound: 'Cliente no encontrado',
  appointmentNotFound: 'Cita no encontrada',
  signerRequired: 'Ingrese el nombre de quien firma',
  signerMax: 'El nombre no puede exceder los 120 caracteres',
  signatureRequired: 'Falta la firma',
  signatureInvalid: 'La firma debe ser una imagen PNG',
  signed: 'Consentimiento firmado',
  notActive: 'El consentimiento está suspendido: no se puede firmar',
  signatureNotFound: 'Firma no encontrada',
  unsignedToStart: (titles: string) =>
    `Falta la firma del consentimiento: ${titles}. Pida la firma o indique el motivo para iniciar sin ella`,
  startReason: 'Iniciada sin firma',
  notAsked: 'Esta cita no pide ese consentimiento',
  alreadySigned: 'Este consentimiento ya está firmado',
  linkClosed: 'La cita ya empezó o no está reservada: firme en el local',
  signedFromLink: 'Firmado desde el enlace de la cita',
} as const;

const M = CONSENT_MESSAGES;

export const CONSENT_APPLIES = ['primera_visita', 'servicio', 'anual'] as const;
export type ConsentApplies = (typeof CONSENT_APPLIES)[number];
export const CONSENT_APPLIES_NAMES: Record<ConsentApplies, string> = {
  primera_visita: 'En la primera visita',
  servicio: 'Para ciertos servicios o paquetes',
  anual: 'Una vez al año',
};

const ids = z.array(id(M.itemUnavailable)).max(50).default([]);

const consentFields = {
  titulo: requiredText(M.titleRequired).min(3, M.titleMin).max(120, M.titleMax),
  texto: requiredText(M.textRequired).min(20, M.textMin).max(5000, M.textMax),
  aplica: z.enum(CONSENT_APPLIES, { error: M.appliesInvalid }),
  servicios: ids,
  paquetes: ids,
};

type ConsentFields = { aplica: ConsentApplies; servicios: number[]; paquetes: number[] };

/** A consent for services names at least one. */
function consentRules(input: ConsentFields, ctx: z.RefinementCtx) {
  if (input.aplica === 'servicio' && input.servicios.length + input.paquetes.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['servicios'], message: M.itemsRequired });
  }
}

/** Only a consent for services keeps the services and packages it names. */
const namedOnlyForServices = <T extends ConsentFields>(input: T): T =>
  input.aplica === 'servicio' ? input : { ...input, servicios: [], paquetes: [] };

/** `POST /api/consentimiento/register`. */
export const ConsentInputSchema = z
  .object(consentFields)
  .superRefine(consentRules)
  .transform(namedOnlyForServices);
export type ConsentInput = z.infer<typeof ConsentInputSchema>;

/** `PUT /api/consentimiento`: a changed text is a new version (signatures name theirs). */
export const ConsentUpdateSchema = z
  .object({ id: IdParamSchema.shape.id, ...consentFields })
  .superRefine(consentRules)
  .transform(namedOnlyForServices);
export type ConsentUpdate = z.infer<typeof ConsentUpdateSchema>;

export const ConsentSchema = z.strictObject({
  id_consentimiento: z.number().int(),
  titulo: z.string(),
  texto: z.string(),
  aplica: z.enum(CONSENT_APPLIES),
  servicios: z.array(z.number().int()),
  paquetes: z.array(z.number().int()),
  /** 1, then one more each time its text changes: a signature names the version it signed. */
  version: z.number().int(),
  id_est: z.number().int(),
  created_at: isoDateTime,
});
export type Consent = z.infer<typeof ConsentSchema>;

export const consentsResource = defineResource({
  plural: 'consentimientos',
  exportFile: 'consentimientos',
  singular: 'consentimiento',
  record: ConsentSchema,
  access: { read: 'agenda.leer', write: 'ajustes.escribir' },
  audit: 'consentimiento',
  rowId: (c) => c.id_consentimiento,
  toInput: (c): z.input<typeof ConsentInputSchema> => ({
    titulo: c.titulo,
    texto: c.texto,
    aplica: c.aplica,
    servicios: c.servicios,
    paquetes: c.paquetes,
  }),
  crud: { register: ConsentInputSchema, update: ConsentUpdateSchema, remove: true },
});

/** A signature as stored: who signed which version, witnessed by whom, and its PDF. */
export const SignatureSchema = z.strictObject({
  id: z.number().int(),
  id_consentimiento: z.number().int(),
  titulo: z.string(),
  version: z.number().int(),
  id_perro: z.number().int(),
  mascota: z.string(),
  firmante: z.string(),
  /** The staff member at the counter (login); null when signed from the cita's link. */
  testigo: z.string().nullable(),
  firmado_at: isoDateTime,
  /** `GET /api/firma/{id}/pdf`. */
  pdf_url: z.string(),
});
export type Signature = z.infer<typeof SignatureSchema>;

/** A PNG as a data URL, as a signature pad gives it; at most about 300 KB. */
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

const signedFields = {
  id_consentimiento: id(M.notFound),
  firmante: requiredText(M.signerRequired).max(120, M.signerMax),
  firma: z
    .string({ error: M.signatureRequired })
    .min(1, M.signatureRequired)
    .max(400_000, M.signatureInvalid)
    .regex(PNG_DATA_URL, M.signatureInvalid),
};

/** `POST /api/consentimiento/firmar`: the owner signs at the counter, staff witnessing. */
export const ConsentSignInputSchema = z.object({
  ...signedFields,
  id_perro: id(M.petNotFound),
});
export type ConsentSignInput = z.infer<typeof ConsentSignInputSchema>;

/**
 * `POST /api/public/cita/{token}/firmar`: the owner signs from the cita's personal link, on their
 * phone, with no one witnessing; only a consent that cita asks.
 */
export const PublicConsentSignInputSchema = z.object(signedFields);
export type PublicConsentSignInput = z.infer<typeof PublicConsentSignInputSchema>;

/** One consent a cita asks: its current text and version, and the signature of it, if any. */
export const RequiredConsentSchema = z.strictObject({
  id_consentimiento: z.number().int(),
  titulo: z.string(),
  texto: z.string(),
  version: z.number().int(),
  firma: SignatureSchema.nullable(),
});

/** `GET /api/cita/{id}/consentimientos`: what it asks and whether something is missing. */
export const AppointmentConsentsSchema = z.strictObject({
  id_cita: z.number().int(),
  id_perro: z.number().int(),
  sin_firmar: z.boolean(),
  consentimientos: z.array(RequiredConsentSchema),
});
export type AppointmentConsents = z.infer<typeof AppointmentConsentsSchema>;

export const CONSENT_ENDPOINTS = defineEndpoints(consentsResource.plural, {
  ofAppointment: {
    method: 'GET',
    path: '/cita/:id/consentimientos',
    params: IdParamSchema,
    response: successOf(AppointmentConsentsSchema),
    permission: 'agenda.leer',
  },
  sign: {
    method: 'POST',
    path: '/consentimiento/firmar',
    body: ConsentSignInputSchema,
    response: { 201: successOf(SignatureSchema) },
    permission: 'agenda.atender',
    jsonField: true,
  },
  ofClient: {
    method: 'GET',
    path: '/cliente/:id/firmas',
    params: IdParamSchema,
    response: successOf(z.array(SignatureSchema)),
    permission: 'clientes.leer',
  },
  ofPet: {
    method: 'GET',
    path: '/perro/:id/firmas',
    params: IdParamSchema,
    response: successOf(z.array(SignatureSchema)),
    permission: 'clientes.leer',
  },
  pdf: {
    method: 'GET',
    path: '/firma/:id/pdf',
    params: IdParamSchema,
    response: {},
    permission: 'clientes.leer',
  },
});
