import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { limaToday } from '@app/domain';
import { writeBackup } from './backup';
import type { Database } from './client';

/** An arbitrary constant: the advisory lock of the daily backup. */
const DAILY_BACKUP_LOCK = 6_240_981;
const NAME = /^groomer-(\d{4}-\d{2}-\d{2})\.json\.gz$/;
const DAY_MS = 86_400_000;

export interface DailyBackupOptions {
  dir: string;
  /** Backups older than this many days are deleted after a new one is written. */
  keepDays: number;
  now?: Date;
}

/**
 * BACKUP_DIR (decisions §backups): the server keeps `groomer-YYYY-MM-DD.json.gz` there, one per
 * Lima day, taken at the first check of the day (after midnight, with the shop closed), while it
 * keeps serving: PGlite cannot be backed up by another process, so the server does it. With
 * several servers, an advisory lock makes one of them write it. Answers the file written.
 */
export async function runDailyBackup(
  database: Database,
  { dir, keepDays, now = new Date() }: DailyBackupOptions,
): Promise<string | undefined> {
  const today = limaToday(now);
  const file = join(dir, `groomer-${today}.json.gz`);
  if (existsSync(file)) return undefined;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const written = await writeBackup(database, file, { lock: DAILY_BACKUP_LOCK });
  if (!written) return undefined;
  const oldest = limaToday(new Date(now.getTime() - keepDays * DAY_MS));
  for (const name of await readdir(dir)) {
    const day = NAME.exec(name)?.[1];
    if (day && day < oldest) await rm(join(dir, name), { force: true });
  }
  return file;
}

/** Checks every hour (and now) whether today's backup is due. Answers how to stop. */
export function startDailyBackup(
  database: Database,
  options: Omit<DailyBackupOptions, 'now'>,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
): () => void {
  const check = () => {
    runDailyBackup(database, options).then(
      (file) => file && log.info(`Copia de seguridad diaria escrita en ${file}`),
      (error: unknown) => log.error({ err: error }, 'No se pudo escribir la copia de seguridad'),
    );
  };
  check();
  const timer = setInterval(check, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
