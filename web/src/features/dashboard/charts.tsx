import Grid from '@mui/material/Grid';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { APPOINTMENT_STATUSES, statusName, type DashboardCharts as Charts } from '@app/domain';
import dayjs from 'dayjs';
import {
  bareAxis,
  ChartCard,
  CHART_LTR_ON_GRADIENT,
  CHART_WHITE,
  tickLabelStyle,
} from '../../app/cards/chart-card';
import { formatMoney } from '../../lib/format';

/**
 * The dashboard's charts row: a chunk of its own, so @mui/x-charts loads after the figures
 * and never with the login page.
 */

export const CHART_TEXTS = {
  perDay: 'Citas por día',
  perDayHint: 'Últimos 14 días, sin las eliminadas ni canceladas',
  perMonth: 'Ingresos por mes',
  perMonthHint: 'Citas completadas, últimos 6 meses',
  byStatus: 'Citas de hoy por estado',
  byStatusHint: 'Estado actual de las citas del día',
  updated: 'Actualizado a las',
} as const;

const valueAxis = (format?: (value: number) => string) => [
  // Counts and soles: no tick between two whole numbers.
  { width: 48, tickLabelStyle, tickMinStep: 1, valueFormatter: format, ...bareAxis },
];

export interface DashboardChartsProps {
  data: Charts;
  /** When the charts' figures were read, `HH:mm`. */
  updated: string;
}

/**
 * Appointments per day, revenue per month and today's appointments by status; the revenue only
 * for who may see the money (the API leaves it out otherwise), the other two then share the row.
 */
export function DashboardCharts({ data, updated }: DashboardChartsProps) {
  const days = data.appointmentsPerDay;
  const months = data.revenuePerMonth;
  // Every status of the catalogue but Eliminada, so an empty day still draws its axis.
  const statuses = APPOINTMENT_STATUSES.filter((s) => s.id_est !== 8);
  const todayCount = (id: number) => data.todayByStatus.find((s) => s.id_est === id)?.total ?? 0;
  const stamp = `${CHART_TEXTS.updated} ${updated}`;
  const cell = months ? ({ xs: 12, md: 6, lg: 4 } as const) : ({ xs: 12, md: 6 } as const);

  return (
    <Grid container spacing={3} sx={{ mt: 2 }}>
      <Grid size={cell}>
        <ChartCard
          title={CHART_TEXTS.perDay}
          hint={CHART_TEXTS.perDayHint}
          updated={stamp}
          color="info"
        >
          <BarChart
            {...CHART_LTR_ON_GRADIENT}
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
            series={[{ data: days.map((d) => d.total), color: CHART_WHITE, label: 'Citas' }]}
            borderRadius={4}
          />
        </ChartCard>
      </Grid>
      {months && (
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <ChartCard
            title={CHART_TEXTS.perMonth}
            hint={CHART_TEXTS.perMonthHint}
            updated={stamp}
            color="success"
          >
            <LineChart
              {...CHART_LTR_ON_GRADIENT}
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
                  color: CHART_WHITE,
                  curve: 'natural',
                  label: 'Ingresos',
                  valueFormatter: (v) => formatMoney(v),
                },
              ]}
            />
          </ChartCard>
        </Grid>
      )}
      <Grid size={months ? { xs: 12, lg: 4 } : { xs: 12, md: 6 }}>
        <ChartCard
          title={CHART_TEXTS.byStatus}
          hint={CHART_TEXTS.byStatusHint}
          updated={stamp}
          color="dark"
        >
          {/* Horizontal: the status names read in full beside their bars. */}
          <BarChart
            {...CHART_LTR_ON_GRADIENT}
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
              {
                data: statuses.map((s) => todayCount(s.id_est)),
                color: CHART_WHITE,
                label: 'Citas',
              },
            ]}
            borderRadius={4}
          />
        </ChartCard>
      </Grid>
    </Grid>
  );
}
