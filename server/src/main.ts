import { buildApp, WEB_DIST } from './app';
import { readConfig } from './config';
import { purgeExpiredSessions } from './auth/sessions';
import { purgeThrottles } from './auth/throttle';
import { startDailyBackup } from './db/daily-backup';
import { runExclusive } from './db/exclusive';
import { DataDirLockedError } from './db/data-dir';
import { openAppDatabase } from './db/open';
import { createMailer } from './mail/mailer';
import { startReminderTimer } from './features/agenda';
import { secretBox, type SecretBox } from './auth/secrets';
import type { Db } from './db/client';
import {
  startReceiptSender,
  sunatTransport,
  type ReceiptSender,
  type Transport,
} from './features/electronic-receipts';
import { sendingSettings } from './features/settings';
import { pseTransport } from './features/checkout';

/** An arbitrary constant: the advisory lock of the hourly purge. */
const PURGE_LOCK = 5_102_377;

/**
 * How receipts are sent with the settings of the moment: read on each round, so a change in
 * Ajustes applies at once. Null while receipts are not electronic.
 */
async function receiptTransport(db: Db, secrets: SecretBox): Promise<Transport | null> {
  const sending = await sendingSettings(db, secrets);
  if (!sending) return null;
  return sending.modo === 'pse' ? pseTransport(db, sending) : sunatTransport(sending);
}

async function main() {
  const config = readConfig();
  // Seeding without ADMIN_PASSWORD prints the generated passwords and writes them to DATA_DIR.
  const { database, close } = await openAppDatabase(config);

  // Started once the app is built (it logs through it); a sale wakes it through this.
  const sender: { started?: ReceiptSender } = {};
  const app = await buildApp({
    db: database.db,
    engine: database.engine,
    config,
    webRoot: WEB_DIST,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    wakeSender: () => sender.started?.wake(),
  });
  const policy = { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours };
  // Hourly, by one process of those on the database. A failed purge (the database restarting)
  // is retried next hour; it must not end the process.
  const purge = setInterval(() => {
    runExclusive(database.db, PURGE_LOCK, async (tx) => {
      await purgeExpiredSessions(tx, policy);
      await purgeThrottles(tx);
    }).catch((error: unknown) =>
      app.log.warn({ err: error }, 'No se pudieron purgar las sesiones vencidas'),
    );
  }, 3_600_000);
  purge.unref();
  // The daily e-mail reminders (decisions §reminders): every process may run it; one sends each
  // mail.
  const stopReminders = startReminderTimer(
    database.db,
    {
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        dataDir: config.dataDir,
        log: (message) => app.log.warn(message),
      }),
      appUrl: config.appUrl,
    },
    app.log,
  );

  // The electronic receipts' sender (DESIGN §11.2): every process runs one; each document is
  // claimed by one of them.
  const secrets = secretBox(database.db, config.secretKey);
  sender.started = startReceiptSender(
    database.db,
    () => receiptTransport(database.db, secrets),
    app.log,
  );

  const stopBackups = config.backupDir
    ? startDailyBackup(
        database,
        { dir: config.backupDir, keepDays: config.backupKeepDays },
        app.log,
      )
    : () => undefined;

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    stopReminders();
    sender.started?.stop();
    stopBackups();
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  await app.listen({ port: config.port, host: config.host });
  console.log(`Servidor en http://${config.host}:${config.port} (${database.engine})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
