import { alpha, type Theme } from '@mui/material/styles';
import { CARD_CLASSES } from './calendar-event';

/** The class of a slot outside the opening hours, or the groomer's own hours (greyed). */
export const CLOSED_SLOT_CLASS = 'agenda-closed';

/** react-big-calendar's light-only stylesheet in the theme's colours, light and dark. */
export const calendarSx = (theme: Theme) => ({
  color: 'text.primary',
  '& .rbc-calendar *:not(.rbc-event)': { borderColor: theme.palette.divider },
  '& .rbc-today': { backgroundColor: alpha(theme.palette.primary.main, 0.06) },
  // No visit lasts all day: the row for them is only noise.
  '& .rbc-allday-cell': { display: 'none' },
  '& .rbc-timeslot-group': { minHeight: 96 },
  [`& .rbc-day-slot .rbc-time-slot.${CLOSED_SLOT_CLASS}`]: {
    backgroundColor: theme.palette.action.disabledBackground,
  },
  '& .rbc-header': { py: 0.75, fontWeight: 700 },
  '& .rbc-day-slot .rbc-event': { flexFlow: 'column nowrap', borderRadius: 1 },
  [`& .${CARD_CLASSES.lines}`]: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    fontSize: '0.75rem',
    lineHeight: 1.3,
  },
  [`& .${CARD_CLASSES.client}`]: { fontWeight: 700 },
  // A cita booked online: a pill in the card's own text colour, readable on any status.
  [`& .${CARD_CLASSES.online}, & .${CARD_CLASSES.unsigned}`]: {
    border: '1px solid currentColor',
    borderRadius: 8,
    px: 0.75,
    my: 0.25,
    fontSize: '0.6875rem',
    fontWeight: 700,
    lineHeight: 1.4,
  },
  // A groomer's time off: hatched grey behind the cards, its reason in the theme's text colour.
  [`& .rbc-day-slot .rbc-background-event.${CARD_CLASSES.away}`]: {
    opacity: 1,
    border: `1px dashed ${theme.palette.text.secondary}`,
    borderRadius: 1,
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.background.paper,
    backgroundImage: `repeating-linear-gradient(135deg, ${theme.palette.action.disabledBackground} 0 8px, transparent 8px 16px)`,
    cursor: 'default',
  },
  [`& .${CARD_CLASSES.away} .rbc-event-label`]: { display: 'none' },
  // Its reason on a plain ground: readable over the stripes.
  [`& .${CARD_CLASSES.away} .${CARD_CLASSES.lines}`]: {
    fontWeight: 700,
    px: 0.5,
    mt: 0.25,
    borderRadius: 0.5,
    backgroundColor: theme.palette.background.paper,
  },
  '& .rbc-event:focus-visible': {
    outline: `3px solid ${theme.palette.text.primary}`,
    outlineOffset: 1,
  },
  '& .rbc-current-time-indicator': { backgroundColor: theme.palette.error.main, height: 2 },
  // The page scrolls, not the calendar: its views take the height of what they show.
  '& .rbc-agenda-view, & .rbc-agenda-content': { flex: 'none' },
  '& .rbc-agenda-view table.rbc-agenda-table tbody > tr > td': { verticalAlign: 'middle' },
});
