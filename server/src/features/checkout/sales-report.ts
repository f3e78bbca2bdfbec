import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  PAYMENT_METHODS,
  SALE_ITEM_KIND_LABELS,
  type SaleItemKind,
  type SalesReport,
  type SalesReportQuery,
} from '@app/domain';
import { dayText } from '../../crud/export';
import type { Db } from '../../db/client';
import { appointments, employees, saleLines, sales } from '../../db/schema';
import type { XlsxSheet } from '../../http/xlsx';
import { bonoFigures } from './bonos';
import { depositFigures } from './deposits';
import { giftCardFigures } from './gift-cards';
import { byMethod, centsSum, issuedBetween } from './sale-sums';

/** Reporte Ventas (decisions §reports): sales not voided in a Lima date range, four ways. */

const GIFT_CARD = 'tarjeta_regalo' satisfies SaleItemKind;

const periodSql = (agrupar: SalesReportQuery['agrupar']) =>
  sql<string>`to_char(${sales.fecha} - interval '5 hours', ${agrupar === 'mes' ? 'YYYY-MM' : 'YYYY-MM-DD'})`;

export async function salesReport(db: Db, query: SalesReportQuery): Promise<SalesReport> {
  const { desde, hasta, agrupar } = query;
  const range = issuedBetween(desde, hasta);
  const inForce = and(range, isNull(sales.anulada_at));
  // `fecha` is UTC in the database whatever its zone setting: Lima is 5 hours behind.
  const period = periodSql(agrupar);
  const groomerName = sql<string>`coalesce(${employees.nom_emp} || ' ' || ${employees.ape_emp}, 'Sin groomer')`;
  const [[totals], porPeriodo, porMetodo, porItem, porGroomer, giftCards, bonosSold, adelantos] =
    await Promise.all([
      db
        .select({
          ventas: sql<number>`(count(*) filter (where ${sales.anulada_at} is null))::int`,
          total: centsSum(sql`${sales.total}) filter (where ${sales.anulada_at} is null`),
          propinas: centsSum(sql`${sales.propina}) filter (where ${sales.anulada_at} is null`),
          anuladas: sql<number>`(count(*) filter (where ${sales.anulada_at} is not null))::int`,
        })
        .from(sales)
        .where(range),
      db
        .select({
          periodo: period,
          ventas: sql<number>`count(*)::int`,
          total: centsSum(sales.total),
        })
        .from(sales)
        .where(inForce)
        .groupBy(sql`1`)
        .orderBy(sql`1`),
      byMethod(db, inForce),
      db
        .select({
          tipo: saleLines.tipo,
          id_item: saleLines.id_item,
          // Each card's line names its own code's end: they add up as one item.
          descripcion: sql<string>`case when ${saleLines.tipo} = ${GIFT_CARD} then ${SALE_ITEM_KIND_LABELS.tarjeta_regalo} else min(${saleLines.descripcion}) end`,
          cantidad: sql<number>`sum(${saleLines.cantidad})::int`,
          total: centsSum(saleLines.total),
        })
        .from(saleLines)
        .innerJoin(sales, eq(sales.id_venta, saleLines.id_venta))
        .where(inForce)
        // Catalogue lines by item, free lines by their text.
        .groupBy(
          saleLines.tipo,
          saleLines.id_item,
          sql`case when ${saleLines.id_item} is null and ${saleLines.tipo} <> ${GIFT_CARD} then ${saleLines.descripcion} end`,
        )
        // By amount as a number: the selected total is text ('900.00' would come before '2340.00').
        .orderBy(sql`sum(${saleLines.total}) desc`, sql`3`),
      db
        .select({
          id_emp: appointments.id_emp,
          groomer: sql<string>`min(${groomerName})`,
          ventas: sql<number>`count(*)::int`,
          total: centsSum(sales.total),
        })
        .from(sales)
        .leftJoin(appointments, eq(appointments.id_cita, sales.id_cita))
        .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
        .where(inForce)
        .groupBy(appointments.id_emp)
        .orderBy(sql`sum(${sales.total}) desc`, sql`2`),
      giftCardFigures(db, inForce),
      bonoFigures(db, inForce),
      depositFigures(db, desde, hasta),
    ]);
  return {
    desde,
    hasta,
    agrupar,
    ...totals,
    por_periodo: porPeriodo,
    por_metodo: porMetodo.map(({ metodo, ventas, monto }) => ({ metodo, ventas, total: monto })),
    por_item: porItem,
    por_groomer: porGroomer,
    tarjetas_regalo: giftCards,
    bonos: bonosSold,
    adelantos,
  };
}

/** The report's tables, as the export writes them: one sheet each, or one block each in CSV. */
export function reportTables(report: SalesReport): XlsxSheet[] {
  return [
    {
      name: 'Resumen',
      header: ['Desde', 'Hasta', 'Ventas', 'Total (S/.)', 'Propinas (S/.)', 'Anuladas'],
      rows: [
        [
          dayText(report.desde),
          dayText(report.hasta),
          report.ventas,
          report.total,
          report.propinas,
          report.anuladas,
        ],
      ],
      money: [3, 4],
    },
    {
      name: report.agrupar === 'mes' ? 'Por mes' : 'Por día',
      header: [report.agrupar === 'mes' ? 'Mes' : 'Día', 'Ventas', 'Total (S/.)'],
      rows: report.por_periodo.map((r) => [dayText(r.periodo), r.ventas, r.total]),
      money: [2],
    },
    {
      name: 'Por método de pago',
      header: ['Método de pago', 'Ventas', 'Total (S/.)'],
      rows: report.por_metodo.map((r) => [PAYMENT_METHODS[r.metodo], r.ventas, r.total]),
      money: [2],
    },
    {
      name: 'Por servicio o paquete',
      header: ['Tipo', 'Descripción', 'Cantidad', 'Total (S/.)'],
      rows: report.por_item.map((r) => [
        SALE_ITEM_KIND_LABELS[r.tipo],
        r.descripcion,
        r.cantidad,
        r.total,
      ]),
      money: [3],
    },
    {
      name: 'Por groomer',
      header: ['Groomer', 'Ventas', 'Total (S/.)'],
      rows: report.por_groomer.map((r) => [r.groomer, r.ventas, r.total]),
      money: [2],
    },
    {
      name: 'Tarjetas de regalo',
      header: ['Vendidas (S/.)', 'Usadas (S/.)', 'Saldo por usar hoy (S/.)'],
      rows: [
        [
          report.tarjetas_regalo.vendidas,
          report.tarjetas_regalo.usadas,
          report.tarjetas_regalo.saldo,
        ],
      ],
      money: [0, 1, 2],
    },
    {
      name: 'Bonos',
      header: ['Vendidos', 'Monto vendido (S/.)', 'Visitas cubiertas'],
      rows: [[report.bonos.vendidos, report.bonos.monto, report.bonos.usos]],
      money: [1],
    },
    {
      name: 'Adelantos',
      header: [
        'Recibidos (S/.)',
        'Descontados (S/.)',
        'Retenidos (S/.)',
        'Pasados a saldo a favor (S/.)',
        'Saldo a favor de clientes hoy (S/.)',
      ],
      rows: [
        [
          report.adelantos.recibidos,
          report.adelantos.descontados,
          report.adelantos.retenidos,
          report.adelantos.acreditados,
          report.adelantos.saldo_a_favor,
        ],
      ],
      money: [0, 1, 2, 3, 4],
    },
  ];
}
