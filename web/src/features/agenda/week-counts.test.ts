import { describe, expect, it } from 'vitest';
import { AppointmentStatus, type AgendaEntry, type AgendaGroomer } from '@app/domain';
import { toCalendarTime, weekDays } from './calendar-time';
import { citasCount, weekCounts } from './week-counts';

const GROOMERS: AgendaGroomer[] = [
  { id_emp: 1, nombre: 'Ana Pérez', color: '#1a73e8' },
  { id_emp: 2, nombre: 'Luis Soto', color: '#2e7d32' },
];

/** A visit at a Lima time (UTC−5), with what the counts read. */
function visit(
  inicio: string,
  id_emp: number | null,
  id_est: number = AppointmentStatus.Programada,
): Pick<AgendaEntry, 'inicio' | 'id_emp' | 'id_est'> {
  return { inicio: `${inicio}:00-05:00`, id_emp, id_est };
}

// Monday 30 November 2026 to Sunday 6 December.
const WEEK = weekDays(toCalendarTime('2026-12-02T15:00:00-05:00'));

describe('weekCounts', () => {
  it('counts each groomer’s visits per Lima day, Monday first', () => {
    const { rows, totals } = weekCounts(
      [
        visit('2026-11-30T09:00', 1),
        visit('2026-11-30T23:30', 1),
        visit('2026-12-01T10:00', 2),
        visit('2026-12-06T18:00', 2),
      ],
      GROOMERS,
      WEEK,
      'Sin asignar',
    );
    expect(rows.map((row) => [row.nombre, row.counts])).toEqual([
      ['Ana Pérez', [2, 0, 0, 0, 0, 0, 0]],
      ['Luis Soto', [0, 1, 0, 0, 0, 0, 1]],
    ]);
    expect(totals).toEqual([2, 1, 0, 0, 0, 0, 1]);
  });

  it('leaves out cancelled and missed visits, and adds the unassigned row only when needed', () => {
    const { rows, totals } = weekCounts(
      [
        visit('2026-12-02T09:00', 1, AppointmentStatus.Cancelada),
        visit('2026-12-02T10:00', 1, AppointmentStatus.NoAsistio),
        visit('2026-12-02T11:00', null),
      ],
      GROOMERS,
      WEEK,
      'Sin asignar',
    );
    expect(rows.map((row) => row.nombre)).toEqual(['Ana Pérez', 'Luis Soto', 'Sin asignar']);
    expect(rows[0].counts[2]).toBe(0);
    expect(rows[2].counts[2]).toBe(1);
    expect(totals[2]).toBe(1);
  });

  it('says one cita in the singular', () => {
    expect([citasCount(0), citasCount(1), citasCount(5)]).toEqual(['0 citas', '1 cita', '5 citas']);
  });
});
