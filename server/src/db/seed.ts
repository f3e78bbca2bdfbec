import { sql } from 'drizzle-orm';
import { DOCUMENT_TYPES, DocumentTypeId, STATUS_ROWS } from '@app/domain';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { Db } from './client';
import { documentTypes, statuses, users } from './schema';

/** Each has the role of its name (DESIGN §10.1). */
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

export interface SeedResult {
  /** Set when the default users were created just now with a generated password. */
  generatedPassword?: string;
  createdUsers: boolean;
}

/** Catalogues and the three default users; does nothing that is already there. */
export async function seedBase(db: Db, adminPassword: string | undefined): Promise<SeedResult> {
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
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(users)) as [
      { count: number },
    ];
    if (count > 0) return { createdUsers: false };
    const password = adminPassword ?? generatePassword();
    const hash = await hashPassword(password);
    await tx.insert(users).values(
      DEFAULT_USERS.map((u) => ({
        ...u,
        id_tipodoc: DocumentTypeId.DNI,
        email: `${u.login}@groomer.pe`,
        password: hash,
      })),
    );
    // The ids were given explicitly: move the sequence past them.
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 3)`);
    return { createdUsers: true, generatedPassword: adminPassword ? undefined : password };
  });
}
