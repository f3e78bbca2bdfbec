import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formatCents, limaDayStart, PAYMENT_METHOD_IDS, parseCents } from '@app/domain';
import { inTurn, type Db, type Tx } from '../../db/client';
import { salePayments, sales } from '../../db/schema';

/** The sums the till and the sales report share. */

/** The Lima days [desde, hasta] as the moments they span. */
export const issuedBetween = (desde: string, hasta: string) =>
  and(
    gte(sales.fecha, limaDayStart(desde)),
    lt(sales.fecha, new Date(limaDayStart(hasta).getTime() + 86_400_000)),
  );

export const centsSum = (column: SQL | AnyPgColumn) =>
  sql<string>`coalesce(sum(${column}), 0)::numeric(12,2)::text`;

/**
 * What came in by each method over the sales `where` selects, net of change: only cash gives
 * change, so the cash is the payments less the sales' `vuelto`.
 */
export async function byMethod(db: Db | Tx, where: SQL | undefined) {
  const [rows, [change]] = await inTurn(db, [
    () =>
      db
        .select({
          metodo: salePayments.metodo,
          ventas: sql<number>`count(distinct ${sales.id_venta})::int`,
          monto: sql<string>`sum(${salePayments.monto})::text`,
        })
        .from(salePayments)
        .innerJoin(sales, eq(sales.id_venta, salePayments.id_venta))
        .where(where)
        .groupBy(salePayments.metodo),
    () =>
      db
        .select({ vuelto: centsSum(sales.vuelto) })
        .from(sales)
        .where(where),
  ]);
  return PAYMENT_METHOD_IDS.map((metodo) => {
    const row = rows.find((r) => r.metodo === metodo);
    const cents =
      (parseCents(row?.monto ?? '0') ?? 0) -
      (metodo === 'efectivo' ? (parseCents(change.vuelto) ?? 0) : 0);
    return { metodo, ventas: row?.ventas ?? 0, monto: formatCents(cents) };
  });
}
