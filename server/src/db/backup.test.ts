import { sql } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDatabaseName, serverDatabase, setupTestApp } from '../test/app';
import { createService, registerOwner } from '../test/agenda';
import { apiClient } from '../test/http';
import { multipartBody, pngImage } from '../test/images';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { BackupError, restoreBackup, writeBackup } from './backup';
import { openPglite, type Db } from './client';
import { passwordResets, sessions } from './schema';
import { rowsOf } from './sql-rows';

const ctx = await setupTestApp();
const dir = mkdtempSync(join(tmpdir(), 'groomer-backup-'));
const file = join(dir, 'copia.json.gz');

/** Every table's rows, as text in a stable order, and the sequences. */
async function contentOf(db: Db) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    ),
  ).map((row) => row.name);
  const content: Record<string, string[]> = {};
  for (const table of tables) {
    content[table] = rowsOf<{ r: string }>(
      await db.execute(sql.raw(`select to_jsonb(t)::text as r from "${table}" t order by 1`)),
    ).map((row) => row.r);
  }
  const sequences = rowsOf(
    await db.execute(
      sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`,
    ),
  );
  return { content, sequences };
}

const url = process.env.DATABASE_URL;
/** A new, empty database of the engine the tests run on. */
const emptyDatabase = () => (url ? serverDatabase(url, runDatabaseName('restore')) : openPglite());

beforeAll(async () => {
  // A little of everything: a client with a pet, a service, a sale and an uploaded logo.
  const admin = apiClient(ctx.app, await ctx.signIn());
  await registerOwner(admin, 'Rosa', 'Firulais');
  await createService(ctx.database.db, 'Baño completo', '45.00');
  const { payload, contentType } = await multipartBody(
    {
      json: JSON.stringify({
        nom: 'Huellitas',
        slogan: 'Cuidamos a tu mejor amigo',
        dir: 'Av. Benavides 1234',
        fono: '987654321',
        email: 'contacto@huellitas.pe',
        ruc: '20131312955',
      }),
    },
    [{ name: 'logo', filename: 'logo.png', type: 'image/png', bytes: pngImage() }],
  );
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/ajustes',
    headers: { 'content-type': contentType, authorization: await ctx.signIn() },
    payload,
  });
  expect(saved.statusCode).toBe(201);
  const sale = await admin.post('/venta/register', {
    tipo_comp: 'B',
    items: [{ tipo: 'otro', descripcion: 'Corte de uñas', cantidad: 1, precio: '20.00' }],
    pagos: [{ metodo: 'efectivo', monto: '20.00' }],
  });
  expect(sale.status).toBe(201);
});

// Each case migrates fresh databases: on a loaded 2-core machine that passed 20 s.
describe('backup and restore', { timeout: 60_000 }, () => {
  it('starts a restored database with no sessions and no open reset links', async () => {
    const token = await ctx.signIn();
    await ctx.database.db.insert(passwordResets).values({
      user_id: 1,
      token_hash: 'a'.repeat(64),
      expires_at: new Date(Date.now() + 3_600_000),
    });
    const copy = join(dir, 'con-sesiones.json.gz');
    const counts = await writeBackup(ctx.database, copy);
    expect(counts?.sessions).toBeGreaterThan(0);
    expect(counts?.password_resets).toBeGreaterThan(0);
    const target = await openPglite();
    try {
      await restoreBackup(target, copy);
      expect(await target.db.select().from(sessions)).toEqual([]);
      expect(await target.db.select().from(passwordResets)).toEqual([]);
      // The session of the copy does not sign anyone in on the restored server.
      const restored = await buildApp({ db: target.db, config: readConfig({}) });
      try {
        const res = await restored.inject({
          method: 'GET',
          url: '/api/clientes/',
          headers: { authorization: token },
        });
        expect(res.statusCode).toBe(401);
      } finally {
        await restored.close();
      }
    } finally {
      await target.close();
    }
  });

  it('restores into an empty database exactly what was backed up, every table', async () => {
    const counts = await writeBackup(ctx.database, file);
    expect(counts?.archivos).toBe(1);
    const original = await contentOf(ctx.database.db);
    // Except the sessions and reset links: a restored database starts without them.
    const restored = {
      ...original,
      content: { ...original.content, sessions: [], password_resets: [] },
    };
    // On PostgreSQL, into PGlite too: a business may move either way.
    const targets = url ? [await emptyDatabase(), await openPglite()] : [await openPglite()];
    for (const target of targets) {
      try {
        expect(await restoreBackup(target, file)).toEqual({
          ...counts,
          sessions: 0,
          password_resets: 0,
        });
        expect(await contentOf(target.db)).toEqual(restored);
      } finally {
        await target.close();
      }
    }
    // Two fresh databases, each migrated: on a loaded 2-core machine that passed 20 s.
  }, 60_000);

  it('refuses a file that is no backup, and a database that is not empty', async () => {
    const other = join(dir, 'otro.json.gz');
    writeFileSync(other, gzipSync('{"hola": 1}\n'));
    await expect(restoreBackup(ctx.database, other)).rejects.toThrow(
      new BackupError('El archivo no es una copia de seguridad del sistema'),
    );
    await expect(restoreBackup(ctx.database, file)).rejects.toThrow(
      'La base de datos de destino no está vacía',
    );
  });
});
