import { z } from 'zod';

/**
 * A pet's size (DESIGN §11.4): what a visit's length depends on besides the service. Services
 * and packages may add minutes per size; a pet without a size takes the item's own duration.
 */
export const PET_SIZES = ['pequeño', 'mediano', 'grande', 'gigante'] as const;
export type PetSize = (typeof PET_SIZES)[number];

export const PET_SIZE_LABELS: Record<PetSize, string> = {
  pequeño: 'Pequeño',
  mediano: 'Mediano',
  grande: 'Grande',
  gigante: 'Gigante',
};

export const PET_SEXES = ['macho', 'hembra'] as const;
export type PetSex = (typeof PET_SEXES)[number];

export const PET_SEX_LABELS: Record<PetSex, string> = { macho: 'Macho', hembra: 'Hembra' };

/** The minutes an item adds per pet size; a size left out adds none. */
export const SizeMinutesSchema = z.partialRecord(
  z.enum(PET_SIZES),
  z
    .number({ error: 'Ingrese minutos enteros' })
    .int('Ingrese minutos enteros')
    .min(0, 'Ingrese 0 o más minutos')
    .max(480, 'Como máximo 480 minutos'),
  { error: 'Indique minutos solo para pequeño, mediano, grande o gigante' },
);
export type SizeMinutes = z.infer<typeof SizeMinutesSchema>;

/** A visit's length: the item's own duration plus what it adds for the pet's size. */
export function durationForSize(
  item: { duracion: number; minutos_talla: SizeMinutes },
  size: PetSize | null | undefined,
): number {
  return item.duracion + (size ? (item.minutos_talla[size] ?? 0) : 0);
}
