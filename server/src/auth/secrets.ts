import { eq } from 'drizzle-orm';
import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { generatedKeys } from '../db/schema';

/**
 * Secrets kept at rest (a TOTP secret today; decisions §secrets names more), sealed with
 * AES-256-GCM.
 *
 * The key comes from `SECRET_KEY` when it is set. Otherwise the server generates one, once, and
 * keeps it in the database (table `claves`), not in a file of DATA_DIR: several server
 * processes on one PostgreSQL each have their own DATA_DIR (decisions §several-processes), and a
 * key per folder would leave each unable to open what another sealed; a restored backup, too, must
 * still open what it holds. The price is that a copy of the database holds the key beside what it
 * seals: that is what `SECRET_KEY` is for (the README recommends it for any server on the
 * internet).
 *
 * A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url), bound to a context (the
 * user it belongs to) so a value copied onto another row does not open. The key id lets a
 * server that gets `SECRET_KEY` later still open what the generated key sealed before.
 */
export interface SecretBox {
  seal(plain: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
  /**
   * Reads the keys now. The box reads them with its own `db` on first use, which inside a
   * transaction on PGlite's one connection would wait for that very transaction: the app reads
   * them once at start (a failure then is retried on first use).
   */
  ready(): Promise<void>;
}

const ALGORITHM = 'aes-256-gcm';
const FORMAT = 'v1';
const GENERATED_KEY = 'cifrado';

interface Key {
  id: string;
  bytes: Buffer;
}

const keyOf = (bytes: Buffer): Key => ({
  id: hash('sha256', Buffer.concat([Buffer.from('id:'), bytes]), 'hex').slice(0, 8),
  bytes,
});

/** The key behind SECRET_KEY: SHA-256 of the text (config.ts asks for at least 32 characters). */
const keyFromText = (text: string) => keyOf(Buffer.from(hash('sha256', text, 'buffer')));

async function storedKey(db: Db, create: boolean): Promise<Key | undefined> {
  if (create) {
    // Two processes starting together: the first insert wins and both read the same row.
    await db
      .insert(generatedKeys)
      .values({ nombre: GENERATED_KEY, valor: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
  }
  const [row] = await db
    .select({ valor: generatedKeys.valor })
    .from(generatedKeys)
    .where(eq(generatedKeys.nombre, GENERATED_KEY));
  return row && keyOf(Buffer.from(row.valor, 'base64'));
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

export function secretBox(db: Db, secretKey: string | undefined): SecretBox {
  // Read once per process, on first use: a key never changes while a server runs. A failed
  // read (the database away) is not kept: the next call tries again.
  let primary: Promise<Key> | undefined;
  let generated: Promise<Key | undefined> | undefined;
  const loadPrimary = async () => {
    if (secretKey) return keyFromText(secretKey);
    const key = await storedKey(db, true);
    if (!key) throw new Error('No se pudo guardar la clave de cifrado');
    return key;
  };
  const primaryKey = () =>
    (primary ??= loadPrimary().catch((error: unknown) => {
      primary = undefined;
      throw error;
    }));
  const generatedKey = () =>
    (generated ??= storedKey(db, false).catch((error: unknown) => {
      generated = undefined;
      throw error;
    }));

  return {
    async ready() {
      await primaryKey();
      if (secretKey) await generatedKey();
    },
    async seal(plain, context) {
      const key = await primaryKey();
      const iv = randomBytes(12);
      const cipher = createCipheriv(ALGORITHM, key.bytes, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, key.id, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
    },
    async open(sealed, context) {
      const [format, keyId, iv, tag, body] = sealed.split('.');
      if (format !== FORMAT || !keyId || !iv || !tag || body === undefined) {
        throw new Error('Secreto cifrado con un formato desconocido');
      }
      const key = [await primaryKey(), secretKey ? await generatedKey() : undefined].find(
        (candidate) => candidate?.id === keyId,
      );
      // Never the value in the message: errors end up in logs.
      if (!key) throw new Error('Secreto cifrado con otra clave (¿cambió SECRET_KEY?)');
      const decipher = createDecipheriv(ALGORITHM, key.bytes, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
