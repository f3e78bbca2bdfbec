import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, fullName, upper } from './format';

describe('formatMoney', () => {
  it.each([
    ['45', 'S/. 45.00'],
    ['45.5', 'S/. 45.50'],
    ['45.00', 'S/. 45.00'],
    ['0.1', 'S/. 0.10'],
    ['.5', 'S/. 0.50'],
    ['1250.75', 'S/. 1,250.75'],
    ['1000', 'S/. 1,000.00'],
    ['999.99', 'S/. 999.99'],
    [12, 'S/. 12.00'],
    ['0.995', 'S/. 1.00'],
    ['-5', 'S/. -5.00'],
    ['12345678.99', 'S/. 12,345,678.99'],
    ['-1234', 'S/. -1,234.00'],
    ['12,5', 'S/. 12.50'],
    ['0,05', 'S/. 0.05'],
  ])('shows %j as %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it('leaves grouped thousands as they were typed rather than guess them', () => {
    expect(formatMoney('1,250')).toBe('1,250');
    expect(formatMoney('1,234.50')).toBe('1,234.50');
  });

  it('shows nothing for a missing price', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
  });
});

describe('dates', () => {
  it('shows a calendar day without shifting it by the zone', () => {
    expect(formatDate('1990-01-31')).toBe('31/01/1990');
  });

  it('shows an instant in Lima time', () => {
    // 03:30 UTC on 1 March is still 28 February, 22:30, in Lima (UTC-5).
    expect(formatDate('2026-03-01T03:30:00Z')).toBe('28/02/2026');
    expect(formatDateTime('2026-03-01T03:30:00Z')).toBe('28/02/2026 22:30');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('names', () => {
  it('upper-cases Spanish letters', () => {
    expect(upper('peña ñandú')).toBe('PEÑA ÑANDÚ');
    expect(fullName('josé', null, 'pérez')).toBe('JOSÉ PÉREZ');
  });
});
