import { z } from 'zod';
import { formatCents, MAX_CENTS, MONEY_PATTERN, parseCents } from './money';

/** The spec's field rules, written once and composed by every resource schema. */

// Checks without a message of their own (a body that is not an object, `page=abc`) answer in
// Spanish too, on the server and in the forms alike.
z.config(z.locales.es());

const LETTERS = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ\s]+$/;

/**
 * A string that must be present; `message` is shown both when missing and when blank, and
 * alone: the checks chained after it say nothing about an empty field.
 */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

/** A text that may be absent: blank or missing becomes null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

function allEqual(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** Every digit one more (or one less) than the one before it: 12345678, 87654321. */
export function isConsecutive(digits: string): boolean {
  if (digits.length < 2) return false;
  const steps = new Set<number>();
  for (let i = 1; i < digits.length; i++) steps.add(Number(digits[i]) - Number(digits[i - 1]));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

export const DNI_MESSAGES = {
  required: 'El número de documento es requerido',
  digits: 'Solo se permiten números',
  length: 'El DNI debe tener 8 dígitos',
  equal: 'El DNI no puede contener todos los números iguales',
  consecutive: 'El DNI no puede contener números consecutivos',
} as const;

/** Digits-only document of `min`..`max` digits, not all equal and not consecutive. */
export function documentNumber(min: number, max: number, lengthMessage: string) {
  return requiredText(DNI_MESSAGES.required)
    .regex(/^\d+$/, DNI_MESSAGES.digits)
    .refine((v) => !/^\d+$/.test(v) || (v.length >= min && v.length <= max), lengthMessage)
    .refine((v) => !allEqual(v), DNI_MESSAGES.equal)
    .refine((v) => !isConsecutive(v), DNI_MESSAGES.consecutive);
}

export const dni = documentNumber(8, 8, DNI_MESSAGES.length);

export const PHONE_MESSAGES = {
  format: 'Debe ser un número de teléfono válido de 9 dígitos que comience con 9 o 0',
  length: 'El teléfono debe tener exactamente 9 dígitos',
} as const;

export const phone = requiredText(PHONE_MESSAGES.format)
  .regex(/^\d*$/, PHONE_MESSAGES.format)
  .refine((v) => v.length === 9, PHONE_MESSAGES.length)
  .refine((v) => /^[90]/.test(v), PHONE_MESSAGES.format);

/** An optional phone: blank or missing becomes null, anything else follows `phone`. */
export const optionalPhone = z
  .string({ error: PHONE_MESSAGES.format })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(phone.nullable());

export const ONLY_LETTERS = 'Solo se permiten letras';

/** A name or surname: letters (ñ and accents included) and spaces, at least `min`. */
export function personName(requiredMessage: string, minMessage: string, min = 2) {
  return requiredText(requiredMessage).min(min, minMessage).regex(LETTERS, ONLY_LETTERS);
}

export const lettersOnly = (value: string) => LETTERS.test(value);

export const email = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage)
    .pipe(z.email(invalidMessage))
    .transform((v) => v.toLowerCase());

export const STRONG_PASSWORD_MESSAGE =
  'La contraseña debe tener al menos una mayúscula, una minúscula, un número y un carácter especial (@$!%*?&)';

export const strongPassword = requiredText('La contraseña es requerida')
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .regex(/[A-Z]/, STRONG_PASSWORD_MESSAGE)
  .regex(/[a-z]/, STRONG_PASSWORD_MESSAGE)
  .regex(/\d/, STRONG_PASSWORD_MESSAGE)
  .regex(/[@$!%*?&]/, STRONG_PASSWORD_MESSAGE);

export const PASSWORDS_DIFFER = 'Las contraseñas no coinciden';

/** The largest value of a PostgreSQL `integer` (every id column). */
const MAX_ID = 2_147_483_647;

/** A numeric id as it comes from a form or a query string. */
export const id = (message = 'Identificador inválido') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/**
 * An object's check across `fields`, run beside the other fields' errors: zod skips an object's
 * refinements once any field failed, and a form would show its errors one round at a time. It
 * still waits for the fields it reads, and for an object at all
 * (`superRefine(check, checkedBeside('a', 'b'))`). A blank `requiredText` field still stops it:
 * zod runs no check after an explicit abort, and that abort keeps a blank to its one message.
 */
export const checkedBeside = (...fields: string[]) => ({
  when: ({ value, issues }: z.core.ParsePayload) =>
    typeof value === 'object' &&
    value !== null &&
    !issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0]))),
});

/** `YYYY-MM-DD`, a real calendar day. */
export const isoDate = (message = 'Fecha inválida') => z.iso.date({ error: message });

/**
 * A decimal field keeps digits and its first decimal separator, a point or a comma as typed
 * ('12,5' stays '12,5'; money.ts and the measures read the comma as the point).
 */
export function keepDecimalChars(value: string): string {
  const cleaned = value.replace(/[^\d.,]/g, '');
  const separator = cleaned.search(/[.,]/);
  return separator === -1
    ? cleaned
    : cleaned.slice(0, separator + 1) + cleaned.slice(separator + 1).replace(/[.,]/g, '');
}

export const MONEY_MESSAGES = {
  format: 'Formato válido: números con hasta 2 decimales',
  max: (cents: number) => `El monto no puede exceder S/. ${formatCents(cents)}`,
} as const;

/** A bound of an amount: in cents, with what to say when it is passed. */
export interface MoneyBound {
  cents: number;
  message: string;
}

/**
 * An amount in soles as the form and the API send it (text or number), exact in cents and
 * normalised to the numeric(10,2) text: '45' → '45.00', '12,5' → '12.50'; a third decimal is
 * refused, never rounded. `min` is the smallest amount it accepts, `max` the largest (numeric(10,2)'s).
 */
export const moneyAmount = (
  required: string,
  min: MoneyBound,
  max: MoneyBound = { cents: MAX_CENTS, message: MONEY_MESSAGES.max(MAX_CENTS) },
) =>
  z.union([z.string(), z.number()], { error: required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const cents = parseCents(text);
    const message =
      text === ''
        ? required
        : !MONEY_PATTERN.test(text)
          ? MONEY_MESSAGES.format
          : cents === undefined || cents > max.cents
            ? max.message
            : cents < min.cents
              ? min.message
              : undefined;
    if (cents === undefined || message !== undefined) {
      ctx.addIssue({ code: 'custom', message: message ?? max.message });
      return z.NEVER;
    }
    return formatCents(cents);
  });
