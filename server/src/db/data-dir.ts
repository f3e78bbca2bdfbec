import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its files and two writers would corrupt them: hold a lock on the data
 * directory for the life of the process. Returns the function that releases it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'server.lock'),
      stale: 30_000,
      update: 10_000,
      onCompromised: (error) => {
        console.error(`Se perdió el bloqueo de ${dataDir}: ${error.message}`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `Otro servidor ya está usando el directorio de datos ${dataDir}. ` +
          'Deténgalo o indique otro DATA_DIR.',
      );
    }
    throw error;
  }
}

export function writeInitialCredentials(dataDir: string, password: string): string {
  const file = join(dataDir, 'initial-credentials.txt');
  writeFileSync(file, `Usuarios: admin, recepcion, groomer\nContraseña inicial: ${password}\n`, {
    mode: 0o600,
  });
  // `mode` applies only when the file is created: a file left from an earlier start keeps its own.
  chmodSync(file, 0o600);
  return file;
}
