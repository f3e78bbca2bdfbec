import { expect, test, type Locator, type Page } from './fixtures';
import { registerGroomer, staffApi, uniqueWord, type Groomer } from './api';
import { arrangeVisit, book, registerService, weekdayAhead } from './visits';
import { authorizationOf, dateField, expectDate, field, signIn } from './support';

/*
 * The agenda's calendar (decisions §agenda) as the front desk uses it: booking from an empty slot
 * of a groomer's column, dragging a visit to another groomer, the overlap the server refuses,
 * and completing a visit from its card. Every test arranges its own groomers and client.
 */

/** The appointment as the server has it now. */
async function storedAppointment(page: Page, id: number) {
  const res = await page.request.get(`/api/cita/${id}`, {
    headers: { authorization: await authorizationOf(page) },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id_emp: number | null; id_est: number } }).data;
}

const HEADINGS = '.rbc-row-resource .rbc-header';
/** Room left for the hours' gutter, which stays in place while the columns scroll. */
const GUTTER_PX = 80;

/**
 * The calendar's day view of `day`, its columns named by the groomers, scrolled sideways to the
 * first of `groomers`: with the suite's many groomers the columns scroll inside the calendar.
 */
async function openDay(page: Page, day: string, groomers: Groomer[]) {
  await page.goto(`/agenda?fecha=${day}&vista=day`);
  await expect(page.getByRole('heading', { level: 2, name: 'Agenda de Citas' })).toBeVisible();
  await expect(page.locator('.rbc-time-view')).toBeVisible();
  const first = groomers.map((g) => g.name).sort((a, b) => a.localeCompare(b, 'es'))[0];
  // The columns come with the agenda's answer: read their order once the test's are there.
  await expect(column(page, first)).toHaveCount(1);
  const index = (await page.locator(HEADINGS).allTextContents()).findIndex((t) =>
    t.includes(first),
  );
  // The calendar scrolls its columns' body sideways and keeps the headings in step with it.
  const slot = page.locator('.rbc-time-content > .rbc-day-slot').nth(index);
  await slot.evaluate((column, gutter) => {
    const shown = column as unknown as {
      offsetLeft: number;
      parentElement: { scrollLeft: number };
    };
    shown.parentElement.scrollLeft = shown.offsetLeft - gutter;
  }, GUTTER_PX);
  await expect(async () => {
    const [heading, body] = [await column(page, first).boundingBox(), await slot.boundingBox()];
    expect(Math.abs(heading!.x - body!.x)).toBeLessThan(2);
  }).toPass();
}

/** A groomer's column heading in the day view. */
function column(page: Page, name: string) {
  return page.locator(HEADINGS, { hasText: name });
}

/** A point inside the first quarter-hour slot of `time` (HH:MM) in the groomer's column. */
async function slotPoint(page: Page, groomer: string, time: string) {
  const heading = await column(page, groomer).boundingBox();
  const label = await page
    .locator('.rbc-time-gutter .rbc-label')
    .filter({ hasText: new RegExp(`^${time}$`) })
    .boundingBox();
  expect(heading && label, `the column of ${groomer} and the ${time} line`).toBeTruthy();
  return { x: heading!.x + heading!.width / 2, y: label!.y + 6 };
}

/** The card of the pet's visit. */
function card(page: Page, pet: string) {
  return page.getByRole('button', { name: new RegExp(pet.toUpperCase()) });
}

/** Whether the card sits in the groomer's column. */
async function expectInColumn(page: Page, target: Locator, groomer: string) {
  const heading = await column(page, groomer).boundingBox();
  await expect(async () => {
    const box = await target.boundingBox();
    const center = box!.x + box!.width / 2;
    expect(center).toBeGreaterThan(heading!.x);
    expect(center).toBeLessThan(heading!.x + heading!.width);
  }).toPass();
}

/** Drags the card by its middle, in small steps as a hand would, to the same time in `groomer`'s column. */
async function dragToColumn(page: Page, target: Locator, groomer: string) {
  // An afternoon card may sit below the fold: the hand drags what it sees.
  await target.scrollIntoViewIfNeeded();
  const from = await target.boundingBox();
  const heading = await column(page, groomer).boundingBox();
  const y = from!.y + from!.height / 3;
  await page.mouse.move(from!.x + from!.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2 + 10, y, { steps: 5 });
  await page.mouse.move(heading!.x + heading!.width / 2, y, { steps: 15 });
  await page.mouse.up();
}

test.describe.configure({ timeout: 90_000 });

test('books a visit from an empty slot of a groomer’s column', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const groomer = await registerGroomer(api, '#2e7d32');
  const visit = await arrangeVisit(api);
  const service = await registerService(api, 45);
  const day = weekdayAhead(10);

  await openDay(page, day, [groomer]);
  const { x, y } = await slotPoint(page, groomer.name, '10:00');
  await page.mouse.click(x, y);

  const form = page.getByRole('dialog', { name: 'Registrar Cita' });
  await expectDate(dateField(form, 'Fecha y hora de la cita'), `${day}T10:00`);
  await expect(form.getByRole('combobox', { name: 'Groomer' })).toHaveText(groomer.name);
  await field(form, 'DNI del cliente').fill(visit.client.dni);
  await expect(
    form.getByText(`Cliente: ${visit.client.name} ${visit.client.surname}`),
  ).toBeVisible();
  await form.getByRole('combobox', { name: 'Mascota' }).click();
  await page.getByRole('option', { name: visit.pet }).click();
  await form.getByRole('combobox', { name: 'Servicio' }).click();
  await page.getByRole('option', { name: new RegExp(service.nombre) }).click();
  // The visit lasts what its service does.
  await expect(field(form, 'Duración (min)')).toHaveValue('45');
  await field(form, 'Observaciones').fill('Reservada desde el calendario');
  await form.getByRole('button', { name: 'Registrar' }).click();

  await expect(page.getByText('¡Cita registrada exitosamente!')).toBeVisible();
  await expect(form).toBeHidden();
  const booked = card(page, visit.pet);
  await expect(booked).toContainText('10:00 – 10:45');
  await expectInColumn(page, booked, groomer.name);
});

test('dragging a card to another groomer’s column reassigns the visit', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const pairName = uniqueWord();
  const [first, second] = [
    await registerGroomer(api, '#1a73e8', pairName),
    await registerGroomer(api, '#6a1b9a', pairName),
  ];
  const visit = await arrangeVisit(api);
  const day = weekdayAhead(11);
  const id = await book(api, visit, `${day}T11:00`, first);

  await openDay(page, day, [first, second]);
  const moving = card(page, visit.pet);
  await expectInColumn(page, moving, first.name);
  await dragToColumn(page, moving, second.name);

  await expect(page.getByText('Cita reprogramada correctamente')).toBeVisible();
  await expectInColumn(page, moving, second.name);
  await expect(moving).toContainText('11:00 – 12:00');
  expect((await storedAppointment(page, id)).id_emp).toBe(second.id_emp);
});

test('a drop onto a groomer’s busy time is refused and the card goes back', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const pairName = uniqueWord();
  const [first, second] = [
    await registerGroomer(api, '#c2185b', pairName),
    await registerGroomer(api, '#00796b', pairName),
  ];
  const [mine, theirs] = [await arrangeVisit(api), await arrangeVisit(api)];
  const day = weekdayAhead(12);
  const id = await book(api, mine, `${day}T14:00`, first);
  await book(api, theirs, `${day}T14:00`, second);

  await openDay(page, day, [first, second]);
  const moving = card(page, mine.pet);
  await dragToColumn(page, moving, second.name);

  // The error dialog: the server's message (and its field error, the same words).
  await expect(
    page.getByText('El groomer ya tiene una cita de 14:00 a 15:00').first(),
  ).toBeVisible();
  await expectInColumn(page, moving, first.name);
  expect((await storedAppointment(page, id)).id_emp).toBe(first.id_emp);
});

test('a visit is completed from its card', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const groomer = await registerGroomer(api, '#455a64');
  const visit = await arrangeVisit(api);
  const day = weekdayAhead(13);
  const id = await book(api, visit, `${day}T16:00`, groomer);

  await openDay(page, day, [groomer]);
  const visitCard = card(page, visit.pet);
  await expect(visitCard).toContainText('Programada', { ignoreCase: true });
  // A card is a button: the keyboard opens it as a click does.
  await visitCard.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: `Cita de ${visit.pet.toUpperCase()}` });
  await expect(details.getByText(groomer.name)).toBeVisible();
  await details.getByRole('button', { name: 'Completada' }).click();
  await expect(page.getByText('¿Está seguro de cambiar la cita a: Completada?')).toBeVisible();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();

  await expect(page.getByText('Se cambió el estado de la Cita correctamente')).toBeVisible();
  await expect(details.getByText('COMPLETADA')).toBeVisible();
  await details.getByRole('button', { name: 'Cerrar' }).click();
  await expect(visitCard).toContainText('Completada', { ignoreCase: true });
  expect((await storedAppointment(page, id)).id_est).toBe(6);
});
