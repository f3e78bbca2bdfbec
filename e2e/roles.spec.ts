import { expect, test, type Locator, type Page } from './fixtures';
import {
  limaDay,
  registerClient,
  registerGroomer,
  registerPet,
  staffApi,
  uniqueWord,
  type CreatedClient,
} from './api';
import { axeFindings } from './axe';
import { dateField, field, fillDate, search, sidenav, signIn } from './support';

/*
 * Decisions §roles in the browser: each role sees only what it may use. The server refuses the
 * rest (its own tests); here the screens must not offer it.
 */

const DESCRIPTION = 'Servicio de prueba para los roles, con productos de calidad y buen trato.';

interface Booking {
  client: CreatedClient;
  pet: string;
  service: string;
  /** A second pet, booked with another groomer when asked for. */
  othersPet: string;
}

/**
 * A client with a pet and a service, registered by the administrator (a receptionist may not
 * add to the catalogue), who then signs out through the account menu: the next user starts
 * from the Login screen with none of the administrator's cached permissions.
 */
async function arrangeAsAdmin(
  page: Page,
  appointmentAt?: string,
  withOtherGroomer = false,
): Promise<Booking> {
  await signIn(page);
  const api = await staffApi(page);
  const client = await registerClient(api, uniqueWord(), `Roles ${uniqueWord()}`);
  const pet = uniqueWord();
  const id_perro = await registerPet(api, client, pet);
  const service = `Baño roles ${uniqueWord()}`;
  const { id_srv } = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: service,
    descripcion: DESCRIPTION,
    precio: '45',
  });
  const othersPet = uniqueWord();
  const book = async (pet: number, id_emp: number | null) =>
    api.create('/cita/register', {
      fec_cita: appointmentAt,
      dni_cli: client.dni,
      id_cliente: client.id_cli,
      id_perro: pet,
      id_servicio: id_srv,
      fech_reg: limaDay(0),
      obs: 'Cita para probar los roles',
      id_emp,
    });
  if (appointmentAt) await book(id_perro, null);
  if (appointmentAt && withOtherGroomer) {
    const other = await registerGroomer(api, '#c62828');
    await book(await registerPet(api, client, othersPet), other.id_emp);
  }
  await page.getByRole('button', { name: 'Cuenta' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return { client, pet, service, othersPet };
}

/** Picks a row menu item and accepts the confirmation naming the appointment's new status. */
async function changeStatus(page: Page, row: Locator, status: string) {
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: status, exact: true }).click();
  await expect(page.getByText(`¿Está seguro de cambiar la cita a: ${status}?`)).toBeVisible();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
  await expect(page.getByText('Se cambió el estado de la Cita correctamente')).toBeVisible();
  await expect(row.getByText(status.toUpperCase())).toBeVisible();
}

test('a groomer sees no administration, no Editar, and a deep link says Sin permiso', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { client, pet, othersPet } = await arrangeAsAdmin(page, `${limaDay(2)}T11:00`, true);
  await signIn(page, 'groomer');

  // The menu: what the groomer works with, and no heading left without entries.
  const menu = sidenav(page);
  await expect(menu.getByRole('link', { name: 'Clientes', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Citas', exact: true })).toBeVisible();
  for (const hidden of ['Usuarios', 'Empleados', 'Ajustes', 'Reporte Ventas', 'Recordatorios']) {
    await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await expect(menu.getByText('CONFIGURACIONES')).toHaveCount(0);

  // Clients are read only: no Añadir Cliente, and a row menu that only reads (the consents the
  // owner signed), with no Editar.
  await menu.getByRole('link', { name: 'Clientes', exact: true }).click();
  await search(page, 'Buscar cliente (nombre, apellido o DNI)', client.dni);
  const clientRow = page.getByRole('row', { name: new RegExp(client.dni) });
  await expect(clientRow).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Añadir Cliente' })).toHaveCount(0);
  await clientRow.getByRole('button', { name: /Acciones de/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Consentimientos firmados' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // An appointment: attending it (En Proceso, Completada, Triaje), not booking or editing it.
  await page.goto('/citas');
  await search(page, 'Cliente (nombre, apellido o DNI)', client.dni);
  const appointment = page.getByRole('row', { name: new RegExp(pet, 'i') });
  await expect(appointment).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Añadir Cita' })).toHaveCount(0);
  await appointment.getByRole('button', { name: /Acciones de/ }).click();
  for (const item of ['En Proceso', 'Completada', 'Triaje']) {
    await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  for (const item of ['Editar', 'Eliminar', 'No Asistió']) {
    await expect(page.getByRole('menuitem', { name: item, exact: true })).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  // Another groomer's visit is theirs to attend: nothing to offer (decisions §roles).
  const othersVisit = page.getByRole('row', { name: new RegExp(othersPet, 'i') });
  await expect(othersVisit.getByRole('button', { name: /Acciones de/ })).toHaveCount(0);

  // The history carries no money for a groomer (issue 30 §5): no Precio column.
  await page.goto('/historial-citas');
  await expect(page.getByRole('columnheader', { name: 'Estado' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Precio' })).toHaveCount(0);

  // A deep link to a screen the role may not use: a clear page inside the shell.
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuarios');
  await expect(page.getByRole('heading', { level: 2, name: 'Sin permiso' })).toBeVisible();
  await expect(page.getByText('Su usuario no tiene permiso para ver esta página.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Añadir Usuario' })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole('link', { name: 'Volver al Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a receptionist books an appointment and completes it', async ({ page }) => {
  test.setTimeout(90_000);
  const { client, pet, service } = await arrangeAsAdmin(page);
  await signIn(page, 'recepcion');

  const menu = sidenav(page);
  await expect(menu.getByRole('link', { name: 'Citas', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Empleados', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Usuarios', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Ajustes', exact: true })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Citas', exact: true }).click();
  await page.getByRole('button', { name: 'Añadir Cita' }).click();
  await fillDate(dateField(page, 'Fecha y hora de la cita'), `${limaDay(2)}T16:30`);
  await field(page, 'DNI del cliente').fill(client.dni);
  await expect(page.getByText(`Cliente: ${client.name} ${client.surname}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Mascota' }).click();
  await page.getByRole('option', { name: pet }).click();
  await page.getByRole('tab', { name: 'Servicios' }).click();
  await page.getByRole('combobox', { name: 'Servicio' }).click();
  await page.getByRole('option', { name: new RegExp(service) }).click();
  await field(page, 'Observaciones').fill('Reservada en recepción');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Cita registrada exitosamente!')).toBeVisible();

  await search(page, 'Cliente (nombre, apellido o DNI)', client.dni);
  const appointment = page.getByRole('row', { name: new RegExp(pet, 'i') });
  await expect(appointment).toHaveCount(1);
  await expect(appointment.getByText('recepcion')).toBeVisible();
  await expect(appointment.getByText('PROGRAMADA')).toBeVisible();
  await changeStatus(page, appointment, 'En Proceso');
  await changeStatus(page, appointment, 'Completada');
});
