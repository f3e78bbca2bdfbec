import { z } from 'zod';
import { PET_ALERTS, PetCareSchema, type PetAlert } from '../pet-care/care';
import { isoDateTime } from '../../api';
import { defineResource } from '../../resource';
import { dni, lettersOnly, ONLY_LETTERS, requiredText } from '../../rules';
import { IdParamSchema, ListQuerySchema } from '../../list-query';

const petText = (required: string, min: number, minMessage: string) =>
  requiredText(required)
    .min(min, minMessage)
    .max(60, 'No puede exceder los 60 caracteres')
    .refine(lettersOnly, ONLY_LETTERS);

export const PET_CARE_MESSAGES = {
  alertInvalid: 'Seleccione una alerta válida',
  notesMax: 'Las notas de cuidado no pueden exceder los 500 caracteres',
} as const;

/**
 * Safety alerts (decisions §pet-alerts), each once; absent, none (the spec's clients send none).
 */
const isAlert = (id: string): id is PetAlert => PET_ALERTS.some((a) => a.id === id);
const alerts = z
  .array(z.string(), { error: PET_CARE_MESSAGES.alertInvalid })
  // One message on the field, not one per unknown item.
  .refine((ids) => ids.every(isAlert), PET_CARE_MESSAGES.alertInvalid)
  .transform((ids) => [...new Set(ids.filter(isAlert))])
  .default([]);

export const PetInputSchema = z.object({
  nombre: petText('El nombre es requerido', 3, 'El nombre debe tener al menos 3 caracteres'),
  raza: petText('La raza es requerida', 3, 'La raza debe tener al menos 3 caracteres'),
  dniCliente: dni,
  alertas: alerts,
  notas_cuidado: z.string().trim().max(500, PET_CARE_MESSAGES.notesMax).default(''),
});
export type PetInput = z.infer<typeof PetInputSchema>;

/** Editing accepts a two-letter name (spec §001-5). */
export const PetUpdateSchema = PetInputSchema.extend({
  id: IdParamSchema.shape.id,
  nombre: petText('El nombre es requerido', 2, 'El nombre debe tener al menos 2 caracteres'),
});
export type PetUpdate = z.infer<typeof PetUpdateSchema>;

export const PetSchema = z.strictObject({
  id_perro: z.number().int(),
  nom_perro: z.string(),
  raza_perro: z.string(),
  id_cli: z.number().int(),
  id_est: z.number().int(),
  created_at: isoDateTime,
  cliente: z.strictObject({
    id_cli: z.number().int(),
    dni_cli: z.string(),
    nom_cli: z.string(),
    ape_cli: z.string(),
  }),
  estado: z.strictObject({ id_est: z.number().int() }),
  ...PetCareSchema.shape,
});
export type Pet = z.infer<typeof PetSchema>;

/** `GET /api/mascotas/cliente/{id}`: the pets of a client, for the booking forms. */
export const ClientPetSchema = PetSchema.pick({
  id_perro: true,
  nom_perro: true,
  alertas: true,
  notas_cuidado: true,
  vacunas: true,
});

/** `GET /api/mascotas/`: the common filters and `alerta`, the pets that have that alert. */
export const PetListQuerySchema = ListQuerySchema.safeExtend({
  alerta: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(PET_ALERTS.map((a) => a.id) as [PetAlert, ...PetAlert[]], {
        error: PET_CARE_MESSAGES.alertInvalid,
      })
      .optional(),
  ),
});
export type PetListQuery = z.infer<typeof PetListQuerySchema>;
export type ClientPet = z.infer<typeof ClientPetSchema>;

export const PET_MESSAGES = {
  registered: '¡Mascota registrada exitosamente!',
  updated: '¡Mascota actualizada exitosamente!',
  status: 'Estado de Mascota/Perro actualizado correctamente',
  ownerNotFound: 'No existe un cliente activo con ese DNI',
  inUse: 'No se puede eliminar la mascota: tiene reservas o citas registradas',
  notFound: 'Mascota no encontrada',
} as const;

export const petsResource = defineResource({
  plural: 'mascotas',
  exportFile: 'mascotas',
  singular: 'mascota',
  record: PetSchema,
  access: { read: 'clientes.leer', write: 'clientes.escribir' },
  audit: 'mascota',
  rowId: (p) => p.id_perro,
  toInput: (p): PetInput => ({
    nombre: p.nom_perro,
    raza: p.raza_perro,
    dniCliente: p.cliente.dni_cli,
    alertas: p.alertas,
    notas_cuidado: p.notas_cuidado,
  }),
  crud: {
    listQuery: PetListQuerySchema,
    register: PetInputSchema,
    update: PetUpdateSchema,
    remove: true,
  },
});
