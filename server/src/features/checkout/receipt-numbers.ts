import { sql } from 'drizzle-orm';
import type { ReceiptType } from '@app/domain';
import type { Tx } from '../../db/client';
import { receiptSeries } from '../../db/schema';

/**
 * The next number of a series (decisions §numbering): the row's update locks it until the sale
 * or the nota de crédito that takes it commits or rolls back, so numbers are gapless and never
 * repeat. A series is created at its first number; `tipo` is the type of receipt it numbers (a
 * nota de crédito's series, that of the receipts it voids).
 */
export async function nextNumber(
  tx: Tx,
  serie: string,
  tipo: ReceiptType,
): Promise<{ serie: string; numero: number }> {
  const [row] = await tx
    .insert(receiptSeries)
    .values({ serie, tipo_comp: tipo, ultimo: 1 })
    .onConflictDoUpdate({
      target: receiptSeries.serie,
      set: { ultimo: sql`${receiptSeries.ultimo} + 1` },
    })
    .returning({ numero: receiptSeries.ultimo });
  return { serie, numero: row.numero };
}
