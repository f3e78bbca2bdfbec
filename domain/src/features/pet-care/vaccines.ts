import { z } from 'zod';
import { isoDateTime, isoDay } from '../../api';
import { limaToday } from '../../lima-date';
import { isoDate, requiredText } from '../../rules';
import { chosenId } from '../agenda/booking';
import { VaccineStateSchema } from './care';

/**
 * A pet's vaccines (decisions §vaccines): name, the day it was given and the day it expires, with
 * an optional picture of the card as proof. Expired shows red, due within 30 days yellow.
 */

export const VACCINE_MESSAGES = {
  petRequired: 'Seleccione la mascota',
  petNotFound: 'Mascota no encontrada',
  nameRequired: 'El nombre de la vacuna es requerido',
  nameMin: 'El nombre de la vacuna debe tener al menos 2 caracteres',
  nameMax: 'El nombre de la vacuna no puede exceder los 60 caracteres',
  appliedRequired: 'La fecha de aplicación es requerida',
  appliedInvalid: 'La fecha de aplicación no es válida',
  appliedFuture: 'La fecha de aplicación no puede ser posterior a hoy',
  expiresRequired: 'La fecha de vencimiento es requerida',
  expiresInvalid: 'La fecha de vencimiento no es válida',
  expiresBefore: 'La fecha de vencimiento debe ser posterior a la fecha de aplicación',
  proofNotImage: 'El comprobante debe ser una imagen PNG, JPG, GIF o WEBP',
  proofTooLarge: 'El comprobante no puede pesar más de 2 MB',
  notFound: 'Vacuna no encontrada',
  registered: '¡Vacuna registrada exitosamente!',
  updated: '¡Vacuna actualizada exitosamente!',
  removed: 'Vacuna eliminada correctamente',
} as const;

const M = VACCINE_MESSAGES;

const vaccineFields = {
  id_perro: chosenId(M.petRequired),
  nombre: requiredText(M.nameRequired).min(2, M.nameMin).max(60, M.nameMax),
  fecha_aplicacion: requiredText(M.appliedRequired)
    .pipe(isoDate(M.appliedInvalid))
    .refine((day) => day <= limaToday(), M.appliedFuture),
  fecha_vence: requiredText(M.expiresRequired).pipe(isoDate(M.expiresInvalid)),
  /** Drops the stored proof picture (an edit without a new one keeps it). */
  removeComprobante: z.boolean().optional(),
};

const expiresAfterApplied = (
  v: { fecha_aplicacion: string; fecha_vence: string },
  ctx: z.RefinementCtx,
) => {
  if (v.fecha_vence < v.fecha_aplicacion) {
    ctx.addIssue({ code: 'custom', path: ['fecha_vence'], message: M.expiresBefore });
  }
};

/** `POST /api/vacuna/register`: json (or multipart with `json` and the `comprobante` image). */
export const VaccineInputSchema = z.object(vaccineFields).superRefine(expiresAfterApplied);
export type VaccineInput = z.infer<typeof VaccineInputSchema>;

/** `PUT /api/vacuna`: the same fields plus id. */
export const VaccineUpdateSchema = z
  .object({ id: chosenId(M.notFound), ...vaccineFields })
  .superRefine(expiresAfterApplied);
export type VaccineUpdate = z.infer<typeof VaccineUpdateSchema>;

export const VaccineSchema = z.strictObject({
  id_vac: z.number().int(),
  id_perro: z.number().int(),
  nombre: z.string(),
  fecha_aplicacion: isoDay,
  fecha_vence: isoDay,
  /** As of today: 'vencida', 'por_vencer' (within 30 days) or null. */
  estado: VaccineStateSchema.nullable(),
  /** The proof picture's address, or null. */
  comprobante_url: z.string().nullable(),
  created_at: isoDateTime,
});
export type Vaccine = z.infer<typeof VaccineSchema>;

export const VACCINE_PATHS = {
  ofPet: (id: number | string) => `/perro/${id}/vacunas`,
  register: '/vacuna/register',
  update: '/vacuna',
  remove: (id: number | string) => `/vacuna/${id}`,
  proof: '/vacunas/comprobante',
} as const;

/** The dashboard's card: the pets whose vaccines expire this month or already have. */
export const DueVaccineSchema = z.strictObject({
  id_perro: z.number().int(),
  nom_perro: z.string(),
  cliente: z.string(),
  tel1_cli: z.string(),
  nombre: z.string(),
  fecha_vence: isoDay,
  estado: VaccineStateSchema,
});
export type DueVaccine = z.infer<typeof DueVaccineSchema>;
