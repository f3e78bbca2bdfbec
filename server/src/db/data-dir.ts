import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  constants,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { copyFile, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import type { InitialCredential } from './seed';

export class DataDirLockedError extends Error {}

export const LOCK_FILE = 'server.lock';
/** How often the holder marks its lock as alive, and when a lock nobody here can check expires. */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 30_000;
/** What the app creates in DATA_DIR: tightened at start if an earlier version left it open. */
const OWN_ENTRIES = ['pglite', 'uploads', 'outbox', 'initial-credentials.txt', LOCK_FILE];

/**
 * The process that holds the lock, enough to tell on this machine whether it still runs. On
 * Linux the kernel's boot id, the PID namespace and the process start time make sure that a PID
 * reused after a reboot, in another container or by a later process is not taken for the holder.
 */
interface Holder {
  pid: number;
  host: string;
  boot?: string;
  pidns?: string;
  started?: string;
  /** Tells this lock from any other taken by the same PID. */
  token: string;
  since: string;
}

type Identity = Pick<Holder, 'pid' | 'host' | 'boot' | 'pidns' | 'started'>;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The fields of `/proc/<pid>/stat` from the third (the state) on; none off Linux. */
function procStat(pid: number): string[] | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name before them may itself hold spaces and parentheses.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Field 22: clock ticks from boot to the process's start. */
const startTime = (pid: number) => procStat(pid)?.[19];

function identity(): Identity {
  let pidns: string | undefined;
  try {
    pidns = readlinkSync('/proc/self/ns/pid');
  } catch {
    pidns = undefined;
  }
  return {
    pid: process.pid,
    host: hostname(),
    boot: readText('/proc/sys/kernel/random/boot_id'),
    pidns,
    started: startTime(process.pid),
  };
}

function parseHolder(text: string | undefined): Holder | undefined {
  try {
    const value = JSON.parse(text ?? '') as Partial<Holder> | null;
    const { pid, host, token } = value ?? {};
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
    if (typeof host !== 'string' || typeof token !== 'string') return undefined;
    return value as Holder;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
  // A killed process its parent has not yet reaped (a zombie) still answers the signal.
  const state = procStat(pid)?.[0];
  return state !== 'Z' && state !== 'X';
}

/**
 * Whether the lock belongs to a live server. A holder on this machine and in this PID namespace
 * is checked directly, so the lock of a killed server is taken over at once; one elsewhere (a
 * network disk, another container) counts as alive while it keeps refreshing the lock.
 */
function isHeld(holder: Holder | undefined, ageMs: number, me: Identity): boolean {
  if (holder?.host === me.host) {
    // The machine has restarted since (a power cut): none of its processes survived.
    if (holder.boot && me.boot && holder.boot !== me.boot) return false;
    if (holder.boot === me.boot && holder.pidns === me.pidns) {
      return (
        isRunning(holder.pid) &&
        (holder.started === undefined || holder.started === startTime(holder.pid))
      );
    }
  }
  return ageMs < STALE_MS;
}

async function readLock(lockPath: string) {
  try {
    const { mtimeMs } = await stat(lockPath);
    // A directory (the lock of earlier versions) or a file being written has no holder yet.
    const text = await readFile(lockPath, 'utf8').catch(() => '');
    return { text, holder: parseHolder(text), ageMs: Date.now() - mtimeMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Removes the stale lock that was read as `text`. It is moved aside first (atomically): if
 * another starter replaced it meanwhile, what was moved is not the stale lock and goes back.
 */
async function removeStale(lockPath: string, text: string, token: string) {
  const aside = `${lockPath}.${token}.stale`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved !== text) {
    await copyFile(aside, lockPath, constants.COPYFILE_EXCL).catch(() => undefined);
  }
  await rm(aside, { recursive: true, force: true });
}

function lockedError(dataDir: string, holder: Holder | undefined) {
  const who = holder ? ` (proceso ${holder.pid} en ${holder.host})` : '';
  return new DataDirLockedError(
    `Otro servidor ya está usando el directorio de datos ${dataDir}${who}. ` +
      'Deténgalo o indique otro DATA_DIR.',
  );
}

function holdLock(dataDir: string, lockPath: string, token: string): () => Promise<void> {
  const heartbeat = setInterval(() => {
    void (async () => {
      let text: string;
      try {
        text = await readFile(lockPath, 'utf8');
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') return;
        text = '';
      }
      if (parseHolder(text)?.token !== token) {
        console.error(`Se perdió el bloqueo de ${dataDir}: el archivo ${LOCK_FILE} cambió.`);
        process.exit(1);
      }
      const now = new Date();
      await utimes(lockPath, now, now).catch(() => undefined);
    })();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    const text = await readFile(lockPath, 'utf8').catch(() => '');
    if (parseHolder(text)?.token === token) await rm(lockPath, { force: true });
  };
}

/**
 * PGlite does not lock its files and two writers would corrupt them: hold a lock on the data
 * directory for the life of the process. `DATA_DIR/server.lock` names the holder; a lock whose
 * holder has died (`kill -9`, a power cut) is taken over at once. Returns the function that
 * releases it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = join(dataDir, LOCK_FILE);
  const me = identity();
  const token = randomBytes(8).toString('hex');
  const content = `${JSON.stringify({ ...me, token, since: new Date().toISOString() })}\n`;
  let holder: Holder | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await writeFile(lockPath, content, { flag: 'wx', mode: 0o600 });
      return holdLock(dataDir, lockPath, token);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const found = await readLock(lockPath);
    if (!found) continue;
    holder = found.holder;
    if (isHeld(found.holder, found.ageMs, me)) break;
    await removeStale(lockPath, found.text, token);
  }
  throw lockedError(dataDir, holder);
}

/** Takes group and others' access away from `path` and, if `deep`, from all below it. */
function tighten(path: string, deep = true) {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink()) return;
  if (stats.mode & 0o077) chmodSync(path, stats.mode & 0o700);
  if (deep && stats.isDirectory()) {
    for (const entry of readdirSync(path)) tighten(join(path, entry));
  }
}

/**
 * DATA_DIR holds the database, the uploads and the mails: only the server's user may read it.
 * The umask makes what the process creates from now on private; the directory itself and what
 * was left open (by an earlier version, or by PGlite, which sets the modes of the files it
 * unpacks at first start and of its cache files at each start) are closed here.
 */
export function restrictDataDir(dataDir: string): void {
  // Worker threads cannot change the umask; the server and the scripts run in the main thread.
  if (isMainThread) process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, false);
  for (const entry of OWN_ENTRIES) tighten(join(dataDir, entry));
}

/** `usuario: contraseña` lines, with the note that each must be changed at first sign-in. */
export function initialCredentialsText(credentials: readonly InitialCredential[]): string {
  const lines = credentials.map(({ login, password }) => `${login}: ${password}`);
  return (
    `Contraseñas iniciales (cada usuario debe cambiar la suya al iniciar sesión):\n` +
    `${lines.join('\n')}\n`
  );
}

export function writeInitialCredentials(
  dataDir: string,
  credentials: readonly InitialCredential[],
): string {
  const file = join(dataDir, 'initial-credentials.txt');
  writeFileSync(file, initialCredentialsText(credentials), { mode: 0o600 });
  // `mode` applies only when the file is created: a file left from an earlier start keeps its own.
  chmodSync(file, 0o600);
  return file;
}
