import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, minutesOfTime, type OpeningHours } from '../agenda/agenda';
import { limaDayStart, limaToday, limaWallClock } from '../../lima-date';
import {
  availableSlots,
  groomersFreeAt,
  type AvailabilityInput,
  type GroomerSchedule,
  type TimeRange,
} from './availability';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A Lima moment: `day` at 'HH:MM'. */
const at = (day: string, time: string) =>
  limaDayStart(day).getTime() + minutesOfTime(time) * MINUTE;
const range = (day: string, from: string, to: string): TimeRange => ({
  start: at(day, from),
  end: at(day, to),
});
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

// 2026-03-02 is a Monday: the default hours open it from 09:00 to 19:00.
const MONDAY = '2026-03-02';

const groomer = (id_emp: number, extra: Partial<GroomerSchedule> = {}): GroomerSchedule => ({
  id_emp,
  horario: DEFAULT_OPENING_HOURS,
  ausencias: [],
  citas: [],
  ...extra,
});

const input = (extra: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  now: new Date(at('2026-03-01', '08:00')),
  desde: MONDAY,
  hasta: MONDAY,
  duracion: 60,
  paso_min: 30,
  buffer_min: 0,
  aviso_horas: 2,
  horizonte_dias: 30,
  groomers: [groomer(1)],
  ...extra,
});

/** 'HH:MM' of minutes since midnight. */
const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Every 'HH:MM' from `from` to `to` (included), `step` minutes apart. */
function times(from: string, to: string, step = 30): string[] {
  const list: string[] = [];
  for (let m = minutesOfTime(from); m <= minutesOfTime(to); m += step) list.push(clock(m));
  return list;
}

const hoursOf = (result: ReturnType<typeof availableSlots>, day = 0) =>
  result.dias[day]?.horas.map((h) => h.hora);

describe('availableSlots, by example', () => {
  it("offers a free Monday's every half hour from opening until the last visit that fits", () => {
    const result = availableSlots(input());
    expect(result.dias).toHaveLength(1);
    expect(result.dias[0].fecha).toBe(MONDAY);
    expect(hoursOf(result)).toEqual(times('09:00', '18:00'));
    expect(result.dias[0].horas.every((h) => h.groomers.join() === '1')).toBe(true);
  });

  it('keeps a booked cita and its buffer on both sides free', () => {
    const cita = range(MONDAY, '11:00', '12:00');
    const result = availableSlots(
      input({ buffer_min: 15, groomers: [groomer(1, { citas: [cita] })] }),
    );
    // A 60-minute visit must end by 10:45 or start from 12:15: 10:00 to 12:00 are gone.
    expect(hoursOf(result)).toEqual([...times('09:00', '09:30'), ...times('12:30', '18:00')]);
  });

  it('keeps time off free', () => {
    const away = range(MONDAY, '13:00', '15:00');
    const result = availableSlots(input({ groomers: [groomer(1, { ausencias: [away] })] }));
    expect(hoursOf(result)).toEqual([...times('09:00', '12:00'), ...times('15:00', '18:00')]);
  });

  it('offers nothing on a full day, and lists the day with no times', () => {
    const full = range(MONDAY, '09:00', '19:00');
    const result = availableSlots(
      input({ hasta: plusDays(MONDAY, 1), groomers: [groomer(1, { citas: [full] })] }),
    );
    expect(result.dias.map((d) => d.fecha)).toEqual([MONDAY, plusDays(MONDAY, 1)]);
    expect(result.dias[0].horas).toEqual([]);
    expect(hoursOf(result, 1)).toEqual(times('09:00', '18:00'));
  });

  it('does not offer a 90-minute visit at 18:00 when the salon closes at 19:00', () => {
    const result = availableSlots(input({ duracion: 90 }));
    expect(hoursOf(result)).toEqual(times('09:00', '17:30'));
    expect(groomersFreeAt(input({ duracion: 90 }), MONDAY, '18:00')).toEqual([]);
    expect(groomersFreeAt(input({ duracion: 90 }), MONDAY, '17:30')).toEqual([1]);
  });

  it('starts after the notice, on the grid of the opening time', () => {
    // 10:10 plus 2 hours is 12:10: the first start on a 15-minute grid from 09:00 is 12:15.
    const now = new Date(at(MONDAY, '10:10'));
    const result = availableSlots(input({ now, paso_min: 15 }));
    expect(hoursOf(result)).toEqual(times('12:15', '18:00', 15));
  });

  it('offers no day before today nor after the horizon', () => {
    const now = new Date(at(MONDAY, '06:00'));
    const result = availableSlots(
      input({ now, desde: plusDays(MONDAY, -1), hasta: plusDays(MONDAY, 3), horizonte_dias: 2 }),
    );
    expect(result.dias.map((d) => [d.fecha, d.horas.length])).toEqual([
      [plusDays(MONDAY, -1), 0],
      [MONDAY, 19],
      [plusDays(MONDAY, 1), 19],
      [plusDays(MONDAY, 2), 19],
      [plusDays(MONDAY, 3), 0],
    ]);
  });

  it('reads today in Lima: at 23:00 in Lima it is already tomorrow in UTC', () => {
    // 2026-03-01T04:00Z is Saturday 28 February, 23:00 in Lima: Saturday is still today.
    const now = new Date('2026-03-01T04:00:00Z');
    const result = availableSlots(
      input({ now, desde: '2026-02-28', hasta: '2026-03-02', aviso_horas: 0, horizonte_dias: 1 }),
    );
    expect(result.dias.map((d) => [d.fecha, d.horas.length])).toEqual([
      ['2026-02-28', 0], // today, but closed by now
      ['2026-03-01', 0], // Sunday: closed
      ['2026-03-02', 0], // past the horizon of one day
    ]);
  });

  it("follows each groomer's own hours, and lists every groomer free at a time by id", () => {
    const late = DEFAULT_OPENING_HOURS.map((d) => ({ ...d, abre: '13:00', cierra: '20:00' }));
    const result = availableSlots(input({ groomers: [groomer(7, { horario: late }), groomer(3)] }));
    const byTime = new Map(result.dias[0].horas.map((h) => [h.hora, h.groomers]));
    expect(byTime.get('09:00')).toEqual([3]);
    expect(byTime.get('13:00')).toEqual([3, 7]);
    expect(byTime.get('19:00')).toEqual([7]);
    expect(
      groomersFreeAt(
        input({ groomers: [groomer(7, { horario: late }), groomer(3)] }),
        MONDAY,
        '13:00',
      ),
    ).toEqual([3, 7]);
  });

  it('answers no groomer for a start off the grid', () => {
    expect(groomersFreeAt(input(), MONDAY, '09:10')).toEqual([]);
  });
});

/* Properties: random salons, days and clocks, checked against a plain reading of the rules. */

const DAYS_2025_TO_2027 = 3 * 365;
const dayArb = fc.oneof(
  // Any day of three years...
  fc.integer({ min: 0, max: DAYS_2025_TO_2027 }).map((n) => plusDays('2025-01-01', n)),
  // ...and the last days of a month, where a day's arithmetic goes wrong first.
  fc
    .record({
      y: fc.integer({ min: 2025, max: 2027 }),
      m: fc.integer({ min: 1, max: 12 }),
      back: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ y, m, back }) => new Date(Date.UTC(y, m, 1 - back)).toISOString().slice(0, 10)),
);

const openingArb: fc.Arbitrary<OpeningHours> = fc
  .array(
    fc.record({
      abierto: fc.boolean(),
      abre: fc.integer({ min: 6 * 60, max: 12 * 60 }),
      largo: fc.integer({ min: 30, max: 12 * 60 }),
    }),
    { minLength: 7, maxLength: 7 },
  )
  .map((days) =>
    days.map(({ abierto, abre, largo }, i) => ({
      dia: i + 1,
      abierto,
      abre: clock(abre),
      cierra: clock(abre + largo),
    })),
  );

/** Ranges within a few weeks of `origin`, some across midnight or several days. */
const rangesArb = (origin: number, max: number, longest: number) =>
  fc.array(
    fc
      .record({
        from: fc.integer({ min: -2 * 24 * 60, max: 20 * 24 * 60 }),
        length: fc.integer({ min: 15, max: longest }),
      })
      .map(({ from, length }) => ({
        start: origin + from * MINUTE,
        end: origin + (from + length) * MINUTE,
      })),
    { maxLength: max },
  );

const caseArb = dayArb.chain((today) => {
  const origin = limaDayStart(today).getTime();
  return fc
    .record({
      now: fc.integer({ min: 0, max: DAY - 1 }).map((ms) => new Date(origin + ms)),
      desdeOffset: fc.integer({ min: -2, max: 4 }),
      span: fc.integer({ min: 0, max: 14 }),
      duracion: fc.integer({ min: 15, max: 240 }),
      paso_min: fc.constantFrom(15 as const, 30 as const),
      buffer_min: fc.integer({ min: 0, max: 60 }),
      aviso_horas: fc.integer({ min: 0, max: 48 }),
      horizonte_dias: fc.integer({ min: 1, max: 20 }),
      groomers: fc.uniqueArray(
        fc.record({
          id_emp: fc.integer({ min: 1, max: 50 }),
          horario: openingArb,
          ausencias: rangesArb(origin, 4, 3 * 24 * 60),
          citas: rangesArb(origin, 30, 480),
        }),
        { minLength: 1, maxLength: 4, selector: (g) => g.id_emp },
      ),
    })
    .map(({ desdeOffset, span, ...rest }): AvailabilityInput => {
      const desde = plusDays(today, desdeOffset);
      return { ...rest, desde, hasta: plusDays(desde, span) };
    });
});

/**
 * Whether groomer `g` may take a visit at `hora` on `fecha`, read straight from the rules. The
 * day's checks are made once (the completeness property asks about every minute of a day).
 */
function allowedOn(input: AvailabilityInput, g: GroomerSchedule, fecha: string) {
  const today = limaToday(input.now);
  const inHorizon = fecha >= today && fecha <= plusDays(today, input.horizonte_dias);
  const noon = limaWallClock(new Date(at(fecha, '12:00')));
  const day = g.horario.find((d) => d.dia === (noon.getUTCDay() === 0 ? 7 : noon.getUTCDay()));
  const buffer = input.buffer_min * MINUTE;
  const abre = day ? minutesOfTime(day.abre) : 0;
  const cierra = day ? minutesOfTime(day.cierra) : 0;
  return (minute: number) => {
    if (!inHorizon || !day?.abierto) return false;
    if (minute < abre || (minute - abre) % input.paso_min !== 0) return false;
    if (minute + input.duracion > cierra) return false;
    const start = limaDayStart(fecha).getTime() + minute * MINUTE;
    const end = start + input.duracion * MINUTE;
    if (limaWallClock(new Date(start)).toISOString().slice(0, 10) !== fecha) return false;
    if (g.ausencias.some((a) => start < a.end && a.start < end)) return false;
    if (!g.citas.every((c) => end + buffer <= c.start || start >= c.end + buffer)) return false;
    return start >= input.now.getTime() + input.aviso_horas * HOUR;
  };
}

const RUNS = { numRuns: 200 };
/** The completeness property asks about every minute of every day: fewer runs. */
const FULL_RUNS = { numRuns: 100 };

describe('availableSlots, as properties', () => {
  it('never offers a start that overlaps a cita with its buffer, time off, closed hours, the notice or the horizon', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const groomers = new Map(input.groomers.map((g) => [g.id_emp, g]));
        for (const { fecha, horas } of availableSlots(input).dias) {
          for (const { hora, groomers: ids } of horas) {
            for (const id of ids)
              expect(allowedOn(input, groomers.get(id)!, fecha)(minutesOfTime(hora))).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('offers every start the rules allow, each groomer once, in order, on every day asked', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const result = availableSlots(input);
        const days: string[] = [];
        for (let d = input.desde; d <= input.hasta; d = plusDays(d, 1)) days.push(d);
        expect(result.dias.map((d) => d.fecha)).toEqual(days);
        const sorted = [...input.groomers].sort((a, b) => a.id_emp - b.id_emp);
        const everyMinute = times('00:00', '23:59', 1).map((hora) => ({
          hora,
          minute: minutesOfTime(hora),
        }));
        for (const { fecha, horas } of result.dias) {
          const rules = sorted.map((g) => ({ id: g.id_emp, allows: allowedOn(input, g, fecha) }));
          const expected = everyMinute
            .map(({ hora, minute }) => ({
              hora,
              groomers: rules.filter((r) => r.allows(minute)).map((r) => r.id),
            }))
            .filter((h) => h.groomers.length > 0);
          expect(horas).toEqual(expected);
        }
      }),
      FULL_RUNS,
    );
  });

  it('answers the same groomers for one start as the whole range does', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        for (const { fecha, horas } of availableSlots(input).dias) {
          for (const { hora, groomers } of horas.slice(0, 3)) {
            expect(groomersFreeAt(input, fecha, hora)).toEqual(groomers);
          }
        }
      }),
      RUNS,
    );
  });
});
