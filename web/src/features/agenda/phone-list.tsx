import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { ListCard, type CalendarEvent } from './calendar-event';
import { CALENDAR_MESSAGES } from './calendar-toolbar';
import { dayName, limaDayOf } from './calendar-time';

interface PhoneListProps {
  events: CalendarEvent[];
  onOpen(event: CalendarEvent): void;
}

const hoursOf = ({ start, end }: CalendarEvent) =>
  `${dayjs(start).format('HH:mm')} – ${dayjs(end).format('HH:mm')}`;

/**
 * The list view on a phone: each day a heading and its visits' cards the phone's full width
 * below it, their hours on the card (the desktop list's date and time columns would leave the
 * card a third of the screen).
 */
export function PhoneList({ events, onOpen }: PhoneListProps) {
  const days = useMemo(() => {
    const byDay = new Map<string, CalendarEvent[]>();
    const sorted = [...events].sort((a, b) => a.start.getTime() - b.start.getTime());
    for (const event of sorted) {
      const key = limaDayOf(event.start);
      const day = byDay.get(key);
      if (day) day.push(event);
      else byDay.set(key, [event]);
    }
    return [...byDay.values()];
  }, [events]);

  if (days.length === 0)
    return <Typography sx={{ py: 2 }}>{CALENDAR_MESSAGES.noEventsInRange}</Typography>;
  return (
    <Stack spacing={2}>
      {days.map((visits) => (
        <section key={visits[0].start.getTime()}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {dayName(visits[0].start)}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {visits.map((event) => (
              <li key={event.entry.id_cita}>
                <ListCard event={event} hours={hoursOf(event)} onOpen={() => onOpen(event)} />
              </li>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
