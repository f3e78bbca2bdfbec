import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './client';
import { storedFiles } from './schema';
import { fileType } from './stored-files';

/**
 * Versions before uploads moved into the database (decisions §several-processes) kept uploads as
 * files under `DATA_DIR/uploads/` (avatars in its `avatars/`). They move into the database once,
 * under the names the records already hold; the folder is then renamed, not deleted, so nothing is
 * lost if anything went wrong.
 */
export async function importLegacyUploads(db: Db, dataDir: string): Promise<number> {
  const folder = join(dataDir, 'uploads');
  if (!existsSync(folder)) return 0;
  const files: { name: string; path: string }[] = [];
  for (const dir of [folder, join(folder, 'avatars')]) {
    if (!existsSync(dir)) continue;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      // A `.part` file is a write that never finished.
      if (entry.isFile() && !entry.name.startsWith('.')) {
        files.push({ name: entry.name, path: join(dir, entry.name) });
      }
    }
  }
  await db.transaction(async (tx) => {
    for (const file of files) {
      const datos = await readFile(file.path);
      // Another server sharing DATA_DIR may have moved it in already.
      await tx
        .insert(storedFiles)
        .values({ nombre: file.name, tipo: fileType(file.name), datos })
        .onConflictDoNothing();
    }
  });
  await rename(folder, join(dataDir, `uploads-importados-${Date.now()}`)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    },
  );
  return files.length;
}
