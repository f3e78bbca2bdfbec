import { expect, test, type Page } from './fixtures';
import {
  limaDateTime,
  limaDay,
  minutesLeftToday,
  registerClient,
  registerPet,
  shownDate,
  shownDateTime,
  staffApi,
  uniqueWord,
} from './api';
import { sidenav, signIn } from './support';

/** Appointment statuses in the order the 'Citas de hoy' breakdown lists them (by id). */
const BREAKDOWN_ORDER = ['No Asistió', 'En Proceso', 'Completada', 'Programada', 'Cancelada'];
const EN_PROCESO = 5;
const COMPLETADA = 6;
const ELIMINADA = 8;
const CANCELADA = 11;

const digitsOf = (text: string) => Number(text.replace(/\D/g, ''));
const count = new Intl.NumberFormat('es-PE');
/** 'S/. 1,234.50' from cents, as the dashboard writes money. */
const money = (cents: number) =>
  `S/. ${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

const card = (page: Page, title: string) => page.getByRole('region', { name: title });
const statValue = (page: Page, title: string) => card(page, title).getByTestId('stat-value');

/** The figures the dashboard shows, read from the screen. */
async function readFigures(page: Page) {
  await expect(statValue(page, 'Citas de hoy')).toBeVisible();
  const todayCard = await card(page, 'Citas de hoy').innerText();
  const byStatus = new Map<string, number>();
  for (const [, name, total] of todayCard.matchAll(/([\p{L} ]+): ([\d,.]+)/gu))
    byStatus.set(name.trim(), digitsOf(total));
  return {
    today: digitsOf(await statValue(page, 'Citas de hoy').innerText()),
    byStatus,
    pending: digitsOf(await statValue(page, 'Reservas pendientes').innerText()),
    clients: digitsOf(await statValue(page, 'Clientes activos').innerText()),
    newClients: digitsOf(
      /\+([\d,.]+) nuevos este mes/.exec(await card(page, 'Clientes activos').innerText())?.[1] ??
        '',
    ),
    pets: digitsOf(await page.getByTestId('active-pets').innerText()),
    revenueCents: digitsOf(await statValue(page, 'Ingresos del mes').innerText()),
  };
}

test("the dashboard's figures move by exactly what staff registered today", async ({ page }) => {
  // Everything is booked for today and counted in this month: both must last the whole test.
  test.skip(minutesLeftToday() < 15, 'the Lima day ends before the test would finish');
  // Sign-in, ten API calls and two dashboard loads on a shared 2-core machine.
  test.setTimeout(60_000);

  await signIn(page);
  const before = await readFigures(page);

  // A client with a pet, and a service whose price we know.
  const api = await staffApi(page);
  const word = uniqueWord();
  const client = await registerClient(api, 'Carmen', `Tablero ${word}`);
  const pet = `Canela ${word}`;
  const petId = await registerPet(api, client, pet);
  const service = `Deslanado ${word}`;
  const { id_srv } = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: service,
    descripcion: 'Deslanado a mano con carda y peine, para perros de doble manto.',
    precio: '37.50',
  });

  // Five appointments today: one ahead (stays Programada), three earlier today whose status
  // then changes to En Proceso, Completada and Eliminada, and one ahead that is cancelled.
  const book = (fec_cita: string) =>
    api.create<{ id_cita: number }>('/cita/register', {
      fec_cita,
      dni_cli: client.dni,
      id_perro: petId,
      id_cliente: client.id_cli,
      id_servicio: id_srv,
      id_paquete: null,
      fech_reg: limaDay(0),
      obs: 'Piel sensible, usar champú hipoalergénico',
    });
  // Ahead of now, but still today; earlier today, but never before midnight.
  const ahead = limaDateTime(Math.min(60, minutesLeftToday() - 5));
  const earlier = limaDateTime(-Math.min(60, 24 * 60 - minutesLeftToday()));
  await book(ahead);
  for (const est of [EN_PROCESO, COMPLETADA, ELIMINADA]) {
    const { id_cita } = await book(earlier);
    await api.patch('/cita/estado', { cita: id_cita, est });
  }
  const { id_cita: cancelled } = await book(ahead);
  await api.patch('/cita/estado', { cita: cancelled, est: CANCELADA, motivo: 'Viaja' });

  // And a pending reservation for the day after tomorrow.
  const reservationDay = limaDay(2);
  await api.create('/reservacion/register', {
    fec_cita: reservationDay,
    dni_cli: client.dni,
    id_perro: petId,
    id_cliente: client.id_cli,
  });

  await page.reload();

  // Today: three more (the Eliminada and the Cancelada are not visits), one more of each status
  // but Eliminada: the cancelled one is told apart.
  await expect(statValue(page, 'Citas de hoy')).toHaveText(count.format(before.today + 3));
  const byStatus = new Map(before.byStatus);
  for (const name of ['En Proceso', 'Completada', 'Programada', 'Cancelada'])
    byStatus.set(name, (byStatus.get(name) ?? 0) + 1);
  const breakdown = BREAKDOWN_ORDER.filter((name) => byStatus.has(name))
    .map((name) => `${name}: ${count.format(byStatus.get(name) ?? 0)}`)
    .join(' · ');
  await expect(card(page, 'Citas de hoy')).toContainText(breakdown);
  await expect(card(page, 'Citas de hoy')).not.toContainText('Eliminada');

  await expect(statValue(page, 'Reservas pendientes')).toHaveText(count.format(before.pending + 1));
  await expect(statValue(page, 'Clientes activos')).toHaveText(count.format(before.clients + 1));
  await expect(card(page, 'Clientes activos')).toContainText(
    `+${count.format(before.newClients + 1)} nuevos este mes`,
  );
  await expect(page.getByTestId('active-pets')).toHaveText(count.format(before.pets + 1));
  // Only the completed appointment's price counts as revenue.
  await expect(statValue(page, 'Ingresos del mes')).toHaveText(money(before.revenueCents + 3750));

  // The next appointments: the one ahead, and none of the earlier ones.
  const upcoming = page.getByRole('table', { name: 'Próximas citas' });
  const row = upcoming.getByRole('row').filter({ hasText: pet.toUpperCase() });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(shownDateTime(ahead));
  await expect(row).toContainText(`CARMEN TABLERO ${word.toUpperCase()}`);
  await expect(row).toContainText(service.toUpperCase());
  await expect(row).toContainText('PROGRAMADA');

  // The recent activity: the reservation on top, then the four appointments and the client.
  const activity = page
    .locator('.MuiCard-root', { has: page.getByRole('heading', { name: 'Actividad reciente' }) })
    .getByRole('listitem');
  const who = `CARMEN TABLERO ${word.toUpperCase()}`;
  await expect(activity.first()).toContainText('Reserva registrada');
  await expect(activity.first()).toContainText(
    `${pet.toUpperCase()} de ${who}, para el ${shownDate(reservationDay)}`,
  );
  await expect(
    activity.filter({ hasText: 'Cita registrada' }).filter({ hasText: pet.toUpperCase() }),
  ).toHaveCount(5);
  await expect(
    activity.filter({ hasText: 'Cita registrada' }).filter({ hasText: shownDateTime(ahead) }),
  ).toHaveCount(2);
  await expect(
    activity.filter({ hasText: 'Cliente registrado' }).filter({ hasText: who }),
  ).toHaveCount(1);

  await expect(page.getByRole('figure', { name: 'Citas por día' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Ingresos por mes' })).toBeVisible();
});

test("'Stock bajo' lists an active product out of stock, and not once it is suspended", async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const word = uniqueWord();
  const name = `Collar ${word}`;
  // None left and the highest minimum there is: first of the five the card shows.
  const { id_prod } = await api.create<{ id_prod: number }>('/producto/register', {
    sku: `DASH-${word}`,
    nombre: name,
    categoria: 'Accesorios',
    precio: '10',
    costo: '5',
    stock_min: 99_999,
    stock_inicial: 0,
  });
  await page.goto('/dashboard');
  const table = page.getByRole('table', { name: 'Stock bajo' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`DASH-${word.toUpperCase()}`);
  await expect(row).toContainText('Agotado');

  // Suspended, it is no longer stock the business counts on.
  await api.patch('/producto', { id: id_prod, estado: 2 });
  await page.reload();
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('the page is usable before its charts: the cards show and a click opens its screen', async ({
  page,
}) => {
  // The charts' request is held until the end: the cards and the navigation must not wait.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let chartsAsked = false;
  await page.route('**/api/dashboard/graficos', async (route) => {
    chartsAsked = true;
    await held;
    await route.continue().catch(() => {});
  });

  await signIn(page);
  await expect(statValue(page, 'Citas de hoy')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Próximas citas' })).toBeVisible();
  await expect.poll(() => chartsAsked).toBe(true);
  await expect(page.getByRole('figure', { name: 'Citas por día' })).toHaveCount(0);

  await sidenav(page).getByRole('link', { name: 'Clientes' }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByRole('button', { name: 'Añadir Cliente' })).toBeVisible();

  // Once their answer comes, the charts take their place.
  release();
  await sidenav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('figure', { name: 'Citas por día' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Citas de hoy por estado' })).toBeVisible();
});
