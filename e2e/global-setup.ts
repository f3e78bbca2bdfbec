import type { FullConfig } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { serverPort } from './servers';

/** The repository's root, where e2e/serve.mjs runs whichever config started it. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_MS = 60_000;
const STOP_MS = 10_000;

interface Server {
  port: number;
  process: ChildProcess;
}

/**
 * Starts one server per worker (e2e/serve.mjs: its own database and fake SUNAT) all at once,
 * and waits until each answers its health check. Playwright's `webServer` list starts them one
 * after the other and polls each on a back-off of up to a second: seven seconds before the first
 * test. The returned function is the teardown: SIGTERM, so each server drops its database.
 */
export default async function startServers(config: FullConfig): Promise<() => Promise<void>> {
  const ports = Array.from({ length: config.workers }, (_, index) => serverPort(index));
  // Another run's server would answer in place of this run's own.
  for (const port of ports) {
    if (await answers(port)) throw new Error(`port ${port} is already in use`);
  }
  const servers = ports.map(start);
  try {
    await Promise.all(servers.map(healthy));
  } catch (error) {
    await Promise.all(servers.map(stop));
    throw error;
  }
  return async () => {
    await Promise.all(servers.map(stop));
  };
}

function start(port: number): Server {
  const child = spawn('node', ['e2e/serve.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), SESSION_IDLE_MINUTES: '30' },
    stdio: 'inherit',
  });
  return { port, process: child };
}

/** Resolves once the server answers 200 on /api/health; rejects if it exits or takes too long. */
async function healthy({ port, process: child }: Server): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server on port ${port} stopped while starting`);
    }
    if (await answers(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server on port ${port} did not answer within ${STARTUP_MS / 1000} s`);
}

function answers(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`).then(
    (res) => res.ok,
    () => false,
  );
}

async function stop({ process: child }: Server): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
  await exited;
  clearTimeout(timer);
}
