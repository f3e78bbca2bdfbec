import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { DASHBOARD_ENDPOINTS } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { PageContainer } from '../../app/page-container';
import { call, queryKey } from '../../lib/api';
import { TIME_ZONE } from '../../lib/format';
import { ActivityTimeline } from './activity-timeline';
import { DueVaccinesTable } from './due-vaccines';
import { ElectronicReceiptsToday } from './electronic-receipts-today';
import { LowStockTable } from './low-stock';
import { StatCards, StatCardsPlaceholder } from './stat-cards';
import { UpcomingTable } from './upcoming-table';

// The charts library is the heaviest part: its own chunk, fetched once the figures are in.
const chartsChunk = () => import('./charts');
const DashboardCharts = lazy(() =>
  chartsChunk().then((module) => ({ default: module.DashboardCharts })),
);

export const DASHBOARD_QUERY_KEY = queryKey(DASHBOARD_ENDPOINTS.figures);
export const DASHBOARD_CHARTS_QUERY_KEY = queryKey(DASHBOARD_ENDPOINTS.charts);

const LOAD_ERROR = 'No se pudieron cargar las cifras del negocio';
const CHARTS_LOAD_ERROR = 'No se pudieron cargar los gráficos';

function ChartsPlaceholder() {
  return (
    <Grid container spacing={3} sx={{ mt: 2 }}>
      {[0, 1, 2].map((i) => (
        <Grid key={i} size={{ xs: 12, md: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={300} sx={{ mt: 3 }} />
        </Grid>
      ))}
    </Grid>
  );
}

/**
 * The charts row, after the figures (issue 30 §16): shown once the cards are in, it is only then
 * that it asks for their data and their library's chunk, so that neither competes with the figures or with the
 * screen a first click opens, and they are drawn at a lower priority than a click (a deferred
 * value). Until then, placeholders of their size.
 */
function ChartsRow() {
  const { data, error, dataUpdatedAt } = useQuery({
    queryKey: DASHBOARD_CHARTS_QUERY_KEY,
    queryFn: ({ signal }) => call(DASHBOARD_ENDPOINTS.charts, { signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
  // The chunk comes while the data does.
  useEffect(() => void chartsChunk(), []);
  const charts = useDeferredValue(data);

  if (error) {
    return (
      <Alert severity="error" sx={{ mt: 3 }}>
        {error.message || CHARTS_LOAD_ERROR}
      </Alert>
    );
  }
  if (!charts) return <ChartsPlaceholder />;
  const updated = dayjs(dataUpdatedAt).tz(TIME_ZONE).format('HH:mm');
  return (
    <Suspense fallback={<ChartsPlaceholder />}>
      <DashboardCharts data={charts} updated={updated} />
    </Suspense>
  );
}

/**
 * Spec §000-1's dashboard layout, filled with the business's own figures (GET /api/dashboard),
 * the charts after them (GET /api/dashboard/graficos).
 */
export function DashboardPage() {
  const { data, error } = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => call(DASHBOARD_ENDPOINTS.figures, { signal }),
    // Whoever opens it wants today's figures: read them on every visit and every minute.
    staleTime: 0,
    refetchInterval: 60_000,
  });

  if (error) {
    return (
      <PageContainer>
        <Alert severity="error">{error.message || LOAD_ERROR}</Alert>
      </PageContainer>
    );
  }
  if (!data) {
    return (
      <PageContainer>
        <StatCardsPlaceholder />
        <ChartsPlaceholder />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <StatCards data={data} />
      <ElectronicReceiptsToday data={data} />
      <ChartsRow />
      <Grid container spacing={3} sx={{ mt: 4 }}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <UpcomingTable data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <ActivityTimeline data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <LowStockTable data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <DueVaccinesTable />
        </Grid>
      </Grid>
    </PageContainer>
  );
}
