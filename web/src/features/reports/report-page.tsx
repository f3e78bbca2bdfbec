import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid, { type GridProps } from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { limaToday, type ApiSuccess, type Endpoint, type ReportQuery } from '@app/domain';
import type { z } from 'zod';
import { ChartCard, type ChartCardProps } from '../../app/cards/chart-card';
import { StatCard, type StatCardProps } from '../../app/cards/stat-card';
import { PageContainer } from '../../app/page-container';
import {
  ExportButtons,
  FilterBar,
  listErrorMessage,
  useListParams,
  type FilterDef,
  type FilterValues,
} from '../../crud';
import { call, queryKey } from '../../lib/api';
import { formatDate, TIME_ZONE } from '../../lib/format';
import { FiguresCard, type Figure } from './figures-table';
import { ChartOrNothing } from './report-charts';

/**
 * The frame of Reporte Ventas, Citas and Reservaciones (decisions §reports): a Lima date range by
 * day or by month, read from the address; the figures of the range; and its CSV and xlsx exports,
 * which the server writes from the same figures.
 */

const GROUPINGS = { dia: 'Día', mes: 'Mes' } as const;

const filters: FilterDef[] = [
  { name: 'desde', label: 'Desde', type: 'date' },
  { name: 'hasta', label: 'Hasta', type: 'date' },
  {
    name: 'agrupar',
    label: 'Agrupar por',
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

/** 'Del 01/11/2026 al 05/11/2026, por día': the hint of a table by period. */
const groupingHint = (range: ReportQuery) =>
  `Del ${formatDate(range.desde)} al ${formatDate(range.hasta)}, por ${GROUPINGS[range.agrupar].toLowerCase()}`;

/** A chart card of a report: drawn from the figures, or the report's `noData` in its place. */
export interface ReportChart<Report> {
  /** The card's heading; also its key among the report's charts. */
  title: string;
  hint: string;
  color: ChartCardProps['color'];
  /** The card's grid cell. */
  size: GridProps['size'];
  /** Nothing to draw in the range. */
  empty(report: Report): boolean;
  chart(report: Report): ReactNode;
}

/** A table card behind the charts, whatever its rows: `reportTable` declares one. */
export interface ReportTable<Report> {
  /** The card's heading; also its key among the report's tables. */
  title: string;
  size: GridProps['size'];
  /** The card; `emptyText` is the report's `noData`, as a sentence. */
  card(report: Report, emptyText: string): ReactNode;
}

export interface ReportTableDef<Report, Row> {
  title: string;
  hint: string | ((report: NoInfer<Report>) => string);
  size: GridProps['size'];
  figures: readonly Figure<Row>[];
  rows(report: Report): readonly Row[];
  rowKey(row: Row): string | number;
}

/** A table of figures on its own card: one row of `rows` per line. */
export function reportTable<Report, Row>({
  title,
  hint,
  size,
  figures,
  rows,
  rowKey,
}: ReportTableDef<Report, Row>): ReportTable<Report> {
  return {
    title,
    size,
    card: (report, emptyText) => (
      <FiguresCard
        title={title}
        hint={typeof hint === 'string' ? hint : hint(report)}
        figures={figures}
        rows={rows(report)}
        rowKey={rowKey}
        emptyText={emptyText}
      />
    ),
  };
}

/** The table every report has: its figures by day or by month, as the range is grouped. */
export function periodTable<
  Report extends ReportQuery & { por_periodo: readonly Row[] },
  Row extends { periodo: string },
>(title: string, size: GridProps['size'], figures: readonly Figure<Row>[]): ReportTable<Report> {
  return reportTable<Report, Row>({
    title,
    hint: groupingHint,
    size,
    figures,
    rows: (report) => report.por_periodo,
    rowKey: (row) => row.periodo,
  });
}

/** A report's route: its filters in the query string, the report as the answer. */
export type ReportEndpoint<Report> = Endpoint<
  undefined,
  z.ZodType,
  undefined,
  { 200: z.ZodType<ApiSuccess<Report>> }
>;

export interface ReportPageProps<Report extends ReportQuery> {
  title: string;
  /** The first part of the query key: what changes the figures (a sale, a cita) invalidates it. */
  invalidatedBy: string;
  endpoint: ReportEndpoint<Report>;
  exportEndpoint: Endpoint;
  /** The exported file's name before its day, when the server names none. */
  file: string;
  loadError: string;
  /** What a chart or a table with nothing in the range says: 'Sin ventas en el período'. */
  noData: string;
  /** The figures on top, as statistics cards. */
  cards(report: Report): StatCardProps[];
  charts: readonly ReportChart<Report>[];
  /** The tables behind the charts. */
  tables: readonly ReportTable<Report>[];
}

export function ReportPage<Report extends ReportQuery>({
  title,
  invalidatedBy,
  endpoint,
  exportEndpoint,
  file,
  loadError,
  noData,
  cards,
  charts,
  tables,
}: ReportPageProps<Report>) {
  const [defaults] = useState(filterDefaults);
  const { params, search } = useListParams(defaults);
  const report = useQuery({
    queryKey: [invalidatedBy, ...queryKey(endpoint, { query: params.filters })],
    queryFn: ({ signal }) => call(endpoint, { query: params.filters, signal }),
    placeholderData: keepPreviousData,
  });
  // As in every list: Buscar loads again even when the filters are the ones applied.
  const onSearch = (next: FilterValues) => {
    if (JSON.stringify(next) === JSON.stringify(params.filters)) void report.refetch();
    else search(next);
  };
  const data = report.isError ? undefined : report.data;
  const updated = `Actualizado a las ${dayjs(report.dataUpdatedAt).tz(TIME_ZONE).format('HH:mm')}`;

  return (
    <PageContainer title={title}>
      <FilterBar
        filters={filters}
        values={params.filters}
        onSearch={onSearch}
        actions={<ExportButtons path={exportEndpoint.path} file={file} filters={params.filters} />}
      />
      {report.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {listErrorMessage(report.error, loadError)}
        </Alert>
      )}
      {data ? (
        <Box aria-busy={report.isFetching}>
          <ReportCards cards={cards(data)} />
          <Grid container spacing={3} sx={{ mt: 2 }}>
            {charts.map((chart) => (
              <Grid key={chart.title} size={chart.size}>
                <ChartCard
                  title={chart.title}
                  hint={chart.hint}
                  updated={updated}
                  color={chart.color}
                >
                  <ChartOrNothing text={noData} empty={chart.empty(data)}>
                    {chart.chart(data)}
                  </ChartOrNothing>
                </ChartCard>
              </Grid>
            ))}
          </Grid>
          <Grid container spacing={3} sx={{ mt: 3 }}>
            {tables.map((table) => (
              <Grid key={table.title} size={table.size}>
                {table.card(data, `${noData}.`)}
              </Grid>
            ))}
          </Grid>
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

/** The report's figures as statistics cards: four to a row, or three when they are six. */
function ReportCards({ cards }: { cards: StatCardProps[] }) {
  const lg = cards.length % 3 === 0 ? 4 : 3;
  return (
    <Grid container spacing={3}>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 12, sm: 6, lg }}>
          <StatCard {...card} valueVariant="h5" />
        </Grid>
      ))}
    </Grid>
  );
}
