import { z } from 'zod';
import { DoneSchema, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import {
  PasswordForgotSchema,
  PasswordResetSchema,
  ProfileHomeSchema,
  ProfilePasswordSchema,
  ProfileSchema,
  SignupSchema,
} from './account';
import { LoginErrorSchema, LoginSchema, SessionUserSchema } from './auth';
import {
  OwnSessionSchema,
  RecoveryCodesSchema,
  SessionsClosedSchema,
  TwoFactorConfirmSchema,
  TwoFactorDisableSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
} from './two-factor';
import { UserPasswordSchema } from './users';

/**
 * Signing in and out, and who is signed in. A refused sign-in answers 401 in its own shape:
 * `segundo_factor` says the password was right and the code is missing or wrong.
 */
export const AUTH_ENDPOINTS = defineEndpoints('auth', {
  login: {
    method: 'POST',
    path: '/login',
    body: LoginSchema,
    response: { 200: successOf(z.string()), 401: LoginErrorSchema },
    permission: 'public',
    jsonField: true,
  },
  logout: {
    method: 'POST',
    path: '/logout',
    response: DoneSchema,
    permission: 'sesion',
  },
  me: {
    method: 'GET',
    path: '/me',
    response: successOf(SessionUserSchema),
    permission: 'sesion',
  },
});

/** The public sign-up and recovery flows, and the own account: profile, password, second factor. */
export const ACCOUNT_ENDPOINTS = defineEndpoints('account', {
  signup: {
    method: 'POST',
    path: '/signup',
    body: SignupSchema,
    response: { 201: DoneSchema },
    permission: 'public',
    jsonField: true,
  },
  passwordForgot: {
    method: 'POST',
    path: '/password-forgot',
    body: PasswordForgotSchema,
    response: DoneSchema,
    permission: 'public',
  },
  passwordReset: {
    method: 'POST',
    path: '/password-reset',
    body: PasswordResetSchema,
    response: DoneSchema,
    permission: 'public',
  },
  profile: {
    method: 'GET',
    path: '/profile',
    response: successOf(ProfileSchema),
    permission: 'sesion',
  },
  /** JSON or multipart (a `json` field and an `attachment` picture): the server reads either. */
  updateProfile: {
    method: 'PATCH',
    path: '/profile',
    response: successOf(ProfileSchema),
    permission: 'sesion',
  },
  homePage: {
    method: 'PATCH',
    path: '/profile/inicio',
    body: ProfileHomeSchema,
    response: successOf(ProfileSchema),
    permission: 'sesion',
    jsonField: true,
  },
  password: {
    method: 'PATCH',
    path: '/profile/password',
    body: ProfilePasswordSchema,
    response: DoneSchema,
    permission: 'sesion',
    jsonField: true,
  },
  /** Multipart with an `attachment` picture. */
  picture: {
    method: 'POST',
    path: '/profile/picture',
    response: successOf(ProfileSchema.pick({ profile_image: true })),
    permission: 'sesion',
  },
  avatar: {
    method: 'GET',
    path: '/avatars/:file',
    params: z.object({ file: z.string().max(40) }),
    response: z.string().describe('La imagen de perfil (PNG, JPEG, GIF o WEBP)'),
    permission: 'public',
  },
  twoFactor: {
    method: 'GET',
    path: '/profile/dos-pasos',
    response: successOf(TwoFactorStatusSchema),
    permission: 'sesion',
  },
  startTwoFactor: {
    method: 'POST',
    path: '/profile/dos-pasos',
    response: successOf(TwoFactorEnrolmentSchema),
    permission: 'cuenta.dos_pasos',
  },
  confirmTwoFactor: {
    method: 'POST',
    path: '/profile/dos-pasos/confirmar',
    body: TwoFactorConfirmSchema,
    response: successOf(RecoveryCodesSchema),
    permission: 'cuenta.dos_pasos',
    jsonField: true,
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/profile/dos-pasos/desactivar',
    body: TwoFactorDisableSchema,
    response: DoneSchema,
    permission: 'sesion',
    jsonField: true,
  },
  sessions: {
    method: 'GET',
    path: '/profile/sesiones',
    response: successOf(z.array(OwnSessionSchema)),
    permission: 'sesion',
  },
  closeOtherSessions: {
    method: 'DELETE',
    path: '/profile/sesiones',
    response: successOf(SessionsClosedSchema),
    permission: 'sesion',
  },
});

/**
 * What an administrator does to another account beside its CRUD (the users resource): set its
 * password, end its sessions, remove its second factor, delete it for good.
 */
export const USER_ACCOUNT_ENDPOINTS = defineEndpoints('users', {
  password: {
    method: 'PATCH',
    path: '/user/pwd',
    body: UserPasswordSchema,
    response: DoneSchema,
    permission: 'usuarios.administrar',
  },
  closeSessions: {
    method: 'DELETE',
    path: '/user/:id/sesiones',
    params: IdParamSchema,
    response: successOf(SessionsClosedSchema),
    permission: 'usuarios.administrar',
  },
  removeTwoFactor: {
    method: 'DELETE',
    path: '/user/:id/dos-pasos',
    params: IdParamSchema,
    response: DoneSchema,
    permission: 'usuarios.administrar',
  },
  /** Not used by a screen (spec §000-7). The id comes in the body or the query string. */
  hardDelete: {
    method: 'DELETE',
    path: '/user/hard',
    response: DoneSchema,
    permission: 'usuarios.administrar',
  },
});
