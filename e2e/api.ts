import { expect, type Page } from '@playwright/test';
import { mailTo } from './outbox';
import { authorizationOf, PASSWORD } from './support';

/*
 * Arranging data through the API the way another counter would, with the credential the
 * signed-in page stored. Every spec shares one server and one database per run, and CI retries
 * a failed test on that same database: whatever a test creates must be unique to it.
 */

const LIMA_OFFSET_MS = 5 * 3_600_000;

/** The Lima wall-clock time of `at` (Peru is UTC−5 all year), read through the UTC getters. */
function limaClock(at: number): Date {
  return new Date(at - LIMA_OFFSET_MS);
}

/** A Lima calendar day `days` from today, `YYYY-MM-DD`. */
export function limaDay(days = 0): string {
  return limaClock(Date.now() + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** Today's Lima date and time `minutes` from now, `YYYY-MM-DDTHH:mm` (the forms' format). */
export function limaDateTime(minutes = 0): string {
  return limaClock(Date.now() + minutes * 60_000)
    .toISOString()
    .slice(0, 16);
}

/** Minutes left until the Lima day (and maybe the month) turns over. */
export function minutesLeftToday(): number {
  const clock = limaClock(Date.now());
  return 24 * 60 - (clock.getUTCHours() * 60 + clock.getUTCMinutes());
}

/** `YYYY-MM-DDTHH:mm` as the screens show it: `DD/MM/YYYY HH:mm`. */
export function shownDateTime(local: string): string {
  const [day, time] = local.split('T');
  return `${shownDate(day)} ${time}`;
}

/** `YYYY-MM-DD` as the screens show it: `DD/MM/YYYY`. */
export function shownDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

const allEqual = (digits: string) => /^(\d)\1*$/.test(digits);
const consecutive = (digits: string) =>
  [1, -1].some((step) =>
    [...digits].every((d, i) => i === 0 || Number(d) - Number(digits[i - 1]) === step),
  );

/** A DNI the rules accept (8 digits, not all equal, not consecutive) that no other test uses. */
export function uniqueDni(): string {
  for (;;) {
    const dni = String(10_000_000 + Math.floor(Math.random() * 90_000_000));
    if (!allEqual(dni) && !consecutive(dni)) return dni;
  }
}

/** A capitalised word of six random letters: names accept letters only, and this one is ours. */
export function uniqueWord(): string {
  const letters = Array.from({ length: 6 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  return letters[0].toUpperCase() + letters.slice(1);
}

export interface StaffApi {
  /** GET; expects 200, returns `data`. */
  get<T = Record<string, unknown>>(path: string): Promise<T>;
  /** POST with the spec's `{"json": "<serialized object>"}` body; expects 201, returns `data`. */
  create<T = Record<string, unknown>>(path: string, body: object): Promise<T>;
  /** PATCH with a plain body (status changes); expects 200, returns `data`. */
  patch<T = Record<string, unknown>>(path: string, body: object): Promise<T>;
}

/** The API as the user signed in on `page`, through `page.request` and its stored credential. */
export async function staffApi(page: Page): Promise<StaffApi> {
  const authorization = await authorizationOf(page);
  expect(authorization, 'sign in before arranging data').toMatch(/^Bearer \S+$/);
  const headers = { authorization };
  return {
    async get<T>(path: string) {
      const res = await page.request.get(`/api${path}`, { headers });
      expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
      return ((await res.json()) as { data: T }).data;
    },
    async create<T>(path: string, body: object) {
      const res = await page.request.post(`/api${path}`, {
        headers,
        data: { json: JSON.stringify(body) },
      });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
      return ((await res.json()) as { data: T }).data;
    },
    async patch<T>(path: string, body: object) {
      const res = await page.request.patch(`/api${path}`, { headers, data: body });
      expect(res.status(), `PATCH ${path}: ${await res.text()}`).toBe(200);
      return ((await res.json()) as { data: T }).data;
    },
  };
}

export interface CreatedClient {
  id_cli: number;
  dni: string;
  name: string;
  surname: string;
}

/** An active client with a fresh DNI. */
export async function registerClient(
  api: StaffApi,
  name: string,
  surname: string,
): Promise<CreatedClient> {
  const dni = uniqueDni();
  const row = await api.create<{ id_cli: number }>('/cliente/register', {
    dni,
    name,
    surname,
    tel1: '987123456',
    email: `cliente.${dni}@gmail.com`,
    direccion: 'Jr. Las Begonias 456, San Isidro',
  });
  return { id_cli: row.id_cli, dni, name, surname };
}

/** An active pet of the client; returns its id. */
export async function registerPet(
  api: StaffApi,
  owner: CreatedClient,
  nombre: string,
  raza = 'Beagle',
): Promise<number> {
  const row = await api.create<{ id_perro: number }>('/mascota/register', {
    nombre,
    raza,
    dniCliente: owner.dni,
  });
  return row.id_perro;
}

export interface Groomer {
  id_emp: number;
  name: string;
}

/** A bookable employee (decisions §agenda): a column of the agenda. */
/** A bookable groomer; `nom` given, two groomers of one test sit side by side in the day view. */
export async function registerGroomer(
  api: StaffApi,
  color: string,
  nom = uniqueWord(),
): Promise<Groomer> {
  const ape = uniqueWord();
  const row = await api.create<{ id_emp: number }>('/empleado/register', {
    nom,
    ape,
    fecnac: '1992-04-15',
    email: `groomer.${nom.toLowerCase()}@gmail.com`,
    dni: uniqueDni(),
    telef: '987654321',
    agenda: true,
    color,
  });
  return { id_emp: row.id_emp, name: `${nom} ${ape}` };
}

export interface GroomerAccount extends Groomer {
  login: string;
}

/**
 * A bookable groomer with a sign-in account linked to it (role groomer, password `PASSWORD`):
 * the account signs in on 'Mi día'. Its login is `loginPrefix` and a random word.
 */
export async function registerGroomerAccount(
  api: StaffApi,
  color: string,
  loginPrefix: string,
): Promise<GroomerAccount> {
  const groomer = await registerGroomer(api, color);
  const login = `${loginPrefix}${uniqueWord().toLowerCase()}`;
  await api.create('/user/register', {
    doc: uniqueDni(),
    name: uniqueWord(),
    surname: uniqueWord(),
    email: `${login}@groomer.pe`,
    login,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    rol: 'groomer',
    id_emp: groomer.id_emp,
  });
  return { ...groomer, login };
}

export interface CreatedService {
  id_srv: number;
  nombre: string;
  precio: string;
}

/** An active service of the catalogue, `nombre` unique to the test, for 60 minutes. */
export async function registerService(
  api: StaffApi,
  nombre: string,
  precio: string,
): Promise<CreatedService> {
  const row = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre,
    descripcion: 'Servicio completo con champú hipoalergénico, secado y perfume para la prueba.',
    precio,
    duracion: 60,
  });
  return { id_srv: row.id_srv, nombre, precio };
}

/**
 * A consent template asked only of the citas of one service (`aplica: 'servicio'`): a yearly or
 * first-visit template would be asked of every cita of the shared database.
 */
export async function registerServiceConsent(
  api: StaffApi,
  id_srv: number,
  titulo: string,
  texto: string,
) {
  await api.create('/consentimiento/register', {
    titulo,
    texto,
    aplica: 'servicio',
    servicios: [id_srv],
    paquetes: [],
  });
}

export interface RemindedCita {
  owner: CreatedClient;
  pet: string;
  groomer: Groomer;
  id_cita: number;
  /** Tomorrow, `YYYY-MM-DD`: the cita's day. */
  day: string;
  /** The reminder as e-mailed to the owner. */
  mail: string;
  /** The reminder's personal link, `/c/<token>`. */
  link: string;
}

/**
 * A cita of the service tomorrow at 10:00 for a new client (with an e-mail) and pet, with a new
 * groomer; the desk e-mails its reminder from Recordatorios on `page` (which stays there), and
 * the personal link that reminder carries is read from the outbox.
 */
export async function remindedCita(
  page: Page,
  api: StaffApi,
  id_srv: number,
  name: string,
  surname: string,
): Promise<RemindedCita> {
  const owner = await registerClient(api, name, surname);
  const pet = uniqueWord();
  const id_perro = await registerPet(api, owner, pet);
  const groomer = await registerGroomer(api, '#00897B');
  const day = limaDay(1);
  const { id_cita } = await api.create<{ id_cita: number }>('/cita/register', {
    fec_cita: `${day}T10:00`,
    dni_cli: owner.dni,
    id_cliente: owner.id_cli,
    id_perro,
    id_servicio: id_srv,
    id_emp: groomer.id_emp,
    fech_reg: limaDay(0),
    obs: 'Cita de mañana con recordatorio',
  });

  await page.goto(`/recordatorios?fecha=${day}`);
  const row = page.getByRole('row', { name: new RegExp(pet) });
  await row.getByRole('button', { name: new RegExp(`^E-mail a .* por ${pet}$`) }).click();
  await expect(row).toContainText(/E-mail · admin · \d{2}\/\d{2} \d{2}:\d{2}/);
  const mail = await mailTo(`cliente.${owner.dni}@gmail.com`);
  const link = /https?:\/\/[^/\s]+(\/c\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(link, 'a personal link in the reminder').toBeDefined();
  return { owner, pet, groomer, id_cita, day, mail, link: link ?? '' };
}

/** A bono of the catalogue (DESIGN §11.6): `cantidad` visits of each service, for `precio`. */
export async function registerBono(
  api: StaffApi,
  nombre: string,
  items: { id_srv: number; cantidad: number }[],
  precio: string,
  vigencia_dias = 120,
): Promise<{ id_bono: number; nombre: string }> {
  const row = await api.create<{ id_bono: number }>('/bono/register', {
    nombre,
    items,
    precio,
    vigencia_dias,
  });
  return { id_bono: row.id_bono, nombre };
}

interface TillDay {
  apertura: { monto: string } | null;
  cierre: { reabierta_at: string | null } | null;
}

/**
 * Today's till open for sales (DESIGN §11.6): reopened if closed (by a close-out spec, or a
 * failed attempt on the same database), and opened with a float if nobody has yet.
 */
export async function openTill(page: Page, api: StaffApi) {
  const today = limaDay(0);
  const day = await api.get<TillDay>(`/caja?fecha=${today}`);
  if (day.cierre !== null && day.cierre.reabierta_at === null) {
    const res = await page.request.post('/api/caja/reapertura', {
      headers: { authorization: await authorizationOf(page) },
      data: { fecha: today, motivo: 'Reintento de la prueba' },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  if (day.apertura === null) await api.create('/caja/apertura', { fecha: today, monto: '100' });
}
