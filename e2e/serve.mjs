// Starts the real server for the browser tests on a fresh data directory (or a fresh
// PostgreSQL database when DATABASE_URL is set), with the known password of e2e/support.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The company's RUC the specs save in Ajustes (e2e/checkout.spec.ts and others). */
const E2E_COMPANY_RUC = '20131312955';

const dataDir = mkdtempSync(join(tmpdir(), 'groomer-e2e-'));
// Where a spec finds this server's files (the mail outbox): keyed by port, as runs share /tmp.
writeFileSync(join(tmpdir(), `groomer-e2e-${process.env.PORT ?? '3100'}.datadir`), dataDir);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'Admin123!',
  // The seeded admin's address: the specs use it as one that is taken.
  ADMIN_EMAIL: 'admin@groomer.pe',
  E2E: '1',
  CHECK_RESPONSES: '1',
};
const adminUrl = process.env.DATABASE_URL;
// One server per port, each on its own database: the port tells this one's leftovers apart.
const label = `e2e_${process.env.PORT ?? '3100'}_`;
const database = `${label}${Date.now()}`;
if (adminUrl) {
  // A run stopped hard leaves its database behind; this label's servers cannot overlap (one port).
  await dropLeftovers(adminUrl, label);
  env.DATABASE_URL = await freshDatabase(adminUrl, database);
}

// A fake SUNAT beside the server, on a port of its own: the specs' electronic receipts go there.
const sunatPort = Number(process.env.PORT ?? '3100') + 1000;
env.SUNAT_URL = `http://127.0.0.1:${sunatPort}/ol-ti-itcpfegem-beta/billService`;
const sunat = spawn('node', ['--import', 'tsx', 'e2e/fake-sunat.ts'], {
  env: { ...process.env, FAKE_SUNAT_PORT: String(sunatPort), FAKE_SUNAT_RUC: E2E_COMPANY_RUC },
  stdio: 'inherit',
});

const server = spawn('node', ['--import', 'tsx', 'server/src/main.ts'], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    sunat.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', async (code) => {
  sunat.kill('SIGTERM');
  if (adminUrl) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  process.exit(code ?? 0);
});

async function adminQuery(url, statement) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function dropLeftovers(url, prefix) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1',
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function freshDatabase(url, name) {
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}
