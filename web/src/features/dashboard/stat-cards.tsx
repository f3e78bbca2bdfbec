import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import GroupIcon from '@mui/icons-material/Group';
import PaymentsIcon from '@mui/icons-material/Payments';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { APPOINTMENT_STATUSES, statusName, type Dashboard } from '@app/domain';
import type { ReactNode } from 'react';
import { Emphasis, StatCard, type StatCardProps } from '../../app/cards/stat-card';
import { formatMoney } from '../../lib/format';

export const STAT_TEXTS = {
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
} as const;

const count = new Intl.NumberFormat('es-PE');

function todayBreakdown(data: Dashboard): ReactNode {
  const shown = data.appointmentsToday.byStatus.filter((s) => s.id_est !== 8);
  if (shown.length === 0) return STAT_TEXTS.noAppointmentsToday;
  return shown
    .map((s) => `${statusName(s.id_est, APPOINTMENT_STATUSES)}: ${count.format(s.total)}`)
    .join(' · ');
}

function revenueChange(revenue: NonNullable<Dashboard['revenue']>): ReactNode {
  const { changePct, lastMonth } = revenue;
  if (changePct === null) return STAT_TEXTS.noRevenueLastMonth;
  const up = changePct >= 0;
  return (
    <>
      <Emphasis color={up ? 'success.main' : 'error.main'}>
        {up ? '+' : ''}
        {changePct.toLocaleString('es-PE')}%
      </Emphasis>{' '}
      {STAT_TEXTS.vsLastMonth} ({formatMoney(lastMonth)})
    </>
  );
}

const CELL = { xs: 12, sm: 6, lg: 3 } as const;
/** Three cards, without the money, share the row. */
const CELL_OF_THREE = { xs: 12, sm: 6, lg: 4 } as const;

/**
 * The figures of the day and the month, each with its note; the month's revenue only for who may
 * see the money (the API leaves it out otherwise).
 */
export function StatCards({ data }: { data: Dashboard }) {
  const { revenue } = data;
  const cards: StatCardProps[] = [
    {
      color: 'dark',
      icon: <EventIcon />,
      title: STAT_TEXTS.appointmentsToday,
      value: count.format(data.appointmentsToday.total),
      footer: todayBreakdown(data),
    },
    {
      color: 'info',
      icon: <EventAvailableIcon />,
      title: STAT_TEXTS.pendingReservations,
      value: count.format(data.pendingReservations),
      footer: STAT_TEXTS.fromToday,
    },
    {
      color: 'success',
      icon: <GroupIcon />,
      title: STAT_TEXTS.activeClients,
      value: count.format(data.activeClients),
      footer: (
        <>
          <Emphasis color="success.main">+{count.format(data.newClientsThisMonth)}</Emphasis>{' '}
          {STAT_TEXTS.newThisMonth} ·{' '}
          <span data-testid="active-pets">{count.format(data.activePets)}</span>{' '}
          {STAT_TEXTS.activePets}
        </>
      ),
    },
    ...(revenue
      ? [
          {
            color: 'primary',
            icon: <PaymentsIcon />,
            title: STAT_TEXTS.revenue,
            value: formatMoney(revenue.thisMonth),
            footer: revenueChange(revenue),
          } satisfies StatCardProps,
        ]
      : []),
  ];
  const cell = cards.length === 4 ? CELL : CELL_OF_THREE;
  return (
    <Grid container spacing={3}>
      {cards.map((card) => (
        <Grid key={card.title} size={cell}>
          {/* Money runs long: the figures one size under Material Dashboard's. */}
          <StatCard {...card} valueVariant="h5" />
        </Grid>
      ))}
    </Grid>
  );
}

/** Their place while the figures load. */
export function StatCardsPlaceholder() {
  return (
    <Grid container spacing={3}>
      {[0, 1, 2, 3].map((i) => (
        <Grid key={i} size={CELL}>
          <Skeleton variant="rounded" height={130} sx={{ mt: 3 }} />
        </Grid>
      ))}
    </Grid>
  );
}
