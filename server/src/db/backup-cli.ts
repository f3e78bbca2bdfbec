import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readConfig } from '../config';
import { BackupError, restoreBackup, writeBackup } from './backup';
import { openPglite, openPostgres, type Database } from './client';
import { DataDirLockedError, lockDataDir, restrictDataDir } from './data-dir';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (decisions §backups), on the database the
 * configuration names: DATABASE_URL, else the PGlite files in DATA_DIR. PGlite is one process:
 * its backup takes DATA_DIR's lock, so the server must be stopped meanwhile.
 */

const USAGE = 'Uso: npm run backup -- ARCHIVO   |   npm run restore -- ARCHIVO';

async function run(command: string | undefined, file: string | undefined) {
  if ((command !== 'backup' && command !== 'restore') || !file) throw new BackupError(USAGE);
  const config = readConfig();
  const target = resolve(file);
  if (command === 'restore' && !existsSync(target)) {
    throw new BackupError(`No existe el archivo ${target}`);
  }
  let release = async () => undefined as void;
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl, 2);
  } else {
    restrictDataDir(config.dataDir);
    release = await lockDataDir(config.dataDir);
    const dir = join(config.dataDir, 'pglite');
    if (command === 'restore' && existsSync(dir) && readdirSync(dir).length > 0) {
      await release();
      throw new BackupError(
        `El directorio de datos ${config.dataDir} no está vacío: la restauración solo se hace en uno vacío`,
      );
    }
    database = await openPglite(dir);
  }
  try {
    const started = Date.now();
    const counts =
      command === 'backup'
        ? await writeBackup(database, target)
        : await restoreBackup(database, target);
    const rows = Object.values(counts ?? {}).reduce((sum, n) => sum + n, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      command === 'backup'
        ? `Copia de seguridad escrita en ${target}: ${rows} filas (${seconds} s)`
        : `Copia de seguridad restaurada desde ${target}: ${rows} filas (${seconds} s)`,
    );
  } finally {
    await database.close();
    await release();
  }
}

run(process.argv[2], process.argv[3]).catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
