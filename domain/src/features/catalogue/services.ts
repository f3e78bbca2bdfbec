import { z } from 'zod';
import { isoDateTime, money } from '../../api';
import { defineResource } from '../../resource';
import { IdParamSchema } from '../../list-query';
import { keepDecimalChars, lettersOnly, ONLY_LETTERS, requiredText } from '../../rules';
import { duration } from '../agenda/agenda';
import { DepositRuleInputSchema, DepositRuleSchema } from '../checkout/deposits';
import {
  PET_SIZE_LABELS,
  PET_SIZES,
  SizeMinutesSchema,
  type SizeMinutes,
} from '../online-booking/sizes';

/**
 * Services and packages share one form and one set of rules (spec §001-5 'Service and
 * package'): a letters-only name, a long plain-text description and a price in soles.
 */

const LETTER = 'A-Za-zÁÉÍÓÚÜÑáéíóúüñ';
const DESCRIPTION_CHARS = new RegExp(`^[${LETTER}\\s.,]+$`);
const NOT_A_LETTER = new RegExp(`[^${LETTER}\\s]`, 'g');

export const CATALOGUE_ITEM_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameMin: 'El nombre debe tener al menos 3 caracteres',
  nameMax: 'El nombre no puede exceder los 100 caracteres',
  descriptionRequired: 'La descripción es requerida',
  descriptionMin: 'La descripción debe tener al menos 40 caracteres',
  descriptionMax: 'La descripción no puede exceder los 500 caracteres',
  descriptionChars: 'Solo se permiten letras y caracteres especiales',
  priceRequired: 'El precio es requerido',
  priceFormat: 'Formato válido: números con hasta 2 decimales',
  priceRange: 'El precio debe estar entre 1 y 1000',
} as const;

const M = CATALOGUE_ITEM_MESSAGES;

/**
 * Digits with an optional point or comma and at most two decimals: '45.' is accepted as '45.00'
 * and '12,5' as '12.50' (money.ts's MONEY_PATTERN without a sign).
 */
const PRICE_FORMAT = /^(\d+)(?:[.,](\d{0,2}))?$/;
const MIN_CENTS = 100n;
const MAX_CENTS = 100_000n;

/** The price in cents, computed on the digits (never in floating point); undefined if malformed. */
export function priceCents(value: string): bigint | undefined {
  const match = PRICE_FORMAT.exec(value.trim());
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole + fraction.padEnd(2, '0'));
}

/**
 * '45' → '45.00', '7,5' → '7.50': the numeric(10,2) text; a malformed value is returned as is.
 * `separator` writes the decimals after a comma instead, as the user typed them.
 */
export function toTwoDecimals(value: string, separator: '.' | ',' = '.'): string {
  const cents = priceCents(value);
  if (cents === undefined) return value;
  const digits = cents.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}${separator}${digits.slice(-2)}`;
}

/**
 * The price as the API and the form take it: a string or a number, normalised to a two-decimal
 * string such as '45.00'. A number goes through its shortest decimal text, so 12.345 stays
 * 12.345 (and is refused) instead of being rounded.
 */
export const price = z
  .union([z.string(), z.number()], { error: M.priceRequired })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(
    z
      .string()
      .min(1, M.priceRequired)
      .refine((v) => v === '' || PRICE_FORMAT.test(v), M.priceFormat)
      .refine((v) => {
        const cents = priceCents(v);
        return cents === undefined || (cents >= MIN_CENTS && cents <= MAX_CENTS);
      }, M.priceRange),
  )
  .transform((v) => toTwoDecimals(v));

/**
 * A form's minute text: '' is none, digits are the minutes; anything else ('10,5', '1.000') is
 * left for the whole-minutes message.
 */
function minutesOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) ? Number(text) : value;
}

/**
 * The minutes an item adds per pet size (DESIGN §11.4), as the API and the form send them:
 * numbers or their text; a size left blank or null adds none.
 */
export const sizeMinutes = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([size, minutes]): [string, unknown] => [
    size,
    minutesOf(minutes),
  ]);
  return Object.fromEntries(entries.filter(([, minutes]) => minutes != null));
}, SizeMinutesSchema);

/** 'Grande +15 min, Gigante +30 min': the sizes that add minutes, in size order; '' if none. */
export function sizeMinutesText(minutes: SizeMinutes): string {
  return PET_SIZES.filter((size) => (minutes[size] ?? 0) > 0)
    .map((size) => `${PET_SIZE_LABELS[size]} +${minutes[size]} min`)
    .join(', ');
}

export const CatalogueItemInputSchema = z.object({
  nombre: requiredText(M.nameRequired)
    .min(3, M.nameMin)
    .max(100, M.nameMax)
    .refine(lettersOnly, ONLY_LETTERS),
  descripcion: requiredText(M.descriptionRequired)
    .min(40, M.descriptionMin)
    .max(500, M.descriptionMax)
    .regex(DESCRIPTION_CHARS, M.descriptionChars),
  precio: price,
  /**
   * Minutes a visit of it lasts (decisions §agenda); absent, 60 on register and unchanged on edit.
   */
  duracion: duration.optional(),
  /** Absent: none on register and unchanged on edit. */
  minutos_talla: sizeMinutes.optional(),
  /** The deposit its citas ask (DESIGN §11.6); absent: none on register and unchanged on edit. */
  adelanto: DepositRuleInputSchema.optional(),
});
export type CatalogueItemInput = z.infer<typeof CatalogueItemInputSchema>;

export const CatalogueItemUpdateSchema = CatalogueItemInputSchema.extend({
  id: IdParamSchema.shape.id,
});
export type CatalogueItemUpdate = z.infer<typeof CatalogueItemUpdateSchema>;

/* Helpers of the web inputs: the spec strips what may not be typed as the user types it. */

/** The name field keeps letters (ñ and accents included) and spaces only. */
export function stripNonLetters(value: string): string {
  return value.replace(NOT_A_LETTER, '');
}

/**
 * The price field keeps digits and the first decimal separator only, a point or a comma as the
 * user typed it ('12,5' stays '12,5').
 */
export const keepPriceChars = keepDecimalChars;

/**
 * On blur: a well-formed price shows two decimals after the separator the user typed ('45' →
 * '45.00', '12,5' → '12,50'); anything else is left for the error.
 */
export function formatPriceOnBlur(value: string): string {
  const trimmed = value.trim();
  if (!PRICE_FORMAT.test(trimmed)) return trimmed;
  return toTwoDecimals(trimmed, trimmed.includes(',') ? ',' : '.');
}

/* Services */

export const ServiceInputSchema = CatalogueItemInputSchema;
export type ServiceInput = CatalogueItemInput;
export const ServiceUpdateSchema = CatalogueItemUpdateSchema;
export type ServiceUpdate = CatalogueItemUpdate;

export const ServiceSchema = z.strictObject({
  id_srv: z.number().int(),
  nom_srv: z.string(),
  desc_srv: z.string(),
  precio_srv: money,
  duracion: z.number().int(),
  minutos_talla: SizeMinutesSchema,
  adelanto: DepositRuleSchema.nullable(),
  id_est: z.number().int(),
  created_at: isoDateTime,
});
export type Service = z.infer<typeof ServiceSchema>;

/** `GET /api/servicios/disponibles`: the active services, for the booking forms and the checklist. */
export const AvailableServiceSchema = ServiceSchema.pick({
  id_srv: true,
  nom_srv: true,
  desc_srv: true,
  precio_srv: true,
  duracion: true,
  minutos_talla: true,
  adelanto: true,
});
export type AvailableService = z.infer<typeof AvailableServiceSchema>;

export const SERVICE_MESSAGES = {
  registered: '¡Servicio registrado exitosamente!',
  updated: '¡Servicio actualizado exitosamente!',
  status: 'Servicio actualizado correctamente',
  inUse:
    'No se puede eliminar el servicio: tiene citas registradas. Puede suspenderlo o marcarlo como eliminado',
  inPackages: 'No se puede eliminar el servicio: forma parte de los paquetes',
  notFound: 'Servicio no encontrado',
  statusErrorTitle: 'Error cambiar estado del Servicio',
  formErrorTitle: 'Error al actualizar la cita',
  loadWarning: 'No se recibieron datos de los servicios',
} as const;

export const servicesResource = defineResource({
  plural: 'servicios',
  exportFile: 'servicios',
  singular: 'servicio',
  record: ServiceSchema,
  access: { read: 'catalogo.leer', write: 'catalogo.escribir' },
  audit: 'servicio',
  rowId: (s) => s.id_srv,
  toInput: (s): CatalogueItemInput => ({
    nombre: s.nom_srv,
    descripcion: s.desc_srv,
    precio: s.precio_srv,
    duracion: s.duracion,
    minutos_talla: s.minutos_talla,
    adelanto: s.adelanto,
  }),
  crud: { register: ServiceInputSchema, update: ServiceUpdateSchema, remove: true },
});
