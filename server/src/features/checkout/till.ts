import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CASH_MESSAGES,
  formatCents,
  limaToday,
  parseCents,
  type CashCloseInput,
  type CashDay,
  type CashMovementInput,
  type CashMovementKind,
  type CashOpenInput,
  type CashReopenInput,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import { inTurn, type Db, type Tx } from '../../db/client';
import {
  appointments,
  cashCloses,
  cashMovements,
  cashOpenings,
  employees,
  sales,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { conflict, invalid } from '../../http/errors';
import { loginOf } from './sale-read';
import { depositsReceived } from './deposits';
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
  if (await tillClosed(tx, fecha)) throw conflict(CASH_MESSAGES.dayClosed(fecha));
}

/** Whether the day's till is closed (and not reopened), with assertTillOpen's shared lock. */
export async function tillClosed(tx: Tx, fecha: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('cierre_caja'), 0)`);
  const [close] = await tx
    .select({ reabierta_at: cashCloses.reabierta_at })
    .from(cashCloses)
    .where(eq(cashCloses.fecha, fecha));
  return close !== undefined && close.reabierta_at === null;
}

/** Tips of sales with no groomer: products alone, or a cita nobody was assigned. */
const UNASSIGNED = 'Sin asignar';

/** The float, the movements and the tips per groomer of a day. */
async function dayCash(db: Db | Tx, fecha: string, inForce: SQL | undefined) {
  const [[opening], movements, tips] = await inTurn(db, [
    () =>
      db
        .select({
          monto: cashOpenings.monto,
          usuario: loginOf(cashOpenings.id_usu),
          at: cashOpenings.at,
        })
        .from(cashOpenings)
        .where(eq(cashOpenings.fecha, fecha)),
    () =>
      db
        .select({
          id: cashMovements.id,
          tipo: cashMovements.tipo,
          monto: cashMovements.monto,
          motivo: cashMovements.motivo,
          usuario: loginOf(cashMovements.id_usu),
          at: cashMovements.at,
        })
        .from(cashMovements)
        .where(eq(cashMovements.fecha, fecha))
        .orderBy(asc(cashMovements.id)),
    // A tip goes to the groomer of the cita charged; a sale of products alone has none.
    () =>
      db
        .select({
          id_emp: employees.id_emp,
          nombre: sql<string>`coalesce(${employees.nom_emp} || ' ' || ${employees.ape_emp}, ${UNASSIGNED})`,
          monto: centsSum(sales.propina),
        })
        .from(sales)
        .leftJoin(appointments, eq(appointments.id_cita, sales.id_cita))
        .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
        .where(and(inForce, gt(sales.propina, '0')))
        .groupBy(employees.id_emp, employees.nom_emp, employees.ape_emp)
        .orderBy(sql`2`),
  ]);
  const total = (kind: CashMovementKind) =>
    movements
      .filter((m) => m.tipo === kind)
      .reduce((sum, m) => sum + (parseCents(m.monto) ?? 0), 0);
  return {
    apertura: opening ? { ...opening, at: opening.at.toISOString() } : null,
    movimientos: movements.map((m) => ({ ...m, at: m.at.toISOString() })),
    ingresos: total('ingreso'),
    egresos: total('egreso'),
    propinas_groomer: tips,
  };
}

/** `GET /api/caja?fecha=`: the day as the till adds it up. */
export async function cashDay(db: Db | Tx, fecha: string): Promise<CashDay> {
  const day = issuedBetween(fecha, fecha);
  const inForce = and(day, isNull(sales.anulada_at));
  const [[totals], metodos, [close], cash, adelantos] = await inTurn(db, [
    () =>
      db
        .select({
          ventas: sql<number>`(count(*) filter (where ${sales.anulada_at} is null))::int`,
          total: centsSum(sql`${sales.total}) filter (where ${sales.anulada_at} is null`),
          propinas: centsSum(sql`${sales.propina}) filter (where ${sales.anulada_at} is null`),
          anuladas: sql<number>`(count(*) filter (where ${sales.anulada_at} is not null))::int`,
          total_anulado: centsSum(
            sql`${sales.total}) filter (where ${sales.anulada_at} is not null`,
          ),
        })
        .from(sales)
        .where(day),
    () => byMethod(db, inForce),
    () =>
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
    () => dayCash(db, fecha, inForce),
    () => depositsReceived(db, fecha),
  ]);
  const cashSales = parseCents(metodos.find((m) => m.metodo === 'efectivo')!.monto) ?? 0;
  const float = parseCents(cash.apertura?.monto ?? '0') ?? 0;
  const cashDeposits =
    parseCents(adelantos.find((a) => a.metodo === 'efectivo')?.monto ?? '0') ?? 0;
  // What the drawer should hold: the float, the cash sales net of change, the cash deposits and
  // the movements.
  const expected = formatCents(float + cashSales + cashDeposits + cash.ingresos - cash.egresos);
  return {
    fecha,
    ...totals,
    metodos,
    apertura: cash.apertura,
    movimientos: cash.movimientos,
    ingresos: formatCents(cash.ingresos),
    egresos: formatCents(cash.egresos),
    propinas_groomer: cash.propinas_groomer,
    adelantos,
    efectivo_esperado: expected,
    cierre: close
      ? {
          ...close,
          at: close.at.toISOString(),
          reabierta_at: close.reabierta_at?.toISOString() ?? null,
        }
      : null,
    diferencia_cierre: closeDrift(expected, close),
  };
}

/**
 * `POST /api/caja/apertura`: the float a day's drawer starts with, once, on a day that is not
 * in the future nor closed; answers the day.
 */
export async function openDay(
  db: Db,
  request: FastifyRequest,
  { fecha, monto }: CashOpenInput,
): Promise<CashDay> {
  if (fecha > limaToday()) throw invalid('fecha', CASH_MESSAGES.futureOpen);
  return db.transaction(async (tx) => {
    await assertTillOpen(tx, fecha);
    const [opened] = await tx
      .insert(cashOpenings)
      .values({ fecha, monto, id_usu: sessionOf(request).userId })
      .onConflictDoNothing()
      .returning({ fecha: cashOpenings.fecha });
    if (!opened) throw conflict(CASH_MESSAGES.alreadyOpened);
    await recordChange(tx, request, {
      accion: 'crear',
      entidad: 'caja',
      id: null,
      before: null,
      after: { fecha, apertura: monto },
    });
    return cashDay(tx, fecha);
  });
}

/**
 * `POST /api/caja/movimiento`: cash put in or taken out of today's drawer. An egreso never takes
 * more than the drawer should hold; movements of a day wait for each other to check it.
 */
export async function recordMovement(
  db: Db,
  request: FastifyRequest,
  { tipo, monto, motivo }: CashMovementInput,
): Promise<CashDay> {
  const fecha = limaToday();
  return db.transaction(async (tx) => {
    await assertTillOpen(tx, fecha);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('movimientos_caja'), 0)`);
    if (tipo === 'egreso') {
      const { efectivo_esperado } = await cashDay(tx, fecha);
      if ((parseCents(monto) ?? 0) > (parseCents(efectivo_esperado) ?? 0)) {
        throw conflict(CASH_MESSAGES.notEnoughCash(efectivo_esperado));
      }
    }
    const [movement] = await tx
      .insert(cashMovements)
      .values({ fecha, tipo, monto, motivo, id_usu: sessionOf(request).userId })
      .returning({ id: cashMovements.id });
    await recordChange(tx, request, {
      accion: 'crear',
      entidad: 'caja',
      id: movement.id,
      before: null,
      after: { fecha, movimiento: tipo, monto, motivo },
    });
    return cashDay(tx, fecha);
  });
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
