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

/** A mail as the client reads it: quoted-printable soft breaks and escapes undone, as UTF-8. */
const decoded = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Waits until `count` mails to `to` are in the outbox, and answers them oldest first, decoded. */
export async function mailsTo(to: string, count: number): Promise<string[]> {
  const dir = await outboxDir(test.info());
  let found: string[] = [];
  await expect(async () => {
    // The files are named by the time they were written.
    const names = (await readdir(dir).catch(() => [] as string[])).sort();
    const mails = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
    found = mails.filter((eml) => new RegExp(`^To: ${to}$`, 'mi').test(eml));
    expect(found.length, `mails to ${to}`).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 10_000 });
  return found.map(decoded);
}

/** The newest mail to `to`, decoded. */
export async function mailTo(to: string): Promise<string> {
  return (await mailsTo(to, 1)).at(-1) ?? '';
}

/** The link in `mail` to the app's `path` (a pattern of the path and query), whole. */
export function linkIn(mail: string, path: RegExp): string {
  const link = new RegExp(`https?://[^/\\s]+${path.source}`).exec(mail)?.[0];
  expect(link, `a link to ${path.source} in the mail`).toBeDefined();
  return link ?? '';
}
