import { z } from 'zod';
import { ApiErrorSchema } from '../../api';
import { requiredText } from '../../rules';

export const LoginSchema = z.object({
  login: requiredText('Nombre de usuario requerido'),
  password: z.string({ error: 'Contraseña requerida' }).min(1, 'Contraseña requerida'),
  /** The second factor's code (or a recovery code), when the account has it on. */
  codigo: z.string().trim().max(40).optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const LOGIN_MESSAGES = {
  wrongCredentials: 'Credenciales incorrectas!',
  serverError: 'Error de Servidor!',
  welcome: 'Bienvenido!',
  tooManyAttempts: 'Demasiados intentos fallidos. Espere un momento antes de volver a intentarlo.',
} as const;

/**
 * A refused sign-in. `segundo_factor` says the password was right and the account's second
 * factor is on: the web asks for the code and sends it with the same login and password.
 */
export const LoginErrorSchema = ApiErrorSchema.extend({
  segundo_factor: z.literal(true).optional(),
});
export type LoginError = z.infer<typeof LoginErrorSchema>;

/** What every call but the own password change answers while `debe_cambiar_clave` holds. */
export const MUST_CHANGE_PASSWORD = 'Debe cambiar su contraseña antes de continuar';

export const SESSION_EXPIRED = {
  title: 'Sesión expirada',
  text: 'Tu sesión ha expirado por inactividad. Por favor, inicia sesión nuevamente.',
  button: 'Aceptar',
} as const;

/** The signed-in user as `GET /api/me` returns it. */
export const SessionUserSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  login: z.string(),
  profile_image: z.string().nullable(),
  /** Until it is false, every call but the password change answers 403 (the web shows only that form). */
  debe_cambiar_clave: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
