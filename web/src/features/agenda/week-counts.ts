import { FREEING_APPOINTMENT_STATUSES, type AgendaEntry, type AgendaGroomer } from '@app/domain';
import { limaDayOf, toCalendarTime } from './calendar-time';

/** A row of the week's counts: a groomer, or the visits no groomer has yet (`id_emp` null). */
export interface WeekCountsRow {
  id_emp: number | null;
  nombre: string;
  color?: string;
  /** Visits per day of the week, Monday first. */
  counts: number[];
}

export interface WeekCounts {
  rows: WeekCountsRow[];
  /** Every row's visits per day, Monday first. */
  totals: number[];
}

/**
 * How many visits each groomer has each day of the week: what a full week shows when its cards
 * would be too narrow to read. A visit that frees its time (cancelled, missed) is not counted.
 * The unassigned row is there only when some visit of the week has no groomer.
 */
export function weekCounts(
  citas: readonly Pick<AgendaEntry, 'inicio' | 'id_emp' | 'id_est'>[],
  groomers: readonly AgendaGroomer[],
  days: readonly Date[],
  unassignedName: string,
): WeekCounts {
  const dayIndex = new Map(days.map((day, i) => [limaDayOf(day), i]));
  const rows: WeekCountsRow[] = groomers.map((g) => ({
    id_emp: g.id_emp,
    nombre: g.nombre,
    color: g.color,
    counts: days.map(() => 0),
  }));
  const unassigned: WeekCountsRow = {
    id_emp: null,
    nombre: unassignedName,
    counts: days.map(() => 0),
  };
  const rowOf = new Map(rows.map((row) => [row.id_emp, row]));
  const totals = days.map(() => 0);
  for (const cita of citas) {
    if (FREEING_APPOINTMENT_STATUSES.includes(cita.id_est)) continue;
    const day = dayIndex.get(limaDayOf(toCalendarTime(cita.inicio)));
    const row = cita.id_emp === null ? unassigned : rowOf.get(cita.id_emp);
    if (day === undefined || row === undefined) continue;
    row.counts[day] += 1;
    totals[day] += 1;
  }
  if (unassigned.counts.some((count) => count > 0)) rows.push(unassigned);
  return { rows, totals };
}

/** '1 cita', '5 citas'. */
export const citasCount = (count: number) => (count === 1 ? '1 cita' : `${count} citas`);
