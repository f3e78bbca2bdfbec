import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  Calendar,
  dayjsLocalizer,
  type Components,
  type DateRangeFormatFunction,
  type Formats,
  type SlotInfo,
} from 'react-big-calendar';
import dragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import {
  AGENDA_MESSAGES,
  APPOINTMENT_MESSAGES,
  DEFAULT_OPENING_HOURS,
  DURATION_MIN,
  mayMoveAppointment,
  ONLINE_BOOKING_MESSAGES,
  withinOpeningHours,
  type AgendaGroomer,
  type Appointment,
  type OpeningHours,
} from '@app/domain';
import { PageContainer } from '../../app/page-container';
import { confirm, toast } from '../../lib/alerts';
import { usePermissions, useProfile } from '../../lib/use-profile';
import { AppointmentDetails } from './appointment-details';
import { AppointmentFormDialog, type AppointmentFormTarget } from './appointment-form';
import {
  CARD_CLASSES,
  cardStyle,
  eventSummary,
  isVisit,
  ListItemCard,
  TimeGridCard,
  UNASSIGNED_COLUMN,
  type AwayBlock,
  type CalendarEvent,
  type CalendarItem,
} from './calendar-event';
import { CALENDAR_MESSAGES, CALENDAR_VIEWS, CalendarToolbar } from './calendar-toolbar';
import { GroomerPager } from './groomer-pager';
import { useSwipe } from './groomer-swipe';
import { groomerFilterOptions, useGroomers } from './groomers';
import { PhoneList } from './phone-list';
import { TriageDialog } from './triage-dialog';
import {
  calendarNow,
  fromCalendarTime,
  limaDateTimeInput,
  LIST_DAYS,
  minutesBetween,
  steppedDate,
  toCalendarTime,
  visibleDays,
  visibleHours,
  weekDays,
  widestHours,
  type CalendarView,
} from './calendar-time';
import { calendarSx, CLOSED_SLOT_CLASS } from './calendar-theme';
import { useAgenda, useMoveAppointment } from './use-agenda';
import { weekCounts } from './week-counts';
import { WeekCountsGrid, WeekCountsList } from './week-counts-grid';

/**
 * The localizer's dayjs: the app's (Spanish, weeks from Monday) without the timezone plugin's
 * `tz`, which the localizer would otherwise call on every date it compares (an Intl call each:
 * slow with a busy week). Its dates are calendar times (calendar-time.ts): the browser's zone is
 * the right one for them.
 */
const calendarDayjs = new Proxy(dayjs, {
  get: (target, key): unknown => (key === 'tz' ? undefined : Reflect.get(target, key)),
});
const localizer = dayjsLocalizer(calendarDayjs);

interface CalendarColumn {
  id: number;
  title: string;
}

/** The addon is CommonJS: bundled into an ES module, its default arrives as its `exports`. */
const withDragAndDrop = (
  'default' in dragAndDrop ? dragAndDrop.default : dragAndDrop
) as typeof dragAndDrop;
const DragAndDropCalendar = withDragAndDrop<CalendarItem, CalendarColumn>(Calendar);

/** Minutes a slot lasts: a visit's shortest length, and what drags and resizes snap to. */
const STEP_MINUTES = DURATION_MIN;

const hoursAndMinutes = (date: Date) => dayjs(date).format('HH:mm');
const timeRange: DateRangeFormatFunction = ({ start, end }) =>
  `${hoursAndMinutes(start)} – ${hoursAndMinutes(end)}`;

const weekRange: DateRangeFormatFunction = ({ start, end }) =>
  `${dayjs(start).format('D [de] MMMM')} – ${dayjs(end).format('D [de] MMMM [de] YYYY')}`;
const listRange: DateRangeFormatFunction = ({ start, end }) =>
  `${dayjs(start).format('DD/MM/YYYY')} – ${dayjs(end).format('DD/MM/YYYY')}`;

/** The toolbar's range where the page, not the calendar, draws the view. */
function rangeLabel(date: Date, view: CalendarView): string {
  if (view === 'week') {
    const days = weekDays(date);
    return weekRange({ start: days[0], end: days[6] });
  }
  return listRange({ start: date, end: dayjs(date).add(LIST_DAYS, 'day').toDate() });
}

const FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  eventTimeRangeFormat: timeRange,
  selectRangeFormat: timeRange,
  agendaTimeRangeFormat: timeRange,
  agendaTimeFormat: 'HH:mm',
  agendaDateFormat: 'ddd DD/MM',
  dayFormat: 'ddd DD/MM',
  dayHeaderFormat: 'dddd D [de] MMMM [de] YYYY',
  dayRangeHeaderFormat: weekRange,
  agendaHeaderFormat: listRange,
};

/** A column heading as plain text: the calendar's own claims a table role it is not in. */
function PlainHeader({ label }: { label: string }) {
  return <>{label}</>;
}

const COMPONENTS: Components<CalendarItem, CalendarColumn> = {
  toolbar: CalendarToolbar,
  event: TimeGridCard,
  header: PlainHeader,
  agenda: { event: ListItemCard },
};

/** The groomer of a day view column; undefined where the view has no columns (week). */
function columnGroomer(column: string | number | null | undefined): number | null | undefined {
  if (column === null || column === undefined) return undefined;
  return Number(column) === UNASSIGNED_COLUMN ? null : Number(column);
}

/** Staff book outside the opening hours only once they confirm it (decisions §opening-hours). */
async function confirmedHours(hours: OpeningHours, start: Date, minutes: number) {
  return (
    withinOpeningHours(hours, fromCalendarTime(start), minutes) ||
    confirm(AGENDA_MESSAGES.outsideHours)
  );
}

const CLOSED_SLOT = { className: CLOSED_SLOT_CLASS };
const AWAY_BLOCK = { className: CARD_CLASSES.away };

/** Whether [start, end) (calendar times) meets time off of the groomer. */
const meetsAway = (blocks: AwayBlock[], groomer: number | null, start: Date, end: Date) =>
  groomer !== null && blocks.some((b) => b.column === groomer && b.start < end && b.end > start);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

interface CalendarPlace {
  /** The day shown (or a day of the week or list shown), a calendar Date. */
  date: Date;
  view: CalendarView;
  /** The groomer filter: an id, or '' for everyone. */
  groomer: string;
}

/**
 * The day, the view and the groomer shown live in the address, as the lists' filters do: a
 * reload or a shared link (`/agenda?fecha=2026-12-01&vista=week`) shows the same agenda.
 */
function useCalendarPlace(defaultView: CalendarView) {
  const [params, setParams] = useSearchParams();
  const day = params.get('fecha') ?? '';
  const date = useMemo(() => (ISO_DAY.test(day) ? dayjs(day).toDate() : calendarNow()), [day]);
  const place: CalendarPlace = {
    date,
    view: CALENDAR_VIEWS.find((v) => v === params.get('vista')) ?? defaultView,
    groomer: params.get('emp') ?? '',
  };
  const go = (change: Partial<CalendarPlace>) => {
    const next = { ...place, ...change };
    setParams(
      {
        fecha: dayjs(next.date).format('YYYY-MM-DD'),
        vista: next.view,
        ...(next.groomer === '' ? {} : { emp: next.groomer }),
      },
      { replace: true },
    );
  };
  return [place, go] as const;
}

export function AgendaPage() {
  const theme = useTheme();
  const { can } = usePermissions();
  const canBook = can('agenda.escribir');
  // Phones start on the list: a day of columns does not fit them.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [{ date, view, groomer: groomerFilter }, go] = useCalendarPlace(phone ? 'agenda' : 'day');
  const emp = groomerFilter === '' ? undefined : Number(groomerFilter);
  const agenda = useAgenda({ ...visibleDays(date, view), emp });
  const groomers = useGroomers();
  const move = useMoveAppointment();
  const [openedId, setOpenedId] = useState<number | null>(null);
  const [form, setForm] = useState<AppointmentFormTarget | null>(null);
  const [triageFor, setTriageFor] = useState<Appointment | null>(null);
  const ownEmployee = useProfile().data?.id_emp ?? null;
  // The groomer a phone's day shows (swiped to): at first the user's own column, else the first.
  const [pickedColumn, setPickedColumn] = useState<number | null>(null);

  const data = agenda.data;
  const hours = data?.horario ?? DEFAULT_OPENING_HOURS;
  // A groomer's own working hours, where they have them; the company's otherwise.
  const groomerHours = useMemo(
    () => new Map((data?.groomers ?? []).map((g) => [g.id_emp, g.horario ?? hours])),
    [data, hours],
  );
  const hoursOf = useCallback(
    (groomer: number | null | undefined) =>
      (groomer === null || groomer === undefined ? undefined : groomerHours.get(groomer)) ?? hours,
    [groomerHours, hours],
  );
  const away = useMemo(
    () =>
      (data?.ausencias ?? []).map((absence): AwayBlock => ({
        away: absence,
        start: toCalendarTime(absence.desde),
        end: toCalendarTime(absence.hasta),
        column: absence.id_emp,
      })),
    [data],
  );
  const events = useMemo(() => {
    const colors = new Map(data?.groomers.map((g) => [g.id_emp, g.color]));
    return (data?.citas ?? []).map((entry): CalendarEvent => ({
      entry,
      start: toCalendarTime(entry.inicio),
      end: toCalendarTime(entry.fin),
      column: entry.id_emp ?? UNASSIGNED_COLUMN,
      groomerColor: entry.id_emp === null ? undefined : colors.get(entry.id_emp),
    }));
  }, [data]);
  const columns = useMemo(
    () => [
      ...(data?.groomers ?? []).map((g) => ({ id: g.id_emp, title: g.nombre })),
      // Filtered to one groomer, the day shows their column alone.
      ...(emp === undefined ? [{ id: UNASSIGNED_COLUMN, title: AGENDA_MESSAGES.unassigned }] : []),
    ],
    [data, emp],
  );
  const { min, max } = useMemo(
    () => visibleHours(widestHours([hours, ...groomerHours.values()]), events),
    [hours, groomerHours, events],
  );
  const shownColumn = Math.max(
    0,
    columns.findIndex((c) => c.id === (pickedColumn ?? ownEmployee)),
  );
  const stepColumn = (step: -1 | 1) => {
    const next = columns[shownColumn + step];
    if (next) setPickedColumn(next.id);
  };
  const swipe = useSwipe(stepColumn);
  const dayColumns = phone ? columns.slice(shownColumn, shownColumn + 1) : columns;

  /*
   * A week of every groomer is counts per groomer and day (its cards would be a few pixels
   * wide), and a phone's week counts per day; a phone's list is the page's own, its cards the
   * screen's width. The calendar draws the rest.
   */
  const countsShown = view === 'week' && (phone || emp === undefined);
  const phoneListShown = view === 'agenda' && phone;
  const week = useMemo(() => weekDays(date), [date]);
  const counts = useMemo(
    () =>
      countsShown
        ? weekCounts(data?.citas ?? [], data?.groomers ?? [], week, AGENDA_MESSAGES.unassigned)
        : null,
    [countsShown, data, week],
  );
  const openDay = (day: Date) => go({ date: day, view: 'day' });

  const eventPropGetter = useCallback(
    (item: CalendarItem) =>
      !isVisit(item) ? AWAY_BLOCK : view === 'agenda' ? {} : { style: cardStyle(theme, item) },
    [theme, view],
  );
  // Greyed outside the column's groomer's hours (the week's: the groomer filtered to).
  const slotPropGetter = useCallback(
    (date: Date, column?: string | number) => {
      const groomer = columnGroomer(column);
      const shown = hoursOf(groomer === undefined ? emp : groomer);
      return withinOpeningHours(shown, fromCalendarTime(date), STEP_MINUTES) ? {} : CLOSED_SLOT;
    },
    [hoursOf, emp],
  );
  // Completada and Cancelada cards stay where they are (the server refuses the move).
  const movable = useCallback(
    (item: CalendarItem) => canBook && isVisit(item) && mayMoveAppointment(item.entry.id_est),
    [canBook],
  );

  const book = async ({ start, end, resourceId }: SlotInfo) => {
    const groomer = columnGroomer(resourceId);
    const id_emp = groomer === undefined ? (emp ?? null) : groomer;
    // Time off is refused by the server: said at once, before a form is filled in vain.
    if (meetsAway(away, id_emp, start, end)) {
      toast.error(ONLINE_BOOKING_MESSAGES.groomerAway);
      return;
    }
    if (!(await confirmedHours(hoursOf(id_emp), start, minutesBetween(start, end)))) return;
    setForm({ prefill: { fec_cita: limaDateTimeInput(start), id_emp } });
  };

  /** A drop or a resize: the new start, length and (day view) groomer go to /cita/mover. */
  const moveTo = async ({ event, start, end, resourceId }: EventInteractionArgs<CalendarItem>) => {
    if (!isVisit(event)) return;
    const { entry } = event;
    const from = new Date(start);
    const minutes = Math.max(DURATION_MIN, minutesBetween(from, new Date(end)));
    const groomer = columnGroomer(resourceId);
    const id_emp = groomer === undefined ? entry.id_emp : groomer;
    const unchanged =
      from.getTime() === event.start.getTime() &&
      minutes === entry.duracion &&
      id_emp === entry.id_emp;
    if (unchanged || !(await confirmedHours(hoursOf(id_emp), from, minutes))) return;
    move.mutate({ entry, start: from, groomer: id_emp, minutes });
  };

  const opened = data?.citas.find((c) => c.id_cita === openedId) ?? null;
  const groomerName = (id: number | null) =>
    id === null
      ? AGENDA_MESSAGES.unassigned
      : (data?.groomers.find((g) => g.id_emp === id)?.nombre ?? '');

  return (
    <PageContainer
      title="Agenda de Citas"
      actions={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <GroomerFilter
            groomers={groomers.data}
            value={groomerFilter}
            onChange={(groomer) => go({ groomer })}
          />
          {canBook && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setForm({ prefill: { id_emp: emp ?? null } })}
            >
              Añadir Cita
            </Button>
          )}
        </Stack>
      }
    >
      {agenda.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {agenda.error.message || APPOINTMENT_MESSAGES.loadWarning}
        </Alert>
      )}
      <Paper sx={{ p: 2, position: 'relative' }}>
        {agenda.isFetching && (
          <LinearProgress
            aria-label="Cargando agenda"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
          />
        )}
        {view === 'week' && !phone && (
          <WeekGroomerChips
            groomers={groomers.data}
            value={groomerFilter}
            onChange={(groomer) => go({ groomer })}
          />
        )}
        {phone && view === 'day' && columns.length > 1 && (
          <GroomerPager groomers={columns} shown={shownColumn} onStep={stepColumn} />
        )}
        <Box sx={calendarSx} {...(phone && view === 'day' ? swipe : {})}>
          {(countsShown || phoneListShown) && (
            <CalendarToolbar
              label={rangeLabel(date, view)}
              view={view}
              onView={(next) => go({ view: next as CalendarView })}
              onNavigate={(step) => {
                if (step !== 'DATE') go({ date: steppedDate(date, view, step) });
              }}
            />
          )}
          {counts &&
            (phone ? (
              <WeekCountsList counts={counts} days={week} onOpenDay={openDay} />
            ) : (
              <WeekCountsGrid
                counts={counts}
                days={week}
                onOpenDay={openDay}
                onOpenGroomerWeek={(id) => go({ groomer: String(id) })}
              />
            ))}
          {phoneListShown && (
            <PhoneList events={events} onOpen={(event) => setOpenedId(event.entry.id_cita)} />
          )}
          {!countsShown && !phoneListShown && (
            <DragAndDropCalendar
              localizer={localizer}
              culture="es"
              messages={CALENDAR_MESSAGES}
              formats={FORMATS}
              components={COMPONENTS}
              views={CALENDAR_VIEWS}
              view={view}
              onView={(next) => go({ view: next as CalendarView })}
              date={date}
              onNavigate={(next) => go({ date: next })}
              getNow={calendarNow}
              length={LIST_DAYS}
              events={events}
              backgroundEvents={away}
              titleAccessor={eventSummary}
              tooltipAccessor={eventSummary}
              resources={view === 'day' ? dayColumns : undefined}
              resourceAccessor="column"
              resourceIdAccessor="id"
              resourceTitleAccessor="title"
              min={min}
              max={max}
              step={STEP_MINUTES}
              timeslots={60 / STEP_MINUTES}
              dayLayoutAlgorithm="no-overlap"
              showMultiDayTimes
              eventPropGetter={eventPropGetter}
              slotPropGetter={slotPropGetter}
              onSelectEvent={(item) => {
                if (isVisit(item)) setOpenedId(item.entry.id_cita);
              }}
              onKeyPressEvent={(item, e) => {
                const { key } = e as KeyboardEvent<HTMLElement>;
                if (!isVisit(item) || (key !== 'Enter' && key !== ' ')) return;
                e.preventDefault();
                setOpenedId(item.entry.id_cita);
              }}
              selectable={canBook}
              onSelectSlot={(slot) => void book(slot)}
              draggableAccessor={movable}
              resizableAccessor={movable}
              onEventDrop={(args) => void moveTo(args)}
              onEventResize={(args) => void moveTo(args)}
            />
          )}
        </Box>
      </Paper>
      <AppointmentDetails
        entry={opened}
        groomerName={groomerName(opened?.id_emp ?? null)}
        onClose={() => setOpenedId(null)}
        onEdit={(appointment) => setForm({ appointment })}
        onTriage={setTriageFor}
      />
      <AppointmentFormDialog target={form} onClose={() => setForm(null)} />
      <TriageDialog appointment={triageFor} onClose={() => setTriageFor(null)} />
    </PageContainer>
  );
}

interface GroomerFilterProps {
  groomers: AgendaGroomer[] | undefined;
  value: string;
  onChange(value: string): void;
}

/** Shows one groomer's visits, or everyone's ('Todos'). */
function GroomerFilter({ groomers, value, onChange }: GroomerFilterProps) {
  return (
    <TextField
      select
      size="small"
      label="Groomer"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 200 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {groomerFilterOptions(groomers).map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The week's groomer, one click away: 'Todos' shows the counts of everyone, a groomer their
 * week's cards.
 */
function WeekGroomerChips({ groomers, value, onChange }: GroomerFilterProps) {
  return (
    <Stack
      role="group"
      aria-label="Groomer de la semana"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
    >
      {groomerFilterOptions(groomers).map((option) => {
        const selected = option.value === value;
        return (
          <Chip
            key={option.value}
            label={option.label}
            clickable
            color={selected ? 'primary' : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            aria-pressed={selected}
            onClick={() => onChange(option.value)}
          />
        );
      })}
    </Stack>
  );
}
