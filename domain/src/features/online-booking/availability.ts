import { minutesOfTime, type OpeningHours } from '../agenda/agenda';
import { limaDayStart, limaToday } from '../../lima-date';
import type { Availability } from './online-booking';

/**
 * What the public page offers (DESIGN §11.4): each groomer's working hours, minus their time
 * off, minus their citas that hold time widened by the buffer on both sides, minus the notice,
 * within the horizon. A start is offered only when one groomer can do the whole visit. Pure: the
 * clock comes in `now`, and Lima is UTC−5 all year (lima-date.ts).
 */

/** Epoch milliseconds, `[start, end)`. */
export interface TimeRange {
  start: number;
  end: number;
}

export interface GroomerSchedule {
  id_emp: number;
  /** The groomer's own hours, else the company's. */
  horario: OpeningHours;
  /** Time off. */
  ausencias: TimeRange[];
  /** The groomer's citas that hold time (not No Asistió, Cancelada nor Eliminada). */
  citas: TimeRange[];
}

export interface AvailabilityInput {
  now: Date;
  /** Lima days `YYYY-MM-DD`, both included. */
  desde: string;
  hasta: string;
  /** Minutes the visit takes (sizes.ts `durationForSize`). */
  duracion: number;
  paso_min: 15 | 30;
  buffer_min: number;
  aviso_horas: number;
  horizonte_dias: number;
  groomers: GroomerSchedule[];
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** 'HH:MM' of minutes since midnight. */
const timeText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A groomer's busy time, sorted by start and merged into disjoint ranges: time off as it is,
 * each cita widened by the buffer before and after (a visit must end `buffer` before a cita and
 * may start `buffer` after one ends).
 */
function busyRanges(groomer: GroomerSchedule, bufferMs: number): TimeRange[] {
  const ranges = [
    ...groomer.ausencias,
    ...groomer.citas.map((c) => ({ start: c.start - bufferMs, end: c.end + bufferMs })),
  ]
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const merged: TimeRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** What every check of a start shares: the bound the notice sets, the visit and the grid. */
interface SlotRules {
  /** The earliest start the notice allows. */
  earliest: number;
  durationMs: number;
  stepMin: number;
  durationMin: number;
}

function slotRulesOf(input: AvailabilityInput): SlotRules {
  return {
    earliest: input.now.getTime() + input.aviso_horas * 3_600_000,
    durationMs: input.duracion * MINUTE_MS,
    stepMin: input.paso_min,
    durationMin: input.duracion,
  };
}

/** ISO weekday of a day number: 1 Monday ... 7 Sunday. */
const weekdayOf = (day: number) => ((new Date(day * DAY_MS).getUTCDay() + 6) % 7) + 1;

/**
 * The free starts (minutes since the Lima midnight) of one groomer on one day, in order. `busy`
 * is the groomer's merged busy time and `cursor` the index of the first range that may still
 * matter; days are visited in order, so the sweep over `busy` never goes back. Answers the new
 * cursor.
 */
function freeStartsOfDay(
  rules: SlotRules,
  hours: OpeningHours,
  day: number,
  busy: TimeRange[],
  cursor: number,
  found: (minute: number) => void,
): number {
  const opening = hours.find((d) => d.dia === weekdayOf(day));
  if (!opening?.abierto) return cursor;
  const abre = minutesOfTime(opening.abre);
  const cierra = minutesOfTime(opening.cierra);
  const midnight = limaDayStart(dayText(day)).getTime();
  let index = cursor;
  for (let minute = abre; minute + rules.durationMin <= cierra; minute += rules.stepMin) {
    const start = midnight + minute * MINUTE_MS;
    if (start < rules.earliest) continue;
    // Ranges that end by this start can hold no later start either.
    while (index < busy.length && busy[index].end <= start) index += 1;
    if (index === busy.length || busy[index].start >= start + rules.durationMs) found(minute);
  }
  return index;
}

/**
 * The days of `desde`..`hasta` that lie between today (Lima) and the horizon, or null when none
 * does: the only days worth reading the schedules of.
 */
export function bookableDays(
  input: Pick<AvailabilityInput, 'now' | 'desde' | 'hasta' | 'horizonte_dias'>,
): { desde: string; hasta: string } | null {
  const today = dayNumber(limaToday(input.now));
  const first = Math.max(dayNumber(input.desde), today);
  const last = Math.min(dayNumber(input.hasta), today + input.horizonte_dias);
  return first <= last ? { desde: dayText(first), hasta: dayText(last) } : null;
}

/** Each day from `desde` to `hasta` (an empty list of times on a day with none). */
export function availableSlots(input: AvailabilityInput): Availability {
  const rules = slotRulesOf(input);
  const from = dayNumber(input.desde);
  const to = dayNumber(input.hasta);
  const byDay = new Map<number, Map<number, number[]>>();
  for (let day = from; day <= to; day++) byDay.set(day, new Map());
  const bufferMs = input.buffer_min * MINUTE_MS;
  const groomers = [...input.groomers].sort((a, b) => a.id_emp - b.id_emp);
  const open = bookableDays(input);
  const first = open ? dayNumber(open.desde) : 0;
  const last = open ? dayNumber(open.hasta) : -1;
  for (const groomer of groomers) {
    const busy = busyRanges(groomer, bufferMs);
    let cursor = 0;
    for (let day = first; day <= last; day++) {
      const starts = byDay.get(day);
      if (!starts) continue;
      cursor = freeStartsOfDay(rules, groomer.horario, day, busy, cursor, (minute) => {
        const ids = starts.get(minute);
        if (ids) ids.push(groomer.id_emp);
        else starts.set(minute, [groomer.id_emp]);
      });
    }
  }
  return {
    dias: [...byDay].map(([day, starts]) => ({
      fecha: dayText(day),
      horas: [...starts]
        .sort(([a], [b]) => a - b)
        .map(([minute, ids]) => ({ hora: timeText(minute), groomers: ids })),
    })),
  };
}

/**
 * The groomers who can take the visit starting at `hora` ('HH:MM', Lima) on `fecha`: the
 * booking's check of the slot a client chose, by the same rules that offered it.
 */
export function groomersFreeAt(input: AvailabilityInput, fecha: string, hora: string): number[] {
  const [day] = availableSlots({ ...input, desde: fecha, hasta: fecha }).dias;
  return day?.horas.find((h) => h.hora === hora)?.groomers ?? [];
}
