import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import GroupIcon from '@mui/icons-material/Group';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  APPOINTMENT_STATUSES,
  statusName,
  type Dashboard,
  type DashboardActivity,
  type DashboardActivityKind,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, type ReactNode } from 'react';
import { PageContainer } from '../../app/page-container';
import { StatusBadge } from '../../crud';
import { api } from '../../lib/api';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  fullName,
  upper,
  TIME_ZONE,
} from '../../lib/format';
import { accentBoxSx, type Accent } from './accent';

// The charts library is the heaviest part: its own chunk, loaded once the figures are in.
const DashboardCharts = lazy(() =>
  import('./charts').then((module) => ({ default: module.DashboardCharts })),
);

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

export const DASHBOARD_TEXTS = {
  appointmentsToday: 'Citas de hoy',
  pendingReservations: 'Reservas pendientes',
  activeClients: 'Clientes activos',
  activePets: 'mascotas activas',
  revenue: 'Ingresos del mes',
  noAppointmentsToday: 'Sin citas para hoy',
  fromToday: 'Para hoy y los próximos días',
  newThisMonth: 'nuevos este mes',
  vsLastMonth: 'que el mes pasado',
  noRevenueLastMonth: 'Sin ingresos el mes pasado',
  upcoming: 'Próximas citas',
  upcomingHint: 'Programadas o en proceso, desde ahora',
  noUpcoming: 'No hay citas programadas.',
  activity: 'Actividad reciente',
  activityHint: 'Últimos registros de citas, reservas y clientes',
  noActivity: 'Todavía no hay registros.',
  loadError: 'No se pudieron cargar las cifras del negocio',
  columns: ['Fecha', 'Cliente', 'Mascota', 'Servicio/Paquete', 'Estado'],
} as const;

const count = new Intl.NumberFormat('es-PE');

interface StatCardProps {
  accent: Accent;
  icon: ReactNode;
  title: string;
  value: string;
  footer: ReactNode;
}

/** Material Dashboard's statistics card: a gradient icon over the top edge, the figure, a note. */
function StatCard({ accent, icon, title, value, footer }: StatCardProps) {
  return (
    <Card
      role="region"
      aria-label={title}
      sx={{ overflow: 'visible', mt: 3, height: 'calc(100% - 24px)' }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', pt: 1, px: 2 }}>
        <Box
          sx={[
            accentBoxSx(accent),
            {
              width: 64,
              height: 64,
              mt: -3,
              display: 'grid',
              placeItems: 'center',
              borderRadius: 3,
            },
          ]}
        >
          {icon}
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography
            variant="button"
            component="p"
            color="text.secondary"
            sx={{ fontWeight: 300 }}
          >
            {title}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="stat-value">
            {value}
          </Typography>
        </Box>
      </Stack>
      <Divider sx={{ mt: 2 }} />
      <Typography variant="body2" color="text.secondary" component="div" sx={{ p: 2 }}>
        {footer}
      </Typography>
    </Card>
  );
}

function Emphasis({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Box component="span" sx={{ color, fontWeight: 700 }}>
      {children}
    </Box>
  );
}

function todayBreakdown(data: Dashboard): ReactNode {
  const shown = data.appointmentsToday.byStatus.filter((s) => s.id_est !== 8);
  if (shown.length === 0) return DASHBOARD_TEXTS.noAppointmentsToday;
  return shown
    .map((s) => `${statusName(s.id_est, APPOINTMENT_STATUSES)}: ${count.format(s.total)}`)
    .join(' · ');
}

function revenueChange(data: Dashboard): ReactNode {
  const { changePct, lastMonth } = data.revenue;
  if (changePct === null) return DASHBOARD_TEXTS.noRevenueLastMonth;
  const up = changePct >= 0;
  return (
    <>
      <Emphasis color={up ? 'success.main' : 'error.main'}>
        {up ? '+' : ''}
        {changePct.toLocaleString('es-PE')}%
      </Emphasis>{' '}
      {DASHBOARD_TEXTS.vsLastMonth} ({formatMoney(lastMonth)})
    </>
  );
}

function StatCards({ data }: { data: Dashboard }) {
  const cards: StatCardProps[] = [
    {
      accent: 'dark',
      icon: <EventIcon />,
      title: DASHBOARD_TEXTS.appointmentsToday,
      value: count.format(data.appointmentsToday.total),
      footer: todayBreakdown(data),
    },
    {
      accent: 'info',
      icon: <EventAvailableIcon />,
      title: DASHBOARD_TEXTS.pendingReservations,
      value: count.format(data.pendingReservations),
      footer: DASHBOARD_TEXTS.fromToday,
    },
    {
      accent: 'success',
      icon: <GroupIcon />,
      title: DASHBOARD_TEXTS.activeClients,
      value: count.format(data.activeClients),
      footer: (
        <>
          <Emphasis color="success.main">+{count.format(data.newClientsThisMonth)}</Emphasis>{' '}
          {DASHBOARD_TEXTS.newThisMonth} ·{' '}
          <span data-testid="active-pets">{count.format(data.activePets)}</span>{' '}
          {DASHBOARD_TEXTS.activePets}
        </>
      ),
    },
    {
      accent: 'primary',
      icon: <PaymentsIcon />,
      title: DASHBOARD_TEXTS.revenue,
      value: formatMoney(data.revenue.thisMonth),
      footer: revenueChange(data),
    },
  ];
  return (
    <Grid container spacing={3}>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard {...card} />
        </Grid>
      ))}
    </Grid>
  );
}

function SectionCard({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
      {children}
    </Card>
  );
}

function UpcomingTable({ data }: { data: Dashboard }) {
  return (
    <SectionCard title={DASHBOARD_TEXTS.upcoming} hint={DASHBOARD_TEXTS.upcomingHint}>
      <TableContainer>
        <Table size="small" aria-label={DASHBOARD_TEXTS.upcoming}>
          <TableHead>
            <TableRow>
              {DASHBOARD_TEXTS.columns.map((label) => (
                <TableCell
                  key={label}
                  sx={{ color: 'text.secondary', fontWeight: 700, fontSize: '0.75rem' }}
                >
                  {upper(label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.upcoming.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} sx={{ textAlign: 'center', color: 'text.secondary', py: 4 }}>
                  {DASHBOARD_TEXTS.noUpcoming}
                </TableCell>
              </TableRow>
            ) : (
              data.upcoming.map((cita) => (
                <TableRow key={cita.id_cita} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(cita.fec_cita)}
                  </TableCell>
                  <TableCell>{fullName(cita.cliente.nom_cli, cita.cliente.ape_cli)}</TableCell>
                  <TableCell>{upper(cita.perro.nom_perro)}</TableCell>
                  <TableCell>
                    {upper(cita.item)}
                    {cita.tipo === 'paquete' && (
                      <Typography variant="caption" color="text.secondary" component="span">
                        {' '}
                        (paquete)
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <StatusBadge id={cita.id_est} catalogue={APPOINTMENT_STATUSES} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}

const ACTIVITY: Record<DashboardActivityKind, { icon: ReactNode; color: string; title: string }> = {
  cita: { icon: <EventIcon fontSize="small" />, color: 'info.main', title: 'Cita registrada' },
  reservacion: {
    icon: <EventAvailableIcon fontSize="small" />,
    color: 'warning.main',
    title: 'Reserva registrada',
  },
  cliente: {
    icon: <PersonAddIcon fontSize="small" />,
    color: 'success.main',
    title: 'Cliente registrado',
  },
};

function activityText(item: DashboardActivity): string {
  const who = fullName(item.cliente);
  if (item.kind === 'cliente') return who;
  const when = item.kind === 'cita' ? formatDateTime(item.fec_cita) : formatDate(item.fec_cita);
  return `${upper(item.mascota)} de ${who}, para el ${when}`;
}

function ActivityTimeline({ data }: { data: Dashboard }) {
  return (
    <SectionCard title={DASHBOARD_TEXTS.activity} hint={DASHBOARD_TEXTS.activityHint}>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, px: 2, pb: 2 }}>
        {data.recentActivity.length === 0 && (
          <Typography variant="body2" color="text.secondary" component="li">
            {DASHBOARD_TEXTS.noActivity}
          </Typography>
        )}
        {data.recentActivity.map((item, index) => {
          const kind = ACTIVITY[item.kind];
          const last = index === data.recentActivity.length - 1;
          return (
            <Stack component="li" key={`${item.kind}-${item.id}`} direction="row" spacing={2}>
              {/* The icon and the line that joins it to the next entry. */}
              <Stack sx={{ alignItems: 'center' }}>
                <Box sx={{ color: kind.color, display: 'grid', placeItems: 'center', height: 24 }}>
                  {kind.icon}
                </Box>
                {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
              </Stack>
              <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {kind.title}
                </Typography>
                <Typography variant="body2">{activityText(item)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(item.at)}
                </Typography>
              </Box>
            </Stack>
          );
        })}
      </Box>
    </SectionCard>
  );
}

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

/** Spec 000 §1's dashboard layout, filled with the business's own figures (GET /api/dashboard). */
export function DashboardPage() {
  const { data, error, dataUpdatedAt } = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => api.get<Dashboard>('/dashboard', undefined, { signal }),
    // Whoever opens it wants today's figures: read them on every visit and every minute.
    staleTime: 0,
    refetchInterval: 60_000,
  });

  if (error) {
    return (
      <PageContainer>
        <Alert severity="error">{error.message || DASHBOARD_TEXTS.loadError}</Alert>
      </PageContainer>
    );
  }
  if (!data) {
    return (
      <PageContainer>
        <Grid container spacing={3}>
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
              <Skeleton variant="rounded" height={130} sx={{ mt: 3 }} />
            </Grid>
          ))}
        </Grid>
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
      </Grid>
    </PageContainer>
  );
}
