import { bigint, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Raw bytes; the drivers hand them over as a Buffer (node-postgres) or a Uint8Array (PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Uploaded files (the logo, avatars, vaccine proofs, appointment photos), kept in the database
 * so that every server process on it serves them and a backup of the database holds them
 * (decisions §several-processes). The records point at a file by its unguessable `nombre`.
 */
export const storedFiles = pgTable('archivos', {
  nombre: text('nombre').primaryKey(),
  tipo: text('tipo').notNull(),
  datos: bytea('datos').notNull(),
  created_at: createdAt(),
});

/**
 * Attempt counters of the sign-in throttle and the rate limits, shared by every server process
 * (decisions §several-processes). Times are epoch milliseconds, as the throttle's clock gives them.
 */
export const throttleEntries = pgTable(
  'limites',
  {
    clave: text('clave').primaryKey(),
    fallos: integer('fallos').notNull(),
    desde: bigint('desde', { mode: 'number' }).notNull(),
    ultimo: bigint('ultimo', { mode: 'number' }).notNull(),
    /** When the entry is forgotten: the purge deletes it from then on. */
    vence: bigint('vence', { mode: 'number' }).notNull(),
  },
  (t) => [index('limites_vence_idx').on(t.vence)],
);

/**
 * Keys the server generates once when the environment gives none (auth/secrets.ts: the key
 * that encrypts secrets at rest when `SECRET_KEY` is unset). In the database, not in DATA_DIR:
 * every server process on it must read the same key, and a restored backup must still open
 * what it holds.
 */
export const generatedKeys = pgTable('claves', {
  nombre: text('nombre').primaryKey(),
  /** The key's bytes, base64. */
  valor: text('valor').notNull(),
  created_at: createdAt(),
});
