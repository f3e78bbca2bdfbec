import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/app';
import { runDailyBackup } from './daily-backup';

const database = await openTestDatabase();
afterAll(() => database.close());

describe('the daily backup (BACKUP_DIR)', () => {
  it('writes one backup per Lima day and deletes those older than the days kept', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'groomer-daily-')), 'copias');
    // 02:00 UTC on the 25th is still the 24th in Lima.
    const now = new Date('2026-11-25T02:00:00Z');
    const options = { dir, keepDays: 30, now };
    const first = await runDailyBackup(database, options);
    expect(first).toBe(join(dir, 'groomer-2026-11-24.json.gz'));
    expect(await runDailyBackup(database, options)).toBeUndefined();

    // Kept: the 30 days before the 25th of November, from the 26th of October on.
    writeFileSync(join(dir, 'groomer-2026-10-25.json.gz'), 'vieja');
    writeFileSync(join(dir, 'groomer-2026-10-26.json.gz'), 'guardada');
    writeFileSync(join(dir, 'otra-cosa.txt'), 'no es una copia');
    const next = await runDailyBackup(database, {
      ...options,
      now: new Date('2026-11-25T06:00:00Z'),
    });
    expect(next).toBe(join(dir, 'groomer-2026-11-25.json.gz'));
    expect(readdirSync(dir).sort()).toEqual([
      'groomer-2026-10-26.json.gz',
      'groomer-2026-11-24.json.gz',
      'groomer-2026-11-25.json.gz',
      'otra-cosa.txt',
    ]);
    expect(existsSync(`${next}.part`)).toBe(false);
  });
});
