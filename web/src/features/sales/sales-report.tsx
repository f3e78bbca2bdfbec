import FileDownloadIcon from '@mui/icons-material/FileDownload';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart, pieClasses } from '@mui/x-charts/PieChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import {
  EXPORT_FORMATS,
  limaToday,
  parseCents,
  PAYMENT_METHODS,
  SALE_PATHS,
  SALES_QUERY_KEY,
  type ExportFormat,
  type SaleItemKind,
  type SalesReport,
} from '@app/domain';
import {
  bareAxis,
  ChartCard,
  CHART_LTR_ON_GRADIENT,
  CHART_ON_GRADIENT,
  CHART_WHITE,
  tickLabelStyle,
} from '../../app/cards/chart-card';
import { SectionCard } from '../../app/cards/section-card';
import { StatCard, type StatCardProps } from '../../app/cards/stat-card';
import { PageContainer } from '../../app/page-container';
import {
  FilterBar,
  listErrorMessage,
  useListParams,
  type FilterDef,
  type FilterValues,
} from '../../crud';
import { showErrorDialog } from '../../lib/alerts';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { formatDate, formatMoney, TIME_ZONE } from '../../lib/format';
import { FiguresTable, type Figure } from './figures-table';

/**
 * 'Reporte Ventas' (DESIGN §10.6): the sales not voided of a Lima date range, by day or month,
 * by payment method, by what was sold and by groomer, as figures, charts and the tables behind
 * them; the server exports the same tables as CSV or as an xlsx workbook.
 */

export const REPORT_TEXTS = {
  title: 'Reporte Ventas',
  export: { csv: 'Exportar CSV', xlsx: 'Exportar Excel' } satisfies Record<ExportFormat, string>,
  exportError: 'No se pudo exportar el reporte',
  groupBy: 'Agrupar por',
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
  noData: 'Sin ventas en el período',
  updated: 'Actualizado a las',
  loadError: 'No se pudo cargar el reporte de ventas',
} as const;

const GROUPINGS = { dia: 'Día', mes: 'Mes' } as const;

const ITEM_KINDS: Record<SaleItemKind, string> = {
  servicio: 'Servicio',
  paquete: 'Paquete',
  producto: 'Producto',
  otro: 'Otro',
};

const filters: FilterDef[] = [
  { name: 'desde', label: 'Desde', type: 'date' },
  { name: 'hasta', label: 'Hasta', type: 'date' },
  {
    name: 'agrupar',
    label: REPORT_TEXTS.groupBy,
    type: 'select',
    options: [
      { value: 'dia', label: GROUPINGS.dia },
      { value: 'mes', label: GROUPINGS.mes },
    ],
  },
];

/** From the first day of this month to today, in Lima, by day. */
const filterDefaults = (): FilterValues => {
  const today = limaToday();
  return { desde: `${today.slice(0, 8)}01`, hasta: today, agrupar: 'dia' };
};

type Report = SalesReport;
type PeriodRow = Report['por_periodo'][number];
type MethodRow = Report['por_metodo'][number];
type ItemRow = Report['por_item'][number];
type GroomerRow = Report['por_groomer'][number];

/** '2026-11-05' → '05/11/2026'; '2026-11' → '11/2026'. */
const periodText = (period: string) =>
  period.length === 7 ? `${period.slice(5, 7)}/${period.slice(0, 4)}` : formatDate(period);

/** The chart's shorter label: '05/11', 'nov. 2026'. */
const periodTick = (period: string) =>
  period.length === 7
    ? dayjs(`${period}-01`).format('MMM YYYY')
    : `${period.slice(8, 10)}/${period.slice(5, 7)}`;

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
  { header: 'Tipo', value: (r) => ITEM_KINDS[r.tipo] },
  { header: 'Descripción', value: (r) => r.descripcion },
  { header: 'Cantidad', value: (r) => r.cantidad, kind: 'count' },
  { header: 'Total', value: (r) => r.total, kind: 'money' },
];

const groomerFigures: Figure<GroomerRow>[] = [
  { header: 'Groomer', value: (r) => r.groomer },
  { header: 'Ventas', value: (r) => r.ventas, kind: 'count' },
  { header: 'Total', value: (r) => r.total, kind: 'money' },
];

export function SalesReportPage() {
  const [defaults] = useState(filterDefaults);
  const { params, search } = useListParams(defaults);
  const report = useQuery({
    queryKey: [SALES_QUERY_KEY, 'reporte', params.filters],
    queryFn: ({ signal }) => api.get<Report>(SALE_PATHS.report, params.filters, { signal }),
    placeholderData: keepPreviousData,
  });
  // As in every list: Buscar loads again even when the filters are the ones applied.
  const onSearch = (next: FilterValues) => {
    if (JSON.stringify(next) === JSON.stringify(params.filters)) void report.refetch();
    else search(next);
  };
  const data = report.isError ? undefined : report.data;
  const [exporting, setExporting] = useState(false);
  // The server writes the file from the same figures (CSV for any spreadsheet, xlsx for Excel).
  const exportReport = async (formato: ExportFormat) => {
    setExporting(true);
    try {
      await downloadFile(
        SALE_PATHS.reportExport,
        { ...params.filters, formato },
        `reporte-ventas.${formato}`,
      );
    } catch (error) {
      await showErrorDialog(REPORT_TEXTS.exportError, error);
    } finally {
      setExporting(false);
    }
  };
  const updated = `${REPORT_TEXTS.updated} ${dayjs(report.dataUpdatedAt).tz(TIME_ZONE).format('HH:mm')}`;

  return (
    <PageContainer
      title={REPORT_TEXTS.title}
      actions={
        // Offered once there is a report to export.
        data && (
          <Stack direction="row" spacing={1}>
            {EXPORT_FORMATS.map((formato) => (
              <Button
                key={formato}
                variant="contained"
                startIcon={<FileDownloadIcon />}
                disabled={exporting}
                onClick={() => void exportReport(formato)}
              >
                {REPORT_TEXTS.export[formato]}
              </Button>
            ))}
          </Stack>
        )
      }
    >
      <FilterBar filters={filters} values={params.filters} onSearch={onSearch} />
      {report.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {listErrorMessage(report.error, REPORT_TEXTS.loadError)}
        </Alert>
      )}
      {data ? (
        <Box aria-busy={report.isFetching}>
          <SummaryCards data={data} />
          <ReportCharts data={data} updated={updated} />
          <ReportTables data={data} />
        </Box>
      ) : (
        !report.isError && <ReportPlaceholder />
      )}
    </PageContainer>
  );
}

function ReportPlaceholder() {
  return (
    <Grid container spacing={3}>
      {[0, 1, 2, 3].map((i) => (
        <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
          <Skeleton variant="rounded" height={130} sx={{ mt: 3 }} />
        </Grid>
      ))}
      {[0, 1, 2].map((i) => (
        <Grid key={i} size={{ xs: 12, md: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={300} sx={{ mt: 3 }} />
        </Grid>
      ))}
    </Grid>
  );
}

const count = new Intl.NumberFormat('es-PE');

function SummaryCards({ data }: { data: Report }) {
  const cards: StatCardProps[] = [
    {
      color: 'dark',
      icon: <ReceiptLongIcon />,
      title: REPORT_TEXTS.sales,
      value: count.format(data.ventas),
      footer: REPORT_TEXTS.salesHint,
    },
    {
      color: 'primary',
      icon: <PointOfSaleIcon />,
      title: REPORT_TEXTS.total,
      value: formatMoney(data.total),
      footer: REPORT_TEXTS.totalHint,
    },
    {
      color: 'info',
      icon: <VolunteerActivismIcon />,
      title: REPORT_TEXTS.tips,
      value: formatMoney(data.propinas),
      footer: REPORT_TEXTS.tipsHint,
    },
    {
      color: 'error',
      icon: <MoneyOffIcon />,
      title: REPORT_TEXTS.voids,
      value: count.format(data.anuladas),
      footer: REPORT_TEXTS.voidsHint,
    },
  ];
  return (
    <Grid container spacing={3}>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard {...card} valueVariant="h5" />
        </Grid>
      ))}
    </Grid>
  );
}

/** Soles on the value axis: '1k' from a thousand on. */
const solesTick = (v: number) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v));
/** The pie's slices: white, each a little more transparent, on the gradient. */
const SLICE_WHITES = [0.95, 0.75, 0.58, 0.42, 0.28].map((a) => `rgba(255, 255, 255, ${a})`);

/** Where a chart would be empty: the line saying so, in its place. */
function ChartOrNothing({ empty, children }: { empty: boolean; children: ReactNode }) {
  if (!empty) return children;
  return (
    <Box sx={{ height: CHART_ON_GRADIENT.height, display: 'grid', placeItems: 'center' }}>
      <Typography sx={{ color: '#fff', fontWeight: 700 }}>{REPORT_TEXTS.noData}</Typography>
    </Box>
  );
}

/** Soles per label as white bars on the card's gradient; `horizontal` for long labels. */
function TotalsBars({
  labels,
  rows,
  horizontal = false,
}: {
  labels: string[];
  rows: readonly { total: string }[];
  horizontal?: boolean;
}) {
  const band = { scaleType: 'band' as const, data: labels, tickLabelStyle, ...bareAxis };
  const value = { tickLabelStyle, tickMinStep: 1, valueFormatter: solesTick, ...bareAxis };
  return (
    <BarChart
      {...CHART_LTR_ON_GRADIENT}
      {...(horizontal
        ? {
            layout: 'horizontal',
            grid: { vertical: true },
            yAxis: [{ ...band, width: 96 }],
            xAxis: [value],
          }
        : { xAxis: [band], yAxis: [{ ...value, width: 48 }] })}
      series={[
        {
          // Display only: the figures themselves stay exact strings.
          data: rows.map((row) => Number(row.total)),
          color: CHART_WHITE,
          label: 'Total',
          valueFormatter: (v) => formatMoney(v),
        },
      ]}
      borderRadius={4}
    />
  );
}

function ReportCharts({ data, updated }: { data: Report; updated: string }) {
  const periods = data.por_periodo;
  // A method that brought nothing in has no slice.
  const methods = data.por_metodo.filter((m) => (parseCents(m.total) ?? 0) > 0);
  const groomers = data.por_groomer;
  return (
    <Grid container spacing={3} sx={{ mt: 2 }}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <ChartCard
          title={REPORT_TEXTS.byPeriod}
          hint={REPORT_TEXTS.byPeriodHint}
          updated={updated}
          color="info"
        >
          <ChartOrNothing empty={data.ventas === 0 || periods.length === 0}>
            <TotalsBars labels={periods.map((p) => periodTick(p.periodo))} rows={periods} />
          </ChartOrNothing>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <ChartCard
          title={REPORT_TEXTS.byMethod}
          hint={REPORT_TEXTS.byMethodHint}
          updated={updated}
          color="success"
        >
          <ChartOrNothing empty={methods.length === 0}>
            <PieChart
              height={CHART_ON_GRADIENT.height}
              skipAnimation
              hideLegend
              margin={{ top: 4, bottom: 4, left: 4, right: 4 }}
              series={[
                {
                  data: methods.map((m, i) => ({
                    id: m.metodo,
                    value: Number(m.total),
                    label: PAYMENT_METHODS[m.metodo],
                    color: SLICE_WHITES[i % SLICE_WHITES.length],
                  })),
                  innerRadius: 36,
                  paddingAngle: 2,
                  cornerRadius: 4,
                  arcLabel: 'label',
                  arcLabelMinAngle: 30,
                  valueFormatter: (item) => formatMoney(item.value),
                },
              ]}
              sx={{ [`& .${pieClasses.arcLabel}`]: { fill: '#344767', fontWeight: 700 } }}
            />
          </ChartOrNothing>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <ChartCard
          title={REPORT_TEXTS.byGroomer}
          hint={REPORT_TEXTS.byGroomerHint}
          updated={updated}
          color="dark"
        >
          <ChartOrNothing empty={data.ventas === 0 || groomers.length === 0}>
            {/* Horizontal: the names read in full beside their bars. */}
            <TotalsBars horizontal labels={groomers.map((g) => g.groomer)} rows={groomers} />
          </ChartOrNothing>
        </ChartCard>
      </Grid>
    </Grid>
  );
}

/** The tables behind the charts, and the one by item. */
function ReportTables({ data }: { data: Report }) {
  return (
    <Grid container spacing={3} sx={{ mt: 3 }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <SectionCard title={REPORT_TEXTS.byPeriod} hint={groupingHint(data)}>
          <FiguresTable
            label={REPORT_TEXTS.byPeriod}
            figures={periodFigures}
            rows={data.por_periodo}
            rowKey={(r) => r.periodo}
          />
        </SectionCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SectionCard title={REPORT_TEXTS.byMethod} hint={REPORT_TEXTS.byMethodHint}>
          <FiguresTable
            label={REPORT_TEXTS.byMethod}
            figures={methodFigures}
            rows={data.por_metodo}
            rowKey={(r) => r.metodo}
          />
        </SectionCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SectionCard title={REPORT_TEXTS.byGroomer} hint={REPORT_TEXTS.byGroomerHint}>
          <FiguresTable
            label={REPORT_TEXTS.byGroomer}
            figures={groomerFigures}
            rows={data.por_groomer}
            rowKey={(r) => r.id_emp ?? 'none'}
          />
        </SectionCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SectionCard title={REPORT_TEXTS.byItem} hint={REPORT_TEXTS.byItemHint}>
          <FiguresTable
            label={REPORT_TEXTS.byItem}
            figures={itemFigures}
            rows={data.por_item}
            rowKey={(r) => `${r.tipo}:${r.id_item ?? r.descripcion}`}
          />
        </SectionCard>
      </Grid>
    </Grid>
  );
}

const groupingHint = (data: Report) =>
  `Del ${formatDate(data.desde)} al ${formatDate(data.hasta)}, por ${GROUPINGS[data.agrupar].toLowerCase()}`;
