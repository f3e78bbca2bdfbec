/**
 * `npm run bench`: starts the real server on a fresh database, signs in as admin and measures
 * every endpoint of bench/endpoints.ts with autocannon, beside the bare SQL behind it.
 *
 * Environment: BENCH_SECONDS (5, per endpoint, after a 1 s warm-up), DATABASE_URL (measure on
 * that PostgreSQL server, in a fresh database bench_<timestamp> dropped at the end; PGlite
 * otherwise), BENCH_SEED_CLIENTS=N (load demo data with server/src/db/seed-demo.ts first),
 * BENCH_ONLY=regex (only the endpoints whose name matches), BENCH_SEED_APPOINTMENTS=N and
 * BENCH_SEED_DAYS=N (the seed's --appointments and --days: 1000000 and 365 for a year of a
 * million visits).
 * BENCH_SIZES=100000,1000000 measures at each size in turn, each on a fresh database seeded
 * with that many clients (BENCH_SEED_CLIENTS is then ignored), and prints one table with a
 * column group per size: how the cost grows with the data shows at a glance. For example
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_SIZES=100000,1000000 \
 *     BENCH_ONLY='clientes|mascotas' npm run bench
 * Results: printed as a table and written to bench/results/latest.json. Beside the latencies, the
 * server process's CPU time per answer (Linux): the server's own cost of a call, which the load
 * generator and PostgreSQL sharing the machine's cores do not stretch as they stretch latency.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { endpoints as allEndpoints, type BenchEndpoint, type BenchGet } from './endpoints';

/** BENCH_ONLY=regex measures only the endpoints whose name matches (e.g. `clientes|mascotas`). */
const endpoints = process.env.BENCH_ONLY
  ? allEndpoints.filter((e) => new RegExp(process.env.BENCH_ONLY ?? '').test(e.name))
  : allEndpoints;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const SECONDS = positiveNumber('BENCH_SECONDS', 5);
const SEED_CLIENTS = process.env.BENCH_SEED_CLIENTS
  ? positiveNumber('BENCH_SEED_CLIENTS', 0)
  : undefined;
const SIZES = process.env.BENCH_SIZES ? sizesOf(process.env.BENCH_SIZES) : undefined;
const SEED_SCRIPT = 'server/src/db/seed-demo.ts';
const SEED_TIMEOUT_MS = 30 * 60_000;
const STARTUP_TIMEOUT_MS = 90_000;
const PASSWORD_PLACEHOLDER = '{{ADMIN_PASSWORD}}';

interface Latencies {
  p50: number;
  p95: number;
  p99: number;
}

interface EndpointResult {
  name: string;
  method: string;
  path: string;
  requestsPerSecond: number;
  latencyMs: Latencies & { mean: number; max: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  sql?: { requestsPerSecond: number; latencyMs: Latencies } | { skipped: string };
  /**
   * The server process's CPU time (user + system) per 2xx answer while measured, in µs: its own
   * share of a call, which other load on the machine stretches much less than the latencies.
   */
  serverCpuUs?: number;
}

/** BENCH_SIZES: client counts separated by commas (`100000,1000000`). */
function sizesOf(raw: string): number[] {
  const sizes = raw.split(',').map((part) => Number(part.trim().replaceAll('_', '')));
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n <= 0)) {
    console.error(`BENCH_SIZES must be whole numbers separated by commas, got "${raw}"`);
    process.exit(2);
  }
  return sizes;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

// ---- Clean-up: runs once, whatever ends the run (success, error, Ctrl-C, watchdog). ----

const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('clean-up:', error instanceof Error ? error.message : error);
      }
    }
  })();
  return cleaning;
}

async function abort(message: string, code = 1): Promise<never> {
  if (!cleaning) console.error(`\n${message}`);
  await cleanup();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void abort(`Interrupted (${signal}), cleaning up...`, 130));
}

// ---- Processes ----

/** The last lines a child printed, shown when it fails. */
function captureOutput(child: ChildProcess, lines: string[]) {
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** SIGTERM, then SIGKILL after `graceMs`; `group` signals the child's whole process group. */
async function stop(child: ChildProcess, graceMs = 10_000, group = false) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const send = (signal: NodeJS.Signals) => {
    try {
      if (group) process.kill(-child.pid!, signal);
      else child.kill(signal);
    } catch {
      // Already gone.
    }
  };
  send('SIGTERM');
  const timer = setTimeout(() => send('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// ---- Database ----

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function adminQuery(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function pgliteVersion(): string {
  for (const dir of [ROOT, join(ROOT, 'server')]) {
    const file = join(dir, 'node_modules/@electric-sql/pglite/package.json');
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}

// ---- Measuring ----

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize(values: number[]): Latencies & { mean: number; max: number } {
  const sorted = Float64Array.from(values).sort();
  const sum = values.reduce((a, b) => a + b, 0);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: sorted.length ? sum / sorted.length : NaN,
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

interface Request {
  url: string;
  method: BenchEndpoint['method'];
  headers: Record<string, string>;
  body?: string;
}

function requestOf(endpoint: BenchEndpoint, origin: string, password: string, token: string) {
  const request: Request = { url: origin + endpoint.path, method: endpoint.method, headers: {} };
  if (endpoint.auth) request.headers.authorization = token;
  if (endpoint.body !== undefined) {
    const raw = typeof endpoint.body === 'string' ? endpoint.body : JSON.stringify(endpoint.body);
    request.body = raw.replaceAll(PASSWORD_PLACEHOLDER, password);
    if (typeof endpoint.body !== 'string') request.headers['content-type'] = 'application/json';
  }
  return request;
}

/** autocannon keeps latencies in whole milliseconds: record our own, to the microsecond. */
function cannon(request: Request, seconds: number, latencies?: number[]) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { ...request, connections: CONNECTIONS, duration: seconds, timeout: 10 },
      (error: unknown, result) =>
        error
          ? reject(
              error instanceof Error ? error : new Error('autocannon failed', { cause: error }),
            )
          : resolve(result),
    );
    if (latencies) {
      instance.on('response', (_client, status, _bytes, time) => {
        if (status >= 200 && status < 300) latencies.push(time);
      });
    }
  });
}

/** `getconf CLK_TCK`: the unit of /proc's CPU times, 100 on Linux. */
const CLOCK_TICKS = 100;

/** A process's CPU time so far in µs, from /proc (Linux); undefined elsewhere. */
function cpuTimeUs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * (1_000_000 / CLOCK_TICKS) : undefined;
  } catch {
    return undefined;
  }
}
async function measureEndpoint(
  request: Request,
  serverPid: number | undefined,
): Promise<Omit<EndpointResult, 'name' | 'sql'>> {
  await cannon(request, WARMUP_SECONDS);
  const latencies: number[] = [];
  const cpuBefore = cpuTimeUs(serverPid);
  const result = await cannon(request, SECONDS, latencies);
  const cpuAfter = cpuTimeUs(serverPid);
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = count ?? 0;
  }
  return {
    method: request.method,
    path: new URL(request.url).pathname + new URL(request.url).search,
    requestsPerSecond: result['2xx'] / result.duration,
    latencyMs: summarize(latencies),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    serverCpuUs:
      cpuBefore !== undefined && cpuAfter !== undefined && result['2xx'] > 0
        ? Math.round((cpuAfter - cpuBefore) / result['2xx'])
        : undefined,
  };
}

/**
 * The bare query on a pool of CONNECTIONS, as many times as it goes for `seconds`: a text, or a
 * named statement (prepared once per connection).
 */
async function measureSql(pool: pg.Pool, sql: string | pg.QueryConfig, seconds: number) {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await pool.query(sql);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const { p50, p95, p99 } = summarize(latencies);
  return {
    requestsPerSecond: latencies.length / ((performance.now() - started) / 1000),
    latencyMs: { p50, p95, p99 },
  };
}

// ---- Output ----

const rate = (value: number) => (value >= 100 ? Math.round(value).toString() : value.toFixed(1));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');

const sqlP50 = (r: EndpointResult) =>
  !r.sql ? '' : 'skipped' in r.sql ? 'n/a' : ms(r.sql.latencyMs.p50);

/** Columns padded to their widest cell, the first to the left; a line under the header rows. */
/**
 * Columns padded to their widest cell, the first to the left; a line under the header. With
 * `groups`, a line above names each group of `groupSize` columns after the first.
 */
function printRows(
  header: string[],
  body: string[][],
  groups?: { titles: string[]; groupSize: number },
) {
  const all = [header, ...body];
  const widths = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const titles = groups?.titles.map((title, g) => {
    const span = widths.slice(1 + g * groups.groupSize, 1 + (g + 1) * groups.groupSize);
    const width = span.reduce((sum, w) => sum + w, 0) + 2 * (span.length - 1);
    const padded = ` ${title} `.padStart(Math.ceil((width + title.length + 2) / 2), '-');
    return padded.padEnd(width, '-');
  });
  console.log();
  if (titles) console.log([' '.repeat(widths[0]), ...titles].join('  '));
  console.log(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of body) console.log(line(row));
}

function printTable(results: EndpointResult[]) {
  printRows(
    [
      'endpoint',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'bare-SQL p50 ms',
      'server CPU µs/req',
      'non-2xx/errors',
    ],
    results.map((r) => [
      r.name,
      rate(r.requestsPerSecond),
      ms(r.latencyMs.p50),
      ms(r.latencyMs.p95),
      ms(r.latencyMs.p99),
      sqlP50(r),
      r.serverCpuUs?.toString() ?? '-',
      `${r.non2xx}/${r.errors}`,
    ]),
  );
}

/**
 * One row per endpoint, a group of columns per size: req/s, p50, p99, the bare SQL's p50 and
 * the server's CPU per request.
 */
function printSizes(runs: Run[]) {
  const names = [...new Set(runs.flatMap((run) => run.results.map((r) => r.name)))];
  const group = ['req/s', 'p50 ms', 'p99 ms', 'SQL p50', 'CPU µs'];
  const title = (run: Run) => `${(run.seededClients ?? 0).toLocaleString('en-US')} clients`;
  printRows(
    ['endpoint', ...runs.flatMap(() => group)],
    names.map((name) => [
      name,
      ...runs.flatMap((run) => {
        const r = run.results.find((result) => result.name === name);
        if (!r) return ['-', '-', '-', '-', '-'];
        const failed = r.non2xx > 0 || r.errors > 0 ? '!' : '';
        return [
          rate(r.requestsPerSecond) + failed,
          ms(r.latencyMs.p50),
          ms(r.latencyMs.p99),
          sqlP50(r),
          r.serverCpuUs?.toString() ?? '-',
        ];
      }),
    ]),
    { titles: runs.map(title), groupSize: group.length },
  );
  for (const run of runs) {
    const seeded =
      run.seedSeconds === null ? 'not seeded' : `seeded in ${run.seedSeconds.toFixed(0)} s`;
    console.log(`${title(run)}: ${seeded} (${run.engine})`);
  }
  if (runs.some((run) => run.results.some((r) => r.non2xx > 0 || r.errors > 0))) {
    console.log('!: some answers were not 2xx or failed (see above)');
  }
}

// ---- The run ----

async function seedDemo(env: NodeJS.ProcessEnv, clients: number): Promise<number | null> {
  if (!existsSync(join(ROOT, SEED_SCRIPT))) {
    console.log(`Note: ${SEED_SCRIPT} does not exist yet; no demo data seeded.`);
    return null;
  }
  console.log(`Seeding demo data (--clients ${clients})...`);
  const started = performance.now();
  // Its own process group, so that a time-out or Ctrl-C stops npx, tsx and node alike.
  const extra = [
    ...(process.env.BENCH_SEED_APPOINTMENTS
      ? ['--appointments', process.env.BENCH_SEED_APPOINTMENTS]
      : []),
    ...(process.env.BENCH_SEED_DAYS ? ['--days', process.env.BENCH_SEED_DAYS] : []),
  ];
  const child = spawn('npx', ['tsx', SEED_SCRIPT, '--clients', String(clients), ...extra], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const stopSeed = () => stop(child, 5_000, true);
  cleanups.push(stopSeed);
  const timer = setTimeout(() => {
    console.error(`Seeding took more than ${SEED_TIMEOUT_MS / 60_000} min: stopping it.`);
    void stopSeed();
  }, SEED_TIMEOUT_MS);
  const code = await exited(child);
  clearTimeout(timer);
  if (code !== 0) await abort(`Seeding failed (exit code ${code}).`);
  const seconds = (performance.now() - started) / 1000;
  console.log(`Seeded in ${seconds.toFixed(1)} s.`);
  return seconds;
}

/** Runs the clean-up steps pushed since `mark`, newest first: the end of one size's run. */
async function unwind(mark: number) {
  while (cleanups.length > mark) {
    const step = cleanups.pop()!;
    try {
      await step();
    } catch (error) {
      console.error('clean-up:', error instanceof Error ? error.message : error);
    }
  }
}

interface Run {
  engine: string;
  seededClients: number | null;
  seedSeconds: number | null;
  results: EndpointResult[];
}

/**
 * One run: a fresh database (PGlite directory, or a new bench_<timestamp> database on the
 * server), demo data when `seedClients` is given, the server, and every endpoint measured.
 * Everything it set up is torn down before it returns.
 */
async function benchRun(seedClients: number | undefined): Promise<Run> {
  const mark = cleanups.length;
  const password = `Bench-${randomBytes(9).toString('base64url')}`;
  const dataDir = mkdtempSync(join(os.tmpdir(), 'groomer-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: password,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };

  let engine = `pglite ${pgliteVersion()}`;
  let database: string | undefined;
  let pool: pg.Pool | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    database = `bench_${Date.now()}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${database}`);
    cleanups.push(async () => {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    });
    env.DATABASE_URL = withDatabase(serverUrl, database);
    const version = await adminQuery(env.DATABASE_URL, 'SHOW server_version');
    engine = `postgresql ${(version.rows[0] as { server_version: string }).server_version}`;
  } else {
    delete env.DATABASE_URL;
  }
  console.log(`Engine: ${engine}${database ? ` (database ${database})` : ''}`);
  const [load] = os.loadavg();
  if (load > os.cpus().length / 2) {
    console.log(`Note: load average ${load.toFixed(1)} on ${os.cpus().length} CPUs: expect noise.`);
  }

  const seedSeconds = seedClients !== undefined ? await seedDemo(env, seedClients) : null;

  // From here on the run is bounded: a warm-up and a measure per endpoint (twice with SQL),
  // plus the server's start and stop.
  const budgetMs =
    STARTUP_TIMEOUT_MS + 30_000 + endpoints.length * 2 * (WARMUP_SECONDS + SECONDS + 10) * 1000;
  const watchdog = setTimeout(
    () => void abort(`The bench took more than ${Math.round(budgetMs / 1000)} s: giving up.`),
    budgetMs,
  );
  cleanups.push(() => clearTimeout(watchdog));

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  env.PORT = String(port);
  const serverOutput: string[] = [];
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  captureOutput(server, serverOutput);
  let stopping = false;
  cleanups.push(() => {
    stopping = true;
    return stop(server);
  });
  server.once('exit', (code, signal) => {
    if (cleaning || stopping) return;
    void abort(`The server exited (${signal ?? `code ${code}`}):\n${serverOutput.join('\n')}`);
  });

  const startedAt = performance.now();
  for (;;) {
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - startedAt > STARTUP_TIMEOUT_MS) {
      await abort(`The server did not answer /api/health in time:\n${serverOutput.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(
    `Server up on ${origin} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`,
  );

  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: JSON.stringify({ login: 'admin', password }) }),
  });
  const answer = (await login.json()) as { status?: string; data?: unknown };
  if (answer.status !== 'success' || typeof answer.data !== 'string') {
    await abort(`Sign-in failed (${login.status}): ${JSON.stringify(answer)}`);
  }
  const token = answer.data as string;
  const get: BenchGet = async (path) =>
    (await fetch(origin + path, { headers: { authorization: token } })).json();

  if (env.DATABASE_URL) {
    const bare = new pg.Pool({ connectionString: env.DATABASE_URL, max: CONNECTIONS });
    bare.on('error', () => undefined);
    pool = bare;
    cleanups.push(() => bare.end());
  }

  console.log(
    `Measuring ${endpoints.length} endpoints: ${CONNECTIONS} connections, ` +
      `${WARMUP_SECONDS} s warm-up + ${SECONDS} s each...`,
  );
  const results: EndpointResult[] = [];
  for (const listed of endpoints) {
    const resolved = listed.resolve ? await listed.resolve(get, token) : listed;
    if (!resolved) {
      console.log(`  ${listed.name}: skipped (no data to point it at)`);
      continue;
    }
    const endpoint = { ...listed, ...resolved };
    const request = requestOf(endpoint, origin, password, token);
    const result: EndpointResult = {
      name: endpoint.name,
      ...(await measureEndpoint(request, server.pid)),
    };
    if (endpoint.sql) {
      if (!pool) {
        result.sql = { skipped: 'PGlite: the server holds the database' };
      } else {
        try {
          const query = endpoint.prepared
            ? { name: `bench_${results.length}`, text: endpoint.sql }
            : endpoint.sql;
          await measureSql(pool, query, WARMUP_SECONDS);
          result.sql = await measureSql(pool, query, SECONDS);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          result.sql = { skipped: `query failed: ${message}` };
          console.error(`  ${endpoint.name}: bare SQL failed: ${message}`);
        }
      }
    }
    if (result.non2xx > 0 || result.errors > 0) {
      console.error(
        `  ${endpoint.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors ` +
          `(status codes ${JSON.stringify(result.statusCodes)})`,
      );
    }
    results.push(result);
  }

  await unwind(mark);
  return { engine, seededClients: seedClients ?? null, seedSeconds, results };
}

function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    /** 1, 5 and 15 min at the end: a busy machine explains noisy numbers. */
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

function writeReport(report: object) {
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to bench/results/latest.json`);
}

async function main() {
  const settings = { connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS };
  if (SIZES) {
    const runs: Run[] = [];
    for (const size of SIZES) {
      console.log(`\n== ${size.toLocaleString('en-US')} clients ==`);
      runs.push(await benchRun(size));
    }
    printSizes(runs);
    writeReport({
      date: new Date().toISOString(),
      engine: runs[0]?.engine,
      machine: machine(),
      settings: { ...settings, sizes: SIZES },
      runs,
    });
  } else {
    const run = await benchRun(SEED_CLIENTS);
    printTable(run.results);
    if (!process.env.DATABASE_URL && endpoints.some((e) => e.sql || e.resolve)) {
      console.log('\nBare SQL: n/a on PGlite (the server holds its lock); set DATABASE_URL.');
    }
    writeReport({
      date: new Date().toISOString(),
      engine: run.engine,
      machine: machine(),
      settings: { ...settings, seededClients: SEED_CLIENTS ?? null },
      results: run.results,
    });
  }
  await cleanup();
}

main().then(
  () => process.exit(0),
  (error: unknown) =>
    abort(`Bench failed: ${error instanceof Error ? error.stack : String(error)}`),
);
