import { gzipSync } from 'node:zlib';
import { AppointmentStatus, COAT_STATE_NAMES } from '@app/domain';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { axeFindings } from './axe';
import { limaDay, shownDate, uniqueDni, uniqueWord } from './api';
import { linkIn, mailTo } from './outbox';
import { expectConsentPdf, PASSWORD, signIn } from './support';
import { weekdayAhead } from './visits';

/**
 * The client's own page (issue 35, DESIGN §11.5) as a client uses it on a phone: asks for the
 * sign-in link, opens it from the mail, sees the coming cita and cancels it; the salon then
 * finds the slot free and the waitlist's client it fits. Each section passes axe, and the page
 * loads under its budget with none of the admin app.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
/** A 1×1 PNG: the vaccine card's picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/* Arranging through the API, as the salon's admin */

interface Admin {
  create<T>(path: string, body: object): Promise<T>;
  get<T>(path: string, params?: Record<string, string | number>): Promise<T>;
  patch(path: string, body: object): Promise<void>;
}

async function admin(request: APIRequestContext): Promise<Admin> {
  const login = await request.post('/api/login', {
    data: { json: JSON.stringify({ login: 'admin', password: PASSWORD }) },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: ((await login.json()) as { data: string }).data };
  return {
    async create<T>(path: string, body: object) {
      const res = await request.post(`/api${path}`, {
        headers,
        data: { json: JSON.stringify(body) },
      });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
      return ((await res.json()) as { data: T }).data;
    },
    async get<T>(path: string, params?: Record<string, string | number>) {
      const res = await request.get(`/api${path}`, { headers, params });
      expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
      return ((await res.json()) as { data: T }).data;
    },
    async patch(path: string, body: object) {
      const res = await request.patch(`/api${path}`, {
        headers,
        data: { json: JSON.stringify(body) },
      });
      expect(res.status(), `PATCH ${path}: ${await res.text()}`).toBe(200);
    },
  };
}

/** A service of this test's own, an hour long. */
async function registerService(api: Admin) {
  return api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Baño portal ${uniqueWord()}`,
    descripcion: 'Baño completo con champú neutro para la prueba de la cuenta del cliente.',
    precio: '40',
    duracion: 60,
  });
}

/** A client with an e-mail (to receive the sign-in link) and a pet. */
async function registerOwner(api: Admin, surname: string) {
  const dni = uniqueDni();
  const email = `portal.${dni}@gmail.com`;
  const { id_cli } = await api.create<{ id_cli: number }>('/cliente/register', {
    dni,
    name: 'Lucía',
    surname,
    tel1: '987123456',
    email,
    direccion: 'Jr. Las Begonias 456, San Isidro',
  });
  const pet = uniqueWord();
  const { id_perro } = await api.create<{ id_perro: number }>('/mascota/register', {
    nombre: pet,
    raza: 'Beagle',
    dniCliente: dni,
  });
  return { dni, email, id_cli, pet, id_perro };
}

interface Arranged {
  email: string;
  pet: string;
  /** The cita the client will cancel: a Thursday at 16:00, three weeks ahead. */
  cita: number;
  day: string;
  /** The waitlist's entry of another client, for Thursdays from 15:00 to 18:00. */
  waiting: { id_esp: number; pet: string };
}

/** A client with an e-mail and a pet with a coming cita; another client on the waitlist. */
async function arrange(api: Admin): Promise<Arranged> {
  const { id_srv } = await registerService(api);
  const nom = uniqueWord();
  const { id_emp } = await api.create<{ id_emp: number }>('/empleado/register', {
    nom,
    ape: uniqueWord(),
    fecnac: '1992-04-15',
    email: `groomer.${nom.toLowerCase()}@gmail.com`,
    dni: uniqueDni(),
    telef: '987654321',
    agenda: true,
    color: '#00695c',
  });
  const leaving = await registerOwner(api, `Portal ${uniqueWord()}`);
  const waiting = await registerOwner(api, `Espera ${uniqueWord()}`);

  const day = weekdayAhead(20, 4);
  const { id_cita } = await api.create<{ id_cita: number }>('/cita/register', {
    fec_cita: `${day}T16:00`,
    dni_cli: leaving.dni,
    id_cliente: leaving.id_cli,
    id_perro: leaving.id_perro,
    id_servicio: id_srv,
    id_emp,
    duracion: 60,
    fech_reg: limaDay(0),
    obs: 'Cita que el cliente cancelará desde su cuenta',
  });
  const { id_esp } = await api.create<{ id_esp: number }>('/lista-espera/register', {
    dni_cli: waiting.dni,
    id_perro: waiting.id_perro,
    id_servicio: id_srv,
    dias: [4],
    hora_desde: '15:00',
    hora_hasta: '18:00',
    notas: 'Quiere un turno antes',
  });
  return {
    email: leaving.email,
    pet: leaving.pet,
    cita: id_cita,
    day,
    waiting: { id_esp, pet: waiting.pet },
  };
}

interface Attended {
  email: string;
  pet: string;
  /** The consent template signed for the pet. */
  titulo: string;
}

/**
 * A client whose pet was attended two days ago with a service of this test's own: a consent
 * asked for that service signed at the counter, the visit completed and its report card written.
 */
async function arrangeAttended(api: Admin): Promise<Attended> {
  const { id_srv } = await registerService(api);
  const owner = await registerOwner(api, `Ficha ${uniqueWord()}`);
  // For this service only: a yearly or first-visit template would be asked of every cita.
  const titulo = `Baño con nudos ${uniqueWord()}`;
  const { id_consentimiento } = await api.create<{ id_consentimiento: number }>(
    '/consentimiento/register',
    {
      titulo,
      texto: 'Autorizo el baño y el desenredado de mi mascota, aunque el pelo quede más corto.',
      aplica: 'servicio',
      servicios: [id_srv],
      paquetes: [],
    },
  );
  await api.create('/consentimiento/firmar', {
    id_consentimiento,
    id_perro: owner.id_perro,
    firmante: 'Rosa Quispe',
    firma: `data:image/png;base64,${PNG.toString('base64')}`,
  });
  const { id_cita } = await api.create<{ id_cita: number }>('/cita/register', {
    fec_cita: `${limaDay(-2)}T10:00`,
    dni_cli: owner.dni,
    id_cliente: owner.id_cli,
    id_perro: owner.id_perro,
    id_servicio: id_srv,
    duracion: 60,
    fech_reg: limaDay(-2),
    obs: 'Visita ya atendida, con su ficha',
  });
  await api.patch('/cita/estado', { cita: id_cita, est: AppointmentStatus.Completada });
  await api.create(`/cita/${id_cita}/ficha`, {
    pelaje: 'enredado',
    trabajos: ['Baño', 'Corte de uñas'],
    comportamiento: 4,
    notas: 'Se portó muy bien',
    proxima_semanas: 6,
  });
  return { email: owner.email, pet: owner.pet, titulo };
}

/** The sign-in link of the mails /mi-cuenta sends. */
const SIGN_IN_LINK = /\/mi-cuenta\?token=[A-Za-z0-9_-]{20,}/;

/* The page */

async function expectNoAxeFindings(page: Page) {
  expect(await axeFindings(page)).toEqual([]);
}

const sectionHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

/** A section through the nav: its heading takes the focus, and it passes axe. */
async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Secciones de su cuenta' })
    .getByRole('link', { name })
    .click();
  await expect(sectionHeading(page, name)).toBeFocused();
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a client signs in with the mailed link, cancels a cita, and the waitlist is offered the slot', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const api = await admin(request);
    const arranged = await arrange(api);

    // The sign-in form: the same answer for any address.
    await page.goto('/mi-cuenta');
    const email = page.getByRole('textbox', { name: 'Correo electrónico' });
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription('El correo es requerido');
    await expectNoAxeFindings(page);
    await email.fill(arranged.email);
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Si su correo está registrado, le enviamos un enlace para ingresar',
    );

    // The link signs in once, and leaves the address at once.
    const link = linkIn(await mailTo(arranged.email), SIGN_IN_LINK);
    await page.goto(link);
    await expect(sectionHeading(page, 'Mis citas')).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    const coming = page.getByRole('listitem').filter({ hasText: arranged.pet });
    await expect(coming).toContainText('16:00');
    await expect(coming).toContainText('Programada');
    await expectNoAxeFindings(page);

    // Cancelled after a question; 'No' keeps it.
    await coming.getByRole('button', { name: 'Cancelar cita' }).click();
    await expect(coming.getByRole('button', { name: 'Sí, cancelar la cita' })).toBeFocused();
    await expectNoAxeFindings(page);
    await coming.getByRole('button', { name: 'No, mantenerla' }).click();
    await expect(coming.getByRole('button', { name: 'Cancelar cita' })).toBeFocused();
    await coming.getByRole('button', { name: 'Cancelar cita' }).click();
    await coming.getByRole('button', { name: 'Sí, cancelar la cita' }).click();
    await expect(page.getByRole('status')).toHaveText('Su cita fue cancelada.');
    await expect(page.getByRole('heading', { level: 3, name: 'Próximas citas' })).toBeFocused();
    await expect(
      page.getByRole('listitem').filter({ hasText: arranged.pet }).getByRole('button'),
    ).toHaveCount(0);

    // The other sections, each by keyboard-reachable links, each clean for axe.
    await openSection(page, 'Mis mascotas');
    const pet = page.getByRole('listitem').filter({ hasText: arranged.pet }).first();
    await pet.getByRole('button', { name: 'Subir carné de vacunas' }).click();
    const picture = page.getByLabel('Foto del carné');
    await expect(picture).toBeFocused();
    await page.getByRole('button', { name: 'Enviar carné' }).click();
    await expect(picture).toHaveAccessibleDescription(/Adjunte la foto de la cartilla de vacunas/);
    await picture.setInputFiles({ name: 'carne.png', mimeType: 'image/png', buffer: PNG });
    await expect(
      page.getByRole('img', { name: `Vista previa del carné de ${arranged.pet}` }),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Vacuna' }).fill('Antirrábica');
    await page.getByLabel('Fecha de aplicación').fill(limaDay(-30));
    await page.getByLabel('Fecha de vencimiento').fill(limaDay(335));
    await expectNoAxeFindings(page);
    await page.getByRole('button', { name: 'Enviar carné' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Recibimos su cartilla: el salón la revisará pronto.',
    );
    await expect(pet).toContainText('En revisión del salón');
    await expectNoAxeFindings(page);

    await openSection(page, 'Comprobantes');
    await expect(page.getByText('Aún no tiene comprobantes.')).toBeVisible();
    await expectNoAxeFindings(page);

    await openSection(page, 'Mis datos');
    const marketing = page.getByRole('switch', { name: /Promociones y novedades del salón/ });
    await expect(marketing).not.toBeChecked();
    await marketing.check();
    await expect(page.getByRole('status')).toHaveText('Sus preferencias fueron guardadas.');
    await expect(page.getByText('Aceptó: Promociones y novedades')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar mis datos' }).click();
    expect((await download).suggestedFilename()).toBe('mis-datos.json');
    await expectNoAxeFindings(page);

    // The salon's side, on the desk's screen: the bell tells, 'Lista de espera' lists the freed
    // time, and the waitlist's client it fits is booked into it.
    const desk = await browser.newContext({ baseURL });
    const staff = await desk.newPage();
    await signIn(staff, 'admin', { to: '/lista-espera' });
    const freed = staff.getByRole('region', { name: 'Espacios liberados por clientes' });
    const slot = freed.getByRole('listitem').filter({ hasText: arranged.pet.toUpperCase() });
    await expect(slot).toContainText('16:00');
    await expect(slot).toContainText('desde Mi cuenta');
    await expectNoAxeFindings(staff);
    await slot.getByRole('button', { name: /Ofrecer el espacio libre/ }).click();
    const offer = staff.getByRole('dialog', { name: 'Ofrecer el espacio libre' });
    await offer
      .getByRole('button', { name: `Agendar a ${arranged.waiting.pet.toUpperCase()}` })
      .click();
    await expect(offer).toBeHidden();
    await expect(slot).toHaveCount(0);
    const entry = await api.get<{ id_est: number }>(`/lista-espera/${arranged.waiting.id_esp}`);
    expect(entry.id_est).toBe(2);
    await desk.close();

    // Closed on this device: the form again, and the link does not open it twice.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('status')).toHaveText('Cerró su sesión en este dispositivo.');
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('El enlace no es válido o ya venció');
  });

  test('a client reads a past visit’s report card and opens the PDF of a consent signed for the pet', async ({
    page,
    request,
  }) => {
    const attended = await arrangeAttended(await admin(request));
    await page.goto('/mi-cuenta');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(attended.email);
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await page.goto(linkIn(await mailTo(attended.email), SIGN_IN_LINK));

    // The visit's card, folded under the visit: the coat, the work, the behaviour, the notes and
    // the day suggested to come back (six weeks after the visit).
    await expect(sectionHeading(page, 'Mis citas')).toBeVisible();
    const visit = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 4 }) })
      .filter({ hasText: attended.pet });
    await expect(visit).toContainText('Completada');
    const card = visit.getByRole('group');
    await card.getByText('Ficha de la visita').click();
    await expect(card.getByRole('term')).toHaveText([
      'Pelaje al llegar',
      'Trabajos realizados',
      'Comportamiento',
      'Notas del groomer',
      'Próxima visita sugerida',
    ]);
    await expect(card.getByRole('definition')).toHaveText([
      COAT_STATE_NAMES.enredado,
      /^Baño\s*Corte de uñas$/,
      '4 de 5',
      'Se portó muy bien',
      shownDate(limaDay(40)),
    ]);
    await expect(card.getByRole('listitem')).toHaveText(['Baño', 'Corte de uñas']);
    await expectNoAxeFindings(page);

    // Under the pets, the consent signed for this one, and its PDF read with the session.
    await openSection(page, 'Mis mascotas');
    const signed = page
      .getByRole('region', { name: 'Consentimientos firmados' })
      .getByRole('listitem')
      .filter({ hasText: attended.titulo });
    const today = shownDate(limaDay(0));
    await expect(signed).toContainText(new RegExp(attended.pet, 'i'));
    await expect(signed).toContainText(
      new RegExp(`Firmado por Rosa Quispe el ${today} \\d{2}:\\d{2} \\(versión 1\\)`),
    );
    await expectNoAxeFindings(page);
    await expectConsentPdf(
      page,
      signed.getByRole('button', { name: `Ver PDF de ${attended.titulo}, firmado el ${today}` }),
      /\/api\/portal\/firma\/\d+\/pdf$/,
    );
  });

  test('a session that ended sends the client back to the sign-in form, told so', async ({
    page,
  }) => {
    await page.goto('/mi-cuenta');
    await page.evaluate(() =>
      localStorage.setItem(
        'mi-cuenta.sesion',
        JSON.stringify({ token: 'x'.repeat(43), nombres: 'Lucía' }),
      ),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Su sesión terminó: ingrese de nuevo');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Ingrese a su cuenta' }),
    ).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('mi-cuenta.sesion'))).toBeNull();
  });
});

test('the client’s page loads under 120 KB gzipped, and none of the admin app', async ({
  page,
}) => {
  const files: Promise<{ path: string; body: Buffer }>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    files.push(response.body().then((body) => ({ path, body })));
  });
  await page.goto('/mi-cuenta', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Enviarme el enlace' })).toBeVisible();
  const loaded = await Promise.all(files);
  const gzipped = loaded.reduce((sum, { body }) => sum + gzipSync(body).length, 0);
  expect(gzipped).toBeLessThan(120 * 1024);
  // The admin app's entry, its router and its dialogs' library stay away (DESIGN §11.10).
  const adminFiles = loaded.filter(({ path }) => /\/assets\/(index|router|sweetalert2)/.test(path));
  expect(adminFiles.map(({ path }) => path)).toEqual([]);
});
