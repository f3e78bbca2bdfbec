import { describe, expect, it } from 'vitest';
import { amountInWords, formatCents, igvOf, MAX_CENTS, parseCents } from './money';

describe('parseCents', () => {
  it('reads soles with up to two decimals as integer cents', () => {
    expect(parseCents('45')).toBe(4500);
    expect(parseCents('45.5')).toBe(4550);
    expect(parseCents('45.50')).toBe(4550);
    expect(parseCents(' 45.05 ')).toBe(4505);
    expect(parseCents('45.')).toBe(4500);
    expect(parseCents('0.01')).toBe(1);
    expect(parseCents('007.10')).toBe(710);
    expect(parseCents('-12.30')).toBe(-1230);
    expect(parseCents('99999999.99')).toBe(MAX_CENTS);
  });

  it('takes a decimal comma as the decimal point', () => {
    expect(parseCents('12,5')).toBe(1250);
    expect(parseCents('12,50')).toBe(1250);
    expect(parseCents(' 0,05 ')).toBe(5);
    expect(parseCents('45,')).toBe(4500);
    expect(parseCents('-12,30')).toBe(-1230);
    expect(parseCents('99999999,99')).toBe(MAX_CENTS);
  });

  it('refuses grouped thousands instead of guessing them', () => {
    for (const value of ['1,234.50', '1.234,50', '1,234', '1,234,567', '12,5.0', '12,505']) {
      expect(parseCents(value), value).toBeUndefined();
    }
  });

  it('reads a number through its decimal text', () => {
    expect(parseCents(45)).toBe(4500);
    expect(parseCents(45.5)).toBe(4550);
    expect(parseCents(19.99)).toBe(1999);
    expect(parseCents(0)).toBe(0);
  });

  it('refuses three decimals instead of rounding them', () => {
    expect(parseCents('45.505')).toBeUndefined();
    expect(parseCents(12.345)).toBeUndefined();
    expect(parseCents(0.1 + 0.2)).toBeUndefined();
  });

  it('refuses what is not a plain amount', () => {
    for (const value of ['', ' ', 'abc', ',50', '1e3', '.5', '+5', '1 000', 'NaN']) {
      expect(parseCents(value), value).toBeUndefined();
    }
    expect(parseCents(1e21)).toBeUndefined();
    expect(parseCents(Number.NaN)).toBeUndefined();
    expect(parseCents(Infinity)).toBeUndefined();
  });

  it('refuses amounts beyond numeric(10,2)', () => {
    expect(parseCents('100000000')).toBeUndefined();
    expect(parseCents('100000000000000000000000')).toBeUndefined();
  });
});

describe('formatCents', () => {
  it('writes the numeric(10,2) text', () => {
    expect(formatCents(4550)).toBe('45.50');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(-120)).toBe('-1.20');
    expect(formatCents(MAX_CENTS)).toBe('99999999.99');
  });

  it('refuses a fraction of a cent', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});

describe('igvOf', () => {
  const igv = (total: number) => {
    const { subtotal, igv } = igvOf(total);
    return [formatCents(subtotal), formatCents(igv)];
  };

  it('splits the total that includes IGV, as decisions §igv shows', () => {
    expect(igv(12_000)).toEqual(['101.69', '18.31']);
  });

  it('rounds the subtotal half up on integers and leaves the rest to IGV', () => {
    expect(igv(1)).toEqual(['0.01', '0.00']); // 0.0084… → 0.01
    expect(igv(100_000)).toEqual(['847.46', '152.54']); // 847.457…
    expect(igv(70_001)).toEqual(['593.23', '106.78']); // 593.228…
    expect(igv(11_800)).toEqual(['100.00', '18.00']);
    expect(igv(0)).toEqual(['0.00', '0.00']);
    expect(igv(MAX_CENTS)).toEqual(['84745762.70', '15254237.29']);
  });

  it('always adds up to the total', () => {
    for (let total = 0; total <= 5_000; total++) {
      const { subtotal, igv } = igvOf(total);
      expect(subtotal + igv).toBe(total);
      // The rounding is the nearest cent to total / 1.18.
      expect(Math.abs(subtotal * 118 - total * 100)).toBeLessThanOrEqual(59);
    }
  });

  it('refuses a negative total', () => {
    expect(() => igvOf(-1)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  const words = (soles: string) => amountInWords(parseCents(soles)!);

  it('writes the legend of decisions §receipt', () => {
    expect(words('120')).toBe('SON: CIENTO VEINTE CON 00/100 SOLES');
  });

  it('writes units, tens and hundreds', () => {
    expect(words('0')).toBe('SON: CERO CON 00/100 SOLES');
    expect(words('0.50')).toBe('SON: CERO CON 50/100 SOLES');
    expect(words('1')).toBe('SON: UNO CON 00/100 SOLES');
    expect(words('15')).toBe('SON: QUINCE CON 00/100 SOLES');
    expect(words('16')).toBe('SON: DIECISÉIS CON 00/100 SOLES');
    expect(words('21')).toBe('SON: VEINTIUNO CON 00/100 SOLES');
    expect(words('22.05')).toBe('SON: VEINTIDÓS CON 05/100 SOLES');
    expect(words('31')).toBe('SON: TREINTA Y UNO CON 00/100 SOLES');
    expect(words('100')).toBe('SON: CIEN CON 00/100 SOLES');
    expect(words('101')).toBe('SON: CIENTO UNO CON 00/100 SOLES');
    expect(words('500')).toBe('SON: QUINIENTOS CON 00/100 SOLES');
    expect(words('715.90')).toBe('SON: SETECIENTOS QUINCE CON 90/100 SOLES');
    expect(words('999')).toBe('SON: NOVECIENTOS NOVENTA Y NUEVE CON 00/100 SOLES');
  });

  it('writes thousands with mil, never un mil, and shortens uno before it', () => {
    expect(words('1000')).toBe('SON: MIL CON 00/100 SOLES');
    expect(words('1001')).toBe('SON: MIL UNO CON 00/100 SOLES');
    expect(words('1234.50')).toBe('SON: MIL DOSCIENTOS TREINTA Y CUATRO CON 50/100 SOLES');
    expect(words('21000')).toBe('SON: VEINTIÚN MIL CON 00/100 SOLES');
    expect(words('31021')).toBe('SON: TREINTA Y UN MIL VEINTIUNO CON 00/100 SOLES');
    expect(words('100000')).toBe('SON: CIEN MIL CON 00/100 SOLES');
    expect(words('101000')).toBe('SON: CIENTO UN MIL CON 00/100 SOLES');
    expect(words('900900')).toBe('SON: NOVECIENTOS MIL NOVECIENTOS CON 00/100 SOLES');
  });

  it('writes millions: un millón, millones', () => {
    expect(words('1000000')).toBe('SON: UN MILLÓN CON 00/100 SOLES');
    expect(words('1001000')).toBe('SON: UN MILLÓN MIL CON 00/100 SOLES');
    expect(words('2500000.75')).toBe('SON: DOS MILLONES QUINIENTOS MIL CON 75/100 SOLES');
    expect(words('21000001')).toBe('SON: VEINTIÚN MILLONES UNO CON 00/100 SOLES');
    expect(words('99999999.99')).toBe(
      'SON: NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100 SOLES',
    );
  });

  it('refuses amounts it cannot write', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(MAX_CENTS + 1)).toThrow(RangeError);
    expect(() => amountInWords(0.5)).toThrow(RangeError);
  });
});
