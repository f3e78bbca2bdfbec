import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditChanges, AuditEntity, RouteAccess } from '@app/domain';
import type { Db, Tx } from '../db/client';
import { auditEntries, users } from '../db/schema';

/**
 * Writing the audit log (decisions §audit). An entry goes in the transaction of the change it
 * records, so a change that rolls back leaves no entry and no change goes unrecorded. Entries
 * that record no change (sign-ins, failed sign-ins, refused calls) are written on their own.
 */

/** Who acted and from where. */
export interface AuditActor {
  /** The signed-in user; null when nobody is (a failed sign-in with an unknown login). */
  id_usu: number | null;
  /** The login when the caller knows it (a sign-in attempt); the list reads the user's otherwise. */
  login?: string | null;
  /** The client address as Fastify sees it: the socket's unless TRUST_PROXY is set. */
  ip: string;
}

export interface AuditInput extends AuditActor {
  accion: AuditAction;
  entidad: AuditEntity;
  /** The record's id; null where there is none (a refused call, the settings). */
  entidad_id?: number | null;
  /** What changed (`changesBetween`); redacted here whatever the caller passes. */
  cambios?: AuditChanges | null;
  /** A short note for what fields cannot say: the route refused, why a sign-in failed. */
  detalle?: string | null;
}

/** The actor of a request: its session's user (authenticate.ts) and its client address. */
export function actorOf(request: FastifyRequest, login?: string | null): AuditActor {
  return { id_usu: request.session?.userId ?? null, login: login ?? null, ip: request.ip };
}

/** Who the audit log says acted on a public page or route: nobody is signed in there. */
export const PUBLIC_ACTOR = 'público';

/** The actor of a public route (a client's link, the booking page): its address only. */
export const publicActor = (ip: string): AuditActor => ({ id_usu: null, login: PUBLIC_ACTOR, ip });

/** What a column holds at most: a longer text is cut, never refused (the write must go in). */
const LIMITS = { login: 100, ip: 64, detalle: 2000 } as const;

const cut = (value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : value.slice(0, max);

/**
 * Writes one entry with `executor`: the change's transaction (`tx`) for a write, the database
 * for what stands alone. Fields named like a secret are dropped from `cambios` (`redact`).
 */
export async function recordAudit(executor: Db | Tx, entry: AuditInput): Promise<void> {
  const cambios = entry.cambios ? redact(entry.cambios) : null;
  await executor.insert(auditEntries).values({
    id_usu: entry.id_usu,
    login: cut(entry.login, LIMITS.login),
    ip: cut(entry.ip, LIMITS.ip) ?? '',
    accion: entry.accion,
    entidad: entry.entidad,
    entidad_id: entry.entidad_id ?? null,
    cambios: cambios && Object.keys(cambios).length > 0 ? cambios : null,
    detalle: cut(entry.detalle, LIMITS.detalle),
  });
}

/**
 * A refused call (403), written on its own: nothing else happened to be in a transaction with.
 * One row per caller (user, or address when anonymous), route and minute, `veces` counting the
 * calls: a caller hammering a route leaves a line a minute, not a line a call. The unique index
 * on those (schema/audit.ts) makes the count exact under concurrent calls and several servers.
 * The route is its pattern (`/api/user/:id`), what it needed in `detalle` with it.
 */
export async function recordDenied(
  db: Db,
  request: FastifyRequest,
  needed: RouteAccess | undefined,
): Promise<void> {
  const { id_usu, ip } = actorOf(request);
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  const detalle = cut(
    `${request.method} ${route}${needed ? ` (requiere ${needed})` : ''}`,
    LIMITS.detalle,
  );
  const accion: AuditAction = 'denegado';
  const entidad: AuditEntity = 'permiso';
  await db.execute(sql`
    insert into ${auditEntries} (id_usu, ip, accion, entidad, detalle, minuto)
    values (${id_usu}, ${cut(ip, LIMITS.ip) ?? ''}, ${accion}, ${entidad}, ${detalle},
            date_trunc('minute', now()))
    on conflict (accion, coalesce(id_usu, 0), ip, detalle, minuto) where minuto is not null
    do update set veces = ${auditEntries.veces} + 1`);
}

/**
 * Keeps the login on a user's entries before the user is deleted: the foreign key then clears
 * `id_usu`, and the list could no longer tell who it was. Call it in the delete's transaction.
 */
export async function keepLoginOnEntries(tx: Db | Tx, userId: number): Promise<void> {
  await tx
    .update(auditEntries)
    .set({
      login: sql`(select ${users.login} from ${users} where ${users.id} = ${userId})`,
    })
    .where(and(eq(auditEntries.id_usu, userId), isNull(auditEntries.login)));
}

type Row = Record<string, unknown>;

export interface ChangesOptions {
  /** Fields that change on every write and say nothing (`updated_at` unless told otherwise). */
  ignore?: readonly string[];
}

const DEFAULT_IGNORED = ['updated_at'] as const;

/**
 * The fields whose value differs between two versions of a record, as `{ antes, despues }`:
 * `before` null for a record just created, `after` null for one deleted. Values are compared
 * as JSON (a Date as its ISO text, nested objects by content); a field absent on one side is
 * null there. Null when nothing changed. Secrets are not filtered here but in `recordAudit`.
 */
export function changesBetween(
  before: Row | null | undefined,
  after: Row | null | undefined,
  { ignore = DEFAULT_IGNORED }: ChangesOptions = {},
): AuditChanges | null {
  const changes: AuditChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (ignore.includes(field)) continue;
    const antes = plain(before?.[field]);
    const despues = plain(after?.[field]);
    if (JSON.stringify(antes) !== JSON.stringify(despues)) changes[field] = { antes, despues };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** A value as it will be stored in JSON: undefined is null, a Date its ISO text. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

/**
 * Words that make a field a secret, wherever they stand in its name: `password`,
 * `current_password`, `password_confirmation`, `pwd`, `token_hash`, `resetToken`, `hash`...
 */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pw',
  'pass',
  'contrasena',
  'contraseña',
  'clave',
  'token',
  'hash',
  'secret',
  'salt',
  'authorization',
  'credential',
  'credentials',
]);

/** Whether a field's name says it holds a secret, by each of its words (snake, camel, kebab case). */
export function isSecretField(name: string): boolean {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z\dñ]+/)
    .filter(Boolean);
  return words.some((word) => SECRET_WORDS.has(word)) || SECRET_WORDS.has(words.join(''));
}

/**
 * The changes without any secret: a field named like one is dropped whole (not masked: that
 * a hash changed is no one's business, and a password change is its own action), and so is
 * any such key inside a value that is an object.
 */
export function redact(changes: AuditChanges): AuditChanges {
  const kept: AuditChanges = {};
  for (const [field, change] of Object.entries(changes)) {
    if (isSecretField(field)) continue;
    kept[field] = { antes: withoutSecrets(change.antes), despues: withoutSecrets(change.despues) };
  }
  return kept;
}

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !isSecretField(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

/** A write by the request's user: the entry with the fields that changed between two rows. */
export function recordChange(
  tx: Db | Tx,
  request: FastifyRequest,
  change: {
    accion: AuditAction;
    entidad: AuditEntity;
    id: number | null;
    before: Row | null;
    after: Row | null;
  },
): Promise<void> {
  return recordAudit(tx, {
    ...actorOf(request),
    accion: change.accion,
    entidad: change.entidad,
    entidad_id: change.id,
    cambios: changesBetween(change.before, change.after, { ignore: ['created_at', 'updated_at'] }),
  });
}

/** A password set, by its owner, an admin or a reset link: how it was set, never the value. */
export function recordPasswordChange(
  tx: Db | Tx,
  actor: AuditActor,
  userId: number,
  how: string,
): Promise<void> {
  return recordAudit(tx, {
    ...actor,
    accion: 'contrasena',
    entidad: 'usuario',
    entidad_id: userId,
    detalle: how,
  });
}
