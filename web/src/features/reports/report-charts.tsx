import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import {
  bareAxis,
  CHART_LTR_ON_GRADIENT,
  CHART_ON_GRADIENT,
  CHART_WHITE,
  tickLabelStyle,
} from '../../app/cards/chart-card';

/** The bars of the reports' chart cards: white on the gradient, each series a shade of it. */

/** Series and slices on the gradient: white, each a little more transparent. */
export const WHITES = [0.95, 0.75, 0.58, 0.42, 0.28].map((a) => `rgba(255, 255, 255, ${a})`);

/** Soles on the value axis: '1k' from a thousand on. */
export const solesTick = (v: number) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v));

/** Where a chart would be empty: the line saying so, in its place. */
export function ChartOrNothing({
  empty,
  text,
  children,
}: {
  empty: boolean;
  /** 'Sin ventas en el período'. */
  text: string;
  children: ReactNode;
}) {
  if (!empty) return children;
  return (
    <Box sx={{ height: CHART_ON_GRADIENT.height, display: 'grid', placeItems: 'center' }}>
      <Typography sx={{ color: '#fff', fontWeight: 700 }}>{text}</Typography>
    </Box>
  );
}

export interface BarSeries {
  label: string;
  data: number[];
  /** The tooltip's figure: 'S/. 45.00', '12.5%'. */
  valueFormatter?(value: number | null): string;
}

export interface ReportBarsProps {
  labels: string[];
  /** Two or more are stacked on one bar (the statuses of a period), with a legend. */
  series: BarSeries[];
  /** Long labels (names) read in full beside their bars. */
  horizontal?: boolean;
  /** The value axis' labels: counts by default. */
  tick?(value: number): string;
}

/** One bar per label on a chart card's gradient. */
export function ReportBars({ labels, series, horizontal = false, tick }: ReportBarsProps) {
  const band = { scaleType: 'band' as const, data: labels, tickLabelStyle, ...bareAxis };
  const value = { tickLabelStyle, tickMinStep: 1, valueFormatter: tick, ...bareAxis };
  const stacked = series.length > 1;
  return (
    <BarChart
      {...CHART_LTR_ON_GRADIENT}
      {...(horizontal
        ? {
            layout: 'horizontal',
            grid: { vertical: true },
            yAxis: [{ ...band, width: 112 }],
            xAxis: [value],
          }
        : { xAxis: [band], yAxis: [{ ...value, width: 48 }] })}
      hideLegend={!stacked}
      slotProps={{ legend: { sx: { color: '#fff', fontSize: 12 } } }}
      series={series.map((s, i) => ({
        ...s,
        color: stacked ? WHITES[i % WHITES.length] : CHART_WHITE,
        stack: stacked ? 'total' : undefined,
      }))}
      borderRadius={4}
    />
  );
}
