import { z } from 'zod';
import { isoDateTime } from '../../api';
import { email, moneyAmount, optionalText, requiredText } from '../../rules';
import { OpeningHoursSchema } from '../agenda/agenda';
import {
  DEFAULT_REMINDER_TEMPLATE,
  REMINDER_MESSAGES,
  REMINDER_TEMPLATE_MAX,
  unknownPlaceholder,
} from '../agenda/reminders';

export const SETTINGS_MESSAGES = {
  nameRequired: 'El nombre de la empresa es obligatorio',
  addressRequired: 'La dirección es obligatoria',
  phoneRequired: 'El teléfono/celular es obligatorio',
  phoneInvalid: 'Ingrese un teléfono o celular válido',
  emailRequired: 'El email es obligatorio',
  emailInvalid: 'Email inválido',
  rucRequired: 'El RUC es obligatorio',
  rucLength: 'El RUC debe tener 11 dígitos',
  rucPrefix: 'El RUC debe comenzar con 10 o 20',
  rucCheckDigit: 'El RUC no es válido: el dígito verificador no coincide',
  inserted: 'Ajustes guardados correctamente!',
  updated: 'Configuración actualizada correctamente',
  /** Spec §001-8, typo included. */
  empty: 'Oops, Np hay datos guardados!',
  saveError: 'Error al guardar los ajustes',
  logoNotImage: 'El logo debe ser una imagen PNG, JPG, GIF o WEBP',
  logoTooLarge: 'El logo no puede pesar más de 2 MB',
  logoNotFound: 'No hay un logo registrado',
  maxDiscountRequired: 'El descuento máximo es requerido',
  maxDiscountRange: 'El descuento máximo debe estar entre 0 y 100 %',
} as const;

/**
 * The largest discount (%) a sale may carry without `caja.ajustar` and a reason
 * (decisions §server-prices): 0 to 100, two decimals at most; absent, unchanged.
 */
export const maxDiscount = moneyAmount(
  SETTINGS_MESSAGES.maxDiscountRequired,
  { cents: 0, message: SETTINGS_MESSAGES.maxDiscountRange },
  { cents: 10_000, message: SETTINGS_MESSAGES.maxDiscountRange },
).optional();

/** Largest logo the server accepts; the multipart limit of the app is the same. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The image types a logo may be, checked by content on the server. */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The spec's fixed address of the logo (spec §001-7). */
export const LOGO_PATH = '/api/app/logo.jpg';

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** SUNAT's check digit: 11 minus the weighted sum mod 11, with 10 → 0 and 11 → 1. */
export function rucCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < RUC_WEIGHTS.length; i++) sum += Number(first10[i]) * RUC_WEIGHTS[i];
  return (11 - (sum % 11)) % 10;
}

/** 11 digits, starting with 10 (natural person) or 20 (company), with a valid check digit. */
export const ruc = requiredText(SETTINGS_MESSAGES.rucRequired).superRefine((value, ctx) => {
  // One message at a time: the first rule broken is the one worth fixing.
  if (value === '') return; // 'El RUC es obligatorio' already says it
  const message = !/^\d{11}$/.test(value)
    ? SETTINGS_MESSAGES.rucLength
    : !/^(10|20)/.test(value)
      ? SETTINGS_MESSAGES.rucPrefix
      : rucCheckDigit(value) !== Number(value[10])
        ? SETTINGS_MESSAGES.rucCheckDigit
        : undefined;
  if (message) ctx.addIssue({ code: 'custom', message });
});

/**
 * The reminder's template: absent, unchanged; blank or the default itself, null (the default,
 * which then follows any later change of the default); otherwise only the known markers.
 */
export const reminderTemplate = z
  .string({ error: REMINDER_MESSAGES.templateInvalid })
  .trim()
  .max(REMINDER_TEMPLATE_MAX, REMINDER_MESSAGES.templateMax)
  .superRefine((value, ctx) => {
    const marker = unknownPlaceholder(value);
    if (marker)
      ctx.addIssue({ code: 'custom', message: REMINDER_MESSAGES.unknownPlaceholder(marker) });
  })
  .nullable()
  .transform((v) => (!v || v === DEFAULT_REMINDER_TEMPLATE ? null : v))
  .optional();

/**
 * The Lima hour (0–23) of the daily e-mail reminders: absent, unchanged; blank or null, none.
 * Forms send the select's value as text.
 */
export const reminderHour = z
  .preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: REMINDER_MESSAGES.hourInvalid })
      .int(REMINDER_MESSAGES.hourInvalid)
      .min(0, REMINDER_MESSAGES.hourInvalid)
      .max(23, REMINDER_MESSAGES.hourInvalid)
      .nullable(),
  )
  .optional();

/**
 * The settings form and `POST /api/ajustes` (spec §001-3: id, nom, slogan, dir, fono, email,
 * ruc; the logo travels as a file beside the `json` field). `removeLogo` drops the stored logo.
 */
export const SettingsInputSchema = z.object({
  id: z.coerce.number().int().positive().nullish(),
  nom: requiredText(SETTINGS_MESSAGES.nameRequired).max(
    150,
    'El nombre de la empresa no puede exceder los 150 caracteres',
  ),
  slogan: optionalText(200, 'El eslogan no puede exceder los 200 caracteres'),
  dir: requiredText(SETTINGS_MESSAGES.addressRequired).max(
    200,
    'La dirección no puede exceder los 200 caracteres',
  ),
  // Landlines ('(01) 234-5678') and mobiles alike: digits with the usual separators.
  fono: requiredText(SETTINGS_MESSAGES.phoneRequired)
    .max(20, SETTINGS_MESSAGES.phoneInvalid)
    .refine((v) => v === '' || /^\+?[\d\s()-]{6,}$/.test(v), SETTINGS_MESSAGES.phoneInvalid),
  email: email(SETTINGS_MESSAGES.emailRequired, SETTINGS_MESSAGES.emailInvalid).pipe(
    z.string().max(150, 'El email no puede exceder los 150 caracteres'),
  ),
  ruc,
  removeLogo: z.boolean().optional(),
  /** Opening hours per weekday (decisions §opening-hours); absent, unchanged. */
  horario: OpeningHoursSchema.optional(),
  /** The reminder's text (decisions §reminders). */
  plantilla_recordatorio: reminderTemplate,
  /** When the daily e-mail reminders go out; null: they do not. */
  hora_recordatorio: reminderHour,
  descuento_max: maxDiscount,
});
export type SettingsInput = z.infer<typeof SettingsInputSchema>;

/** The one settings record, as `GET /api/ajustes` returns it (spec §001-3 field names). */
export const SettingsSchema = z.strictObject({
  id: z.number().int(),
  nomEmp: z.string(),
  sloganEmp: z.string().nullable(),
  /** Address of the logo (the spec's fixed path plus a version), or null without one. */
  logoEmp: z.string().nullable(),
  dirEmp: z.string(),
  fonoEmp: z.string(),
  emailEmp: z.string(),
  rucEmp: z.string(),
  horario: OpeningHoursSchema,
  /** The reminder's template; the default when the company has not written one. */
  plantilla_recordatorio: z.string(),
  /** The Lima hour of the daily e-mail reminders, or null: none are sent by themselves. */
  hora_recordatorio: z.number().int().nullable(),
  /** The largest discount (%) without `caja.ajustar`, as '10.00'. */
  descuento_max: z.string(),
  updated_at: isoDateTime,
});
export type Settings = z.infer<typeof SettingsSchema>;

/** `GET /api/app/brand`: what the login page and the sidenav show, before and after sign-in. */
export const BrandInfoSchema = z.strictObject({
  nomEmp: z.string().nullable(),
  sloganEmp: z.string().nullable(),
  hasLogo: z.boolean(),
  /** The logo's address with a version that changes with each upload; null without a logo. */
  logoUrl: z.string().nullable(),
});
export type BrandInfo = z.infer<typeof BrandInfoSchema>;
