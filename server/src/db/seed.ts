import { sql } from 'drizzle-orm';
import { DOCUMENT_TYPES, DocumentTypeId, PERU_NATIONAL_HOLIDAYS, STATUS_ROWS } from '@app/domain';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { Db } from './client';
import { documentTypes, holidays, statuses, users } from './schema';

/** Each has the role of its name (decisions §roles). */
export const DEFAULT_USERS = [
  {
    id: 1,
    login: 'admin',
    rol: 'admin',
    name: 'Administrador',
    surname: 'Del Sistema',
    doc: '40718263',
  },
  {
    id: 2,
    login: 'recepcion',
    rol: 'recepcion',
    name: 'Recepción',
    surname: 'Principal',
    doc: '41829374',
  },
  {
    id: 3,
    login: 'groomer',
    rol: 'groomer',
    name: 'Groomer',
    surname: 'Principal',
    doc: '42930485',
  },
] as const;

/** An arbitrary constant: the advisory lock that serialises the seed across processes. */
const SEED_LOCK = 4_751_059;

export interface InitialCredential {
  login: string;
  password: string;
}

export interface SeedResult {
  /**
   * Set when the default users were created just now without `ADMIN_PASSWORD`: each one's own
   * generated password, which the user must change at first sign-in.
   */
  generatedCredentials?: InitialCredential[];
  createdUsers: boolean;
}

export interface SeedOptions {
  /** One password for the three users, nothing forced (tests, demos); generated when unset. */
  adminPassword?: string;
  /** The admin's e-mail; the others have none until set (no address on a domain not owned). */
  adminEmail?: string;
}

/** Catalogues and the three default users; does nothing that is already there. */
export async function seedBase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const { adminPassword, adminEmail } = options;
  return db.transaction(async (tx) => {
    // Several processes may start together on an empty server: one seeds, the others wait
    // and then find the users there.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await tx
      .insert(documentTypes)
      .values([...DOCUMENT_TYPES])
      .onConflictDoNothing();
    await tx
      .insert(statuses)
      .values(STATUS_ROWS.map(({ id_est, nom_est }) => ({ id_est, nom_est })))
      .onConflictDoNothing();
    // Once: the admin keeps the holidays from then on, and one removed stays removed.
    const [holiday] = await tx.select({ fecha: holidays.fecha }).from(holidays).limit(1);
    if (!holiday) await tx.insert(holidays).values([...PERU_NATIONAL_HOLIDAYS]);
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(users)) as [
      { count: number },
    ];
    if (count > 0) return { createdUsers: false };
    const credentials = DEFAULT_USERS.map((u) => ({
      login: u.login,
      password: adminPassword ?? generatePassword(),
    }));
    const hashes = await Promise.all(credentials.map(({ password }) => hashPassword(password)));
    await tx.insert(users).values(
      DEFAULT_USERS.map((u, i) => ({
        ...u,
        id_tipodoc: DocumentTypeId.DNI,
        email: u.rol === 'admin' ? (adminEmail ?? null) : null,
        password: hashes[i],
        // A generated password has been printed and stored in a file: it must not stay in use.
        debe_cambiar_clave: adminPassword === undefined,
      })),
    );
    // The ids were given explicitly: move the sequence past them.
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 3)`);
    return adminPassword === undefined
      ? { createdUsers: true, generatedCredentials: credentials }
      : { createdUsers: true };
  });
}
