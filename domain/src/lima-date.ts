/** Peru has one zone and no daylight saving time: Lima is always UTC−5 (DESIGN §1). */
const LIMA_OFFSET_MS = 5 * 3_600_000;

/** Today's calendar day in Lima, `YYYY-MM-DD`, whatever the zone of the machine. */
export function limaToday(now: Date = new Date()): string {
  return new Date(now.getTime() - LIMA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole years from `birth` to `today` (both `YYYY-MM-DD`): a birthday counts on its day. */
export function ageInYears(birth: string, today: string = limaToday()): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}
