import { and, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  isDefaultUser,
  PERMISSION_MESSAGES,
  RECORD_STATUSES,
  ROLE_LABELS,
  Status,
  statusName,
  type User,
  USER_ACCOUNT_ENDPOINTS as E,
  USER_MESSAGES,
  UserHardDeleteSchema,
  type UserRegisterInput,
  usersResource,
  type UserUpdateInput,
} from '@app/domain';
import { hashPassword } from '../../auth/passwords';
import { actorOf, keepLoginOnEntries, recordAudit, recordPasswordChange } from '../../audit/record';
import { closeOtherSessions } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { documentTypes, employees, users, userSearchSql } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import {
  HttpError,
  conflict,
  describeUniqueIndex,
  invalid,
  isPgError,
  notFound,
} from '../../http/errors';
import type { ListDefinition } from '../../crud/list';
import { resourceModule } from '../../crud/resource';
import type { ExportDefinition } from '../../crud/export';

describeUniqueIndex('users_login_key', 'login', USER_MESSAGES.duplicateLogin);
describeUniqueIndex('users_email_key', 'email', USER_MESSAGES.duplicateEmail);
describeUniqueIndex('users_id_emp_key', 'id_emp', USER_MESSAGES.employeeHasUser);

/** A user row as the API shows it: never the password hash. */
export const userList: ListDefinition = {
  table: users,
  fields: {
    id: users.id,
    name: users.name,
    surname: users.surname,
    id_tipodoc: users.id_tipodoc,
    tipo_doc: { id: documentTypes.id, nom: documentTypes.nom },
    doc: users.doc,
    email: users.email,
    login: users.login,
    profile_image: users.profile_image,
    id_emp: users.id_emp,
    id_est: users.id_est,
    rol: users.rol,
    totp_activo: users.totp_activo,
    created_at: users.created_at,
  },
  join: (query: PgSelect) => query.innerJoin(documentTypes, eq(documentTypes.id, users.id_tipodoc)),
  id: users.id,
  createdAt: users.created_at,
  status: users.id_est,
  search: [userSearchSql(users)],
  hiddenStatuses: [Status.Eliminado],
};

const personalValues = (input: UserRegisterInput | UserUpdateInput) => ({
  id_tipodoc: input.tdoc,
  doc: input.doc,
  name: input.name,
  surname: input.surname,
  email: input.email,
});

/** 'Crear Usuario de Sistema': the account may belong to an active employee. */
async function registerValues(input: UserRegisterInput, tx: Tx) {
  if (input.id_emp) {
    const [employee] = await tx
      .select({ id_est: employees.id_est })
      .from(employees)
      .where(eq(employees.id_emp, input.id_emp));
    if (employee?.id_est !== Status.Activo)
      throw invalid('id_emp', USER_MESSAGES.employeeNotActive);
    // The unique index would say the same; checking first gives the precise 409 in one place.
    const [linked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id_emp, input.id_emp));
    if (linked)
      throw conflict(USER_MESSAGES.employeeHasUser, { id_emp: [USER_MESSAGES.employeeHasUser] });
  }
  return {
    ...personalValues(input),
    login: input.login,
    password: await hashPassword(input.password),
    id_emp: input.id_emp ?? null,
    rol: input.rol,
  };
}

/** An arbitrary constant: the advisory lock that serialises changes that may remove an admin. */
const ADMINS_LOCK = 4_751_060;

/**
 * Decisions §last-admin: refuses (409) a change that would leave no active admin, when user `id` is
 * one and is about to be suspended, deleted or given another role. Runs in the change's
 * transaction, before it. Such changes take one lock in turn, and each reads the admins only once
 * it holds it: two admins demoting each other at once are judged one after the other, and the
 * second sees the first's commit. (Locking the admin rows alone would miss a row promoted
 * meanwhile, and row locks taken in two orders can deadlock.) Promotions need no lock: they only
 * add.
 */
export async function keepAnActiveAdmin(tx: Tx, id: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`);
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.rol, 'admin'), eq(users.id_est, Status.Activo)));
  if (admins.length < 2 && admins.some((admin) => admin.id === id)) {
    throw conflict(PERMISSION_MESSAGES.lastAdmin);
  }
}

type Identity = Pick<ReturnType<typeof personalValues>, 'id_tipodoc' | 'doc' | 'name' | 'surname'>;

/**
 * Spec §000-5 as decisions §default-users reads it: a default user (ids 1–3) keeps its names and
 * document; its e-mail, role and password may change.
 */
function keepDefaultIdentity(stored: Identity, values: Identity) {
  const fields = ['id_tipodoc', 'doc', 'name', 'surname'] as const;
  if (fields.some((field) => stored[field] !== values[field])) {
    throw new HttpError(403, ACCOUNT_MESSAGES.defaultUser);
  }
}

/**
 * The login is shown disabled on edit and never changes here. A new role ends the user's
 * sessions, so each screen starts again with what the role may use; users changing their own
 * role keep the session in use (the role is read on every request anyway).
 */
async function updateValues(input: UserUpdateInput, tx: Tx, request: FastifyRequest) {
  const values = personalValues(input);
  const [stored] = await tx
    .select({
      rol: users.rol,
      id_tipodoc: users.id_tipodoc,
      doc: users.doc,
      name: users.name,
      surname: users.surname,
    })
    .from(users)
    .where(eq(users.id, input.id));
  if (stored && isDefaultUser(input.id)) keepDefaultIdentity(stored, values);
  if (input.rol === undefined) return values;
  if (!stored || stored.rol === input.rol) return values;
  if (input.rol !== 'admin') await keepAnActiveAdmin(tx, input.id);
  const session = sessionOf(request);
  await closeOtherSessions(
    tx,
    input.id,
    input.id === session.userId ? session.tokenHash : undefined,
  );
  return { ...values, rol: input.rol };
}

/** A suspended or deleted user is signed out everywhere at once. */
async function onStatusChange(tx: Tx, id: number, estado: number, request: FastifyRequest) {
  if (id === sessionOf(request).userId && estado !== Status.Activo) {
    throw invalid('estado', USER_MESSAGES.ownStatus);
  }
  if (estado !== Status.Activo) {
    await keepAnActiveAdmin(tx, id);
    await closeOtherSessions(tx, id);
  }
}

const userExport: ExportDefinition<User> = {
  sheet: 'Usuarios',
  columns: [
    { header: 'Usuario', value: (u) => u.login },
    { header: 'Nombre', value: (u) => u.name },
    { header: 'Apellido', value: (u) => u.surname },
    { header: 'Tipo de documento', value: (u) => u.tipo_doc.nom },
    { header: 'Documento', value: (u) => u.doc },
    { header: 'Email', value: (u) => u.email },
    { header: 'Rol', value: (u) => ROLE_LABELS[u.rol] },
    { header: 'Estado', value: (u) => statusName(u.id_est) },
    { header: 'Registrado', value: (u) => u.created_at, kind: 'time' },
  ],
};

export const usersModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(
    resourceModule({
      resource: usersResource,
      table: users,
      id: users.id,
      list: userList,
      export: userExport,
      create: {
        toValues: registerValues,
        message: USER_MESSAGES.registered,
      },
      update: {
        toValues: updateValues,
        message: USER_MESSAGES.updated,
      },
      status: {
        allowed: RECORD_STATUSES.map((s) => s.id_est),
        column: users.id_est,
        message: USER_MESSAGES.status,
        onChange: onStatusChange,
      },
      notFound: USER_MESSAGES.notFound,
    }),
    { db },
  );

  route(app, E.password, async (request) => {
    const { id, pwd } = request.body;
    const session = sessionOf(request);
    const password = await hashPassword(pwd);
    // A password someone else chose is known to them: its owner replaces it at next sign-in
    // (issue 28 §1), as after a generated one.
    const debe_cambiar_clave = id !== session.userId;
    await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ password, debe_cambiar_clave, updated_at: new Date() })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      if (!user) throw notFound(USER_MESSAGES.notFound);
      // Whoever knew the old password is signed out; the caller keeps the session in use.
      await closeOtherSessions(tx, id, id === session.userId ? session.tokenHash : undefined);
      await recordPasswordChange(tx, actorOf(request), id, 'Asignada por un administrador');
    });
    return ok(null, USER_MESSAGES.passwordChanged);
  });

  // Not used by a screen (spec §000-7). The id may come in the body or the query string.
  route(app, E.hardDelete, async (request) => {
    // The contract declares neither part, as the id may be in either: both are read as sent.
    const { query, body } = request as FastifyRequest;
    const { id } = UserHardDeleteSchema.parse({
      ...(query as Record<string, unknown>),
      ...(body as Record<string, unknown> | undefined),
    });
    if (isDefaultUser(id)) throw new HttpError(403, USER_MESSAGES.defaultUser);
    if (id === sessionOf(request).userId) throw invalid('id', USER_MESSAGES.ownDelete);
    await db.transaction(async (tx) => {
      await keepAnActiveAdmin(tx, id);
      await keepLoginOnEntries(tx, id);
      try {
        const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        if (deleted.length === 0) throw notFound(USER_MESSAGES.notFound);
      } catch (error) {
        if (isPgError(error, '23503')) throw conflict(USER_MESSAGES.inUse);
        throw error;
      }
      await recordAudit(tx, {
        ...actorOf(request),
        accion: 'eliminar',
        entidad: 'usuario',
        entidad_id: id,
        detalle: 'Eliminado definitivamente',
      });
    });
    return ok(null, USER_MESSAGES.deleted);
  });
};
