// `npm run dev`: the API under `tsx watch` on port 3000 and Vite's dev server (which proxies
// /api there) side by side, each line prefixed with its source; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const bins = [join(root, 'node_modules/.bin'), join(root, 'web/node_modules/.bin')];
const PATH = [...bins, process.env.PATH].join(process.platform === 'win32' ? ';' : ':');

const children = [];
let stopping = false;
let exitCode = 0;

function run(label, colorCode, command, args, options) {
  const prefix = paint(colorCode, `[${label}]`);
  const child = spawn(command, args, {
    ...options,
    env: { ...process.env, PATH, ...(color ? { FORCE_COLOR: '1' } : {}), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix} ${line}\n`));
  }
  child.on('error', (error) => {
    console.error(`${prefix} could not start ${command}: ${error.message}`);
    stop(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix} exited (${signal ?? `code ${code}`}); stopping the other.`);
      stop(code || 1);
    }
  });
  children.push(child);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  // Whoever does not leave in 5 s is killed.
  setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 5_000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

run('api', '36', 'tsx', ['watch', '--clear-screen=false', 'server/src/main.ts'], {
  cwd: root,
  env: { PORT: '3000' },
});
run('web', '35', 'vite', [], { cwd: join(root, 'web') });

// Leave once both are gone.
await Promise.all(
  children.map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
        else child.once('exit', resolve);
      }),
  ),
);
process.exit(exitCode);
