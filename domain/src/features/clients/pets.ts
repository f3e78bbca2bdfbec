import { z } from 'zod';
import { PET_ALERTS, PetCareSchema, type PetAlert } from '../pet-care/care';
import { isoDateTime, isoDay } from '../../api';
import { limaToday } from '../../lima-date';
import { defineResource } from '../../resource';
import { dni, isoDate, lettersOnly, ONLY_LETTERS, requiredText } from '../../rules';
import { IdParamSchema, ListQuerySchema } from '../../list-query';
import { PET_SEXES, PET_SIZES } from '../online-booking/sizes';

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

export const PET_PROFILE_MESSAGES = {
  sizeInvalid: 'Seleccione un tamaño válido',
  sexInvalid: 'Seleccione macho o hembra',
  birthInvalid: 'La fecha de nacimiento no es válida',
  birthFuture: 'La fecha de nacimiento no puede ser posterior a hoy',
  birthTooOld: 'La fecha de nacimiento no puede ser de hace más de 30 años',
  coatInvalid: 'Describa el pelaje con texto',
  coatMax: 'El pelaje no puede exceder los 60 caracteres',
} as const;

const P = PET_PROFILE_MESSAGES;

/** The oldest birth date a pet may have: the same day 30 years before `today` (YYYY-MM-DD). */
export const oldestPetBirth = (today: string = limaToday()) =>
  `${Number(today.slice(0, 4)) - 30}${today.slice(4)}`;

/**
 * A profile field the spec's clients do not send (DESIGN §11.4): absent, the register stores none
 * and the edit keeps what the pet has; blank or null, none.
 */
const profileField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    schema.nullable().optional(),
  );

/** Size, sex, birth date and coat: the size decides how long a visit lasts. */
const petProfile = {
  talla: profileField(z.enum(PET_SIZES, { error: P.sizeInvalid })),
  sexo: profileField(z.enum(PET_SEXES, { error: P.sexInvalid })),
  fec_nac: profileField(
    isoDate(P.birthInvalid).pipe(
      z
        .string()
        .refine((day) => day <= limaToday(), P.birthFuture)
        .refine((day) => day >= oldestPetBirth(), P.birthTooOld),
    ),
  ),
  pelaje: profileField(z.string({ error: P.coatInvalid }).trim().max(60, P.coatMax)),
};

export const PetInputSchema = z.object({
  nombre: petText('El nombre es requerido', 3, 'El nombre debe tener al menos 3 caracteres'),
  raza: petText('La raza es requerida', 3, 'La raza debe tener al menos 3 caracteres'),
  dniCliente: dni,
  alertas: alerts,
  notas_cuidado: z.string().trim().max(500, PET_CARE_MESSAGES.notesMax).default(''),
  ...petProfile,
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
  talla: z.enum(PET_SIZES).nullable(),
  sexo: z.enum(PET_SEXES).nullable(),
  fec_nac: isoDay.nullable(),
  pelaje: z.string().nullable(),
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

/**
 * `GET /api/mascotas/cliente/{id}`: the pets of a client, for the booking forms; the size sets a
 * visit's default duration.
 */
export const ClientPetSchema = PetSchema.pick({
  id_perro: true,
  nom_perro: true,
  talla: true,
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
    talla: p.talla,
    sexo: p.sexo,
    fec_nac: p.fec_nac,
    pelaje: p.pelaje,
  }),
  crud: {
    listQuery: PetListQuerySchema,
    register: PetInputSchema,
    update: PetUpdateSchema,
    remove: true,
  },
});
