import { describe, expect, it } from 'vitest';
import { PERU_NATIONAL_HOLIDAYS } from './holidays';
import { addWorkingDays, isWorkingDay, workingDaysBetween } from './working-days';

const HOLIDAYS: ReadonlySet<string> = new Set(PERU_NATIONAL_HOLIDAYS.map((h) => h.fecha));
const NONE: ReadonlySet<string> = new Set();

describe('working days', () => {
  it('are Monday to Friday, holidays apart', () => {
    expect(isWorkingDay('2026-07-24', HOLIDAYS)).toBe(true); // Friday
    expect(isWorkingDay('2026-07-25', HOLIDAYS)).toBe(false); // Saturday
    expect(isWorkingDay('2026-07-26', HOLIDAYS)).toBe(false); // Sunday
    expect(isWorkingDay('2026-07-28', HOLIDAYS)).toBe(false); // Fiestas Patrias, a Tuesday
    expect(isWorkingDay('2026-07-28', NONE)).toBe(true);
  });

  it('puts a hoja filed on Friday 2026-07-24 due past two weekends, 28–29 July and 6 August', () => {
    // Without holidays: three whole weeks.
    expect(addWorkingDays('2026-07-24', 15, NONE)).toBe('2026-08-14');
    expect(addWorkingDays('2026-07-24', 15, HOLIDAYS)).toBe('2026-08-19');
  });

  it('counts from the next working day when filed on a weekend', () => {
    // Saturday 28 November; 8 and 9 December are holidays.
    expect(addWorkingDays('2026-11-28', 1, HOLIDAYS)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-28', 15, HOLIDAYS)).toBe('2026-12-22');
  });

  it('crosses the year', () => {
    // 25 December and 1 January are holidays.
    expect(addWorkingDays('2026-12-18', 15, HOLIDAYS)).toBe('2027-01-12');
  });

  it('leaves the day as it is for none', () => {
    expect(addWorkingDays('2026-07-25', 0, HOLIDAYS)).toBe('2026-07-25');
  });

  it('tells the working days left to a due date, negative once it has passed', () => {
    expect(workingDaysBetween('2026-07-24', '2026-08-19', HOLIDAYS)).toBe(15);
    expect(workingDaysBetween('2026-08-19', '2026-08-19', HOLIDAYS)).toBe(0);
    expect(workingDaysBetween('2026-08-19', '2026-07-24', HOLIDAYS)).toBe(-15);
    // 28 and 29 July are holidays: Monday to Thursday is one working day.
    expect(workingDaysBetween('2026-07-27', '2026-07-30', HOLIDAYS)).toBe(1);
    // Friday to Monday.
    expect(workingDaysBetween('2026-07-31', '2026-08-03', HOLIDAYS)).toBe(1);
    expect(workingDaysBetween('2026-08-03', '2026-07-31', HOLIDAYS)).toBe(-1);
  });

  it('inverts addWorkingDays', () => {
    for (const day of ['2026-07-24', '2026-11-28', '2026-12-18', '2027-03-24']) {
      for (const n of [1, 3, 15]) {
        expect(workingDaysBetween(day, addWorkingDays(day, n, HOLIDAYS), HOLIDAYS)).toBe(n);
      }
    }
  });
});
