import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, type TwoFactorEnrolment } from '@app/domain';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import type { SecretBox } from './secrets';
import { hashToken } from './sessions';

/**
 * The second factor (issue 28 §5): TOTP as every authenticator app speaks it (RFC 6238: SHA-1,
 * 6 digits, 30 s, through otplib), and single-use recovery codes. The secret is sealed at rest
 * (secrets.ts) under the user's id; recovery codes are kept as SHA-256 hashes, like tokens.
 */

const PERIOD = 30;
/** One step either side: a phone's clock a little off, or a code typed as it turned. */
const TOLERANCE_SECONDS = PERIOD;

const APP_CODE = /^\d{6}$/;

/** What the sealed secret is bound to: it opens on its own user's row only. */
export const secretContext = (userId: number) => `totp:${userId}`;

export const newTotpSecret = () => generateSecret();

/** What the app needs to add the account, shown once: the QR, its address and the key. */
export async function enrolmentOf(
  secret: string,
  issuer: string,
  label: string,
): Promise<TwoFactorEnrolment> {
  const uri = generateURI({ issuer, label, secret });
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { qr, uri, clave: secret };
}

/**
 * The time step `code` belongs to when it is the app's current code (±1 step) and newer than
 * `afterStep`, the last one accepted: a code is good once (RFC 6238 §5.2).
 */
export async function matchingStep(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | undefined> {
  if (!APP_CODE.test(code)) return undefined;
  const latestStep = Math.floor(Date.now() / 1000 / PERIOD) + 1;
  // otplib refuses an `afterTimeStep` past its window: then no code can be newer anyway.
  if (afterStep !== null && afterStep >= latestStep) return undefined;
  const result = await verify({
    secret,
    token: code,
    period: PERIOD,
    epochTolerance: TOLERANCE_SECONDS,
    afterTimeStep: afterStep ?? undefined,
  });
  // The union covers HOTP too, whose results carry no time step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Lower case letters and digits a reader does not confuse (no i, l, o, 0, 1). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const randomChunk = (length: number) =>
  Array.from({ length }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');

/** Eight codes like `k3m9p-x7q2a` (about 49 bits each). */
export const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomChunk(5)}-${randomChunk(5)}`);

/** A recovery code as stored: its hash, whatever case, spaces or dashes it was typed with. */
export const recoveryCodeHash = (code: string) =>
  hashToken(code.toLowerCase().replace(/[^a-z0-9]/g, ''));

/**
 * Spends a code of a user whose second factor is on: the app's current code (its step
 * recorded, so it is not accepted twice) or an unused recovery code (removed). Each is one
 * conditional update, so two requests racing with the same code cannot both succeed.
 */
export async function spendSecondFactorCode(
  db: Db | Tx,
  secrets: SecretBox,
  userId: number,
  code: string,
): Promise<boolean> {
  const typed = code.trim();
  const [user] = await db
    .select({ secreto: users.totp_secreto, ultimo: users.totp_ultimo_paso })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.totp_activo, true)));
  if (!user?.secreto) return false;
  if (APP_CODE.test(typed)) {
    const secret = await secrets.open(user.secreto, secretContext(userId));
    const step = await matchingStep(secret, typed, user.ultimo);
    if (step === undefined) return false;
    const spent = await db
      .update(users)
      .set({ totp_ultimo_paso: step })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.totp_ultimo_paso), lt(users.totp_ultimo_paso, step)),
        ),
      )
      .returning({ id: users.id });
    return spent.length > 0;
  }
  const hashed = recoveryCodeHash(typed);
  const spent = await db
    .update(users)
    .set({ codigos_recuperacion: sql`${users.codigos_recuperacion} - ${hashed}::text` })
    .where(and(eq(users.id, userId), sql`jsonb_exists(${users.codigos_recuperacion}, ${hashed})`))
    .returning({ id: users.id });
  return spent.length > 0;
}
