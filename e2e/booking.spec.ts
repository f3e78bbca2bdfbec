import { expect, test, type Page } from './fixtures';
import { limaDay, staffApi, uniqueDni, uniqueWord, type StaffApi } from './api';
import { axeFindings } from './axe';
import { dateField, expectDate, field, fillDate, search, signIn } from './support';

/*
 * Issue 30 §2: booking a cita finds the client by name, phone or pet as well as DNI, registers a
 * new client and pet without leaving the form, and takes no observations.
 */

const DESCRIPTION = 'Servicio de prueba para las citas, con productos de calidad y buen trato.';

/** A phone no other client has: 9 and eight random digits. */
const uniquePhone = () => `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

interface Arranged {
  dni: string;
  name: string;
  surname: string;
  phone: string;
  pet: string;
  service: string;
}

/** A client with a phone and a pet of their own, and a service: arranged by the administrator. */
async function arrange(api: StaffApi): Promise<Arranged> {
  const booked = {
    dni: uniqueDni(),
    name: uniqueWord(),
    surname: `Reserva ${uniqueWord()}`,
    phone: uniquePhone(),
    pet: uniqueWord(),
    service: `Baño reserva ${uniqueWord()}`,
  };
  await api.create('/cliente/register', {
    dni: booked.dni,
    name: booked.name,
    surname: booked.surname,
    tel1: booked.phone,
    email: `reserva.${booked.dni}@gmail.com`,
    direccion: 'Av. Brasil 1020, Pueblo Libre',
  });
  await api.create('/mascota/register', {
    nombre: booked.pet,
    raza: 'Poodle',
    dniCliente: booked.dni,
  });
  await api.create('/servicio/register', {
    nombre: booked.service,
    descripcion: DESCRIPTION,
    precio: '45',
  });
  return booked;
}

/** Signs in as the administrator to arrange, then as the receptionist who books. */
async function asReceptionist(page: Page): Promise<Arranged> {
  await signIn(page, 'admin', { to: null });
  const arranged = await arrange(await staffApi(page));
  await signIn(page, 'recepcion', { to: '/citas' });
  return arranged;
}

/** Types into 'Buscar cliente' and picks the result named `option`. */
async function find(page: Page, text: string, option: RegExp) {
  await field(page, 'Buscar cliente').fill(text);
  await page.getByRole('option', { name: option }).click();
  await expect(field(page, 'Buscar cliente')).toHaveValue('');
}

/** The service, no observations, 'Registrar': the cita is booked. */
async function finishBooking(page: Page, service: string) {
  await page.getByRole('tab', { name: 'Servicios' }).click();
  await page.getByRole('combobox', { name: 'Servicio' }).click();
  await page.getByRole('option', { name: new RegExp(service) }).click();
  await expect(field(page, 'Observaciones')).toHaveValue('');
  await expect(field(page, 'Observaciones')).not.toHaveAttribute('required');
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page.getByText('¡Cita registrada exitosamente!')).toBeVisible();
}

test('a receptionist books citas finding the client by phone and by pet name', async ({ page }) => {
  test.setTimeout(90_000);
  const booked = await asReceptionist(page);
  const fullName = new RegExp(`${booked.name} ${booked.surname}`, 'i');

  // By phone: the client, then their pet from the select.
  await page.getByRole('button', { name: 'Añadir Cita' }).click();
  await fillDate(dateField(page, 'Fecha y hora de la cita'), `${limaDay(3)}T09:30`);
  await find(page, booked.phone, fullName);
  await expect(field(page, 'DNI del cliente')).toHaveValue(booked.dni);
  await expect(page.getByText(`Cliente: ${booked.name} ${booked.surname}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Mascota' }).click();
  await page.getByRole('option', { name: booked.pet }).click();
  await finishBooking(page, booked.service);

  // By the pet's name: its owner and the pet at once.
  await page.getByRole('button', { name: 'Añadir Cita' }).click();
  await fillDate(dateField(page, 'Fecha y hora de la cita'), `${limaDay(3)}T11:00`);
  await find(page, booked.pet.toLowerCase(), new RegExp(booked.pet, 'i'));
  await expect(field(page, 'DNI del cliente')).toHaveValue(booked.dni);
  await expect(page.getByRole('combobox', { name: 'Mascota' })).toHaveText(booked.pet);
  await finishBooking(page, booked.service);

  await search(page, 'Cliente (nombre, apellido o DNI)', booked.dni);
  await expect(page.getByRole('row', { name: new RegExp(booked.pet, 'i') })).toHaveCount(2);
});

test('a receptionist books a cita for a new client and pet registered inline', async ({ page }) => {
  test.setTimeout(90_000);
  const { service } = await asReceptionist(page);
  const client = { dni: uniqueDni(), name: uniqueWord(), surname: `Nuevo ${uniqueWord()}` };
  const pet = uniqueWord();

  await page.getByRole('button', { name: 'Añadir Cita' }).click();
  // What is typed before the client exists stays while they are registered.
  await fillDate(dateField(page, 'Fecha y hora de la cita'), `${limaDay(4)}T15:00`);
  await field(page, 'Duración (min)').fill('90');
  await expect(page.getByRole('button', { name: 'Nueva mascota' })).toBeDisabled();
  await field(page, 'Buscar cliente').fill(client.dni);
  await expect(page.getByText('Sin resultados')).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();

  const clientDialog = page.getByRole('dialog', { name: 'Registrar Cliente' });
  // The typed DNI is where the new client starts.
  await expect(field(clientDialog, 'DNI')).toHaveValue(client.dni);
  expect(await axeFindings(page)).toEqual([]);
  // The Clientes form's rules: a refused field says why and registers nothing.
  await field(clientDialog, 'Nombre').fill(client.name);
  await field(clientDialog, 'Apellido').fill(client.surname);
  await field(clientDialog, 'Teléfono principal').fill(uniquePhone());
  await field(clientDialog, 'Email').fill('no-es-un-email');
  await field(clientDialog, 'Dirección').fill('Calle Los Pinos 250, Miraflores');
  await clientDialog.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(clientDialog.getByText('Debe ser un email válido')).toBeVisible();
  await field(clientDialog, 'Email').fill(`nuevo.${client.dni}@gmail.com`);
  await clientDialog.getByRole('button', { name: 'Registrar', exact: true }).click();

  // Then the pet, for that client.
  const petDialog = page.getByRole('dialog', { name: 'Registrar Mascota' });
  await expect(petDialog).toBeVisible();
  await expect(clientDialog).toHaveCount(0);
  await expect(field(petDialog, 'DNI del dueño')).toHaveValue(client.dni);
  await expect(field(petDialog, 'DNI del dueño')).toBeDisabled();
  expect(await axeFindings(page)).toEqual([]);
  await field(petDialog, 'Nombre').fill(pet);
  await field(petDialog, 'Raza').fill('Mestizo');
  await petDialog.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(petDialog).toHaveCount(0);

  // Both chosen in the booking form, which kept its date and duration.
  await expect(field(page, 'DNI del cliente')).toHaveValue(client.dni);
  await expect(page.getByText(`Cliente: ${client.name} ${client.surname}`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Mascota' })).toHaveText(pet);
  await expectDate(dateField(page, 'Fecha y hora de la cita'), `${limaDay(4)}T15:00`);
  await expect(field(page, 'Duración (min)')).toHaveValue('90');
  await finishBooking(page, service);

  await search(page, 'Cliente (nombre, apellido o DNI)', client.dni);
  await expect(page.getByRole('row', { name: new RegExp(pet, 'i') })).toHaveCount(1);
});
