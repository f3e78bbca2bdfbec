/** Peru has one zone and no daylight saving time: Lima is always UTC−5 (decisions §lima). */
export const LIMA_OFFSET_MS = 5 * 3_600_000;

/** The moment shifted so that its UTC fields read Lima's clock (`getUTCHours()` is Lima's hour). */
export function limaWallClock(at: Date): Date {
  return new Date(at.getTime() - LIMA_OFFSET_MS);
}

/** Today's calendar day in Lima, `YYYY-MM-DD`, whatever the zone of the machine. */
export function limaToday(now: Date = new Date()): string {
  return limaWallClock(now).toISOString().slice(0, 10);
}

/** The moment a Lima calendar day (`YYYY-MM-DD`) starts. */
export function limaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + LIMA_OFFSET_MS);
}

/** Whole years from `birth` to `today` (both `YYYY-MM-DD`): a birthday counts on its day. */
export function ageInYears(birth: string, today: string = limaToday()): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** `day` (`YYYY-MM-DD`) moved `days` days (a calendar day: no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
