import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  appUrl: string;
  sessionIdleMinutes: number;
  /** Absolute session lifetime, whatever the activity (DESIGN §4). */
  sessionMaxHours: number;
  /**
   * Which proxies' X-Forwarded-For gives the client address (Fastify's `trustProxy`): none
   * (false, the default: the socket's address), any (true), or these addresses or ranges.
   */
  trustProxy: boolean | string[];
  /** Where the server writes its daily backup (DESIGN §10.7); none when unset. */
  backupDir: string | undefined;
  backupKeepDays: number;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
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
    smtpUrl: env.SMTP_URL || undefined,
    appUrl: env.APP_URL || `http://${host}:${port}`,
    sessionIdleMinutes: positiveInt(env.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES'),
    sessionMaxHours: 12,
    trustProxy: trustProxy(env.TRUST_PROXY),
    backupDir: env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : undefined,
    backupKeepDays: positiveInt(env.BACKUP_KEEP_DAYS, 30, 'BACKUP_KEEP_DAYS'),
  };
}
