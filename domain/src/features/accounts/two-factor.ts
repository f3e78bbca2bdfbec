import { z } from 'zod';
import { isoDateTime } from '../../api';
import { can, type Role } from '../../permissions';

/**
 * The second factor (issue 28 §5): a time-based code (TOTP, RFC 6238) from any authenticator
 * app, asked at sign-in after the password, with 8 single-use recovery codes for a lost phone.
 * Only admins may turn it on; the open sessions of the own account are listed in Perfil.
 */

/** Who may turn the second factor on (admins, by the permission table). */
export const canUseTwoFactor = (role: Role) => can(role, 'cuenta.dos_pasos');

export const RECOVERY_CODE_COUNT = 8;

export const TWO_FACTOR_MESSAGES = {
  /** The sign-in's 401 when the password was right: the web then asks for the code. */
  codeRequired: 'Ingrese el código de su aplicación de autenticación',
  wrongCode: 'El código no es correcto o ya fue usado',
  alreadyActive: 'La verificación en dos pasos ya está activa',
  notStarted: 'Primero genere el código QR para su aplicación',
  notActive: 'La verificación en dos pasos no está activa',
  started: 'Escanee el código QR con su aplicación de autenticación',
  activated: 'Verificación en dos pasos activada',
  deactivated: 'Verificación en dos pasos desactivada',
  proofRequired: 'Ingrese su contraseña actual o un código de verificación',
  resetByAdmin: 'Se desactivó la verificación en dos pasos del usuario',
  othersClosed: 'Se cerraron las demás sesiones',
  userSessionsClosed: 'Se cerraron todas las sesiones del usuario',
} as const;

/**
 * A code as typed: six digits from the app, or a recovery code (`abcde-12345`). Spaces and
 * dashes are the reader's; they are dropped before comparing.
 */
export const TwoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.wrongCode })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.wrongCode)
  .max(40, TWO_FACTOR_MESSAGES.wrongCode);

/** `GET /profile/dos-pasos`: whether the user may, and did, turn it on. */
export const TwoFactorStatusSchema = z.strictObject({
  disponible: z.boolean(),
  activo: z.boolean(),
  /** Recovery codes still unused. */
  codigos_restantes: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/**
 * `POST /profile/dos-pasos`: what the app needs, shown this once: the QR (a PNG data URL), the
 * `otpauth://` address it encodes, and the key itself for typing it in by hand.
 */
export const TwoFactorEnrolmentSchema = z.strictObject({
  qr: z.string(),
  uri: z.string(),
  clave: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

/** `POST /profile/dos-pasos/confirmar`: a current code from the app turns it on. */
export const TwoFactorConfirmSchema = z.object({ codigo: TwoFactorCodeSchema });
export type TwoFactorConfirmInput = z.infer<typeof TwoFactorConfirmSchema>;

/** The recovery codes, answered once when the second factor is turned on. */
export const RecoveryCodesSchema = z.strictObject({ codigos: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** `POST /profile/dos-pasos/desactivar`: the current password or a code proves it is the owner. */
export const TwoFactorDisableSchema = z
  .object({
    current_password: z.string().max(100).optional(),
    codigo: z.string().trim().max(40).optional(),
  })
  .refine((v) => Boolean(v.current_password) || Boolean(v.codigo), {
    message: TWO_FACTOR_MESSAGES.proofRequired,
    path: ['current_password'],
  });
export type TwoFactorDisableInput = z.infer<typeof TwoFactorDisableSchema>;

/** One open session of the own account (`GET /profile/sesiones`): never its token. */
export const OwnSessionSchema = z.strictObject({
  creada: isoDateTime,
  ultima_actividad: isoDateTime,
  ip: z.string().nullable(),
  /** Browser and system, read from the User-Agent ('Chrome 130 en Windows'). */
  dispositivo: z.string(),
  /** The session this request came with. */
  actual: z.boolean(),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;

/** How many sessions a close ended. */
export const SessionsClosedSchema = z.strictObject({ cerradas: z.number().int() });
export type SessionsClosed = z.infer<typeof SessionsClosedSchema>;
