import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from '@app/domain';
import {
  dayName,
  fromCalendarTime,
  steppedDate,
  weekDays,
  limaDateTimeInput,
  toCalendarTime,
  visibleDays,
  visibleHours,
  widestHours,
} from './calendar-time';

const machineZone = process.env.TZ;

afterEach(() => {
  process.env.TZ = machineZone;
});

describe('calendar time', () => {
  for (const zone of ['America/Lima', 'Asia/Tokyo', 'Europe/Madrid', 'UTC']) {
    it(`shows Lima's wall clock and reads it back in a browser set to ${zone}`, () => {
      process.env.TZ = zone;
      const shown = toCalendarTime('2026-12-01T15:30:00.000Z');
      expect([shown.getDate(), shown.getHours(), shown.getMinutes()]).toEqual([1, 10, 30]);
      expect(limaDateTimeInput(shown)).toBe('2026-12-01T10:30');
      expect(fromCalendarTime(shown).toISOString()).toBe('2026-12-01T15:30:00.000Z');
    });
  }

  it('keeps the Lima day of a visit late in the evening', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(limaDateTimeInput(toCalendarTime('2026-12-02T03:00:00.000Z'))).toBe('2026-12-01T22:00');
  });

  it('asks for the days each view shows', () => {
    const wednesday = new Date(2026, 11, 2, 9, 0);
    expect(visibleDays(wednesday, 'day')).toEqual({ desde: '2026-12-02', hasta: '2026-12-02' });
    expect(visibleDays(wednesday, 'week')).toEqual({ desde: '2026-11-30', hasta: '2026-12-06' });
    expect(visibleDays(new Date(2026, 11, 6), 'week')).toEqual({
      desde: '2026-11-30',
      hasta: '2026-12-06',
    });
    expect(visibleDays(wednesday, 'agenda')).toEqual({ desde: '2026-12-02', hasta: '2026-12-09' });
  });

  it('shows the opening hours, stretched to whole hours around a visit outside them', () => {
    const hoursOf = (range: { min: Date; max: Date }) =>
      [range.min, range.max].map((d) => `${d.getHours()}:${d.getMinutes()}`);
    expect(hoursOf(visibleHours(DEFAULT_OPENING_HOURS, []))).toEqual(['9:0', '19:0']);
    const early = { start: new Date(2026, 11, 2, 7, 30), end: new Date(2026, 11, 2, 8, 15) };
    const late = { start: new Date(2026, 11, 2, 19, 0), end: new Date(2026, 11, 2, 20, 10) };
    expect(hoursOf(visibleHours(DEFAULT_OPENING_HOURS, [early, late]))).toEqual(['7:0', '21:0']);
    const closed = DEFAULT_OPENING_HOURS.map((day) => ({ ...day, abierto: false }));
    expect(hoursOf(visibleHours(closed, []))).toEqual(['8:0', '20:0']);
  });
});

describe('the views the page draws', () => {
  it('names a day as the counts and the phone list head it', () => {
    expect(dayName(new Date(2026, 10, 30))).toBe('Lunes 30/11');
    expect(dayName(new Date(2026, 11, 6))).toBe('Domingo 06/12');
  });

  it('gives a week Monday to Sunday, from any of its days', () => {
    const days = weekDays(new Date(2026, 11, 6, 15, 30));
    expect(days.map((d) => d.toDateString())).toEqual(
      Array.from({ length: 7 }, (_, i) => new Date(2026, 10, 30 + i).toDateString()),
    );
  });

  it('steps a week or a list by its length', () => {
    const monday = new Date(2026, 10, 30);
    expect(steppedDate(monday, 'week', 'NEXT')).toEqual(new Date(2026, 11, 7));
    expect(steppedDate(monday, 'agenda', 'PREV')).toEqual(new Date(2026, 10, 23));
    expect(steppedDate(monday, 'day', 'NEXT')).toEqual(new Date(2026, 11, 1));
  });

  it('spans the company’s hours and every groomer’s own', () => {
    const early = DEFAULT_OPENING_HOURS.map((d) =>
      d.dia === 2 ? { ...d, abre: '07:30', cierra: '12:00' } : { ...d, abierto: false },
    );
    const sunday = DEFAULT_OPENING_HOURS.map((d) =>
      d.dia === 7 ? { ...d, abierto: true, abre: '10:00', cierra: '14:00' } : d,
    );
    const week = widestHours([DEFAULT_OPENING_HOURS, early, sunday]);
    expect(week[1]).toEqual({ dia: 2, abierto: true, abre: '07:30', cierra: '19:00' });
    expect(week[6]).toEqual({ dia: 7, abierto: true, abre: '10:00', cierra: '14:00' });
    expect(week[0]).toEqual(DEFAULT_OPENING_HOURS[0]);
    expect(widestHours([DEFAULT_OPENING_HOURS])).toEqual(DEFAULT_OPENING_HOURS);
  });
});
