import { expect, test } from '../e2e/fixtures';
import { staffApi } from '../e2e/api';
import { signIn } from '../e2e/support';
import { arrangeVisit, book, weekdayAhead } from '../e2e/visits';

/*
 * `npm run bench:calendar`: how long the agenda's week view takes to show 1,000 visits, from
 * navigation to the cards on screen. A measurement, not a check: it prints its figures.
 */

test('a week of 1,000 visits: time from navigation to the cards on screen', async ({ page }) => {
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

  const opened = Date.now();
  const answered = page
    .waitForResponse((res) => res.url().includes('/api/agenda?'))
    .then(() => Date.now() - opened);
  await page.goto(`/agenda?fecha=${monday}&vista=week`);
  await page.locator('.rbc-event').nth(999).waitFor({ state: 'attached', timeout: 60_000 });
  const rendered = Date.now() - opened;
  console.log(
    `week of 1,000 citas, from navigation (a full page load): GET /api/agenda answered at ` +
      `${await answered} ms, the 1,000 cards on the page at ${rendered} ms`,
  );
  await expect(page.locator('.rbc-event', { hasText: visit.pet.toUpperCase() })).toHaveCount(1000);
});
