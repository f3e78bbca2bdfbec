import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dashboard, DashboardActivity, DashboardActivityKind } from '@app/domain';
import type { ReactNode } from 'react';
import { SectionCard } from '../../app/cards/section-card';
import { formatDate, formatDateTime, fullName, upper } from '../../lib/format';

export const ACTIVITY_TEXTS = {
  title: 'Actividad reciente',
  hint: 'Últimos registros de citas, reservas y clientes',
  empty: 'Todavía no hay registros.',
} as const;

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

/** The latest appointments, reservations and clients registered, newest first. */
export function ActivityTimeline({ data }: { data: Dashboard }) {
  return (
    <SectionCard title={ACTIVITY_TEXTS.title} hint={ACTIVITY_TEXTS.hint}>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, px: 2, pb: 2 }}>
        {data.recentActivity.length === 0 && (
          <Typography variant="body2" color="text.secondary" component="li">
            {ACTIVITY_TEXTS.empty}
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
