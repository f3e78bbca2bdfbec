import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { ONLINE_BOOKING_MESSAGES as M } from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { bookingCodes } from '../../db/schema';
import { HttpError, invalid } from '../../http/errors';

/**
 * The 6-digit codes that prove an e-mail address is the client's (DESIGN §11.4): only a hash is
 * kept, bound to the DNI and the address; the newest open one counts, for 10 minutes and 5 tries.
 */

export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;

/** Who asks: the DNI and the address (lower case, as the schema leaves it). */
export interface CodeOwner {
  dni: string;
  email: string;
}

/** The code's hash, bound to its DNI and address: a code mailed to one pair proves nothing else. */
export function codeHash(owner: CodeOwner, code: string): string {
  return createHash('sha256')
    .update(`${owner.dni}\n${owner.email.toLowerCase()}\n${code}`)
    .digest('hex');
}

/** Stores a new code for the pair and returns it, to be mailed. */
export async function storeCode(db: Db, owner: CodeOwner, now = new Date()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(bookingCodes).values({
    dni: owner.dni,
    email: owner.email.toLowerCase(),
    codigo_hash: codeHash(owner, code),
    vence: new Date(now.getTime() + CODE_MINUTES * 60_000),
  });
  return code;
}

const wrongCode = () => invalid('codigo', M.codeWrong);
const deadCode = () => new HttpError(422, M.codeTries, { codigo: [M.codeTries] });

/** The pair's newest code still open: unused and unexpired. */
const openCode = (executor: Db | Tx, owner: CodeOwner, now: Date) =>
  executor
    .select({
      id: bookingCodes.id,
      codigo_hash: bookingCodes.codigo_hash,
      intentos: bookingCodes.intentos,
    })
    .from(bookingCodes)
    .where(
      and(
        eq(bookingCodes.dni, owner.dni),
        eq(sql`lower(${bookingCodes.email})`, owner.email.toLowerCase()),
        eq(bookingCodes.usado, false),
        gt(bookingCodes.vence, now),
      ),
    )
    .orderBy(desc(bookingCodes.id))
    .limit(1)
    .for('update');

/**
 * Checks `code` against the pair's newest open code and returns that code's id. A wrong code
 * costs a try, committed at once whatever the caller does next; at the fifth the code is dead
 * (422 codeTries). None open, or a wrong code: 422 codeWrong on `codigo`, the same answer
 * whether or not anyone asked for a code for that DNI and address.
 */
export async function checkCode(
  db: Db,
  owner: CodeOwner,
  code: string,
  now = new Date(),
): Promise<number> {
  const outcome = await db.transaction(async (tx) => {
    const [open] = await openCode(tx, owner, now);
    if (!open) return 'wrong' as const;
    if (open.intentos >= CODE_TRIES) return 'dead' as const;
    if (open.codigo_hash === codeHash(owner, code)) return open.id;
    const intentos = open.intentos + 1;
    await tx.update(bookingCodes).set({ intentos }).where(eq(bookingCodes.id, open.id));
    return intentos >= CODE_TRIES ? ('dead' as const) : ('wrong' as const);
  });
  if (outcome === 'wrong') throw wrongCode();
  if (outcome === 'dead') throw deadCode();
  return outcome;
}

/**
 * Marks the code checked by `checkCode` used, in the booking's transaction: a booking that fails
 * leaves it open for another try; of two bookings with one code, the second finds it used.
 */
export async function consumeCode(tx: Tx, id: number, now = new Date()): Promise<void> {
  const [used] = await tx
    .update(bookingCodes)
    .set({ usado: true })
    .where(
      and(
        eq(bookingCodes.id, id),
        eq(bookingCodes.usado, false),
        gt(bookingCodes.vence, now),
        lt(bookingCodes.intentos, CODE_TRIES),
      ),
    )
    .returning({ id: bookingCodes.id });
  if (!used) throw wrongCode();
}
