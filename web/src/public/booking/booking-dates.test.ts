import { DEFAULT_OPENING_HOURS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayNames,
  durationText,
  limaDayAndTime,
  openingHoursLines,
  weekdayOf,
} from './booking-dates';

describe('the booking page’s days', () => {
  it('moves across a month’s and a leap year’s end', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('numbers the weekday as the opening hours do, Monday first', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
  });

  it('names a day in Spanish', () => {
    expect(dayNames('2026-11-24')).toEqual({
      short: 'mar',
      date: '24 nov',
      long: 'martes 24 de noviembre',
    });
  });

  it('reads a moment on Lima’s clock, also late at night', () => {
    expect(limaDayAndTime('2026-11-25T03:30:00.000Z')).toEqual({
      fecha: '2026-11-24',
      hora: '22:30',
    });
  });

  it('writes lengths in hours and minutes', () => {
    expect(durationText(45)).toBe('45 min');
    expect(durationText(60)).toBe('1 h');
    expect(durationText(90)).toBe('1 h 30 min');
  });

  it('writes the week’s hours with equal days together', () => {
    expect(openingHoursLines(DEFAULT_OPENING_HOURS)).toEqual([
      'Lunes a sábado: 09:00 a 19:00',
      'Domingo: cerrado',
    ]);
    const saturdayShort = DEFAULT_OPENING_HOURS.map((d) =>
      d.dia === 6 ? { ...d, cierra: '13:00' } : d,
    );
    expect(openingHoursLines(saturdayShort)).toEqual([
      'Lunes a viernes: 09:00 a 19:00',
      'Sábado: 09:00 a 13:00',
      'Domingo: cerrado',
    ]);
  });
});
