import { expect, test } from '../e2e/fixtures';
import { staffApi } from '../e2e/api';
import { signIn } from '../e2e/support';
import { arrangeVisit, book, weekdayAhead } from '../e2e/visits';

/*
 * `npm run bench:calendar`: how long the agenda takes to show a week of 1,000 visits (every
 * groomer's week is their counts) and its first day's cards, from navigation to the screen. A
 * measurement, not a check: it prints its figures.
 */

test('a week of 1,000 visits: time from navigation to its counts, and to a day’s cards', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const visit = await arrangeVisit(api, 15);
  // A week of its own, far enough ahead that no other test books in it.
  const monday = weekdayAhead(70 + Math.floor(Math.random() * 200));
  const start = new Date(`${monday}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const times = Array.from({ length: 1000 }, (_, i) => {
    const day = new Date(start.getTime() + (i % 6) * 86_400_000).toISOString().slice(0, 10);
    const quarter = Math.floor(i / 6) % 40;
    const hour = String(9 + Math.floor(quarter / 4)).padStart(2, '0');
    return `${day}T${hour}:${String((quarter % 4) * 15).padStart(2, '0')}`;
  });
  const created = Date.now();
  for (let i = 0; i < times.length; i += 25) {
    await Promise.all(times.slice(i, i + 25).map((at) => book(api, visit, at, null)));
  }
  console.log(`1,000 citas created through the API in ${Date.now() - created} ms`);

  // The week of every groomer is a table of counts (issue 30 §13); a day shows its cards.
  const weekTotals = page
    .getByRole('table', { name: 'Citas de la semana por groomer y día' })
    .getByRole('row')
    .last();
  const timed = async (path: string, shown: () => Promise<unknown>) => {
    const opened = Date.now();
    const answered = page
      .waitForResponse((res) => res.url().includes('/api/agenda?'))
      .then(() => Date.now() - opened);
    await page.goto(path);
    await shown();
    return { answered: await answered, shown: Date.now() - opened };
  };
  const week = await timed(`/agenda?fecha=${monday}&vista=week`, () =>
    expect(weekTotals).toContainText('167 citas', { timeout: 60_000 }),
  );
  console.log(
    `week of 1,000 citas as counts, from navigation (a full page load): GET /api/agenda ` +
      `answered at ${week.answered} ms, the counts on the page at ${week.shown} ms`,
  );
  const firstDay = start.toISOString().slice(0, 10);
  const day = await timed(`/agenda?fecha=${firstDay}&vista=day`, () =>
    page.locator('.rbc-event').nth(166).waitFor({ state: 'attached', timeout: 60_000 }),
  );
  console.log(
    `its first day, 167 cards: GET /api/agenda answered at ${day.answered} ms, the cards on the ` +
      `page at ${day.shown} ms`,
  );
  await expect(page.locator('.rbc-event', { hasText: visit.pet.toUpperCase() })).toHaveCount(167);

  // What a receptionist does all day: the app already open, from the day to its week.
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Semana' }).click();
  await expect(weekTotals).toContainText('167 citas', { timeout: 60_000 });
  console.log(`from the day to the week's counts, in the open app: ${Date.now() - clicked} ms`);
});
