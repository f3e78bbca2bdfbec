import { resolve } from 'node:path';
import { z } from 'zod';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  /** The seeded admin's e-mail; without it the admin has none until set in Perfil. */
  adminEmail: string | undefined;
  smtpUrl: string | undefined;
  appUrl: string;
  sessionIdleMinutes: number;
  /** Absolute session lifetime, whatever the activity (api §credential). */
  sessionMaxHours: number;
  /**
   * Which proxies' X-Forwarded-For gives the client address (Fastify's `trustProxy`): none
   * (false, the default: the socket's address), any (true), or these addresses or ranges.
   */
  trustProxy: boolean | string[];
  /** Where the server writes its daily backup (decisions §backups); none when unset. */
  backupDir: string | undefined;
  backupKeepDays: number;
  /**
   * SECRET_KEY: what encrypts secrets at rest (auth/secrets.ts). Unset, the server generates a
   * key once and keeps it in the database.
   */
  secretKey?: string;
  /**
   * WHATSAPP_API_URL: the Graph API's base (features/whatsapp/graph-api.ts); unset, Meta's
   * own. Tests and e2e point it at a local fake.
   */
  whatsappApiUrl?: string;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/** At least 32 characters (`openssl rand -base64 32`): the key is derived from it. */
function secretKey(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 32) throw new Error('SECRET_KEY must have at least 32 characters');
  return value;
}

function emailAddress(value: string | undefined, name: string): string | undefined {
  const text = value?.trim().toLowerCase();
  if (!text) return undefined;
  if (!z.email().safeParse(text).success)
    throw new Error(`${name} must be an e-mail address, got "${value}"`);
  return text;
}

/** TRUST_PROXY: unset, `false` or `0` = off; `true`; or the proxies' addresses, comma-separated. */
function trustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  return text
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveInt(env.PORT, 3000, 'PORT');
  const host = env.HOST || '127.0.0.1';
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminEmail: emailAddress(env.ADMIN_EMAIL, 'ADMIN_EMAIL'),
    smtpUrl: env.SMTP_URL || undefined,
    appUrl: env.APP_URL || `http://${host}:${port}`,
    sessionIdleMinutes: positiveInt(env.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES'),
    sessionMaxHours: 12,
    trustProxy: trustProxy(env.TRUST_PROXY),
    backupDir: env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : undefined,
    backupKeepDays: positiveInt(env.BACKUP_KEEP_DAYS, 30, 'BACKUP_KEEP_DAYS'),
    secretKey: secretKey(env.SECRET_KEY),
    whatsappApiUrl: env.WHATSAPP_API_URL || undefined,
  };
}
