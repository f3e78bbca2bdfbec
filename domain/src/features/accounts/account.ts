import { z } from 'zod';
import { PERMISSION_MESSAGES, PERMISSIONS, ROLES } from '../../permissions';
import { PASSWORDS_DIFFER, strongPassword } from '../../rules';

/**
 * The English screens of spec §000-2 (Signup, Password Forgot, Password Reset, User Profile):
 * their messages are the spec's English ones.
 */

export const ACCOUNT_FIELD_MESSAGES = {
  nameRequired: 'Name is a required input',
  nameMin: 'Name must have at least 2 characters',
  nameMax: 'Name must have at most 100 characters',
  nameLetters: 'Name must contain only letters and spaces',
  email: 'Email has to be a valid email address',
  passwordMin: 'Password must have at least 8 characters',
  passwordMax: 'Password must have at most 100 characters',
  passwordStrong:
    'Password must have at least one uppercase letter, one lowercase letter, one number and one special character (@$!%*?&)',
  passwordsDiffer: 'Your passwords do not match.',
  terms: 'You must agree to the terms and conditions',
  token: 'This password reset link is invalid or has expired.',
  emailTaken: 'The email has already been taken.',
} as const;

const M = ACCOUNT_FIELD_MESSAGES;

/** Spec §000-5 gives the sign-up's name one rule: required. 100 is the column's length. */
const requiredName = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { message: M.nameRequired, abort: true })
  .max(100, M.nameMax);

/**
 * The own profile edits the user's `name`, which the back-office's user rules (spec §000-5,
 * 'User register') keep to at least 2 letters and spaces: the same rule, in English.
 */
const profileName = requiredName
  .min(2, M.nameMin)
  .regex(/^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ\s]+$/, M.nameLetters);

const englishEmail = z
  .string({ error: M.email })
  .trim()
  .min(1, M.email)
  .max(150, M.email)
  .pipe(z.email(M.email))
  .transform((v) => v.toLowerCase());

/**
 * Spec §000-5 asks for at least 8 characters. Every password set here (sign-up, reset, own
 * profile) is a staff account's way into the back-office, so it also gets the strong rule the
 * back-office's own user forms apply (spec §000-5 'User register', 'Change-password modal'):
 * upper, lower, digit and a special character. 100 bounds the hashing work.
 */
const newPassword = z
  .string({ error: M.passwordMin })
  .min(8, M.passwordMin)
  .max(100, M.passwordMax)
  .regex(/[A-Z]/, M.passwordStrong)
  .regex(/[a-z]/, M.passwordStrong)
  .regex(/\d/, M.passwordStrong)
  .regex(/[@$!%*?&]/, M.passwordStrong);

const matching = <T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  password: string,
  confirmation: string,
) =>
  schema.refine((v) => v[password] === v[confirmation], {
    message: M.passwordsDiffer,
    path: [confirmation],
    // Compare as soon as both are text, even when another field failed.
    when: ({ value }) => {
      const fields = value as Record<string, unknown>;
      return typeof fields[password] === 'string' && typeof fields[confirmation] === 'string';
    },
  });

/** `POST /signup`: the account waits, suspended, for an administrator (decisions §signup). */
export const SignupSchema = matching(
  z.object({
    name: requiredName,
    email: englishEmail,
    password: newPassword,
    confirmPassword: z.string({ error: M.passwordsDiffer }),
    terms: z.literal(true, { error: M.terms }),
  }),
  'password',
  'confirmPassword',
);
export type SignupInput = z.infer<typeof SignupSchema>;

/** `POST /password-forgot`: `redirect_url` is the front end's /password-reset page. */
export const PasswordForgotSchema = z.object({
  email: englishEmail,
  redirect_url: z.string().max(500).optional(),
});
export type PasswordForgotInput = z.infer<typeof PasswordForgotSchema>;

/** The 'Password Forgot' screen's form. */
export const PasswordForgotFormSchema = PasswordForgotSchema.pick({ email: true });

const token = z.string({ error: M.token }).min(1, M.token).max(200, M.token);

/** `POST /password-reset`, as the spec's call sends it. */
export const PasswordResetSchema = matching(
  z.object({
    password: newPassword,
    password_confirmation: z.string({ error: M.passwordsDiffer }),
    email: englishEmail,
    token,
  }),
  'password',
  'password_confirmation',
);
export type PasswordResetInput = z.infer<typeof PasswordResetSchema>;

/** The 'Password Reset' screen's form: its fields are newPassword and confirmPassword. */
export const PasswordResetFormSchema = matching(
  z.object({ newPassword, confirmPassword: z.string({ error: M.passwordsDiffer }) }),
  'newPassword',
  'confirmPassword',
);
export type PasswordResetForm = z.infer<typeof PasswordResetFormSchema>;

/**
 * Where a user lands after signing in (decisions §home-page, 'Página de inicio'): their own choice.
 */
export const HOME_PAGES = ['dashboard', 'agenda'] as const;
export type HomePage = (typeof HOME_PAGES)[number];
export const HOME_PAGE_LABELS: Record<HomePage, string> = {
  dashboard: 'Dashboard',
  agenda: 'Agenda',
};

/**
 * `PATCH /profile/inicio`: a preference, not the user's data, so the default users (whose
 * profile is fixed, spec §000-5) may choose it too.
 */
export const ProfileHomeSchema = z.object({
  inicio: z.enum(HOME_PAGES, { error: 'Página de inicio inválida' }),
});
export const HOME_PAGE_SAVED = 'Página de inicio guardada';

/** A generated password (issue 28 §1) must be replaced by another one. */
export const MUST_CHOOSE_NEW_PASSWORD = 'La nueva contraseña debe ser distinta de la actual';

/** Asked for under `current_password` when the own e-mail changes without it. */
export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Ingrese su contraseña actual para cambiar el email';

/**
 * `PATCH /profile`: `profile_image: null` removes the picture (an upload sets it). A new e-mail
 * needs `current_password` (the server checks it): a borrowed session must not redirect the
 * password-reset mails.
 */
export const ProfileUpdateSchema = z.object({
  name: profileName,
  email: englishEmail,
  profile_image: z.string().max(500).nullish(),
  current_password: z.string().max(100).optional(),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;

/** The password in use, which a change of the own password must give (decisions §own-password). */
const currentPassword = z
  .string({ error: PERMISSION_MESSAGES.currentPassword })
  .min(1, PERMISSION_MESSAGES.currentPassword)
  .max(100, PERMISSION_MESSAGES.currentPassword);

/** `PATCH /profile/password`: `current_password` is checked against the stored one. */
export const ProfilePasswordSchema = matching(
  z.object({
    current_password: currentPassword,
    password: newPassword,
    password_confirmation: z.string({ error: M.passwordsDiffer }),
  }),
  'password',
  'password_confirmation',
);
export type ProfilePasswordInput = z.infer<typeof ProfilePasswordSchema>;

/**
 * The form a user with a generated password sees before anything else (issue 28 §1): the
 * back-office's Spanish rules; it sends `PATCH /profile/password`.
 */
export const ForcedPasswordChangeSchema = z
  .object({
    current_password: z
      .string({ error: 'Ingrese su contraseña actual' })
      .min(1, 'Ingrese su contraseña actual'),
    password: strongPassword,
    password_confirmation: z.string({ error: PASSWORDS_DIFFER }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: PASSWORDS_DIFFER,
    path: ['password_confirmation'],
  })
  .refine((v) => v.password !== v.current_password, {
    message: MUST_CHOOSE_NEW_PASSWORD,
    path: ['password'],
  });
export type ForcedPasswordChangeInput = z.infer<typeof ForcedPasswordChangeSchema>;

/**
 * `GET /profile` (spec §000-3: id, name, email, profile_image), with the user's role and its
 * permissions (decisions §roles): the web hides what the user may not use.
 */
export const ProfileSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  profile_image: z.string().nullable(),
  rol: z.enum(ROLES),
  permisos: z.array(z.enum(PERMISSIONS)),
  inicio: z.enum(HOME_PAGES),
  /** The employee the account belongs to: a groomer's own column in the agenda. */
  id_emp: z.number().int().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Spec §000-5: accepted avatar images, checked by content; and their size limit. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const ACCOUNT_MESSAGES = {
  registered: 'Successfully registered!',
  emailSent: 'Email sent!',
  passwordChanged: 'Password Changed!',
  profileUpdated: 'Profile updated successfully!',
  passwordUpdated: 'Password updated successfully!',
  pictureUpdated: 'Picture uploaded successfully!',
  failure: 'Oops, something went wrong!',
  defaultUser: 'You are not allowed to change data of default users.',
  pictureRequired: 'Choose an image to upload.',
  pictureType: 'The picture must be a PNG, JPEG, GIF or WEBP image.',
  pictureSize: 'The picture may not be larger than 2 MB.',
  /** Shown under a new password before it is checked: the rule, said once. */
  passwordHint:
    'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character (@$!%*?&).',
  malformedForm: 'The form arrived incomplete or damaged. Please try again.',
  tooMany: 'Too many requests. Please wait a moment and try again.',
} as const;

/** Spec §000-9: the reset e-mail is promised within 60 seconds; its link lasts an hour. */
export const PASSWORD_RESET_MINUTES = 60;
