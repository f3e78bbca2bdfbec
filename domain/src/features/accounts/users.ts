import { z } from 'zod';
import { isoDateTime } from '../../api';
import { defineResource } from '../../resource';
import { DocumentTypeId } from '../../document-types';
import { IdParamSchema } from '../../list-query';
import { ROLES, RoleSchema } from '../../permissions';
import {
  DNI_MESSAGES,
  PASSWORDS_DIFFER,
  dni,
  email,
  personName,
  requiredText,
  strongPassword,
} from '../../rules';

/** Spec §000-5 and §000-9: a document other than DNI may have up to 20 characters. */
export const OTHER_DOCUMENT_MAX = 20;

export const USER_FIELD_MESSAGES = {
  tdoc: 'Seleccione un tipo de documento válido',
  otherDocumentMax: `El documento no puede exceder los ${OTHER_DOCUMENT_MAX} caracteres`,
  otherDocumentChars: 'Solo se permiten letras y números',
  loginRequired: 'El usuario es requerido',
  loginMin: 'El usuario debe tener al menos 4 caracteres',
  loginMax: 'El usuario no puede exceder los 50 caracteres',
  loginChars: 'Solo se permiten letras y números',
  emailRequired: 'El email es requerido',
  emailInvalid: 'Debe ser un email válido',
  employee: 'Empleado inválido',
} as const;

const tdoc = z.coerce
  .number({ error: USER_FIELD_MESSAGES.tdoc })
  .int(USER_FIELD_MESSAGES.tdoc)
  .min(1, USER_FIELD_MESSAGES.tdoc)
  .max(4, USER_FIELD_MESSAGES.tdoc);

/** Presence and length only; the rest depends on the document type (see `checkDocument`). */
const doc = requiredText(DNI_MESSAGES.required).max(
  OTHER_DOCUMENT_MAX,
  USER_FIELD_MESSAGES.otherDocumentMax,
);

const name = personName('El nombre es requerido', 'El nombre debe tener al menos 2 caracteres').max(
  100,
  'El nombre no puede exceder los 100 caracteres',
);
const surname = personName(
  'El apellido es requerido',
  'El apellido debe tener al menos 2 caracteres',
).max(100, 'El apellido no puede exceder los 100 caracteres');

const login = requiredText(USER_FIELD_MESSAGES.loginRequired)
  .min(4, USER_FIELD_MESSAGES.loginMin)
  .max(50, USER_FIELD_MESSAGES.loginMax)
  .regex(/^[A-Za-z0-9]+$/, USER_FIELD_MESSAGES.loginChars);

const userEmail = email(USER_FIELD_MESSAGES.emailRequired, USER_FIELD_MESSAGES.emailInvalid).pipe(
  z.string().max(150, 'El email no puede exceder los 150 caracteres'),
);

interface DocumentFields {
  tdoc?: unknown;
  doc?: unknown;
}

/**
 * A DNI follows the DNI rules (8 digits, not all equal, not consecutive); any other type takes
 * up to 20 letters and digits. Runs even when other fields failed, so every message shows.
 */
function checkDocument(value: DocumentFields, ctx: z.RefinementCtx) {
  if (typeof value.doc !== 'string' || value.doc.trim() === '') return;
  const number = value.doc.trim();
  if (Number(value.tdoc) === DocumentTypeId.DNI) {
    const result = dni.safeParse(number);
    for (const issue of result.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['doc'] });
    }
  } else if (!/^[A-Za-z0-9]+$/.test(number)) {
    ctx.addIssue({
      code: 'custom',
      message: USER_FIELD_MESSAGES.otherDocumentChars,
      path: ['doc'],
    });
  }
}

/** Run the document check even when another field (the type, say) failed to parse. */
const documentCheck = { when: (payload: { value: unknown }) => typeof payload.value === 'object' };

const passwordsMatch = <T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  password: string,
  confirmation: string,
) =>
  schema.refine((v) => v[password] === v[confirmation], {
    message: PASSWORDS_DIFFER,
    path: [confirmation],
    // Compare as soon as both are text, even when another field failed.
    when: ({ value }) => {
      const fields = value as Record<string, unknown>;
      return typeof fields[password] === 'string' && typeof fields[confirmation] === 'string';
    },
  });

const userFields = {
  tdoc: tdoc.default(DocumentTypeId.DNI),
  doc,
  name,
  surname,
  email: userEmail,
};

/** `POST /user/register`; `id_emp` links the account to an employee ('Crear Usuario de Sistema'). */
export const UserRegisterSchema = passwordsMatch(
  z
    .object({
      ...userFields,
      login,
      password: strongPassword,
      password_confirmation: z.string({ error: PASSWORDS_DIFFER }),
      id_emp: IdParamSchema.shape.id.nullish(),
      rol: RoleSchema.default('recepcion'),
    })
    .superRefine(checkDocument, documentCheck),
  'password',
  'password_confirmation',
);
export type UserRegisterInput = z.infer<typeof UserRegisterSchema>;

/**
 * An absent `rol` keeps the user's role: only a form that shows it changes it. The e-mail may
 * stay empty on edit: the seeded users have none until one is set (decisions §default-users).
 */
const editFields = {
  ...userFields,
  email: z.preprocess((value) => (value === '' ? null : value), userEmail.nullable()),
  login: z.string().optional(),
  rol: RoleSchema.optional(),
};

/** The edit modal's form: the login is shown disabled and not checked (spec §000-5). */
export const UserEditSchema = z.object(editFields).superRefine(checkDocument, documentCheck);

/** `PUT /user/update`: the edit form plus the user's id. */
export const UserUpdateSchema = z
  .object({ id: IdParamSchema.shape.id, ...editFields })
  .superRefine(checkDocument, documentCheck);
export type UserUpdateInput = z.infer<typeof UserUpdateSchema>;

const passwordFields = {
  pwd: strongPassword,
  pwd_confirmation: z.string({ error: PASSWORDS_DIFFER }),
};

/** The 'Cambiar Contraseña' modal's form. */
export const UserPasswordFormSchema = passwordsMatch(
  z.object(passwordFields),
  'pwd',
  'pwd_confirmation',
);

/** `PATCH /user/pwd`: the modal's form plus the user's id. */
export const UserPasswordSchema = passwordsMatch(
  z.object({ id: IdParamSchema.shape.id, ...passwordFields }),
  'pwd',
  'pwd_confirmation',
);
export type UserPasswordInput = z.infer<typeof UserPasswordSchema>;

/** `DELETE /user/hard`: not used by a screen. */
export const UserHardDeleteSchema = z.object({ id: IdParamSchema.shape.id });

/** A system user as the list and `GET /user/{id}` return it (never the password). */
export const UserSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  id_tipodoc: z.number().int(),
  tipo_doc: z.strictObject({ id: z.number().int(), nom: z.string() }),
  doc: z.string(),
  email: z.string().nullable(),
  login: z.string(),
  profile_image: z.string().nullable(),
  id_emp: z.number().int().nullable(),
  id_est: z.number().int(),
  rol: z.enum(ROLES),
  /** The second factor is on (issue 28 §5): an admin can turn it off for a lost phone. */
  totp_activo: z.boolean(),
  created_at: isoDateTime,
});
export type User = z.infer<typeof UserSchema>;

/**
 * What 'Crear Usuario de Sistema' hands to the user registration form: the employee's data.
 * Travels as router state, so the employees screen does not import the users screen.
 */
export interface UserPrefill {
  id_emp: number;
  /** `null`: the employee's type does not fit the number; the administrator chooses one. */
  tdoc: number | null;
  doc: string;
  name: string;
  surname: string;
  email: string;
}

/**
 * The document type the user form starts with for an employee's document. An employee's
 * document may have 8 to 13 digits whatever its type, but a user's DNI has exactly 8: a
 * "DNI" the user form would refuse keeps its number and leaves the type to the administrator.
 */
export function prefillDocumentType(tdoc: number, doc: string): number | null {
  return tdoc === DocumentTypeId.DNI && !dni.safeParse(doc).success ? null : tdoc;
}

export const USER_MESSAGES = {
  registered: '¡Usuario registrado exitosamente!',
  updated: '¡Usuario actualizado exitosamente!',
  passwordChanged: '¡Contraseña actualizada exitosamente!',
  status: 'Estado de Usuario actualizado correctamente',
  deleted: 'Usuario eliminado definitivamente',
  duplicateLogin: 'Ya existe un usuario con ese nombre de usuario',
  duplicateEmail: 'Ya existe un usuario con ese email',
  employeeHasUser: 'El empleado ya tiene un usuario de sistema',
  employeeNotActive: 'El empleado no existe o no está activo',
  defaultUser: 'Los usuarios predeterminados del sistema no se pueden eliminar',
  ownStatus: 'No puede cambiar el estado de su propio usuario',
  ownDelete: 'No puede eliminar su propio usuario',
  inUse: 'No se puede eliminar el usuario: tiene reservaciones o citas registradas',
  notFound: 'Usuario no encontrado',
} as const;

/** Users 1–3 are the seeded admin, recepcion and groomer (decisions §seeded-users). */
export const DEFAULT_USER_MAX_ID = 3;
export const isDefaultUser = (id: number) => id <= DEFAULT_USER_MAX_ID;

/** Spec §000-7: users are edited at `PUT /user/update`; the login is not edited. */
export const usersResource = defineResource({
  plural: 'users',
  exportFile: 'usuarios',
  singular: 'user',
  record: UserSchema,
  access: { read: 'usuarios.administrar', write: 'usuarios.administrar' },
  audit: 'usuario',
  rowId: (u) => u.id,
  updatePath: '/user/update',
  toInput: (u): Omit<UserUpdateInput, 'id'> => ({
    tdoc: u.id_tipodoc,
    doc: u.doc,
    name: u.name,
    surname: u.surname,
    // A seeded user has none until an administrator sets it.
    email: u.email ?? '',
    login: u.login,
    rol: u.rol,
  }),
  crud: { register: UserRegisterSchema, update: UserUpdateSchema },
});
