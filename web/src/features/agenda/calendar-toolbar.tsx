import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Messages, ToolbarProps } from 'react-big-calendar';
import type { CalendarItem } from './calendar-event';
import type { CalendarView } from './calendar-time';

export const CALENDAR_VIEWS: CalendarView[] = ['day', 'week', 'agenda'];

export const CALENDAR_MESSAGES: Messages<CalendarItem> = {
  today: 'Hoy',
  previous: 'Anterior',
  next: 'Siguiente',
  day: 'Día',
  week: 'Semana',
  agenda: 'Lista',
  date: 'Fecha',
  time: 'Hora',
  event: 'Cita',
  allDay: 'Todo el día',
  noEventsInRange: 'No hay citas en este rango',
  showMore: (count) => `+${count} más`,
};

/**
 * The calendar's own toolbar in the theme's buttons: navigation, the range shown, the view. The
 * page draws it too above the views the calendar does not (the week's counts, a phone's list).
 */
export function CalendarToolbar({
  label,
  view,
  onNavigate,
  onView,
}: Pick<ToolbarProps<CalendarItem>, 'label' | 'view' | 'onNavigate' | 'onView'>) {
  const m = CALENDAR_MESSAGES;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <ButtonGroup variant="outlined" aria-label="Navegación de la agenda">
        <Button onClick={() => onNavigate('TODAY')}>{m.today}</Button>
        <Button onClick={() => onNavigate('PREV')}>{m.previous}</Button>
        <Button onClick={() => onNavigate('NEXT')}>{m.next}</Button>
      </ButtonGroup>
      <Typography component="p" aria-live="polite" sx={{ fontWeight: 700, textAlign: 'center' }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label="Vista de la agenda"
        onChange={(_, next: CalendarView | null) => next && onView(next)}
      >
        {CALENDAR_VIEWS.map((name) => (
          <ToggleButton key={name} value={name}>
            {m[name]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
