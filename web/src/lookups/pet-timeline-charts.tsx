import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { PetVisit } from '@app/domain';
import dayjs from 'dayjs';
import { TIME_ZONE } from '../lib/format';

/**
 * The pet timeline's charts: a chunk of its own, so @mui/x-charts loads when a timeline opens
 * and never with the lists that open it.
 */

export const PET_CHART_TEXTS = {
  weight: 'Peso (kg) por visita',
  temperature: 'Temperatura (°C) por visita',
  noTriage: 'Ninguna visita tiene triaje: no hay peso ni temperatura que graficar.',
} as const;

/** Weight and temperature at each visit with a triage, one small chart each. */
export function PetTimelineCharts({ visits }: { visits: PetVisit[] }) {
  const theme = useTheme();
  const triaged = visits.filter((v) => v.peso !== null && v.temperatura !== null);
  if (triaged.length === 0) return <Alert severity="info">{PET_CHART_TEXTS.noTriage}</Alert>;
  // By position, so that two visits of one day keep a point each.
  const days = triaged.map((v) => dayjs(v.fec_cita).tz(TIME_ZONE).format('DD/MM/YY'));
  const charts = [
    {
      label: PET_CHART_TEXTS.weight,
      unit: 'kg',
      data: triaged.map((v) => Number(v.peso)),
      color: theme.palette.primary.main,
    },
    {
      label: PET_CHART_TEXTS.temperature,
      unit: '°C',
      data: triaged.map((v) => Number(v.temperatura)),
      color: theme.palette.error.main,
    },
  ];
  return (
    <Grid container spacing={2}>
      {charts.map((chart) => (
        <Grid key={chart.label} size={{ xs: 12, md: 6 }}>
          {/* The visits table reads the same figures: the chart is their picture. */}
          <Box component="figure" aria-label={chart.label} sx={{ m: 0 }}>
            <Typography component="figcaption" variant="subtitle2">
              {chart.label}
            </Typography>
            <LineChart
              height={200}
              skipAnimation
              hideLegend
              margin={{ top: 12, bottom: 4, left: 4, right: 32 }}
              xAxis={[
                {
                  scaleType: 'point',
                  data: days.map((_, index) => index),
                  valueFormatter: (index: number) => days[index] ?? '',
                },
              ]}
              yAxis={[{ width: 48 }]}
              series={[
                {
                  data: chart.data,
                  label: chart.label,
                  color: chart.color,
                  showMark: true,
                  // Straight between measurements: no curve suggests a figure nobody took.
                  curve: 'linear',
                  valueFormatter: (v) => (v === null ? '' : `${v} ${chart.unit}`),
                },
              ]}
            />
          </Box>
        </Grid>
      ))}
    </Grid>
  );
}
