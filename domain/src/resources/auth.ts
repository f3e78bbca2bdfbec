import { z } from 'zod';
import { requiredText } from '../rules';

export const LoginSchema = z.object({
  login: requiredText('Nombre de usuario requerido'),
  password: z.string({ error: 'Contraseña requerida' }).min(1, 'Contraseña requerida'),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const LOGIN_MESSAGES = {
  wrongCredentials: 'Credenciales incorrectas!',
  serverError: 'Error de Servidor!',
  welcome: 'Bienvenido!',
  tooManyAttempts: 'Demasiados intentos fallidos. Espere un momento antes de volver a intentarlo.',
} as const;

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
  email: z.string(),
  login: z.string(),
  profile_image: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
