import { z } from 'zod';
import { isoDateTime, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { defineResource } from '../../resource';
import { id, requiredText } from '../../rules';
import { CONSENT_MESSAGES, ConsentSignInputSchema } from './consent-signing';

/**
 * Consents (DESIGN §11.8, decisions §consents): the releases a salon has the owner sign before a
 * risky service (a shave-down of a matted coat, a senior pet's bath), each a template with its
 * text and when it applies; a changed text is a new version, asked again. A signature is kept as
 * a PDF with the text's version, the signature, the time, the address and the witness, never
 * edited.
 */

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
