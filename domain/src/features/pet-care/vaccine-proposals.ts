import { z } from 'zod';
import { DoneSchema, isoDateTime, isoDay, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { requiredText } from '../../rules';
import { VaccineSchema } from './vaccines';

/**
 * The vaccine cards clients send from /mi-cuenta (DESIGN §11.5): each waits in CLIENTES ›
 * 'Carnés por revisar' until staff accept it (it becomes one of the pet's vaccines, the card its
 * proof) or reject it with a reason. Whoever writes pet care (`agenda.atender`) reviews them.
 */

export const VACCINE_PROPOSAL_STATES = ['pendiente', 'aceptada', 'rechazada'] as const;
export type VaccineProposalState = (typeof VACCINE_PROPOSAL_STATES)[number];

export const VACCINE_PROPOSAL_MESSAGES = {
  notFound: 'Carné de vacunas no encontrado',
  notPending: 'Este carné ya fue revisado por otro usuario',
  accepted: 'Carné aceptado: la vacuna quedó registrada en la mascota',
  rejected: 'Carné rechazado',
  reasonRequired: 'Ingrese el motivo',
  reasonMax: 'El motivo no puede exceder los 200 caracteres',
} as const;

/** The longest reason a rejection keeps (vacunas_propuestas.motivo). */
export const VACCINE_PROPOSAL_REASON_MAX = 200;

/** One card awaiting review, with its pet and the pet's owner. */
export const VaccineProposalRowSchema = z.strictObject({
  id: z.number().int(),
  id_perro: z.number().int(),
  nom_perro: z.string(),
  id_cli: z.number().int(),
  cliente: z.string(),
  tel1_cli: z.string(),
  /** The vaccine as the client wrote it. */
  nombre: z.string(),
  fecha_aplicacion: isoDay,
  fecha_vence: isoDay,
  /** The stored picture's file name. */
  comprobante: z.string(),
  /** Where an <img> shows it: an unguessable address, as the vaccines' proofs. */
  comprobante_url: z.string(),
  created_at: isoDateTime,
});
export type VaccineProposalRow = z.infer<typeof VaccineProposalRowSchema>;

/** `POST /api/vacuna-propuesta/{id}/rechazar`: why, for the client to read. */
export const VaccineProposalRejectSchema = z.object({
  motivo: requiredText(VACCINE_PROPOSAL_MESSAGES.reasonRequired).max(
    VACCINE_PROPOSAL_REASON_MAX,
    VACCINE_PROPOSAL_MESSAGES.reasonMax,
  ),
});
export type VaccineProposalReject = z.infer<typeof VaccineProposalRejectSchema>;

export const VACCINE_PROPOSAL_PATHS = {
  list: '/vacunas-propuestas',
  accept: (id: number | string) => `/vacuna-propuesta/${id}/aceptar`,
  reject: (id: number | string) => `/vacuna-propuesta/${id}/rechazar`,
  file: '/vacunas-propuestas/comprobante',
} as const;

/** The permission of the queue: the one that writes a pet's vaccines. */
export const VACCINE_PROPOSALS_PERMISSION = 'agenda.atender';

export const VACCINE_PROPOSAL_ENDPOINTS = defineEndpoints('vacunas-propuestas', {
  /** The pending cards, the oldest first. */
  list: {
    method: 'GET',
    path: VACCINE_PROPOSAL_PATHS.list,
    response: successOf(z.array(VaccineProposalRowSchema)),
    permission: VACCINE_PROPOSALS_PERMISSION,
  },
  /** Registers the vaccine from the card (its picture the proof); answers the vaccine. */
  accept: {
    method: 'POST',
    path: VACCINE_PROPOSAL_PATHS.accept(':id'),
    params: IdParamSchema,
    response: successOf(VaccineSchema),
    permission: VACCINE_PROPOSALS_PERMISSION,
  },
  reject: {
    method: 'POST',
    path: VACCINE_PROPOSAL_PATHS.reject(':id'),
    params: IdParamSchema,
    body: VaccineProposalRejectSchema,
    response: DoneSchema,
    permission: VACCINE_PROPOSALS_PERMISSION,
  },
  file: {
    method: 'GET',
    path: `${VACCINE_PROPOSAL_PATHS.file}/:file`,
    params: z.object({ file: z.string().max(120) }),
    // The image itself, as stored: no JSON answer to describe.
    response: {},
    permission: 'public',
  },
});
