import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { PieChart } from '@mui/x-charts/PieChart';
import {
  parseCents,
  PAYMENT_METHODS,
  SALE_ENDPOINTS,
  SALES_QUERY_KEY,
  SALE_ITEM_KIND_LABELS,
  type SalesReport,
} from '@app/domain';
import { CHART_ON_GRADIENT } from '../../app/cards/chart-card';
import type { StatCardProps } from '../../app/cards/stat-card';
import { formatMoney } from '../../lib/format';
import type { Figure } from './figures-table';
import { formatCount, periodText, periodTick } from './format';
import { ReportBars, solesTick, WHITES } from './report-charts';
import {
  periodTable,
  ReportPage,
  reportTable,
  type ReportChart,
  type ReportTable,
} from './report-page';

/**
 * 'Reporte Ventas' (decisions §reports): the sales not voided of a Lima date range, by day or
 * month, by payment method, by what was sold and by groomer, as figures, charts and the tables
 * behind them; the server exports the same tables as CSV or as an xlsx workbook.
 */

export const SALES_REPORT_TEXTS = {
  title: 'Reporte Ventas',
  sales: 'Ventas',
  salesHint: 'Comprobantes emitidos, sin los anulados',
  total: 'Total vendido',
  totalHint: 'Con IGV, sin propinas',
  tips: 'Propinas',
  tipsHint: 'Cobradas aparte del total',
  voids: 'Anuladas',
  voidsHint: 'Comprobantes anulados en el período',
  byPeriod: 'Ventas por período',
  byPeriodHint: 'Total vendido por día o por mes',
  byMethod: 'Ventas por método de pago',
  byMethodHint: 'Lo cobrado con cada método',
  byGroomer: 'Ventas por groomer',
  byGroomerHint: 'Citas cobradas, por quien las atendió',
  byItem: 'Ventas por ítem',
  byItemHint: 'Unidades e importe con IGV, antes del descuento de la venta',
  giftCards: 'Tarjetas de regalo',
  giftCardsHint: 'Vendidas y usadas en el período; el saldo, lo que falta usar hoy',
  bonos: 'Bonos',
  bonosHint: 'Vendidos en el período y las visitas que cubrieron',
  deposits: 'Adelantos',
  depositsHint: 'Recibidos y resueltos en el período; el saldo a favor, lo que se debe hoy',
  noData: 'Sin ventas en el período',
  loadError: 'No se pudo cargar el reporte de ventas',
} as const;

type Report = SalesReport;
type PeriodRow = Report['por_periodo'][number];
type MethodRow = Report['por_metodo'][number];
type ItemRow = Report['por_item'][number];
type GroomerRow = Report['por_groomer'][number];
/** A concept and its amount: the gift cards' and the deposits' tables. */
type AmountRow = { concepto: string; monto: string };
type BonoRow = { concepto: string; cantidad: number; monto: string | null };

const periodFigures: Figure<PeriodRow>[] = [
  { header: 'Período', value: (r) => periodText(r.periodo) },
  { header: 'Ventas', value: (r) => r.ventas, kind: 'count' },
  { header: 'Total', value: (r) => r.total, kind: 'money' },
];

const methodFigures: Figure<MethodRow>[] = [
  { header: 'Método', value: (r) => PAYMENT_METHODS[r.metodo] },
  { header: 'Ventas', value: (r) => r.ventas, kind: 'count' },
  { header: 'Total', value: (r) => r.total, kind: 'money' },
];

const itemFigures: Figure<ItemRow>[] = [
  { header: 'Tipo', value: (r) => SALE_ITEM_KIND_LABELS[r.tipo] },
  { header: 'Descripción', value: (r) => r.descripcion },
  { header: 'Cantidad', value: (r) => r.cantidad, kind: 'count' },
  { header: 'Total', value: (r) => r.total, kind: 'money' },
];

const groomerFigures: Figure<GroomerRow>[] = [
  { header: 'Groomer', value: (r) => r.groomer },
  { header: 'Ventas', value: (r) => r.ventas, kind: 'count' },
  { header: 'Total', value: (r) => r.total, kind: 'money' },
];

const amountFigures: Figure<AmountRow>[] = [
  { header: 'Concepto', value: (r) => r.concepto },
  { header: 'Monto', value: (r) => r.monto, kind: 'money' },
];

/** Sold and used in the period, and what all cards still hold: what the salon owes in services. */
const giftCardRows = ({ tarjetas_regalo: cards }: Report): AmountRow[] => [
  { concepto: 'Vendidas', monto: cards.vendidas },
  { concepto: 'Usadas', monto: cards.usadas },
  { concepto: 'Saldo por usar (hoy)', monto: cards.saldo },
];

const bonoFigures: Figure<BonoRow>[] = [
  { header: 'Concepto', value: (r) => r.concepto },
  { header: 'Cantidad', value: (r) => r.cantidad, kind: 'count' },
  { header: 'Monto', value: (r) => r.monto, kind: 'money' },
];

const bonoRows = ({ bonos }: Report): BonoRow[] => [
  { concepto: 'Bonos vendidos', cantidad: bonos.vendidos, monto: bonos.monto },
  { concepto: 'Visitas cubiertas por bonos', cantidad: bonos.usos, monto: null },
];

/**
 * Received in the period (voided ones apart), then deducted by a sale, kept as a fee or turned
 * into credit in it; and the credit clients hold today, which the salon owes in services.
 */
const depositRows = ({ adelantos }: Report): AmountRow[] => [
  { concepto: 'Recibidos', monto: adelantos.recibidos },
  { concepto: 'Descontados', monto: adelantos.descontados },
  { concepto: 'Retenidos', monto: adelantos.retenidos },
  { concepto: 'Pasados a saldo a favor', monto: adelantos.acreditados },
  { concepto: 'Saldo a favor de clientes hoy', monto: adelantos.saldo_a_favor },
];

export function SalesReportPage() {
  return (
    <ReportPage<Report>
      title={SALES_REPORT_TEXTS.title}
      invalidatedBy={SALES_QUERY_KEY}
      endpoint={SALE_ENDPOINTS.report}
      exportEndpoint={SALE_ENDPOINTS.reportExport}
      file="reporte-ventas"
      loadError={SALES_REPORT_TEXTS.loadError}
      noData={SALES_REPORT_TEXTS.noData}
      cards={summaryCards}
      charts={charts}
      tables={tables}
    />
  );
}

function summaryCards(data: Report): StatCardProps[] {
  return [
    {
      color: 'dark',
      icon: <ReceiptLongIcon />,
      title: SALES_REPORT_TEXTS.sales,
      value: formatCount(data.ventas),
      footer: SALES_REPORT_TEXTS.salesHint,
    },
    {
      color: 'primary',
      icon: <PointOfSaleIcon />,
      title: SALES_REPORT_TEXTS.total,
      value: formatMoney(data.total),
      footer: SALES_REPORT_TEXTS.totalHint,
    },
    {
      color: 'info',
      icon: <VolunteerActivismIcon />,
      title: SALES_REPORT_TEXTS.tips,
      value: formatMoney(data.propinas),
      footer: SALES_REPORT_TEXTS.tipsHint,
    },
    {
      color: 'error',
      icon: <MoneyOffIcon />,
      title: SALES_REPORT_TEXTS.voids,
      value: formatCount(data.anuladas),
      footer: SALES_REPORT_TEXTS.voidsHint,
    },
  ];
}

/** Soles per label as white bars; `horizontal` for long labels. */
function TotalsBars({
  labels,
  rows,
  horizontal,
}: {
  labels: string[];
  rows: readonly { total: string }[];
  horizontal?: boolean;
}) {
  return (
    <ReportBars
      horizontal={horizontal}
      labels={labels}
      tick={solesTick}
      // Display only: the figures themselves stay exact strings.
      series={[
        { label: 'Total', data: rows.map((row) => Number(row.total)), valueFormatter: formatMoney },
      ]}
    />
  );
}

/** A method that brought nothing in has no slice. */
const paidMethods = (data: Report) => data.por_metodo.filter((m) => (parseCents(m.total) ?? 0) > 0);

const charts: ReportChart<Report>[] = [
  {
    title: SALES_REPORT_TEXTS.byPeriod,
    hint: SALES_REPORT_TEXTS.byPeriodHint,
    color: 'info',
    size: { xs: 12, md: 6, lg: 4 },
    empty: (data) => data.ventas === 0 || data.por_periodo.length === 0,
    chart: (data) => (
      <TotalsBars
        labels={data.por_periodo.map((p) => periodTick(p.periodo))}
        rows={data.por_periodo}
      />
    ),
  },
  {
    title: SALES_REPORT_TEXTS.byMethod,
    hint: SALES_REPORT_TEXTS.byMethodHint,
    color: 'success',
    size: { xs: 12, md: 6, lg: 4 },
    empty: (data) => paidMethods(data).length === 0,
    chart: (data) => (
      // The methods in a legend beside the donut: written on their slices, the names of the
      // narrow ones ran over the others' and out of the card.
      <PieChart
        height={CHART_ON_GRADIENT.height}
        skipAnimation
        margin={{ top: 4, bottom: 4, left: 4, right: 4 }}
        slotProps={{
          legend: {
            direction: 'vertical',
            position: { vertical: 'middle', horizontal: 'end' },
            sx: { color: '#fff', fontSize: 12 },
          },
        }}
        series={[
          {
            data: paidMethods(data).map((m, i) => ({
              id: m.metodo,
              value: Number(m.total),
              label: PAYMENT_METHODS[m.metodo],
              color: WHITES[i % WHITES.length],
            })),
            innerRadius: 36,
            paddingAngle: 2,
            cornerRadius: 4,
            valueFormatter: (item) => formatMoney(item.value),
          },
        ]}
      />
    ),
  },
  {
    title: SALES_REPORT_TEXTS.byGroomer,
    hint: SALES_REPORT_TEXTS.byGroomerHint,
    color: 'dark',
    size: { xs: 12, lg: 4 },
    empty: (data) => data.ventas === 0 || data.por_groomer.length === 0,
    // Horizontal: the names read in full beside their bars.
    chart: (data) => (
      <TotalsBars
        horizontal
        labels={data.por_groomer.map((g) => g.groomer)}
        rows={data.por_groomer}
      />
    ),
  },
];

/** The tables behind the charts, and the one by item. */
const tables: ReportTable<Report>[] = [
  periodTable(SALES_REPORT_TEXTS.byPeriod, { xs: 12, md: 6 }, periodFigures),
  reportTable({
    title: SALES_REPORT_TEXTS.byMethod,
    hint: SALES_REPORT_TEXTS.byMethodHint,
    size: { xs: 12, md: 6 },
    figures: methodFigures,
    rows: (data) => data.por_metodo,
    rowKey: (r) => r.metodo,
  }),
  reportTable({
    title: SALES_REPORT_TEXTS.byGroomer,
    hint: SALES_REPORT_TEXTS.byGroomerHint,
    size: { xs: 12, md: 6 },
    figures: groomerFigures,
    rows: (data) => data.por_groomer,
    rowKey: (r) => r.id_emp ?? 'none',
  }),
  reportTable({
    title: SALES_REPORT_TEXTS.byItem,
    hint: SALES_REPORT_TEXTS.byItemHint,
    size: { xs: 12, md: 6 },
    figures: itemFigures,
    rows: (data) => data.por_item,
    rowKey: (r) => `${r.tipo}:${r.id_item ?? r.descripcion}`,
  }),
  reportTable({
    title: SALES_REPORT_TEXTS.giftCards,
    hint: SALES_REPORT_TEXTS.giftCardsHint,
    size: { xs: 12, md: 6 },
    figures: amountFigures,
    rows: giftCardRows,
    rowKey: (r) => r.concepto,
  }),
  reportTable({
    title: SALES_REPORT_TEXTS.bonos,
    hint: SALES_REPORT_TEXTS.bonosHint,
    size: { xs: 12, md: 6 },
    figures: bonoFigures,
    rows: bonoRows,
    rowKey: (r) => r.concepto,
  }),
  reportTable({
    title: SALES_REPORT_TEXTS.deposits,
    hint: SALES_REPORT_TEXTS.depositsHint,
    size: { xs: 12, md: 6 },
    figures: amountFigures,
    rows: depositRows,
    rowKey: (r) => r.concepto,
  }),
];
