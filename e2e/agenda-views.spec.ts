import { expect, test, type Page } from './fixtures';
import { registerGroomer, staffApi, type Groomer } from './api';
import { axeFindings } from './axe';
import { arrangeVisit, book, weekdayAhead } from './visits';
import { signIn } from './support';

/*
 * The agenda's week and phone views (issue 30 §13): a full week of every groomer reads as counts
 * per groomer and day that open the day, one groomer's week as cards; on a phone the list's
 * cards take the screen's width, the day swipes between groomers and the week counts per day.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const HOURS = ['09:00', '11:00', '14:00'];

interface Week {
  monday: string;
  /** Monday to Friday, `YYYY-MM-DD`. */
  days: string[];
  groomers: Groomer[];
  /** A pet of the first groomer's visits. */
  pet: string;
}

/** 'Lunes 30/11' for a `YYYY-MM-DD` of the week (Monday first). */
const dayName = (week: Week, index: number) => {
  const [, m, d] = week.days[index].split('-');
  return `${WEEKDAYS[index]} ${d}/${m}`;
};

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A full week far ahead, seeded once per worker: four groomers with three visits each weekday
 * (the first groomer a fourth on Monday), 61 in all.
 */
let seeded: Promise<Week> | undefined;
async function seedWeek(page: Page): Promise<Week> {
  const api = await staffApi(page);
  const colors = ['#1a73e8', '#2e7d32', '#6a1b9a', '#c2185b'];
  const groomers: Groomer[] = [];
  for (const color of colors) groomers.push(await registerGroomer(api, color));
  const monday = weekdayAhead(150 + Math.floor(Math.random() * 300), 1);
  const days = Array.from({ length: 5 }, (_, i) => addDays(monday, i));
  const visits = await Promise.all(groomers.map(() => arrangeVisit(api)));
  const bookings = groomers.flatMap((groomer, g) =>
    days.flatMap((day) =>
      HOURS.map((hour) => () => book(api, visits[g], `${day}T${hour}`, groomer)),
    ),
  );
  bookings.push(() => book(api, visits[0], `${monday}T16:00`, groomers[0]));
  // A few at a time: the server checks each booking's overlaps in its own transaction.
  for (let i = 0; i < bookings.length; i += 4) {
    await Promise.all(bookings.slice(i, i + 4).map((bookOne) => bookOne()));
  }
  return { monday, days, groomers, pet: visits[0].pet };
}

async function openAgenda(page: Page, week: Week, view: 'day' | 'week' | 'agenda') {
  await page.goto(`/agenda?fecha=${week.monday}&vista=${view}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Agenda de Citas' })).toBeVisible();
  await expect(page.getByLabel('Cargando agenda')).toHaveCount(0);
}

interface Scrolled {
  className: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Nothing on the page, nor the counts' table, scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  // Polled: after a change of width the shell settles (the sidenav turns into a drawer).
  await expect
    .poll(() =>
      page
        .locator('html, .MuiTableContainer-root')
        .evaluateAll((boxes: Scrolled[]) =>
          boxes
            .filter((box) => box.scrollWidth > box.clientWidth)
            .map((box) => `${box.className} ${box.scrollWidth} > ${box.clientWidth}`),
        ),
    )
    .toEqual([]);
}

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  seeded ??= seedWeek(page);
  await seeded;
});

test('a full week shows counts per groomer and day; a count opens its day', async ({ page }) => {
  const week = await seeded!;
  const [first, second] = week.groomers;
  await page.setViewportSize(DESKTOP);
  await openAgenda(page, week, 'week');

  const grid = page.getByRole('table', { name: 'Citas de la semana por groomer y día' });
  await expect(grid).toBeVisible();
  await expect(
    grid.getByRole('button', { name: `${dayName(week, 0)}: 4 citas de ${first.name}` }),
  ).toHaveText('4 citas');
  await expect(
    grid.getByRole('button', { name: `${dayName(week, 2)}: 3 citas de ${second.name}` }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await axeFindings(page)).toEqual([]);
  // A tablet's width holds the seven days too.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expectNoSidewaysScroll(page);

  // A count opens that day's view, every groomer a column.
  await grid
    .getByRole('button', { name: `${dayName(week, 2)}: 3 citas de ${second.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`fecha=${week.days[2]}&vista=day`));
  await expect(page.locator('.rbc-time-view')).toBeVisible();
  await expect(
    page.locator('.rbc-row-resource .rbc-header', { hasText: second.name }),
  ).toBeVisible();
});

test('one groomer’s week shows cards wide enough to read', async ({ page }) => {
  const week = await seeded!;
  const [first] = week.groomers;
  await page.setViewportSize(DESKTOP);
  await openAgenda(page, week, 'week');

  const chips = page.getByRole('group', { name: 'Groomer de la semana' });
  await expect(chips.getByRole('button', { name: 'Todos' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await chips.getByRole('button', { name: first.name }).click();
  await expect(chips.getByRole('button', { name: first.name })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('.rbc-time-view')).toBeVisible();
  const cards = page.getByRole('button', { name: new RegExp(week.pet.toUpperCase()) });
  await expect(cards).toHaveCount(16);
  const box = await cards.first().boundingBox();
  expect(box!.width).toBeGreaterThan(120);

  // The groomer's name in the counts opens their week too.
  await chips.getByRole('button', { name: 'Todos' }).click();
  await page.getByRole('button', { name: `Ver la semana de ${first.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`emp=${first.id_emp}`));
  await expect(cards).toHaveCount(16);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the list’s cards take the width, under a heading per day', async ({ page }) => {
    const week = await seeded!;
    await openAgenda(page, week, 'agenda');
    await expect(page.getByRole('heading', { level: 3, name: dayName(week, 0) })).toBeVisible();
    const card = page
      .getByRole('button', { name: new RegExp(`09:00 – 10:00.*${week.pet.toUpperCase()}`) })
      .first();
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    // The page's padding aside, the card spans the screen.
    expect(box!.width).toBeGreaterThan(PHONE.width * 0.75);
    await card.click();
    await expect(
      page.getByRole('dialog', { name: `Cita de ${week.pet.toUpperCase()}` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await expectNoSidewaysScroll(page);
    expect(await axeFindings(page)).toEqual([]);
  });

  test('the day swipes between groomers; its buttons do the same', async ({ page }) => {
    const week = await seeded!;
    await openAgenda(page, week, 'day');
    await expect(page.locator('.rbc-row-resource .rbc-header')).toHaveCount(1);
    const shown = page.locator('.rbc-row-resource .rbc-header');
    const firstShown = await shown.innerText();
    await expect(page.getByText(/^\(1\/\d+\)$/)).toBeVisible();

    // The finger moves left: the next groomer.
    const area = page.locator('.rbc-time-view');
    const { x, y, width } = (await area.boundingBox())!;
    const at = (px: number) => [{ identifier: 1, clientX: px, clientY: y + 120 }];
    await area.dispatchEvent('touchstart', {
      touches: at(x + width - 30),
      changedTouches: at(x + width - 30),
    });
    await area.dispatchEvent('touchend', { touches: [], changedTouches: at(x + 30) });
    await expect(page.getByText(/^\(2\/\d+\)$/)).toBeVisible();
    await expect(shown).not.toHaveText(firstShown);

    await page.getByRole('button', { name: `Groomer anterior: ${firstShown}` }).click();
    await expect(shown).toHaveText(firstShown);
    await expect(page.getByRole('button', { name: /^Groomer siguiente: / })).toBeEnabled();
    await expectNoSidewaysScroll(page);
    expect(await axeFindings(page)).toEqual([]);
  });

  test('the week counts visits per day; a tap opens the day', async ({ page }) => {
    const week = await seeded!;
    await openAgenda(page, week, 'week');
    const monday = page.getByRole('button', { name: new RegExp(`^${dayName(week, 0)} 13 citas`) });
    await expect(monday).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^${dayName(week, 1)} 12 citas`) }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await axeFindings(page)).toEqual([]);
    await monday.click();
    await expect(page).toHaveURL(new RegExp(`fecha=${week.monday}&vista=day`));
    await expect(page.locator('.rbc-time-view')).toBeVisible();
  });
});
