import { z } from 'zod';
import { isoDateTime, isoDay, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { optionalText } from '../../rules';
import { TokenParamSchema } from '../online-booking/online-booking';
import { COAT_STATES } from './coat-states';

/**
 * Report cards (DESIGN §11.8, decisions §report-cards): what the groomer tells the owner at the
 * end of a visit (the coat on arrival, the work done, how the pet behaved, notes, the photos and
 * when to come back), sent as a link to a public page with an unguessable address that expires.
 */

export const REPORT_CARD_MESSAGES = {
  coatInvalid: 'Elija cómo llegó el pelaje',
  workRequired: 'Marque al menos un trabajo realizado',
  workMax: 'Cada trabajo puede tener hasta 80 caracteres',
  worksMax: 'Como máximo 20 trabajos',
  behaviourInvalid: 'El comportamiento va de 1 a 5',
  notesMax: 'Las notas no pueden exceder los 1000 caracteres',
  weeksInvalid: 'La próxima visita se sugiere en 1 a 26 semanas',
  notFound: 'Cita no encontrada',
  notAttended: 'La ficha se llena cuando la cita está en proceso o completada',
  saved: 'Ficha guardada: envíe el enlace al cliente',
  linkInvalid: 'Este enlace no es válido o ya venció',
  noEmail: 'El cliente no tiene un correo registrado: envíe el enlace por WhatsApp',
  savedAndMailed: (to: string) => `Ficha guardada y enviada por correo a ${to}`,
} as const;

const M = REPORT_CARD_MESSAGES;

/** How many days a card's public page stays open. */
export const REPORT_CARD_LINK_DAYS = 90;

/** `POST /api/cita/{id}/ficha`: the card (again: it replaces the last one and its link). */
export const ReportCardInputSchema = z.object({
  pelaje: z.enum(COAT_STATES, { error: M.coatInvalid }),
  trabajos: z
    .array(z.string().trim().min(1, M.workRequired).max(80, M.workMax), { error: M.workRequired })
    .min(1, M.workRequired)
    .max(20, M.worksMax),
  comportamiento: z.coerce
    .number({ error: M.behaviourInvalid })
    .int(M.behaviourInvalid)
    .min(1, M.behaviourInvalid)
    .max(5, M.behaviourInvalid),
  notas: optionalText(1000, M.notesMax),
  proxima_semanas: z.coerce
    .number({ error: M.weeksInvalid })
    .int(M.weeksInvalid)
    .min(1, M.weeksInvalid)
    .max(26, M.weeksInvalid),

  /** Also e-mail the card's link to the owner (their address on file). */
  correo: z.boolean().default(false),
});
export type ReportCardInput = z.infer<typeof ReportCardInputSchema>;

/** A card as staff read it; `url` only in the answer that made it (only its hash is kept). */
export const ReportCardSchema = z.strictObject({
  id_cita: z.number().int(),
  pelaje: z.enum(COAT_STATES),
  trabajos: z.array(z.string()),
  comportamiento: z.number().int(),
  notas: z.string().nullable(),
  proxima_semanas: z.number().int(),
  /** The visit's day plus the weeks suggested (Lima). */
  proxima_fecha: isoDay,
  /** Who filled it (login). */
  usuario: z.string().nullable(),
  created_at: isoDateTime,
  /** Until when its public page opens. */
  vence: isoDateTime,
});
export type ReportCard = z.infer<typeof ReportCardSchema>;

export const IssuedReportCardSchema = ReportCardSchema.extend({
  /** The public page, `/ficha/<token>`, to send by WhatsApp or e-mail. */
  url: z.string(),
  /** The address the link was e-mailed to, when asked (`correo`); null otherwise. */
  enviado_a: z.string().nullable(),
});

/** `GET /api/public/ficha/{token}`: the page the owner opens; nothing else about anyone. */
export const PublicReportCardSchema = z.strictObject({
  salon: z.string(),
  mascota: z.string(),
  fecha: isoDay,
  servicio: z.string(),
  /** The groomer's first name. */
  groomer: z.string(),
  pelaje: z.enum(COAT_STATES),
  trabajos: z.array(z.string()),
  comportamiento: z.number().int(),
  notas: z.string().nullable(),
  proxima_fecha: isoDay,
  fotos: z.array(z.strictObject({ momento: z.enum(['antes', 'despues']), url: z.string() })),
});
export type PublicReportCard = z.infer<typeof PublicReportCardSchema>;

export const REPORT_CARD_PATH = (token: string) => `/ficha/${token}`;

export const REPORT_CARD_ENDPOINTS = defineEndpoints('fichas', {
  save: {
    method: 'POST',
    path: '/cita/:id/ficha',
    params: IdParamSchema,
    body: ReportCardInputSchema,
    response: { 201: successOf(IssuedReportCardSchema) },
    permission: 'agenda.atender',
    jsonField: true,
  },
  ofAppointment: {
    method: 'GET',
    path: '/cita/:id/ficha',
    params: IdParamSchema,
    response: successOf(ReportCardSchema.nullable()),
    permission: 'agenda.leer',
  },
  publicCard: {
    method: 'GET',
    path: '/public/ficha/:token',
    params: TokenParamSchema,
    response: successOf(PublicReportCardSchema),
    permission: 'public',
  },
  publicPhoto: {
    method: 'GET',
    path: '/public/ficha/:token/foto/:id',
    params: TokenParamSchema.extend({ id: IdParamSchema.shape.id }),
    response: {},
    permission: 'public',
  },
});
