import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_PASSWORD } from './constants';

/** Real server processes (`server/src/main.ts`) for the tests that need several, or a crash. */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** The API's address: `http://127.0.0.1:<port>/api`. */
  base: string;
}

/**
 * A server process on the PostgreSQL database at `databaseUrl`, with its own data directory and
 * `env` added to the test's; resolves once it listens.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'groomer-process-')),
      PORT: String(port),
      ADMIN_PASSWORD: TEST_PASSWORD,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Servidor en')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server ended (${code}): ${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}/api` };
}
