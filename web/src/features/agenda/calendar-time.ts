import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { LIMA_OFFSET_MS, limaWallClock, minutesOfTime, type OpeningHours } from '@app/domain';

/*
 * Calendar time. react-big-calendar lays days and hours out with the browser's own clock, and
 * staff may open the back-office from a laptop set to any zone. So the calendar is given Lima's
 * wall-clock times as the browser's (10:00 in Lima is a Date reading 10:00 here) and what it
 * answers is read back the same way. Peru is UTC−5 all year (decisions §lima).
 */

/** The calendar's Date for a moment: the same wall-clock reading it has in Lima. */
export function toCalendarTime(moment: string | Date): Date {
  const lima = limaWallClock(new Date(moment));
  return new Date(
    lima.getUTCFullYear(),
    lima.getUTCMonth(),
    lima.getUTCDate(),
    lima.getUTCHours(),
    lima.getUTCMinutes(),
  );
}

/** The moment a calendar Date stands for. */
export function fromCalendarTime(date: Date): Date {
  const wallClock = Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
  );
  return new Date(wallClock + LIMA_OFFSET_MS);
}

/** 'YYYY-MM-DDTHH:mm' of a calendar Date: the Lima time the forms and /cita/mover take. */
export const limaDateTimeInput = (date: Date) => dayjs(date).format('YYYY-MM-DDTHH:mm');

/** The Lima day `YYYY-MM-DD` of a calendar Date. */
export const limaDayOf = (date: Date | dayjs.Dayjs) => dayjs(date).format('YYYY-MM-DD');

export type CalendarView = 'day' | 'week' | 'agenda';

/** The list view's days: a week from the chosen day. */
export const LIST_DAYS = 7;

/** The Monday of `date`'s week: weeks start on Monday, as the calendar's Spanish locale has them. */
const mondayOf = (date: Date) => {
  const day = dayjs(date).startOf('day');
  return day.subtract((day.day() + 6) % 7, 'day');
};

/** The seven calendar Dates (midnights) of `date`'s week, Monday first. */
export function weekDays(date: Date): Date[] {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, i) => monday.add(i, 'day').toDate());
}

/** The Lima days (both included) a view of `date` shows: what GET /agenda is asked for. */
export function visibleDays(date: Date, view: CalendarView): { desde: string; hasta: string } {
  const day = dayjs(date);
  if (view === 'week') {
    const monday = mondayOf(date);
    return { desde: limaDayOf(monday), hasta: limaDayOf(monday.add(6, 'day')) };
  }
  if (view === 'agenda')
    return { desde: limaDayOf(day), hasta: limaDayOf(day.add(LIST_DAYS, 'day')) };
  return { desde: limaDayOf(day), hasta: limaDayOf(day) };
}

/** Now, as the calendar shows it. */
export const calendarNow = () => toCalendarTime(new Date());

/** A toolbar's step: today, or a view's length back or forward (as the calendar steps). */
export type CalendarStep = 'TODAY' | 'PREV' | 'NEXT';

/** The day a toolbar step leads to from `date` in `view`, where the calendar is not drawing. */
export function steppedDate(date: Date, view: CalendarView, step: CalendarStep): Date {
  if (step === 'TODAY') return calendarNow();
  const days = { day: 1, week: 7, agenda: LIST_DAYS }[view];
  return dayjs(date)
    .add(step === 'NEXT' ? days : -days, 'day')
    .toDate();
}

/** 'Lunes 30/11': a day as the week's counts and the phone's list name it. */
export function dayName(date: Date): string {
  const name = dayjs(date).locale('es').format('dddd DD/MM');
  return name.charAt(0).toLocaleUpperCase('es') + name.slice(1);
}

const minutesOfDay = (date: Date) => date.getHours() * 60 + date.getMinutes();
const LAST_MINUTE = 24 * 60 - 1;

/**
 * The hours the day and week views show: from the earliest opening to the latest closing
 * (08:00 to 20:00 when every day is closed), stretched to whole hours around any visit booked
 * outside them so that none is hidden.
 */
export function visibleHours(hours: OpeningHours, visits: { start: Date; end: Date }[]) {
  const open = hours.filter((day) => day.abierto);
  let from = open.length > 0 ? Math.min(...open.map((day) => minutesOfTime(day.abre))) : 8 * 60;
  let to = open.length > 0 ? Math.max(...open.map((day) => minutesOfTime(day.cierra))) : 20 * 60;
  for (const { start, end } of visits) {
    from = Math.min(from, minutesOfDay(start));
    to = Math.max(to, end.getDate() === start.getDate() ? minutesOfDay(end) : LAST_MINUTE);
  }
  const atMinute = (minutes: number) => new Date(1970, 0, 1, 0, minutes);
  return {
    min: atMinute(Math.floor(from / 60) * 60),
    max: atMinute(Math.min(Math.ceil(to / 60) * 60, LAST_MINUTE)),
  };
}

/**
 * One week that covers several (the company's and the groomers' own): each day open when any is,
 * from the earliest opening to the latest closing. What the day and week views span.
 */
export function widestHours(weeks: readonly OpeningHours[]): OpeningHours {
  const [first, ...rest] = weeks;
  if (!first) return [];
  return first.map((day, index) => {
    const open = [day, ...rest.map((week) => week[index])].filter((d) => d?.abierto);
    if (open.length === 0) return day;
    return {
      dia: day.dia,
      abierto: true,
      abre: open.map((d) => d.abre).reduce((a, b) => (b < a ? b : a)),
      cierra: open.map((d) => d.cierra).reduce((a, b) => (b > a ? b : a)),
    };
  });
}

export const minutesBetween = (start: Date, end: Date) =>
  Math.round((end.getTime() - start.getTime()) / 60_000);
