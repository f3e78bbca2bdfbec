import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ACCOUNT_FIELD_MESSAGES, ACCOUNT_MESSAGES } from '@app/domain';
import type { SecretBox } from '../../auth/secrets';
import type { SessionPolicy } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, invalid } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';

export interface AccountOptions {
  db: Db;
  /** Seals the second factor's secret (auth/secrets.ts). */
  secrets: SecretBox;
  /** Which sessions are still open, for the own list of sessions. */
  policy: SessionPolicy;
  config: Pick<Config, 'dataDir' | 'appUrl' | 'smtpUrl'>;
  /** Tests may pass their own; by default one is built from the config. */
  mailer?: Mailer;
}

export const tags = ['account'];

export const tooMany = (reply: FastifyReply, waitMs: number) => {
  void reply.header('retry-after', Math.ceil(waitMs / 1000));
  return new HttpError(429, ACCOUNT_MESSAGES.tooMany);
};

export const emailEquals = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export const emailTaken = () => invalid('email', ACCOUNT_FIELD_MESSAGES.emailTaken);
