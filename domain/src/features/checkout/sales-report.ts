import { z } from 'zod';
import { isoDay, money } from '../../api';
import { ExportFormatSchema } from '../../list-query';
import { isoDate, requiredText } from '../../rules';
import { PAYMENT_METHOD_IDS, SALE_ITEM_KINDS } from './receipt-codes';
import { SALE_MESSAGES as M } from './sale-messages';

/** Reporte Ventas (decisions §reports): sales not voided in a Lima date range, four ways. */

export const SALES_REPORT_GROUPINGS = ['dia', 'mes'] as const;

export const SalesReportQuerySchema = z
  .object({
    desde: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
    hasta: requiredText(M.dateRequired).pipe(isoDate(M.dateFormat)),
    agrupar: z.enum(SALES_REPORT_GROUPINGS, { error: 'Agrupe por día o por mes' }).default('dia'),
  })
  .refine((q) => q.desde <= q.hasta, { message: M.rangeOrder, path: ['desde'] });
export type SalesReportQuery = z.infer<typeof SalesReportQuerySchema>;

/** `GET /api/ventas/reporte/export`: the report's tables as CSV or as an xlsx workbook. */
export const SalesReportExportQuerySchema = SalesReportQuerySchema.safeExtend({
  formato: ExportFormatSchema,
});
export type SalesReportExportQuery = z.infer<typeof SalesReportExportQuerySchema>;

const reportRow = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...shape, ventas: z.number().int(), total: money });

/** `GET /api/ventas/reporte`: sales not voided in a Lima date range, four ways. */
export const SalesReportSchema = z.strictObject({
  desde: isoDay,
  hasta: isoDay,
  agrupar: z.enum(SALES_REPORT_GROUPINGS),
  ventas: z.number().int(),
  total: money,
  propinas: money,
  anuladas: z.number().int(),
  /** 'YYYY-MM-DD' or 'YYYY-MM'. */
  por_periodo: z.array(reportRow({ periodo: z.string() })),
  por_metodo: z.array(reportRow({ metodo: z.enum(PAYMENT_METHOD_IDS) })),
  /** Lines by what was sold: units and their amount with IGV (before the sale's discount). */
  por_item: z.array(
    z.strictObject({
      tipo: z.enum(SALE_ITEM_KINDS),
      id_item: z.number().int().nullable(),
      descripcion: z.string(),
      cantidad: z.number().int(),
      total: money,
    }),
  ),
  /** Sales of citas by their groomer; 'Sin asignar' and walk-in sales under null. */
  por_groomer: z.array(reportRow({ id_emp: z.number().int().nullable(), groomer: z.string() })),
  /**
   * Gift cards: sold and spent in the period (sales in force), and what all cards not voided
   * still hold today: what the salon owes in services.
   */
  tarjetas_regalo: z.strictObject({ vendidas: money, usadas: money, saldo: money }),
  /** Bonos sold in the period (how many, for how much) and the visits bonos covered in it. */
  bonos: z.strictObject({ vendidos: z.number().int(), monto: money, usos: z.number().int() }),
  /**
   * Deposits: received in the period (voided ones apart), deducted by its sales, kept as a fee
   * (no-show, late cancellation) and turned into client credit in it; and the credit clients
   * hold today, which the salon owes in services.
   */
  adelantos: z.strictObject({
    recibidos: money,
    descontados: money,
    retenidos: money,
    acreditados: money,
    saldo_a_favor: money,
  }),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;
