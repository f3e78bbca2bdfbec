import { z } from 'zod';
import { id, requiredText } from '../../rules';

/**
 * Signing a consent (DESIGN §11.8): the messages and the input, at the counter or from the cita's
 * link. A module of its own: the link's public page signs without the templates' resource.
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
