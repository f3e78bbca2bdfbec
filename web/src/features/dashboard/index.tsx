import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { DASHBOARD_ENDPOINTS } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { PageContainer } from '../../app/page-container';
import { call, queryKey } from '../../lib/api';
import { TIME_ZONE } from '../../lib/format';
import { ActivityTimeline } from './activity-timeline';
import { DueVaccinesTable } from './due-vaccines';
import { LowStockTable } from './low-stock';
import { StatCards, StatCardsPlaceholder } from './stat-cards';
import { UpcomingTable } from './upcoming-table';

// The charts library is the heaviest part: its own chunk, loaded once the figures are in.
const DashboardCharts = lazy(() =>
  import('./charts').then((module) => ({ default: module.DashboardCharts })),
);

export const DASHBOARD_QUERY_KEY = queryKey(DASHBOARD_ENDPOINTS.figures);

const LOAD_ERROR = 'No se pudieron cargar las cifras del negocio';

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

/** Spec §000-1's dashboard layout, filled with the business's own figures (GET /api/dashboard). */
export function DashboardPage() {
  const { data, error, dataUpdatedAt } = useQuery({
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

  const updated = dayjs(dataUpdatedAt).tz(TIME_ZONE).format('HH:mm');
  return (
    <PageContainer>
      <StatCards data={data} />
      <Suspense fallback={<ChartsPlaceholder />}>
        <DashboardCharts data={data} updated={updated} />
      </Suspense>
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
