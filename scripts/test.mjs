// `npm test`: every check, phase by phase, then a table of the phases and their seconds.
// The static checks run in two lanes side by side, then Vitest beside the web build; Playwright
// uses every core itself and runs last. A failing phase ends the run.
// With PHASES_FILE set, each phase's `name<TAB>seconds` is appended there (.ci/run's table).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * The type checker: TypeScript 7, the native compiler (35 s for the four projects where 6 took
 * 86 s). typescript-eslint needs 6's JS API, so 6 stays the `typescript` package (STACK-NOTES)
 * and 7 is installed beside it as `typescript7`, called by its path: both name a `tsc` bin.
 */
const TSC = 'node_modules/typescript7/bin/tsc';

/**
 * Each phase is one or more lanes run side by side; a lane's commands run one after another.
 * ESLint's typed rules build a program per tsconfig, so each lane lints the code of its own
 * programs (server and domain; web and the root's) and no program is built twice.
 */
const PHASES = [
  {
    name: 'static checks (ESLint, tsc, Prettier)',
    lanes: [
      [
        ['eslint', 'server', 'domain'],
        [TSC, '-p', 'server'],
        [TSC, '-p', 'domain'],
        ['prettier', '--check', '--log-level', 'warn', '.'],
      ],
      [
        ['eslint', '.', '--ignore-pattern', 'server/**', '--ignore-pattern', 'domain/**'],
        [TSC, '-p', 'web'],
        [TSC, '-p', '.'],
      ],
    ],
  },
  // The build beside Vitest: Vitest's first seconds wait on its template database and the
  // disk, and the build fills that time (about 9 s on its own).
  {
    name: 'unit and API tests (Vitest) | web build',
    lanes: [[['vitest', 'run']], [['npm', 'run', 'build', '--silent']]],
  },
  { name: 'browser tests (Playwright)', lanes: [[['playwright', 'test']]] },
];

/** Runs a command; with `buffered`, keeps its output and prints it whole when it ends. */
function run([command, ...args], buffered) {
  return new Promise((resolve) => {
    const path =
      command === 'npm' || command.includes('/') ? command : `node_modules/.bin/${command}`;
    const child = spawn(path, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (buffered && output.length > 0) {
        process.stdout.write(`\n--- ${command} ${args.join(' ')}\n${Buffer.concat(output)}`);
      }
      // Killed by a signal, a command has no exit code: that is a failure too.
      resolve(code ?? 1);
    });
  });
}

const timings = [];
let failed;
for (const phase of PHASES) {
  console.log(`\n==== ${phase.name}`);
  const started = performance.now();
  const buffered = phase.lanes.length > 1;
  const codes = await Promise.all(
    phase.lanes.map(async (lane) => {
      for (const command of lane) {
        const code = await run(command, buffered);
        if (code !== 0) return code;
      }
      return 0;
    }),
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  timings.push([phase.name, seconds]);
  if (process.env.PHASES_FILE)
    appendFileSync(process.env.PHASES_FILE, `${phase.name}\t${seconds}\n`);
  if (codes.some((code) => code !== 0)) {
    failed = phase.name;
    break;
  }
}

console.log('\nPhase                                      Seconds');
for (const [name, seconds] of timings)
  console.log(`${name.padEnd(42)} ${String(seconds).padStart(7)}`);
const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(`${'npm test'.padEnd(42)} ${String(total).padStart(7)}`);
if (failed) {
  console.error(`\nFailed: ${failed}`);
  process.exit(1);
}
