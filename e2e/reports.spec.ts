import { expect, test, type Page } from './fixtures';
import ExcelJS from 'exceljs';
import {
  limaDay,
  registerClient,
  registerGroomer,
  registerPet,
  shownDate,
  staffApi,
  uniqueWord,
  type CreatedClient,
  type StaffApi,
} from './api';
import { signIn, authorizationOf } from './support';

/*
 * Reporte Citas and Reporte Reservaciones (decisions §reports) as the owner reads them: the figures
 * of a range, by day and by month, and the Excel file. The citas are booked on three days of
 * a past month no other spec (nor a retry of this one) uses; reservations are registered now,
 * so their report is read for today and compared with what it said before.
 */

test.describe.configure({ timeout: 90_000 });

const DESCRIPTION = 'Servicio de prueba para los reportes, con productos de calidad y buen trato.';

/** Three days in a month between 2005 and 2019, picked at random: the citas' range. */
function pastRange() {
  const year = 2005 + Math.floor(Math.random() * 15);
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const first = 3 + Math.floor(Math.random() * 20);
  const day = (offset: number) => `${year}-${month}-${String(first + offset).padStart(2, '0')}`;
  return { before: day(-2), days: [day(0), day(1), day(2)], month: `${month}/${year}` };
}

async function getReport<T>(page: Page, path: string, desde: string, hasta: string): Promise<T> {
  const res = await page.request.get(`/api${path}?desde=${desde}&hasta=${hasta}&agrupar=dia`, {
    headers: { authorization: await authorizationOf(page) },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A stat card's figure, found by its title. */
const statValue = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true }).getByTestId('stat-value');

/** The cells of a figures table's row, found by its table and its first cell. */
const rowOf = (page: Page, table: string, first: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: first, exact: true }) });

async function service(api: StaffApi, precio: string, duracion: number) {
  const nombre = `Reporte ${uniqueWord()}`;
  const row = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre,
    descripcion: DESCRIPTION,
    precio,
    duracion,
  });
  return { id: row.id_srv, nombre };
}

test('Reporte Citas shows a past range’s figures, by day and by month, and its Excel file', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const { before, days, month } = pastRange();
  const [d1, d2, d3] = days;
  const groomer = await registerGroomer(api, '#1A73E8');
  const bath = await service(api, '45', 60);
  const nails = await service(api, '30', 30);
  const book = async (
    owner: CreatedClient,
    pet: number,
    at: string,
    item: { id: number },
    est: number | null,
    assigned = true,
  ) => {
    const cita = await api.create<{ id_cita: number }>('/cita/register', {
      fec_cita: at,
      dni_cli: owner.dni,
      id_cliente: owner.id_cli,
      id_perro: pet,
      id_servicio: item.id,
      fech_reg: limaDay(0),
      obs: 'Cita de prueba de los reportes',
      ...(assigned ? { id_emp: groomer.id_emp } : {}),
    });
    if (est !== null) await api.patch('/cita/estado', { cita: cita.id_cita, est });
  };
  const [ana, beto, carla] = await Promise.all(
    ['Ana', 'Beto', 'Carla'].map((name) => registerClient(api, name, `Reporte ${uniqueWord()}`)),
  );
  const [anaPet, betoPet, carlaPet] = await Promise.all(
    [ana, beto, carla].map((owner) => registerPet(api, owner, uniqueWord())),
  );
  // Carla came before the range: she is the one returning client.
  await book(carla, carlaPet, `${before}T10:00`, nails, 6);
  await book(ana, anaPet, `${d1}T10:00`, bath, 6);
  await book(ana, anaPet, `${d1}T12:00`, bath, 4);
  await book(beto, betoPet, `${d2}T10:00`, nails, 6);
  await book(carla, carlaPet, `${d2}T11:00`, bath, 6);
  await book(ana, anaPet, `${d3}T10:00`, nails, null);
  await book(ana, anaPet, `${d3}T12:00`, bath, 8);
  await book(beto, betoPet, `${d3}T15:00`, bath, 5, false);

  await page.goto(`/reportes/citas?desde=${d1}&hasta=${d3}&agrupar=dia`);
  await expect(page.getByRole('heading', { level: 2, name: 'Reporte Citas' })).toBeVisible();
  // Six citas (the deleted one left out): three completed, one no-show out of four due.
  await expect(statValue(page, 'Citas')).toHaveText('6');
  await expect(statValue(page, 'Completadas')).toHaveText('3');
  await expect(statValue(page, 'No asistió')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'No asistió' })).toContainText(
    'Tasa de inasistencia: 25%',
  );
  await expect(statValue(page, 'Minutos reservados')).toHaveText('300');
  await expect(statValue(page, 'Ingresos')).toHaveText('S/. 120.00');
  await expect(statValue(page, 'Clientes nuevos / recurrentes')).toHaveText('2 / 1');

  await expect(rowOf(page, 'Citas por período', shownDate(d1)).getByRole('cell')).toHaveText([
    shownDate(d1),
    '0',
    '0',
    '1',
    '1',
    '2',
  ]);
  await expect(rowOf(page, 'Citas por estado', 'Eliminada')).toContainText('1');
  await expect(
    rowOf(page, 'Citas por servicio o paquete', bath.nombre).getByRole('cell'),
  ).toHaveText(['Servicio', bath.nombre, '4', '2', 'S/. 90.00']);
  const report = await getReport<{ por_groomer: { id_emp: number; ocupacion: number | null }[] }>(
    page,
    '/citas/reporte',
    d1,
    d3,
  );
  const occupancy = report.por_groomer.find((g) => g.id_emp === groomer.id_emp)!.ocupacion;
  await expect(rowOf(page, 'Ocupación por groomer', groomer.name).getByRole('cell')).toHaveText([
    groomer.name,
    '5',
    '3',
    '1',
    '240',
    occupancy === null ? '—' : `${occupancy}%`,
  ]);
  await expect(rowOf(page, 'Ocupación por groomer', 'Sin asignar')).toContainText('60');

  // By month: the three days are one period.
  await page.getByRole('combobox', { name: 'Agrupar por' }).click();
  await page.getByRole('option', { name: 'Mes' }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/agrupar=mes/);
  await expect(rowOf(page, 'Citas por período', month).getByRole('cell').last()).toHaveText('6');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`reporte-citas-${d1}-a-${d3}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const summary = workbook.getWorksheet('Resumen')!.getRow(2).values as unknown[];
  // ExcelJS counts cells from 1: Desde, Hasta, Citas, Completadas, No asistió, Tasa (%).
  expect(summary.slice(1, 7)).toEqual([shownDate(d1), shownDate(d3), 6, 3, 1, 25]);
  const byMonth = workbook.getWorksheet('Por mes')!.getRow(2).values as unknown[];
  // The cancelled ones last, apart from the total (none here).
  expect(byMonth.slice(1)).toEqual([month, 1, 1, 3, 1, 6, 0]);
});

interface ReservationFigures {
  creadas: number;
  pendientes: number;
  confirmadas: number;
  canceladas: number;
  expiradas: number;
  convertidas: number;
  tasa_conversion: number | null;
  por_anticipacion: { rango: string; reservas: number }[];
}

test('Reporte Reservaciones counts today’s reservations by status, conversion and lead time', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const today = limaDay(0);
  const before = await getReport<ReservationFigures>(page, '/reservaciones/reporte', today, today);

  const owner = await registerClient(api, 'Diana', `Reserva ${uniqueWord()}`);
  const pets = await Promise.all([0, 1, 2, 3].map(() => registerPet(api, owner, uniqueWord())));
  const reserve = (pet: number) =>
    api.create<{ id_res: number }>('/reservacion/register', {
      dni_cli: owner.dni,
      id_perro: pet,
      id_cliente: owner.id_cli,
      fec_cita: limaDay(2),
    });
  const [, confirmed, cancelled, expired] = await Promise.all(pets.map(reserve));
  await api.patch('/reservacion/estado', { id: confirmed.id_res, est: 2 });
  await api.patch('/reservacion/estado', { id: cancelled.id_res, est: 3 });
  await api.patch('/reservacion/estado', { id: expired.id_res, est: 7 });
  // The confirmed one becomes a cita on its day.
  const bath = await service(api, '40', 45);
  await api.create('/cita/register', {
    fec_cita: `${limaDay(2)}T16:00`,
    dni_cli: owner.dni,
    id_cliente: owner.id_cli,
    id_perro: pets[1],
    id_servicio: bath.id,
    fech_reg: today,
    obs: 'Cita de una reservación confirmada',
  });

  const after = await getReport<ReservationFigures>(page, '/reservaciones/reporte', today, today);
  const grew = (key: keyof ReservationFigures) => (after[key] as number) - (before[key] as number);
  expect(
    ['creadas', 'pendientes', 'confirmadas', 'canceladas', 'expiradas', 'convertidas'].map((k) =>
      grew(k as keyof ReservationFigures),
    ),
  ).toEqual([4, 1, 1, 1, 1, 1]);
  const soon = (r: ReservationFigures) => r.por_anticipacion.find((a) => a.rango === '1 a 3 días');
  expect(soon(after)!.reservas - soon(before)!.reservas).toBe(4);

  await page.goto(`/reportes/reservaciones?desde=${today}&hasta=${today}`);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Reporte Reservaciones' }),
  ).toBeVisible();
  await expect(statValue(page, 'Creadas')).toHaveText(after.creadas.toLocaleString('es-PE'));
  await expect(statValue(page, 'Convertidas en cita')).toHaveText(String(after.convertidas));
  await expect(page.getByRole('region', { name: 'Convertidas en cita' })).toContainText(
    `Tasa de conversión: ${after.tasa_conversion}%`,
  );
  await expect(rowOf(page, 'Reservaciones por período', shownDate(today))).toContainText(
    String(after.creadas),
  );
  await expect(
    rowOf(page, 'Reservaciones por anticipación', '1 a 3 días').getByRole('cell').last(),
  ).toHaveText(String(soon(after)!.reservas));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`reporte-reservaciones-${today}-a-${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const summary = workbook.getWorksheet('Resumen')!.getRow(2).values as unknown[];
  expect(summary[3]).toBe(after.creadas);
});
