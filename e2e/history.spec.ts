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
  type StaffApi,
} from './api';
import { signIn, submitSearch } from './support';

/*
 * Historial de Citas (decisions §history) as the front desk reads it: a pet's past citas with their
 * triage and their sale, filtered by pet, client and status, opened in their details and the
 * receipt, exported to Excel; and the pet's timeline from the pets list (decisions §pet-history).
 */

interface PastVisits {
  pet: string;
  dni: string;
  /** The receipt of the recent visit: 'T001-00000012'. */
  receipt: string;
}

/**
 * A pet with a visit 10 days ago it missed (No Asistió), one 3 days ago triaged (12.50 kg,
 * 38.60 °C) and charged with a nota de venta (so Completada), and one booked for the day after
 * tomorrow, which is not history yet.
 */
async function arrangeVisits(api: StaffApi): Promise<PastVisits> {
  const owner = await registerClient(api, 'Rosa', `Historial ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, owner, pet);
  const groomer = await registerGroomer(api, '#6a1b9a');
  const service = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Baño historial ${uniqueWord()}`,
    descripcion: 'Baño completo con champú neutro, secado, corte de uñas y perfume de prueba.',
    precio: '45',
    duracion: 60,
  });
  const book = (day: string, time: string) =>
    api.create<{ id_cita: number }>('/cita/register', {
      fec_cita: `${day}T${time}`,
      dni_cli: owner.dni,
      id_cliente: owner.id_cli,
      id_perro: petId,
      id_servicio: service.id_srv,
      id_emp: groomer.id_emp,
      fech_reg: day <= limaDay(0) ? day : limaDay(0),
      obs: 'Cita del historial de prueba',
    });
  const missed = await book(limaDay(-10), '10:00');
  const recent = await book(limaDay(-3), '15:30');
  await book(limaDay(2), '11:00');
  await api.patch('/cita/estado', { cita: missed.id_cita, est: 4 });
  await api.create('/triaje/register', {
    id_cita: recent.id_cita,
    edad: '4.50',
    peso: '12.50',
    temperatura: '38.60',
    notas: 'Tranquilo, piel sana',
  });
  const sale = await api.create<{ serie: string; numero: number }>('/venta/register', {
    id_cita: recent.id_cita,
    id_cliente: owner.id_cli,
    tipo_comp: 'T',
    items: [
      { tipo: 'servicio', id: service.id_srv, descripcion: 'Baño', cantidad: 1, precio: '45' },
    ],
    pagos: [{ metodo: 'efectivo', monto: '45' }],
  });
  return { pet, dni: owner.dni, receipt: `${sale.serie}-${String(sale.numero).padStart(8, '0')}` };
}

/**
 * Sets the filters and presses Buscar, then waits for the list's answer to the text typed last:
 * until it comes the rows are the previous list's, which may hold the same pet's rows too.
 */
async function search(page: Page, filters: Record<string, string>) {
  const form = page.getByRole('search');
  let typed = '';
  for (const [label, value] of Object.entries(filters)) {
    const input = form.getByLabel(label, { exact: true });
    if ((await input.getAttribute('role')) === 'combobox') {
      await input.click();
      await page.getByRole('option', { name: value, exact: true }).click();
    } else {
      await input.fill(value);
      typed = value || typed;
    }
  }
  await submitSearch(page, typed, () => form.getByRole('button', { name: 'Buscar' }).click());
}

test.describe.configure({ timeout: 90_000 });

test('lists a pet’s past citas with triage and sale, filters, opens and exports them', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const { pet, dni, receipt } = await arrangeVisits(await staffApi(page));
  const PET = pet.toUpperCase();

  await page.goto('/historial-citas');
  await expect(page.getByRole('heading', { level: 2, name: 'Historial de Citas' })).toBeVisible();
  await search(page, { Mascota: pet });
  const rows = page.getByRole('row', { name: new RegExp(PET) });
  // Newest first; the visit booked for the day after tomorrow is not history.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`${shownDate(limaDay(-3))}15:30`);
  await expect(rows.nth(0)).toContainText('COMPLETADA');
  await expect(rows.nth(0)).toContainText('12.50 kg');
  await expect(rows.nth(0)).toContainText(receipt);
  await expect(rows.nth(0)).toContainText('S/. 45.00');
  await expect(rows.nth(1)).toContainText(`${shownDate(limaDay(-10))}10:00`);
  await expect(rows.nth(1)).toContainText('NO ASISTIÓ');

  // What the list shows is what Excel gets.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`historial-citas-${limaDay(0)}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const cell = (row: number, header: string) =>
    sheet.getRow(row).getCell(headers.indexOf(header)).value;
  expect(sheet.rowCount).toBe(3);
  expect(cell(2, 'Mascota')).toBe(pet);
  expect(cell(2, 'Estado')).toBe('Completada');
  expect(cell(2, 'Peso (kg)')).toBe(12.5);
  expect(cell(2, 'Temperatura (°C)')).toBe(38.6);
  expect(cell(2, 'Comprobante')).toBe(receipt);
  expect(cell(3, 'Estado')).toBe('No Asistió');
  expect(cell(3, 'Peso (kg)')).toBeNull();

  // The visit's details: its triage and its sale, whose receipt opens in their place.
  await rows
    .nth(0)
    .getByRole('button', { name: /Acciones de/ })
    .click();
  await page.getByRole('menuitem', { name: 'Ver detalle' }).click();
  const details = page.getByRole('dialog', { name: `Cita de ${PET}` });
  const triage = details.getByRole('region', { name: 'Triaje' });
  for (const figure of ['4.50', '12.50', '38.60', 'Tranquilo, piel sana']) {
    await expect(triage).toContainText(figure);
  }
  await expect(details.getByRole('region', { name: 'Venta' })).toContainText(receipt);
  await details.getByRole('button', { name: 'Ver comprobante' }).click();
  await expect(page.getByRole('article', { name: `NOTA DE VENTA ${receipt}` })).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Comprobante' })
    .getByRole('button', { name: 'Cerrar' })
    .click();

  // By client and status: only the visit it missed.
  await search(page, {
    Mascota: '',
    'Cliente (nombre, apellido o DNI)': dni,
    Estado: 'No Asistió',
  });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('NO ASISTIÓ');
  await expect(page).toHaveURL(/est=4/);
});

test('a pet’s timeline charts its weight and temperature and lists its visits', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const { pet, dni } = await arrangeVisits(await staffApi(page));
  const PET = pet.toUpperCase();

  await page.goto(`/mascotas?search=${pet}&ficial=&final=`);
  await page
    .getByRole('row', { name: new RegExp(PET) })
    .getByRole('button', { name: /Acciones de/ })
    .click();
  await page.getByRole('menuitem', { name: 'Ver historial' }).click();
  const timeline = page.getByRole('dialog', { name: `Historial de ${PET}` });
  await expect(timeline).toContainText(`(DNI ${dni})`);
  await expect(timeline.getByRole('figure', { name: 'Peso (kg) por visita' })).toBeVisible();
  await expect(timeline.getByRole('figure', { name: 'Temperatura (°C) por visita' })).toBeVisible();
  const visits = timeline.getByRole('table', { name: 'Visitas' }).getByRole('row');
  // The header, then oldest first: the missed visit, the triaged one, the one still booked.
  await expect(visits).toHaveCount(4);
  await expect(visits.nth(1)).toContainText(shownDate(limaDay(-10)));
  await expect(visits.nth(2)).toContainText('12.50');
  await expect(visits.nth(2)).toContainText('38.60');
  await expect(visits.nth(3)).toContainText('PROGRAMADA');
  await timeline.getByRole('button', { name: 'Cerrar' }).click();
  await expect(timeline).toBeHidden();
});
