import { expect, test } from './fixtures';
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
import { dateField, field, fillDate, search, signIn } from './support';
import { weekdayAhead } from './visits';

/*
 * The waitlist (decisions §waitlist): clients who want an earlier slot are written down with the
 * days and hours they can come, and a cancelled cita offers its time to them.
 */

async function createService(api: StaffApi) {
  const nombre = `Baño espera ${uniqueWord()}`;
  const { id_srv } = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre,
    descripcion: 'Baño completo con champú neutro para la prueba de la lista de espera.',
    precio: '40',
    duracion: 60,
  });
  return { id_srv, nombre };
}

test('adds a client to the waitlist through its form', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const client = await registerClient(api, uniqueWord(), `Espera ${uniqueWord()}`);
  const pet = uniqueWord();
  await registerPet(api, client, pet);
  const service = await createService(api);

  await page.goto('/lista-espera');
  await page.getByRole('button', { name: 'Añadir a la lista' }).click();
  const form = page.getByRole('main');
  await field(form, 'DNI del cliente').fill(client.dni);
  await form.getByRole('combobox', { name: 'Mascota' }).click();
  await page.getByRole('option', { name: pet }).click();
  await form.getByRole('combobox', { name: 'Servicio' }).click();
  await page.getByRole('option', { name: new RegExp(service.nombre) }).click();
  // No day ticked: the form says so before anything is sent.
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByText('Seleccione al menos un día')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Martes' }).check();
  await form.getByRole('checkbox', { name: 'Jueves' }).check();
  await fillDate(dateField(form, 'Desde (hora)'), '15:00');
  await fillDate(dateField(form, 'Hasta (hora)'), '14:00');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByText('La hora hasta debe ser posterior a la hora desde')).toBeVisible();
  await fillDate(dateField(form, 'Hasta (hora)'), '18:00');
  await field(form, 'Notas').fill('Puede venir con una hora de aviso');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Cliente agregado a la lista de espera!')).toBeVisible();

  await search(page, 'Mascota', pet);
  const row = page.getByRole('row', { name: new RegExp(pet.toUpperCase()) });
  await expect(row).toContainText('Mar, Jue');
  await expect(row).toContainText('15:00 – 18:00');
  await expect(row).toContainText('PENDIENTE');
});

test('a cancelled cita offers its time to the waitlist, and Agendar books it', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const service = await createService(api);
  const groomer = await registerGroomer(api, '#6a1b9a');
  const leaving = await registerClient(api, uniqueWord(), `Cancela ${uniqueWord()}`);
  const leavingPet = uniqueWord();
  const leavingPetId = await registerPet(api, leaving, leavingPet);
  const waiting = await registerClient(api, uniqueWord(), `Espera ${uniqueWord()}`);
  const waitingPet = uniqueWord();
  const waitingPetId = await registerPet(api, waiting, waitingPet);

  const day = weekdayAhead(20, 4);
  await api.create('/cita/register', {
    fec_cita: `${day}T16:00`,
    dni_cli: leaving.dni,
    id_cliente: leaving.id_cli,
    id_perro: leavingPetId,
    id_servicio: service.id_srv,
    id_emp: groomer.id_emp,
    duracion: 60,
    fech_reg: limaDay(0),
    obs: 'Cita que el cliente cancelará',
  });
  await api.create('/lista-espera/register', {
    dni_cli: waiting.dni,
    id_perro: waitingPetId,
    id_servicio: service.id_srv,
    dias: [2, 4],
    hora_desde: '15:00',
    hora_hasta: '18:00',
    notas: 'Quiere un turno antes',
  });

  await page.goto('/citas');
  await search(page, 'Mascota', leavingPet);
  const row = page.getByRole('row', { name: new RegExp(leavingPet.toUpperCase()) });
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();

  const offer = page.getByRole('dialog', { name: 'Ofrecer el espacio libre' });
  await expect(offer).toContainText(`${shownDate(day)} 16:00`);
  const candidate = offer.getByRole('row', { name: new RegExp(waitingPet.toUpperCase()) });
  await expect(candidate).toContainText('987123456');
  await expect(candidate).toContainText('Quiere un turno antes');
  await candidate.getByRole('button', { name: `Agendar a ${waitingPet.toUpperCase()}` }).click();
  await expect(page.getByText('¡Cita agendada desde la lista de espera!')).toBeVisible();
  await expect(offer).toBeHidden();

  // The waitlisted pet now has the freed time, with the same groomer.
  await search(page, 'Mascota', waitingPet);
  const booked = page.getByRole('row', { name: new RegExp(waitingPet.toUpperCase()) });
  await expect(booked).toHaveCount(1);
  await expect(booked).toContainText(shownDate(day));
  await expect(booked).toContainText('16:00');
  await expect(booked).toContainText(new RegExp(groomer.name, 'i'));
  await expect(booked).toContainText('PROGRAMADA');

  await page.goto('/lista-espera');
  await field(page, 'Mascota').fill(waitingPet);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Agendada' }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('row', { name: new RegExp(waitingPet.toUpperCase()) })).toContainText(
    'AGENDADA',
  );
});
