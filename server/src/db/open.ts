import { join } from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';
import {
  initialCredentialsText,
  lockDataDir,
  restrictDataDir,
  writeInitialCredentials,
} from './data-dir';
import { importLegacyUploads } from './legacy-uploads';
import { migrate } from './migrate';
import { seedBase, type InitialCredential, type SeedResult } from './seed';

export interface OpenedDatabase {
  database: Database;
  seeded: SeedResult;
  /** Closes the database and releases the data directory. */
  close(): Promise<void>;
}

/**
 * Prints the generated passwords once and keeps them in `DATA_DIR/initial-credentials.txt`
 * (0600): printed first, since the users exist now and the passwords must not be lost.
 */
function announceCredentials(dataDir: string, credentials: readonly InitialCredential[]) {
  console.log(`\n${initialCredentialsText(credentials)}`);
  try {
    console.log(`(guardadas también en ${writeInitialCredentials(dataDir, credentials)})\n`);
  } catch (error) {
    console.error(
      `No se pudieron guardar las contraseñas iniciales: ${(error as Error).message}\n`,
    );
  }
}

/**
 * The database the configuration names, locked, migrated and seeded: what both the server and
 * the demo-data script start from. PGlite lives in DATA_DIR (locked) unless DATABASE_URL is set;
 * DATA_DIR and all that the process writes from here on are readable by its user only.
 */
export async function openAppDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'adminPassword'> &
    Partial<Pick<Config, 'adminEmail'>>,
): Promise<OpenedDatabase> {
  restrictDataDir(config.dataDir);
  // PGlite's files take one process; on PostgreSQL several servers may share DATA_DIR (the
  // mail outbox), since everything they must agree on lives in the database
  // (decisions §several-processes).
  const releaseLock = config.databaseUrl
    ? async () => undefined
    : await lockDataDir(config.dataDir);
  try {
    const database = config.databaseUrl
      ? openPostgres(config.databaseUrl)
      : await openPglite(join(config.dataDir, 'pglite'));
    await migrate(database);
    await importLegacyUploads(database.db, config.dataDir);
    const seeded = await seedBase(database.db, {
      adminPassword: config.adminPassword,
      adminEmail: config.adminEmail,
    });
    if (seeded.generatedCredentials)
      announceCredentials(config.dataDir, seeded.generatedCredentials);
    restrictDataDir(config.dataDir);
    return {
      database,
      seeded,
      close: async () => {
        await database.close();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}
