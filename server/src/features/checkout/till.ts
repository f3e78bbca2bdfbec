import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CASH_MESSAGES,
  formatCents,
  limaToday,
  parseCents,
  type CashCloseInput,
  type CashDay,
  type CashReopenInput,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { cashCloses, sales } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { conflict, invalid } from '../../http/errors';
import { loginOf } from './sale-read';
import { byMethod, centsSum, issuedBetween } from './sale-sums';

/**
 * The till (decisions §till): a day's sales by payment method and the cash they leave, its close
 * and its reopening. A close of the day waits for the sales being issued on it.
 */

/**
 * A sale or a void dated on a closed day is refused (decisions §till) until an admin reopens it.
 * The shared lock lets sales run together and makes a close of the day wait for them.
 */
export async function assertTillOpen(tx: Tx, fecha: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('cierre_caja'), 0)`);
  const [close] = await tx
    .select({ reabierta_at: cashCloses.reabierta_at })
    .from(cashCloses)
    .where(eq(cashCloses.fecha, fecha));
  if (close && close.reabierta_at === null) throw conflict(CASH_MESSAGES.dayClosed(fecha));
}

/** `GET /api/caja?fecha=`: the day as the till adds it up. */
export async function cashDay(db: Db | Tx, fecha: string): Promise<CashDay> {
  const day = issuedBetween(fecha, fecha);
  const inForce = and(day, isNull(sales.anulada_at));
  const [[totals], metodos, [close]] = await Promise.all([
    db
      .select({
        ventas: sql<number>`(count(*) filter (where ${sales.anulada_at} is null))::int`,
        total: centsSum(sql`${sales.total}) filter (where ${sales.anulada_at} is null`),
        propinas: centsSum(sql`${sales.propina}) filter (where ${sales.anulada_at} is null`),
        anuladas: sql<number>`(count(*) filter (where ${sales.anulada_at} is not null))::int`,
        total_anulado: centsSum(sql`${sales.total}) filter (where ${sales.anulada_at} is not null`),
      })
      .from(sales)
      .where(day),
    byMethod(db, inForce),
    db
      .select({
        esperado: cashCloses.esperado,
        contado: cashCloses.contado,
        diferencia: cashCloses.diferencia,
        nota: cashCloses.nota,
        usuario: loginOf(cashCloses.id_usu),
        at: cashCloses.at,
        reabierta_at: cashCloses.reabierta_at,
        motivo_reapertura: cashCloses.motivo_reapertura,
        esperado_original: cashCloses.esperado_original,
      })
      .from(cashCloses)
      .where(eq(cashCloses.fecha, fecha)),
  ]);
  const cash = metodos.find((m) => m.metodo === 'efectivo')!;
  return {
    fecha,
    ...totals,
    metodos,
    efectivo_esperado: cash.monto,
    cierre: close
      ? {
          ...close,
          at: close.at.toISOString(),
          reabierta_at: close.reabierta_at?.toISOString() ?? null,
        }
      : null,
    diferencia_cierre: closeDrift(cash.monto, close),
  };
}

/**
 * How the day's expected cash moved since its first close, once reopened: the current expected
 * cash while it is open again, the new close's once closed again.
 */
function closeDrift(
  expectedNow: string,
  close:
    { esperado: string; reabierta_at: Date | null; esperado_original: string | null } | undefined,
): string | null {
  if (!close?.esperado_original) return null;
  const current = close.reabierta_at ? expectedNow : close.esperado;
  return formatCents((parseCents(current) ?? 0) - (parseCents(close.esperado_original) ?? 0));
}

/** The cash a close expects, what was counted and the difference, in exact cents. */
function closeAmounts(expected: string, counted: string) {
  const difference = (parseCents(counted) ?? 0) - (parseCents(expected) ?? 0);
  return { esperado: expected, contado: counted, diferencia: formatCents(difference) };
}

/**
 * `POST /api/caja/cierre`: the cash counted on a day that is not in the future and not closed
 * (or reopened); answers the day as closed.
 */
export async function closeDay(
  db: Db,
  request: FastifyRequest,
  { fecha, contado, nota }: CashCloseInput,
): Promise<CashDay> {
  if (fecha > limaToday()) throw invalid('fecha', CASH_MESSAGES.future);
  return db.transaction(async (tx) => {
    // Closes of one day wait for each other; the primary key refuses the second.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cierre_caja'), 0)`);
    const [existing] = await tx
      .select({
        esperado: cashCloses.esperado,
        contado: cashCloses.contado,
        diferencia: cashCloses.diferencia,
        nota: cashCloses.nota,
        reabierta_at: cashCloses.reabierta_at,
      })
      .from(cashCloses)
      .where(eq(cashCloses.fecha, fecha));
    if (existing && existing.reabierta_at === null) {
      throw conflict(CASH_MESSAGES.alreadyClosed);
    }
    const before = await cashDay(tx, fecha);
    const amounts = closeAmounts(before.efectivo_esperado, contado);
    const values = { ...amounts, nota, id_usu: sessionOf(request).userId };
    if (existing) {
      // Closed again after a reopening: the first close's expected cash stays beside it.
      await tx
        .update(cashCloses)
        .set({ ...values, at: new Date(), reabierta_at: null })
        .where(eq(cashCloses.fecha, fecha));
    } else {
      await tx.insert(cashCloses).values({ fecha, ...values });
    }
    await recordChange(tx, request, {
      accion: existing ? 'editar' : 'crear',
      entidad: 'caja',
      id: null,
      before: existing ? { fecha, ...existing, reabierta: true } : null,
      after: { fecha, ...amounts, nota, reabierta: false },
    });
    return cashDay(tx, fecha);
  });
}

/** `POST /api/caja/reapertura`: a closed day opens again, with a reason; answers the day. */
export async function reopenDay(
  db: Db,
  request: FastifyRequest,
  { fecha, motivo }: CashReopenInput,
): Promise<CashDay> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cierre_caja'), 0)`);
    const [close] = await tx
      .select({ reabierta_at: cashCloses.reabierta_at })
      .from(cashCloses)
      .where(eq(cashCloses.fecha, fecha));
    if (!close || close.reabierta_at !== null) throw conflict(CASH_MESSAGES.notClosed);
    await tx
      .update(cashCloses)
      .set({
        reabierta_at: new Date(),
        motivo_reapertura: motivo,
        esperado_original: sql`coalesce(${cashCloses.esperado_original}, ${cashCloses.esperado})`,
      })
      .where(eq(cashCloses.fecha, fecha));
    await recordChange(tx, request, {
      accion: 'editar',
      entidad: 'caja',
      id: null,
      before: { fecha, reabierta: false },
      after: { fecha, reabierta: true, motivo_reapertura: motivo },
    });
    return cashDay(tx, fecha);
  });
}
