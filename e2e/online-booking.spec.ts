import { gzipSync } from 'node:zlib';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from './fixtures';
import { axeFindings } from './axe';
import { uniqueDni, uniqueWord } from './api';
import { COMPANY_RUC } from './billing';
import { linkIn, mailsTo } from './outbox';
import { serverPort } from './servers';
import { PASSWORD, signIn } from './support';

/**
 * Online booking (issue 34, DESIGN §11.4) as its "Done when" tells it: from a phone, a new
 * client books a 'Baño completo' for a large dog from real availability, confirms the e-mail
 * code, and the cita appears on the groomer's column; two clients who ask for the same time at
 * the same moment get it once, and the other is told it is gone. The page passes axe, loads
 * under its budget, and the personal link of the booking's mail shows and cancels the cita.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const DESCRIPTION =
  'Baño con champú hipoalergénico, secado, cepillado y perfume, con mucho cariño.';

/* Arranging through the API, as the salon's admin */

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login', {
    data: { json: JSON.stringify({ login: 'admin', password: PASSWORD }) },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: ((await login.json()) as { data: string }).data };
}

interface Salon {
  /** The service offered online: 60 minutes, 30 more for a large dog. */
  service: string;
  /** A bookable groomer of the test's own, whose first name the page offers. */
  groomer: { id_emp: number; nom: string };
}

/**
 * The company's data (saved when no spec has yet), a service, a groomer, and online booking on
 * in `automatica` with no notice and a cancellation allowed up to the visit.
 */
async function openSalon(request: APIRequestContext): Promise<Salon> {
  const headers = await adminHeaders(request);
  const create = async <T>(path: string, body: object) => {
    const res = await request.post(`/api${path}`, {
      headers,
      data: { json: JSON.stringify(body) },
    });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { data: T }).data;
  };
  const saved = await request.get('/api/ajustes', { headers });
  if (((await saved.json()) as { data: unknown }).data === null) {
    await create('/ajustes', {
      nom: 'Peluquería Canina Huellitas',
      dir: 'Av. Benavides 1234, Miraflores',
      fono: '987654321',
      email: 'contacto@huellitas.pe',
      ruc: COMPANY_RUC,
    });
  }
  const word = uniqueWord();
  const service = `Baño completo ${word}`;
  const { id_srv } = await create<{ id_srv: number }>('/servicio/register', {
    nombre: service,
    descripcion: DESCRIPTION,
    precio: '45',
    duracion: 60,
    minutos_talla: { grande: 30 },
  });
  const nom = uniqueWord();
  const { id_emp } = await create<{ id_emp: number }>('/empleado/register', {
    nom,
    ape: uniqueWord(),
    fecnac: '1992-04-15',
    email: `groomer.${nom.toLowerCase()}@gmail.com`,
    dni: uniqueDni(),
    telef: '987654321',
    agenda: true,
    color: '#2e7d32',
  });
  const settings = await request.put('/api/ajustes/reserva-online', {
    headers,
    data: {
      modo: 'automatica',
      aviso_horas: 0,
      horizonte_dias: 30,
      paso_min: 30,
      buffer_min: 0,
      servicios: [id_srv],
      paquetes: [],
      politica: 'Cancele con anticipación: las inasistencias sin aviso pierden la reserva.',
      cancelar_horas: 0,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  return { service, groomer: { id_emp, nom } };
}

/** The 6-digit code of the newest mail to `to`, its `count`-th. */
async function codeMailed(to: string, count = 1): Promise<string> {
  const mail = (await mailsTo(to, count))[count - 1];
  const code = /: (\d{6})\./.exec(mail)?.[1];
  expect(code, `a code in the mail to ${to}`).toBeDefined();
  return code ?? '';
}

/* The booking page, as a client on a phone */

async function expectNoAxeFindings(page: Page) {
  expect(await axeFindings(page)).toEqual([]);
}

/** A heading of the page's steps, which takes the focus when the step opens. */
const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(name) });

interface Slot {
  fecha: string;
  hora: string;
}

/** Step 1: the service for a large dog with the test's groomer. */
async function chooseService(page: Page, salon: Salon) {
  await page.goto('/reservar');
  const item = page.getByRole('radio', { name: new RegExp(salon.service) });
  // 60 minutes, 30 more for a large dog, once the size is chosen.
  await expect(page.getByText(salon.service).locator('..')).toContainText('S/. 45.00 · 1 h');
  await item.check();
  await page.getByRole('radio', { name: 'Grande', exact: true }).check();
  await expect(page.getByText(salon.service).locator('..')).toContainText('S/. 45.00 · 1 h 30 min');
  await page.getByRole('combobox', { name: 'Groomer' }).selectOption({ label: salon.groomer.nom });
}

/** Step 1, and on to the times. */
async function chooseServiceAndGo(page: Page, salon: Salon) {
  await chooseService(page, salon);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(stepHeading(page, 'Elija el día y la hora')).toBeFocused();
}

/** Step 2: the `nth` day with free times (the first unless told) and its first time. */
async function chooseFirstTime(page: Page, nth = 0): Promise<Slot> {
  const open = page.locator('input[name="dia"]:not([disabled])');
  await expect(open.first()).toBeAttached();
  const day = open.nth(nth);
  await day.check();
  const time = page.locator('input[name="hora"]').first();
  await time.check();
  const slot = { fecha: await day.inputValue(), hora: await time.inputValue() };
  await page.getByRole('button', { name: 'Continuar' }).click();
  return slot;
}

/** Step 3: the DNI and e-mail, and the code mailed to it. */
async function confirmEmail(page: Page, dni: string, email: string, codes = 1) {
  await expect(stepHeading(page, 'Sus datos')).toBeFocused();
  await page.getByRole('textbox', { name: 'DNI' }).fill(dni);
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('status')).toContainText('le enviamos un código a su correo');
  const code = page.getByRole('textbox', { name: 'Código de 6 dígitos' });
  await expect(code).toBeFocused();
  await code.fill(await codeMailed(email, codes));
  await page.getByRole('button', { name: 'Confirmar código' }).click();
  await expect(stepHeading(page, 'Confirme su reserva')).toBeFocused();
}

/** Step 4 for a new client: their names and mobile, the dog, and the required consent. */
async function fillNewClient(page: Page, surname: string, pet: string) {
  await page.getByRole('textbox', { name: 'Nombres' }).fill('Lucía');
  await page.getByRole('textbox', { name: 'Apellidos' }).fill(surname);
  await page.getByRole('textbox', { name: 'Celular' }).fill('987 654 321');
  await page.getByRole('textbox', { name: 'Nombre de la mascota' }).fill(pet);
  await page.getByRole('textbox', { name: 'Raza' }).fill('Golden Retriever');
  await page.getByRole('checkbox', { name: 'He leído y acepto el aviso de privacidad' }).check();
}

/** A new client's whole way to 'Reservar' on a page of its own, on a phone. */
async function newClientReadyToBook(browser: Browser, salon: Salon, info: TestInfo) {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: `http://127.0.0.1:${serverPort(info.parallelIndex)}`,
  });
  const page = await context.newPage();
  const word = uniqueWord();
  await chooseServiceAndGo(page, salon);
  // The third open day: far enough ahead to keep more times after the one taken.
  const slot = await chooseFirstTime(page, 2);
  await confirmEmail(page, uniqueDni(), `${word.toLowerCase()}@example.pe`);
  await fillNewClient(page, `Carrera ${word}`, `Toby ${word}`);
  return { page, slot, close: () => context.close() };
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a new client books a bath for a large dog from real availability, and it lands on the groomer’s column', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const salon = await openSalon(request);
    const word = uniqueWord();
    const email = `${word.toLowerCase()}@example.pe`;
    const pet = `Rocky ${word}`;

    await chooseService(page, salon);
    await expectNoAxeFindings(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(stepHeading(page, 'Elija el día y la hora')).toBeFocused();
    await expect(page.locator('input[name="hora"]').first()).toBeAttached();
    await expectNoAxeFindings(page);
    const slot = await chooseFirstTime(page);
    await confirmEmail(page, uniqueDni(), email);

    // Sent without the consent and a mobile: each field says what it lacks.
    await page.getByRole('button', { name: 'Reservar' }).click();
    const names = page.getByRole('textbox', { name: 'Nombres' });
    await expect(names).toBeFocused();
    await expect(names).toHaveAccessibleDescription('El nombre es requerido');
    await expect(
      page.getByRole('checkbox', { name: 'He leído y acepto el aviso de privacidad' }),
    ).toHaveAccessibleDescription('Debe aceptar el aviso de privacidad');
    await expect(page.getByRole('region', { name: 'Aviso de privacidad' })).toContainText(
      'Ley N.° 29733',
    );
    await expectNoAxeFindings(page);
    await fillNewClient(page, `Salazar ${word}`, pet);
    await page.getByRole('button', { name: 'Reservar' }).click();

    await expect(stepHeading(page, 'Reserva confirmada')).toBeFocused();
    const booked = page.getByRole('region', { name: 'Reserva confirmada' });
    await expect(booked).toContainText(salon.service);
    await expect(booked).toContainText(slot.hora);
    await expect(booked).toContainText(salon.groomer.nom);
    await expect(booked.getByRole('status')).toContainText(email);
    await expectNoAxeFindings(page);

    // The salon's side: a Programada cita of the groomer, on their column of the calendar.
    const headers = await adminHeaders(request);
    const agenda = await request.get('/api/agenda', {
      headers,
      params: { desde: slot.fecha, hasta: slot.fecha, emp: salon.groomer.id_emp },
    });
    const { citas } = (
      (await agenda.json()) as {
        data: { citas: { id_emp: number; id_est: number; perro: { nom_perro: string } }[] };
      }
    ).data;
    const cita = citas.find((c) => c.perro.nom_perro.toUpperCase() === pet.toUpperCase());
    expect(cita).toMatchObject({ id_emp: salon.groomer.id_emp, id_est: 9 });

    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, 'admin', { to: `/agenda?fecha=${slot.fecha}&vista=day` });
    const card = page.getByRole('button', { name: new RegExp(pet.toUpperCase()) });
    await card.scrollIntoViewIfNeeded();
    const column = page.locator('.rbc-row-resource .rbc-header', { hasText: salon.groomer.nom });
    await expect(async () => {
      const [heading, box] = [await column.boundingBox(), await card.boundingBox()];
      const center = box!.x + box!.width / 2;
      expect(center).toBeGreaterThan(heading!.x);
      expect(center).toBeLessThan(heading!.x + heading!.width);
    }).toPass();

    // The booking's mail carries the personal link: it shows the cita and cancels it.
    const [, bookingMail] = await mailsTo(email, 2);
    await page.setViewportSize(PHONE.viewport);
    await page.goto(linkIn(bookingMail, /\/c\/[A-Za-z0-9_-]{20,}/));
    const visit = page.getByRole('region', { name: /^Su cita en / });
    await expect(visit).toContainText(pet);
    await expect(visit).toContainText('Programada');
    await expectNoAxeFindings(page);
    await visit.getByRole('button', { name: 'Cancelar cita' }).click();
    const yes = visit.getByRole('button', { name: 'Sí, cancelar la cita' });
    await expect(yes).toBeFocused();
    await yes.click();
    await expect(visit.getByRole('status')).toHaveText('Su cita fue cancelada.');
    await expect(visit).toContainText('Cancelada');
    await expect(visit.getByRole('button', { name: 'Cancelar cita' })).toHaveCount(0);

    await page.goto(`/c/${'x'.repeat(32)}`);
    await expect(
      page.getByRole('heading', { name: 'Este enlace no es válido o ya venció' }),
    ).toBeVisible();
  });

  test('two clients who ask for the same time at the same moment: one books it, the other is told it is gone', async ({
    browser,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const salon = await openSalon(request);
    const [first, second] = [
      await newClientReadyToBook(browser, salon, info),
      await newClientReadyToBook(browser, salon, info),
    ];
    expect(second.slot).toEqual(first.slot);

    await Promise.all(
      [first, second].map(({ page }) => page.getByRole('button', { name: 'Reservar' }).click()),
    );
    const booked = (page: Page) => stepHeading(page, 'Reserva confirmada');
    const told = (page: Page) => page.getByText('Ese horario ya no está disponible');
    await expect(async () => {
      const outcomes = await Promise.all(
        [first, second].map(async ({ page }) => ({
          booked: await booked(page).isVisible(),
          told: await told(page).isVisible(),
        })),
      );
      expect(outcomes.filter((o) => o.booked)).toHaveLength(1);
      expect(outcomes.filter((o) => o.told)).toHaveLength(1);
    }).toPass();

    // The one told is back at the times, read again: the time taken is no longer offered.
    const loser = (await told(first.page).isVisible()) ? first : second;
    const { page, slot } = loser;
    await expect(told(page)).toHaveAttribute('role', 'alert');
    await expect(stepHeading(page, 'Elija el día y la hora')).toBeFocused();
    await page.locator(`input[name="dia"][value="${slot.fecha}"]`).check();
    await expect(page.locator('input[name="hora"]').first()).toBeAttached();
    await expect(page.locator(`input[name="hora"][value="${slot.hora}"]`)).toHaveCount(0);
    await Promise.all([first.close(), second.close()]);
  });
});

test('the booking page loads under 120 KB gzipped, and none of the admin app', async ({
  page,
  request,
}) => {
  await openSalon(request);
  const files: Promise<{ path: string; body: Buffer }>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    files.push(response.body().then((body) => ({ path, body })));
  });
  await page.goto('/reservar', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
  const loaded = await Promise.all(files);
  const gzipped = loaded.reduce((sum, { body }) => sum + gzipSync(body).length, 0);
  expect(gzipped).toBeLessThan(120 * 1024);
  // The admin app's entry, its router and its dialogs' library stay away (DESIGN §11.10).
  const adminFiles = loaded.filter(({ path }) => /\/assets\/(index|router|sweetalert2)/.test(path));
  expect(adminFiles.map(({ path }) => path)).toEqual([]);
});
