/**
 * Working days (días hábiles) as the complaints book counts them: Monday to Friday, Peru's
 * public holidays apart. Days are `YYYY-MM-DD` calendar days; the holidays are the same text.
 */

const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Whether `day` is a working day: not a Saturday, a Sunday nor a holiday. */
export function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/**
 * The `n`th working day after `day` (`day` itself never counts, whatever it is): a hoja filed on
 * Friday 2026-07-24 is due 15 working days later, past the weekends and 28–29 July.
 */
export function addWorkingDays(day: string, n: number, holidays: ReadonlySet<string>): string {
  let current = dayNumber(day);
  for (let left = n; left > 0;) {
    current += 1;
    if (isWorkingDay(dayText(current), holidays)) left -= 1;
  }
  return dayText(current);
}

/**
 * Working days from `from` to `to`: how many working days lie after `from` up to `to` included
 * (0 when `to` is `from`), negative when `to` comes first. For a due date: 0 on the due day, -1
 * one working day late.
 */
export function workingDaysBetween(
  from: string,
  to: string,
  holidays: ReadonlySet<string>,
): number {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const [low, high, sign] = start <= end ? [start, end, 1] : [end, start, -1];
  let count = 0;
  for (let n = low + 1; n <= high; n++) if (isWorkingDay(dayText(n), holidays)) count += 1;
  return sign * count;
}
