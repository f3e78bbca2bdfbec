import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, writeInitialCredentials } from './data-dir';

describe('data directory', () => {
  it('refuses a second server on the same directory with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'groomer-lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/Otro servidor ya está usando/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('writes the generated credentials readable only by their owner', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groomer-cred-'));
    // A file left world-readable by an earlier start is tightened too.
    writeFileSync(join(dir, 'initial-credentials.txt'), 'old', { mode: 0o644 });
    const file = writeInitialCredentials(dir, 'Secreta1!');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
