import { eq } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { storedFiles } from './schema';
import { DataDirLockedError, LOCK_FILE, lockDataDir, writeInitialCredentials } from './data-dir';
import { openAppDatabase } from './open';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MODULE = new URL('./data-dir.ts', import.meta.url).href;

/**
 * A separate server process that takes the lock and holds it until killed. `unreaped`: its
 * parent is a shell that then runs `sleep`, which never collects it once it has died.
 */
function startHolder(dataDir: string, { unreaped = false } = {}) {
  const code = `
    const { lockDataDir } = await import(${JSON.stringify(MODULE)});
    try {
      await lockDataDir(${JSON.stringify(dataDir)});
      console.log('LOCKED');
      setInterval(() => undefined, 60_000);
    } catch (error) {
      console.log('REFUSED ' + error.message);
      process.exit(3);
    }`;
  const args = ['--import', 'tsx', '--input-type=module', '-e', code];
  const child = unreaped
    ? spawn('sh', ['-c', '"$0" "$@" & exec sleep 60', process.execPath, ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      })
    : spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let output = '';
  const outcome = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child.on('exit', () => resolve(output.trim()));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, outcome, exited };
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function writeLock(dir: string, holder: object, ageSeconds = 0) {
  const file = join(dir, LOCK_FILE);
  writeFileSync(file, JSON.stringify({ token: 'ajeno', since: '', ...holder }));
  const when = new Date(Date.now() - ageSeconds * 1000);
  utimesSync(file, when, when);
}

/** Every path under `dir` (itself included) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found = statSync(dir).mode & 0o077 ? [dir] : [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    if (statSync(path).mode & 0o077) found.push(path);
  }
  return found;
}

describe('data directory lock', () => {
  it('refuses a second server on the same directory with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'groomer-lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/Otro servidor ya está usando/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses while another process holds it and takes it over at once after kill -9', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'groomer-lock-'));
    const first = startHolder(dir);
    expect(await first.outcome).toBe('LOCKED');

    const second = startHolder(dir);
    expect(await second.outcome).toMatch(/^REFUSED Otro servidor ya está usando .*proceso \d+/);
    expect(await second.exited).toBe(3);

    first.child.kill('SIGKILL');
    await first.exited;
    const started = Date.now();
    const third = startHolder(dir);
    expect(await third.outcome).toBe('LOCKED');
    expect(Date.now() - started).toBeLessThan(10_000);
    const lock = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(third.child.pid);
  });

  it.skipIf(process.platform !== 'linux')(
    'takes over at once from a killed holder its parent has not reaped yet',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'groomer-lock-'));
      const first = startHolder(dir, { unreaped: true });
      expect(await first.outcome).toBe('LOCKED');
      const { pid } = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number };
      process.kill(pid, 'SIGKILL');
      // A zombie: it still answers `kill -0` until its parent collects it.
      await expect
        .poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0])
        .toBe('Z');
      const second = startHolder(dir);
      expect(await second.outcome).toBe('LOCKED');
    },
  );

  it('takes over a lock whose PID now belongs to another process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'groomer-lock-'));
    const release = await lockDataDir(dir);
    const mine = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as object;
    await release();
    // The same PID on this machine, but a process started at another time.
    writeLock(dir, { ...mine, started: '1' });
    const again = await lockDataDir(dir);
    await again();
  });

  it('trusts a holder on another machine while it refreshes the lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'groomer-lock-'));
    writeLock(dir, { pid: 4321, host: 'otra-maquina' });
    await expect(lockDataDir(dir)).rejects.toThrow(/proceso 4321 en otra-maquina/);
    writeLock(dir, { pid: 4321, host: 'otra-maquina' }, 60);
    const release = await lockDataDir(dir);
    await release();
  });

  it('takes over the lock directory of earlier versions once it is stale', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'groomer-lock-'));
    mkdirSync(join(dir, LOCK_FILE));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, LOCK_FILE), old, old);
    const release = await lockDataDir(dir);
    await release();
  });
});

describe('data directory access', () => {
  it('writes the generated credentials readable only by their owner', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groomer-cred-'));
    // A file left world-readable by an earlier start is tightened too.
    writeFileSync(join(dir, 'initial-credentials.txt'), 'old', { mode: 0o644 });
    chmodSync(join(dir, 'initial-credentials.txt'), 0o644);
    const file = writeInitialCredentials(dir, [{ login: 'admin', password: 'Secreta1!' }]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('leaves nothing in DATA_DIR that group or others can open', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'groomer-modes-')), 'data');
    // What an earlier version left open: the directory and an upload.
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'logo-viejo.png'), 'png');
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'uploads'), 0o755);
    chmodSync(join(dataDir, 'uploads', 'logo-viejo.png'), 0o644);

    const { database, close } = await openAppDatabase({
      dataDir,
      databaseUrl: undefined,
      adminPassword: 'Secreta1!',
    });
    try {
      // The upload moved into the database (decisions §several-processes).
      const [moved] = await database.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.nombre, 'logo-viejo.png'));
      expect(Buffer.from(moved.datos).toString()).toBe('png');
      expect(existsSync(join(dataDir, 'uploads'))).toBe(false);
      expect(readdirSync(join(dataDir, 'pglite')).length).toBeGreaterThan(0);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
