import { z } from 'zod';
import { PetCareSchema } from './care';
import { isoDateTime } from '../api';
import { defineResource } from '../resource';
import { dni, lettersOnly, ONLY_LETTERS, requiredText } from '../rules';
import { IdParamSchema } from '../list-query';

const petText = (required: string, min: number, minMessage: string) =>
  requiredText(required)
    .min(min, minMessage)
    .max(60, 'No puede exceder los 60 caracteres')
    .refine(lettersOnly, ONLY_LETTERS);

export const PetInputSchema = z.object({
  nombre: petText('El nombre es requerido', 3, 'El nombre debe tener al menos 3 caracteres'),
  raza: petText('La raza es requerida', 3, 'La raza debe tener al menos 3 caracteres'),
  dniCliente: dni,
});
export type PetInput = z.infer<typeof PetInputSchema>;

/** Editing accepts a two-letter name (spec 001 §5). */
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
export const ClientPetSchema = PetSchema.pick({ id_perro: true, nom_perro: true });
export type ClientPet = z.infer<typeof ClientPetSchema>;

export const PET_MESSAGES = {
  registered: '¡Mascota registrada exitosamente!',
  updated: '¡Mascota actualizada exitosamente!',
  status: 'Estado de Mascota/Perro actualizado correctamente',
  ownerNotFound: 'No existe un cliente activo con ese DNI',
  inUse: 'No se puede eliminar la mascota: tiene reservas o citas registradas',
  notFound: 'Mascota no encontrada',
} as const;

export const petsResource = defineResource<Pet, PetInput>({
  plural: 'mascotas',
  exportFile: 'mascotas',
  singular: 'mascota',
  record: PetSchema,
  access: { read: 'clientes.leer', write: 'clientes.escribir' },
  audit: 'mascota',
  rowId: (p) => p.id_perro,
  toInput: (p) => ({ nombre: p.nom_perro, raza: p.raza_perro, dniCliente: p.cliente.dni_cli }),
});
