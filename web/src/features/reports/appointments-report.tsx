import EventIcon from '@mui/icons-material/Event';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import GroupIcon from '@mui/icons-material/Group';
import PaymentsIcon from '@mui/icons-material/Payments';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TimerIcon from '@mui/icons-material/Timer';
import {
  appointmentsResource,
  REPORT_ENDPOINTS,
  REPORT_TEXTS,
  type AppointmentReport,
} from '@app/domain';
import type { StatCardProps } from '../../app/cards/stat-card';
import { formatMoney } from '../../lib/format';
import type { Figure } from './figures-table';
import { formatCount, formatPercent, periodText, periodTick } from './format';
import { ReportBars } from './report-charts';
import {
  periodTable,
  ReportPage,
  reportTable,
  type ReportChart,
  type ReportTable,
} from './report-page';

/**
 * 'Reporte Citas' (decisions §reports): the citas whose visit falls in a Lima date range, by
 * status, by service or package and by groomer with the share of the opening hours they booked.
 */

export const APPOINTMENT_REPORT_TEXTS = {
  appointments: 'Citas',
  appointmentsHint: 'Sin las eliminadas ni canceladas',
  cancelled: 'Canceladas',
  completed: 'Completadas',
  completedHint: 'Visitas atendidas',
  noShow: 'No asistió',
  noShowRate: 'Tasa de inasistencia',
  minutes: 'Minutos reservados',
  minutesHint: 'Duración de las citas, sin las eliminadas ni canceladas',
  income: 'Ingresos',
  incomeHint: 'Precio de las citas completadas',
  clients: 'Clientes nuevos / recurrentes',
  clientsHint: 'Nuevos: su primera cita cae en el período',
  byPeriod: 'Citas por período',
  byPeriodHint: 'Cada estado, por día o por mes',
  byStatus: 'Citas por estado',
  byStatusHint: 'Todos los estados, las eliminadas incluidas',
  byItem: 'Citas por servicio o paquete',
  byItemHint: 'Los más reservados',
  byItemTableHint: 'Citas, completadas e ingresos de cada uno',
  byGroomer: 'Ocupación por groomer',
  byGroomerHint: 'Minutos reservados sobre el horario de atención',
  noData: 'Sin citas en el período',
} as const;

const T = APPOINTMENT_REPORT_TEXTS;

/** The chart of services and packages shows the most booked; the table, every one. */
const TOP_ITEMS = 6;

type Report = AppointmentReport;
type PeriodRow = Report['por_periodo'][number];
type GroomerRow = Report['por_groomer'][number];

/** Each status of a period, in the order a visit goes through them (as the file has them). */
const PERIOD_STATUSES = [
  { key: 'programadas', label: 'Programadas' },
  { key: 'en_proceso', label: 'En proceso' },
  { key: 'completadas', label: 'Completadas' },
  { key: 'no_asistio', label: 'No asistió' },
] as const satisfies readonly { key: keyof PeriodRow; label: string }[];

const groomerName = (r: GroomerRow) => (r.id_emp === null ? REPORT_TEXTS.unassigned : r.groomer);

const periodFigures: Figure<PeriodRow>[] = [
  { header: 'Período', value: (r) => periodText(r.periodo) },
  ...PERIOD_STATUSES.map(({ key, label }): Figure<PeriodRow> => ({
    header: label,
    value: (r) => r[key],
    kind: 'count',
  })),
  { header: 'Total', value: (r) => r.total, kind: 'count' },
];

const statusFigures: Figure<Report['por_estado'][number]>[] = [
  { header: 'Estado', value: (r) => r.nom_est },
  { header: 'Citas', value: (r) => r.total, kind: 'count' },
];

const itemFigures: Figure<Report['por_item'][number]>[] = [
  { header: 'Tipo', value: (r) => (r.tipo === 'servicio' ? 'Servicio' : 'Paquete') },
  { header: 'Nombre', value: (r) => r.nombre },
  { header: 'Citas', value: (r) => r.citas, kind: 'count' },
  { header: 'Completadas', value: (r) => r.completadas, kind: 'count' },
  { header: 'Ingresos', value: (r) => r.ingresos, kind: 'money' },
];

const groomerFigures: Figure<GroomerRow>[] = [
  { header: 'Groomer', value: groomerName },
  { header: 'Citas', value: (r) => r.citas, kind: 'count' },
  { header: 'Completadas', value: (r) => r.completadas, kind: 'count' },
  { header: 'No asistió', value: (r) => r.no_asistio, kind: 'count' },
  { header: 'Minutos', value: (r) => r.minutos, kind: 'count' },
  { header: 'Ocupación', value: (r) => r.ocupacion, kind: 'percent' },
];

export function AppointmentsReportPage() {
  return (
    <ReportPage<Report>
      title={REPORT_TEXTS.appointmentsTitle}
      invalidatedBy={appointmentsResource.plural}
      endpoint={REPORT_ENDPOINTS.appointments}
      exportEndpoint={REPORT_ENDPOINTS.appointmentsExport}
      file={REPORT_TEXTS.appointmentsFile}
      loadError={REPORT_TEXTS.loadError}
      noData={T.noData}
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
      icon: <EventIcon />,
      title: T.appointments,
      value: formatCount(data.citas),
      footer: `${T.appointmentsHint} (${T.cancelled.toLowerCase()}: ${formatCount(data.canceladas)})`,
    },
    {
      color: 'success',
      icon: <TaskAltIcon />,
      title: T.completed,
      value: formatCount(data.completadas),
      footer: T.completedHint,
    },
    {
      color: 'error',
      icon: <EventBusyIcon />,
      title: T.noShow,
      value: formatCount(data.no_asistio),
      footer: `${T.noShowRate}: ${formatPercent(data.tasa_no_show)}`,
    },
    {
      color: 'info',
      icon: <TimerIcon />,
      title: T.minutes,
      value: formatCount(data.minutos),
      footer: T.minutesHint,
    },
    {
      color: 'primary',
      icon: <PaymentsIcon />,
      title: T.income,
      value: formatMoney(data.ingresos),
      footer: T.incomeHint,
    },
    {
      color: 'secondary',
      icon: <GroupIcon />,
      title: T.clients,
      value: `${formatCount(data.clientes_nuevos)} / ${formatCount(data.clientes_recurrentes)}`,
      footer: T.clientsHint,
    },
  ];
}

const CHART_CELL = { xs: 12, md: 6 } as const;

/** The most booked services and packages. */
const topItems = (data: Report) =>
  [...data.por_item].sort((a, b) => b.citas - a.citas).slice(0, TOP_ITEMS);

/** Occupancy is the groomers' own: unassigned citas have none. */
const occupancyRows = (data: Report) => data.por_groomer.filter((g) => g.ocupacion !== null);

const charts: ReportChart<Report>[] = [
  {
    title: T.byPeriod,
    hint: T.byPeriodHint,
    color: 'info',
    size: CHART_CELL,
    empty: (data) => data.citas === 0,
    chart: (data) => (
      <ReportBars
        labels={data.por_periodo.map((p) => periodTick(p.periodo))}
        // The visits that were due at the foot of each bar.
        series={[...PERIOD_STATUSES].reverse().map(({ key, label }) => ({
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
    empty: (data) => data.por_estado.every((s) => s.total === 0),
    chart: (data) => (
      <ReportBars
        horizontal
        labels={data.por_estado.map((s) => s.nom_est)}
        series={[{ label: 'Citas', data: data.por_estado.map((s) => s.total) }]}
      />
    ),
  },
  {
    title: T.byItem,
    hint: T.byItemHint,
    color: 'dark',
    size: CHART_CELL,
    empty: (data) => topItems(data).length === 0,
    chart: (data) => {
      const items = topItems(data);
      return (
        <ReportBars
          horizontal
          labels={items.map((i) => i.nombre)}
          series={[{ label: 'Citas', data: items.map((i) => i.citas) }]}
        />
      );
    },
  },
  {
    title: T.byGroomer,
    hint: T.byGroomerHint,
    color: 'primary',
    size: CHART_CELL,
    empty: (data) => occupancyRows(data).length === 0,
    chart: (data) => {
      const groomers = occupancyRows(data);
      return (
        <ReportBars
          horizontal
          labels={groomers.map(groomerName)}
          tick={(v) => `${v}%`}
          series={[
            {
              label: 'Ocupación',
              data: groomers.map((g) => g.ocupacion ?? 0),
              valueFormatter: formatPercent,
            },
          ]}
        />
      );
    },
  },
];

const tables: ReportTable<Report>[] = [
  periodTable(T.byPeriod, { xs: 12, lg: 7 }, periodFigures),
  reportTable({
    title: T.byStatus,
    hint: T.byStatusHint,
    size: { xs: 12, lg: 5 },
    figures: statusFigures,
    rows: (data) => data.por_estado,
    rowKey: (r) => r.id_est,
  }),
  reportTable({
    title: T.byGroomer,
    hint: (data) =>
      `Minutos reservados sobre ${formatCount(data.minutos_apertura)} minutos de atención`,
    size: 12,
    figures: groomerFigures,
    rows: (data) => data.por_groomer,
    rowKey: (r) => r.id_emp ?? 'none',
  }),
  reportTable({
    title: T.byItem,
    hint: T.byItemTableHint,
    size: 12,
    figures: itemFigures,
    rows: (data) => data.por_item,
    rowKey: (r) => `${r.tipo}:${r.id_item}`,
  }),
];
