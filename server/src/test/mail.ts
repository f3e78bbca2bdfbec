import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxDir } from '../mail/mailer';

/** The body of an RFC 822 message as text: quoted-printable soft breaks and escapes undone. */
export function mailText(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first http(s) link of a message. */
export function linkOf(eml: string): URL {
  const match = /https?:\/\/[^\s"<>]+/.exec(mailText(eml));
  if (!match) throw new Error(`no link in mail:\n${eml}`);
  return new URL(match[0]);
}

/** The messages in `DATA_DIR/outbox/`, oldest first. */
export async function outbox(dataDir: string): Promise<string[]> {
  const dir = outboxDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => n.endsWith('.eml'))
    .sort();
  return Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
}

/** Waits for the outbox to hold more than `seen` messages (mails are sent after the answer). */
export async function nextMail(dataDir: string, seen: number, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await outbox(dataDir);
    if (mails.length > seen) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error('no mail arrived in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
