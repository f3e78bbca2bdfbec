import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** A file sent with a mail (a complaint's hoja as a PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` (or `smtps://`); without it mails go to the outbox. */
  smtpUrl: string | undefined;
  dataDir: string;
  from?: string;
  /** Where the outbox says what it wrote. */
  log: (message: string) => void;
}

export const DEFAULT_FROM = 'Groomer <no-reply@groomer.pe>';

/** `DATA_DIR/outbox/`: where mails land when no SMTP server is configured (architecture §mail). */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/**
 * Mails through nodemailer: over SMTP when `SMTP_URL` is set; otherwise nodemailer's stream
 * transport builds the real RFC 822 message and it is written as an `.eml` file to the outbox,
 * so password recovery works out of the box and tests read exactly what would have been sent.
 */
export function createMailer({
  smtpUrl,
  dataDir,
  from = DEFAULT_FROM,
  log,
}: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const dir = outboxDir(dataDir);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Sortable by time, unique within the millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(dir, name);
      await writeFile(file, info.message, { mode: 0o600 });
      // Not the recipient: the log is read by more people than the outbox (issue 28 §9).
      log(`SMTP_URL no configurado: correo guardado en ${file}`);
    },
  };
}

/**
 * A module's mailer: the one the tests pass, else one built from the config, whose outbox
 * notes go to the app's log.
 */
export function moduleMailer(
  app: { log: { warn(message: string): void } },
  config: Pick<MailerOptions, 'smtpUrl' | 'dataDir'>,
  given?: Mailer,
): Mailer {
  return (
    given ??
    createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      log: (message) => app.log.warn(message),
    })
  );
}
