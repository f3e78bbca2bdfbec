import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type TestInfo } from './fixtures';
import { serverPort } from './servers';

/** e2e/serve.mjs writes where its server keeps its files; the mail outbox is there. */
export async function outboxDir(info: TestInfo): Promise<string> {
  const port = serverPort(info.parallelIndex);
  const dataDir = (await readFile(join(tmpdir(), `groomer-e2e-${port}.datadir`), 'utf8')).trim();
  return join(dataDir, 'outbox');
}

/** The newest mail to `to`, its quoted-printable soft breaks undone. */
export async function mailTo(to: string): Promise<string> {
  const dir = await outboxDir(test.info());
  let found: string[] = [];
  await expect(async () => {
    const names = (await readdir(dir).catch(() => [] as string[])).sort();
    const mails = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
    found = mails.filter((eml) => new RegExp(`^To: ${to}$`, 'mi').test(eml));
    expect(found.length).toBeGreaterThan(0);
  }).toPass({ timeout: 10_000 });
  return (found[found.length - 1] ?? '').replace(/=\r?\n/g, '');
}
