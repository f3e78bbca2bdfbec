import { addDays, limaWallClock, type OpeningHours } from '@app/domain';

export { addDays };

/**
 * Days, times and lengths as the booking page writes them, in Lima (UTC−5 all year) and in
 * Spanish, by hand: the page brings no date library (DESIGN §11.10).
 */

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const SHORT_WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const utcOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** `count` days from `first` on. */
export function daysFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** The day's weekday as the opening hours number it: 1 Monday ... 7 Sunday. */
export function weekdayOf(day: string): number {
  return ((utcOf(day).getUTCDay() + 6) % 7) + 1;
}

/** '2026-11-24' → { short: 'mar', date: '24 nov', long: 'martes 24 de noviembre' }. */
export function dayNames(day: string) {
  const date = utcOf(day);
  const month = MONTHS[date.getUTCMonth()] ?? '';
  const dayOfMonth = date.getUTCDate();
  const weekday = date.getUTCDay();
  return {
    short: SHORT_WEEKDAYS[weekday] ?? '',
    date: `${dayOfMonth} ${month.slice(0, 3)}`,
    long: `${WEEKDAYS[weekday] ?? ''} ${dayOfMonth} de ${month}`,
  };
}

/** A moment's Lima day and time: `{ fecha: 'YYYY-MM-DD', hora: 'HH:MM' }`. */
export function limaDayAndTime(iso: string): { fecha: string; hora: string } {
  const lima = limaWallClock(new Date(iso)).toISOString();
  return { fecha: lima.slice(0, 10), hora: lima.slice(11, 16) };
}

/** 45 → '45 min', 60 → '1 h', 90 → '1 h 30 min'. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const WEEKDAY_NAMES = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

/**
 * The week's hours in a few lines, consecutive days with the same hours together:
 * 'Lunes a viernes: 09:00 a 19:00', 'Sábado: 09:00 a 13:00', 'Domingo: cerrado'.
 */
export function openingHoursLines(hours: OpeningHours): string[] {
  const hoursOf = (dia: number) => {
    const day = hours.find((d) => d.dia === dia);
    return day?.abierto ? `${day.abre} a ${day.cierra}` : 'cerrado';
  };
  const lines: string[] = [];
  let first = 1;
  for (let dia = 1; dia <= 7; dia++) {
    if (dia < 7 && hoursOf(dia + 1) === hoursOf(dia)) continue;
    const from = WEEKDAY_NAMES[first - 1] ?? '';
    const to = (WEEKDAY_NAMES[dia - 1] ?? '').toLowerCase();
    lines.push(`${first === dia ? from : `${from} a ${to}`}: ${hoursOf(dia)}`);
    first = dia + 1;
  }
  return lines;
}
