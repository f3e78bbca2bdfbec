import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { chartsGridClasses } from '@mui/x-charts/ChartsGrid';
import { LineChart } from '@mui/x-charts/LineChart';
import { APPOINTMENT_STATUSES, statusName, type Dashboard } from '@app/domain';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format';
import { accentBoxSx, type Accent } from './accent';

/**
 * The dashboard's charts row: a chunk of its own, so @mui/x-charts loads after the figures
 * and never with the login page.
 */

export const CHART_TEXTS = {
  perDay: 'Citas por día',
  perDayHint: 'Últimos 14 días, sin las eliminadas',
  perMonth: 'Ingresos por mes',
  perMonthHint: 'Citas completadas, últimos 6 meses',
  byStatus: 'Citas de hoy por estado',
  byStatusHint: 'Estado actual de las citas del día',
  updated: 'Actualizado a las',
} as const;

/** White grid, axes and series on the gradient, as Material Dashboard draws its charts. */
const onGradientSx = {
  [`& .${chartsGridClasses.line}`]: { stroke: 'rgba(255, 255, 255, 0.3)', strokeDasharray: '5 5' },
} as const;
const tickLabelStyle = { fill: '#fff', fontSize: 11 };
const bareAxis = { disableLine: true, disableTicks: true };
const WHITE = 'rgba(255, 255, 255, 0.85)';
const chartProps = {
  height: 190,
  skipAnimation: true,
  hideLegend: true,
  grid: { horizontal: true },
  margin: { top: 12, bottom: 4, left: 4, right: 20 },
  sx: onGradientSx,
};
const valueAxis = (format?: (value: number) => string) => [
  // Counts and soles: no tick between two whole numbers.
  { width: 48, tickLabelStyle, tickMinStep: 1, valueFormatter: format, ...bareAxis },
];

interface ChartCardProps {
  title: string;
  hint: string;
  updated: string;
  accent: Accent;
  children: ReactNode;
}

function ChartCard({ title, hint, updated, accent, children }: ChartCardProps) {
  return (
    <Card sx={{ height: '100%', overflow: 'visible', mt: 3 }}>
      <Box sx={{ px: 2 }}>
        <Box
          component="figure"
          aria-label={title}
          sx={[accentBoxSx(accent), { mt: -3, mx: 0, p: 1 }]}
        >
          {children}
        </Box>
      </Box>
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
        <Divider sx={{ my: 1.5 }} />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <ScheduleIcon fontSize="small" />
          <Typography variant="caption">
            {CHART_TEXTS.updated} {updated}
          </Typography>
        </Stack>
      </Box>
    </Card>
  );
}

export interface DashboardChartsProps {
  data: Dashboard;
  /** When the figures were read, `HH:mm`. */
  updated: string;
}

/** Appointments per day, revenue per month and today's appointments by status. */
export function DashboardCharts({ data, updated }: DashboardChartsProps) {
  const days = data.appointmentsPerDay;
  const months = data.revenuePerMonth;
  // Every status of the catalogue but Eliminada, so an empty day still draws its axis.
  const statuses = APPOINTMENT_STATUSES.filter((s) => s.id_est !== 8);
  const todayCount = (id: number) =>
    data.appointmentsToday.byStatus.find((s) => s.id_est === id)?.total ?? 0;

  return (
    <Grid container spacing={3} sx={{ mt: 2 }}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <ChartCard
          title={CHART_TEXTS.perDay}
          hint={CHART_TEXTS.perDayHint}
          updated={updated}
          accent="info"
        >
          <BarChart
            {...chartProps}
            xAxis={[
              {
                scaleType: 'band',
                data: days.map((d) => dayjs(d.day).format('DD/MM')),
                tickLabelStyle,
                // Every third day, counted back from today, so that today is always labelled.
                tickLabelInterval: (_value: unknown, index: number) =>
                  (days.length - 1 - index) % 3 === 0,
                ...bareAxis,
              },
            ]}
            yAxis={valueAxis()}
            series={[{ data: days.map((d) => d.total), color: WHITE, label: 'Citas' }]}
            borderRadius={4}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <ChartCard
          title={CHART_TEXTS.perMonth}
          hint={CHART_TEXTS.perMonthHint}
          updated={updated}
          accent="success"
        >
          <LineChart
            {...chartProps}
            xAxis={[
              {
                scaleType: 'point',
                data: months.map((m) => dayjs(`${m.month}-01`).format('MMM')),
                tickLabelStyle,
                ...bareAxis,
              },
            ]}
            yAxis={valueAxis((v) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v)))}
            series={[
              {
                // Display only: the figures themselves stay exact strings.
                data: months.map((m) => Number(m.revenue)),
                color: WHITE,
                curve: 'natural',
                label: 'Ingresos',
                valueFormatter: (v) => formatMoney(v),
              },
            ]}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <ChartCard
          title={CHART_TEXTS.byStatus}
          hint={CHART_TEXTS.byStatusHint}
          updated={updated}
          accent="dark"
        >
          {/* Horizontal: the status names read in full beside their bars. */}
          <BarChart
            {...chartProps}
            layout="horizontal"
            grid={{ vertical: true }}
            yAxis={[
              {
                scaleType: 'band',
                data: statuses.map((s) => statusName(s.id_est, APPOINTMENT_STATUSES)),
                width: 84,
                tickLabelStyle,
                ...bareAxis,
              },
            ]}
            xAxis={[{ tickLabelStyle, tickMinStep: 1, ...bareAxis }]}
            series={[
              { data: statuses.map((s) => todayCount(s.id_est)), color: WHITE, label: 'Citas' },
            ]}
            borderRadius={4}
          />
        </ChartCard>
      </Grid>
    </Grid>
  );
}
