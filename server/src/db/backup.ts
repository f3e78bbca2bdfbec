import { sql } from 'drizzle-orm';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database, Db, Tx } from './client';
import { runExclusive } from './exclusive';
import { migrate, migrationsFolder } from './migrate';
import { rowsOf } from './sql-rows';

/**
 * Backups (decisions §backups): one gzip file of JSON lines holding every table of the database,
 * and so the uploads, which live there. It is read through SQL inside one REPEATABLE READ
 * transaction, a consistent snapshot on PGlite and PostgreSQL alike (no pg_dump), and restores
 * into either engine: a business can move from PGlite to a PostgreSQL server with it.
 *
 * Line 1 is the header; then `["table", row]` per row (the row as `to_jsonb` writes it, which
 * `jsonb_populate_recordset` reads back exactly); the last line holds the sequences.
 */

const FORMAT = 'groomer-backup';
const VERSION = 1;

interface Header {
  formato: typeof FORMAT;
  version: number;
  creado: string;
  motor: Database['engine'];
  /** How many migrations the database had: a restore builds that schema before the rows. */
  migraciones: number;
  tablas: Record<string, number>;
}

export class BackupError extends Error {}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** The app's tables (public schema), parents before the tables whose keys point at them. */
async function tablesInOrder(executor: Db | Tx): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await executor.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    ),
  ).map((row) => row.name);
  const edges = rowsOf<{ child: string; parent: string }>(
    await executor.execute(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`),
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child !== parent) parents.get(unquote(child))?.add(unquote(parent));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new BackupError('Las tablas se referencian en ciclo');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

async function migrationCount(executor: Db | Tx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await executor.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  return row?.n ?? 0;
}

/**
 * Writes the whole database to `file` (gzip), written aside and renamed once complete; answers
 * the rows per table. With `lock`, only if no other process holds that advisory lock (then
 * nothing is written and the answer is undefined).
 */
export async function writeBackup(
  database: Database,
  file: string,
  { lock }: { lock?: number } = {},
): Promise<Header['tablas'] | undefined> {
  const partial = `${file}.part`;
  const job = async (tx: Tx) => {
    const gzip = createGzip();
    const out = gzip.pipe(createWriteStream(partial, { mode: 0o600 }));
    const write = async (line: string) => {
      if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
    };
    try {
      const counts = await writeSnapshot(tx, database.engine, write);
      gzip.end();
      await once(out, 'finish');
      return counts;
    } catch (error) {
      gzip.destroy();
      await rm(partial, { force: true });
      throw error;
    }
  };
  const snapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;
  const written =
    lock === undefined
      ? await database.db.transaction(job, snapshot)
      : await runExclusive(database.db, lock, job, snapshot);
  if (written) await rename(partial, file);
  return written;
}

/** The header, every table's rows and the sequences, as lines given to `write`. */
async function writeSnapshot(
  tx: Tx,
  engine: Database['engine'],
  write: (line: string) => Promise<void>,
): Promise<Header['tablas']> {
  const counts: Header['tablas'] = {};
  const tables = await tablesInOrder(tx);
  for (const table of tables) {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from ${ident(table)}`),
    );
    counts[table] = row.n;
  }
  const header: Header = {
    formato: FORMAT,
    version: VERSION,
    creado: new Date().toISOString(),
    motor: engine,
    migraciones: await migrationCount(tx),
    tablas: counts,
  };
  await write(JSON.stringify(header));
  // A cursor per table: the rows come in batches, never all at once in memory.
  for (const table of tables) {
    await tx.execute(
      sql`declare backup_rows no scroll cursor for select to_jsonb(t)::text as r from ${ident(table)} t`,
    );
    for (;;) {
      const batch = rowsOf<{ r: string }>(
        await tx.execute(sql`fetch forward 500 from backup_rows`),
      );
      for (const { r } of batch) await write(`[${JSON.stringify(table)},${r}]`);
      if (batch.length < 500) break;
    }
    await tx.execute(sql`close backup_rows`);
  }
  const sequences = rowsOf<{ name: string; value: string | null }>(
    await tx.execute(sql`
      select sequencename as name, last_value::text as value
      from pg_sequences where schemaname = 'public'`),
  );
  await write(
    JSON.stringify({ secuencias: Object.fromEntries(sequences.map((s) => [s.name, s.value])) }),
  );
  return counts;
}

/** Whether the database holds no table of the app yet. */
export async function isEmptyDatabase(executor: Db | Tx): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(
    await executor.execute(
      sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    ),
  );
  return row.n === 0;
}

/** A copy of the migrations folder that stops after the first `count` migrations. */
async function migrationsUpTo(count: number): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'groomer-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

async function* linesOf(file: string) {
  const input = createReadStream(file).pipe(createGunzip());
  yield* createInterface({ input, crlfDelay: Infinity });
}

/**
 * Tables a restored database starts without (issue 28 §11): a session or a reset link of the
 * copy would let whoever held it in, on a server that may now be elsewhere and for people who
 * may since have lost their access. Everyone signs in again.
 */
const FORGOTTEN_ON_RESTORE = ['sessions', 'password_resets'];

/** Rows per insert: few enough that a batch of photos stays a few megabytes. */
const BATCH_ROWS = 200;

/**
 * Restores `file` into an empty database: the schema as the backup knew it, then every row in
 * one transaction (triggers off: the summaries come from the backup), the sequences, and
 * finally the migrations added since; without sessions and reset links. Refuses a database
 * that holds anything.
 */
export async function restoreBackup(database: Database, file: string): Promise<Header['tablas']> {
  const { db } = database;
  const lines = linesOf(file);
  let header: Header;
  try {
    const first = await lines.next();
    header = JSON.parse(first.done ? '' : first.value) as Header;
  } catch {
    throw new BackupError('El archivo no es una copia de seguridad del sistema');
  }
  if (header.formato !== FORMAT || header.version !== VERSION) {
    throw new BackupError('El archivo no es una copia de seguridad del sistema');
  }
  if (!(await isEmptyDatabase(db))) {
    throw new BackupError(
      'La base de datos de destino no está vacía: la restauración solo se hace en una vacía',
    );
  }
  const folder = await migrationsUpTo(header.migraciones);
  try {
    await migrate(database, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  const counts: Header['tablas'] = {};
  await db.transaction(async (tx) => {
    const tables = new Set(await tablesInOrder(tx));
    for (const table of tables) counts[table] = 0;
    const columns = new Map<string, string[]>();
    for (const table of tables) {
      // Generated columns are computed again from the others.
      const names = rowsOf<{ name: string }>(
        await tx.execute(sql`
          select a.attname as name from pg_attribute a
          where a.attrelid = ${`public."${table}"`}::regclass and a.attnum > 0
            and not a.attisdropped and a.attgenerated = ''
          order by a.attnum`),
      ).map((row) => row.name);
      columns.set(table, names);
      await tx.execute(sql`alter table ${ident(table)} disable trigger user`);
    }
    let pending: { table: string; rows: string[] } | undefined;
    const flush = async () => {
      if (!pending || pending.rows.length === 0) return;
      const list = sql.join(columns.get(pending.table)!.map(ident), sql`, `);
      await tx.execute(sql`
        insert into ${ident(pending.table)} (${list}) overriding system value
        select ${list} from jsonb_populate_recordset(null::${ident(pending.table)}, ${`[${pending.rows.join(',')}]`}::jsonb)`);
      counts[pending.table] += pending.rows.length;
      pending.rows = [];
    };
    let sequences: Record<string, string | null> = {};
    for await (const line of lines) {
      if (line === '') continue;
      if (line.startsWith('{')) {
        sequences = (JSON.parse(line) as { secuencias: typeof sequences }).secuencias;
        continue;
      }
      // `["table",{...}]`: the table's name is the first JSON string.
      const comma = line.indexOf('",');
      const table = JSON.parse(line.slice(1, comma + 1)) as string;
      if (!tables.has(table))
        throw new BackupError(`La copia tiene una tabla desconocida: ${table}`);
      if (pending?.table !== table) {
        await flush();
        pending = { table, rows: [] };
      }
      pending.rows.push(line.slice(comma + 2, -1));
      if (pending.rows.length >= BATCH_ROWS) await flush();
    }
    await flush();
    for (const [name, value] of Object.entries(sequences)) {
      if (value !== null)
        await tx.execute(sql`select setval(${`public."${name}"`}, ${value}::bigint)`);
    }
    for (const table of tables) {
      await tx.execute(sql`alter table ${ident(table)} enable trigger user`);
    }
    for (const [table, expected] of Object.entries(header.tablas)) {
      if ((counts[table] ?? 0) !== expected) {
        throw new BackupError(`La copia está incompleta: faltan filas de ${table}`);
      }
    }
    for (const table of FORGOTTEN_ON_RESTORE.filter((t) => tables.has(t))) {
      await tx.execute(sql`delete from ${ident(table)}`);
      counts[table] = 0;
    }
  });
  await migrate(database);
  return counts;
}
