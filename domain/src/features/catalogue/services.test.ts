import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_ITEM_MESSAGES as M,
  formatPriceOnBlur,
  keepPriceChars,
  price,
  sizeMinutes,
  sizeMinutesText,
} from './services';

describe('a catalogue price', () => {
  it('reads a decimal comma as the decimal point', () => {
    expect(price.parse('12,5')).toBe('12.50');
    expect(price.parse('39,90')).toBe('39.90');
    expect(price.parse('45,')).toBe('45.00');
    expect(price.parse('45.5')).toBe('45.50');
  });

  it('refuses grouped thousands and a third decimal with the spec’s format message', () => {
    for (const value of ['1,234.50', '1.000,00', '12,345']) {
      const result = price.safeParse(value);
      expect(
        result.error?.issues.map((i) => i.message),
        value,
      ).toEqual([M.priceFormat]);
    }
  });

  it('keeps what is typed: digits and the first point or comma', () => {
    expect(keepPriceChars('12,5')).toBe('12,5');
    expect(keepPriceChars('1,2,3')).toBe('1,23');
    expect(keepPriceChars('1.2,3')).toBe('1.23');
  });

  it('shows two decimals once left, after the separator the user typed', () => {
    expect(formatPriceOnBlur('12,5')).toBe('12,50');
    expect(formatPriceOnBlur('45')).toBe('45.00');
    expect(formatPriceOnBlur('7.5')).toBe('7.50');
    expect(formatPriceOnBlur('12,345')).toBe('12,345');
  });
});

describe('the minutes an item adds per pet size', () => {
  it('reads the form’s text, a blank size as none', () => {
    expect(sizeMinutes.parse({ pequeño: '', mediano: ' 10 ', grande: 15, gigante: null })).toEqual({
      mediano: 10,
      grande: 15,
    });
  });

  it('refuses anything but whole minutes with one Spanish message', () => {
    for (const text of ['10,5', '1.000', 'diez', '-5']) {
      const result = sizeMinutes.safeParse({ grande: text });
      expect(
        result.error?.issues.map((i) => [i.path.join('.'), i.message]),
        text,
      ).toEqual([['grande', 'Ingrese minutos enteros']]);
    }
  });

  it('names the sizes that add minutes, in size order', () => {
    expect(sizeMinutesText({ gigante: 30, pequeño: 0, grande: 15 })).toBe(
      'Grande +15 min, Gigante +30 min',
    );
    expect(sizeMinutesText({})).toBe('');
  });
});
