import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { chartsGridClasses } from '@mui/x-charts/ChartsGrid';
import type { ReactNode } from 'react';
import { gradientSx, type GradientColor } from './gradient-box';
import { CardHeading } from './section-card';

/**
 * Material Dashboard's chart card: the chart on a gradient over the top edge, then its title,
 * a line about it and when it was updated. Only the chart screens import it (they load
 * @mui/x-charts anyway), never a page that must stay light.
 */

export interface ChartCardProps {
  /** The heading, and the name of the figure. */
  title: string;
  hint: ReactNode;
  /** The line beside the clock: 'Actualizado a las 10:42'. */
  updated: string;
  color: GradientColor;
  /** The chart, drawn white on the gradient: see `CHART_ON_GRADIENT`. */
  children: ReactNode;
}

export function ChartCard({ title, hint, updated, color, children }: ChartCardProps) {
  return (
    <Card sx={{ height: '100%', overflow: 'visible', mt: 3 }}>
      <Box sx={{ px: 2 }}>
        <Box
          component="figure"
          aria-label={title}
          sx={[gradientSx(color), { mt: -3, mx: 0, mb: 2, p: 1 }]}
        >
          {children}
        </Box>
      </Box>
      <Box sx={{ p: 2 }}>
        <CardHeading title={title} hint={hint} />
        <Divider sx={{ my: 1.5 }} />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <ScheduleIcon fontSize="small" />
          <Typography variant="caption">{updated}</Typography>
        </Stack>
      </Box>
    </Card>
  );
}

/** Tick labels in white on the gradient. */
export const tickLabelStyle = { fill: '#fff', fontSize: 11 };
/** An axis with no line and no ticks: only its labels. */
export const bareAxis = { disableLine: true, disableTicks: true };
/** The series' colour on the gradient. */
export const CHART_WHITE = 'rgba(255, 255, 255, 0.85)';

/** Props every chart on a chart card shares: its height, no legend, a dashed white grid. */
export const CHART_ON_GRADIENT = {
  height: 190,
  skipAnimation: true,
  hideLegend: true,
  grid: { horizontal: true },
  sx: {
    [`& .${chartsGridClasses.line}`]: {
      stroke: 'rgba(255, 255, 255, 0.3)',
      strokeDasharray: '5 5',
    },
  },
};

/** A left-to-right chart on a card: room on the right for the last tick label. */
export const CHART_LTR_ON_GRADIENT = {
  ...CHART_ON_GRADIENT,
  margin: { top: 12, bottom: 4, left: 4, right: 20 },
};
