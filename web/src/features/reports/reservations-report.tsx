import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventNoteIcon from '@mui/icons-material/EventNote';
import HourglassDisabledIcon from '@mui/icons-material/HourglassDisabled';
import ScheduleIcon from '@mui/icons-material/Schedule';
import {
  REPORT_ENDPOINTS,
  REPORT_TEXTS,
  reservationsResource,
  type ReservationReport,
} from '@app/domain';
import type { StatCardProps } from '../../app/cards/stat-card';
import type { Figure } from './figures-table';
import { formatCount, formatDays, formatPercent, periodText, periodTick } from './format';
import { ReportBars } from './report-charts';
import {
  periodTable,
  ReportPage,
  reportTable,
  type ReportChart,
  type ReportTable,
} from './report-page';

/**
 * 'Reporte Reservaciones' (decisions §reports): the reservations registered in a Lima date range,
 * by where they stand now, how many became a cita, and how far ahead they were made.
 */

export const RESERVATION_REPORT_TEXTS = {
  created: 'Creadas',
  createdHint: 'Registradas en el período',
  confirmed: 'Confirmadas',
  cancelled: 'Canceladas',
  expired: 'Expiradas',
  converted: 'Convertidas en cita',
  leadTime: 'Anticipación promedio',
  leadTimeHint: 'Del registro al día reservado',
  byPeriod: 'Reservaciones por período',
  byPeriodHint: 'Cada estado, por día o por mes',
  byStatus: 'Reservaciones por estado',
  byStatusHint: 'Cómo están hoy, y cuántas llegaron a ser cita',
  byLeadTime: 'Reservaciones por anticipación',
  byLeadTimeHint: 'Días entre el registro y el día reservado',
  noData: 'Sin reservaciones en el período',
} as const;

const T = RESERVATION_REPORT_TEXTS;

type Report = ReservationReport;
type PeriodRow = Report['por_periodo'][number];
type StatusKey = Exclude<keyof PeriodRow, 'periodo'>;

/** The statuses a reservation can stand in; together they are every one created. */
const STATUSES = [
  { key: 'pendientes', label: 'Pendientes' },
  { key: 'confirmadas', label: 'Confirmadas' },
  { key: 'canceladas', label: 'Canceladas' },
  { key: 'expiradas', label: 'Expiradas' },
] as const satisfies readonly { key: StatusKey; label: string }[];

/** Each status and the citas, with their share of those created. */
const STATUS_ROWS = [
  ...STATUSES,
  { key: 'convertidas', label: 'Convertidas en cita' },
] as const satisfies readonly { key: StatusKey; label: string }[];

interface StatusRow {
  label: string;
  total: number;
  share: number | null;
}

/** A share of those created, in percent with one decimal, as the API rounds its rates. */
const shareOf = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

const periodFigures: Figure<PeriodRow>[] = [
  { header: 'Período', value: (r) => periodText(r.periodo) },
  { header: 'Creadas', value: (r) => r.creadas, kind: 'count' },
  ...STATUS_ROWS.map(({ key, label }): Figure<PeriodRow> => ({
    header: label,
    value: (r) => r[key],
    kind: 'count',
  })),
];

const statusFigures: Figure<StatusRow>[] = [
  { header: 'Estado', value: (r) => r.label },
  { header: 'Reservaciones', value: (r) => r.total, kind: 'count' },
  { header: 'Del total', value: (r) => r.share, kind: 'percent' },
];

const leadTimeFigures: Figure<Report['por_anticipacion'][number]>[] = [
  { header: 'Anticipación', value: (r) => r.rango },
  { header: 'Reservaciones', value: (r) => r.reservas, kind: 'count' },
];

export function ReservationsReportPage() {
  return (
    <ReportPage<Report>
      title={REPORT_TEXTS.reservationsTitle}
      invalidatedBy={reservationsResource.plural}
      endpoint={REPORT_ENDPOINTS.reservations}
      exportEndpoint={REPORT_ENDPOINTS.reservationsExport}
      file={REPORT_TEXTS.reservationsFile}
      loadError={REPORT_TEXTS.loadError}
      noData={T.noData}
      cards={summaryCards}
      charts={charts}
      tables={tables}
    />
  );
}

/** 'Tasa de conversión: 25%'. */
const rate = (label: string, value: number | null) => `${label}: ${formatPercent(value)}`;

function summaryCards(data: Report): StatCardProps[] {
  return [
    {
      color: 'dark',
      icon: <EventNoteIcon />,
      title: T.created,
      value: formatCount(data.creadas),
      footer: T.createdHint,
    },
    {
      color: 'success',
      icon: <CheckCircleIcon />,
      title: T.confirmed,
      value: formatCount(data.confirmadas),
      footer: rate('Tasa de confirmación', data.tasa_confirmacion),
    },
    {
      color: 'error',
      icon: <CancelIcon />,
      title: T.cancelled,
      value: formatCount(data.canceladas),
      footer: rate('Tasa de cancelación', data.tasa_cancelacion),
    },
    {
      color: 'warning',
      icon: <HourglassDisabledIcon />,
      title: T.expired,
      value: formatCount(data.expiradas),
      footer: rate('Tasa de expiración', data.tasa_expiracion),
    },
    {
      color: 'info',
      icon: <EventAvailableIcon />,
      title: T.converted,
      value: formatCount(data.convertidas),
      footer: rate('Tasa de conversión', data.tasa_conversion),
    },
    {
      color: 'primary',
      icon: <ScheduleIcon />,
      title: T.leadTime,
      value: formatDays(data.anticipacion_promedio),
      footer: T.leadTimeHint,
    },
  ];
}

const statusRows = (data: Report): StatusRow[] =>
  STATUS_ROWS.map(({ key, label }) => ({
    label,
    total: data[key],
    share: shareOf(data[key], data.creadas),
  }));

const CHART_CELL = { xs: 12, md: 6, lg: 4 } as const;

const empty = (data: Report) => data.creadas === 0;

const charts: ReportChart<Report>[] = [
  {
    title: T.byPeriod,
    hint: T.byPeriodHint,
    color: 'info',
    size: CHART_CELL,
    empty,
    chart: (data) => (
      <ReportBars
        labels={data.por_periodo.map((p) => periodTick(p.periodo))}
        series={STATUSES.map(({ key, label }) => ({
          label,
          data: data.por_periodo.map((p) => p[key]),
        }))}
      />
    ),
  },
  {
    title: T.byStatus,
    hint: T.byStatusHint,
    color: 'success',
    size: CHART_CELL,
    empty,
    chart: (data) => {
      const statuses = statusRows(data);
      return (
        <ReportBars
          horizontal
          labels={statuses.map((s) => s.label)}
          series={[{ label: 'Reservaciones', data: statuses.map((s) => s.total) }]}
        />
      );
    },
  },
  {
    title: T.byLeadTime,
    hint: T.byLeadTimeHint,
    color: 'dark',
    size: { xs: 12, lg: 4 },
    empty,
    chart: (data) => (
      <ReportBars
        horizontal
        labels={data.por_anticipacion.map((r) => r.rango)}
        series={[{ label: 'Reservaciones', data: data.por_anticipacion.map((r) => r.reservas) }]}
      />
    ),
  },
];

const tables: ReportTable<Report>[] = [
  periodTable(T.byPeriod, 12, periodFigures),
  reportTable({
    title: T.byStatus,
    hint: T.byStatusHint,
    size: { xs: 12, md: 6 },
    figures: statusFigures,
    rows: statusRows,
    rowKey: (r) => r.label,
  }),
  reportTable({
    title: T.byLeadTime,
    hint: T.byLeadTimeHint,
    size: { xs: 12, md: 6 },
    figures: leadTimeFigures,
    rows: (data) => data.por_anticipacion,
    rowKey: (r) => r.rango,
  }),
];
