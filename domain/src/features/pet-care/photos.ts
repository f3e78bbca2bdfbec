import { z } from 'zod';
import { isoDateTime } from '../../api';
import { chosenId } from '../agenda/booking';

/**
 * Before and after photos of a visit (decisions §photos): at most four per cita, taken with the
 * phone's camera at the counter, shown in the history and sent to the client by WhatsApp.
 */

export const PHOTOS_PER_APPOINTMENT = 4;

export const PHOTO_MOMENTS = [
  { id: 'antes', nombre: 'Antes' },
  { id: 'despues', nombre: 'Después' },
] as const;
export type PhotoMoment = (typeof PHOTO_MOMENTS)[number]['id'];

export const PHOTO_MESSAGES = {
  appointmentRequired: 'Seleccione la cita',
  appointmentNotFound: 'Cita no encontrada',
  momentInvalid: 'Indique si la foto es de antes o de después',
  photoRequired: 'Elija o tome una foto',
  photoNotImage: 'La foto debe ser una imagen PNG, JPG, GIF o WEBP',
  photoTooLarge: 'La foto no puede pesar más de 2 MB',
  full: `La cita ya tiene ${PHOTOS_PER_APPOINTMENT} fotos`,
  notFound: 'Foto no encontrada',
  added: 'Foto agregada correctamente',
  removed: 'Foto eliminada correctamente',
} as const;

const M = PHOTO_MESSAGES;

/** `POST /api/cita/foto`: multipart with `json` {id_cita, momento} and the `foto` image. */
export const PhotoInputSchema = z.object({
  id_cita: chosenId(M.appointmentRequired),
  momento: z.enum(['antes', 'despues'], { error: M.momentInvalid }),
});
export type PhotoInput = z.infer<typeof PhotoInputSchema>;

export const PhotoSchema = z.strictObject({
  id_foto: z.number().int(),
  id_cita: z.number().int(),
  momento: z.enum(['antes', 'despues']),
  /** The picture's address: unguessable, so that the client opens it from WhatsApp. */
  url: z.string(),
  created_at: isoDateTime,
});
export type Photo = z.infer<typeof PhotoSchema>;

export const PHOTO_PATHS = {
  ofAppointment: (id: number | string) => `/cita/${id}/fotos`,
  add: '/cita/foto',
  remove: (id: number | string) => `/cita/foto/${id}`,
  file: '/fotos',
} as const;
