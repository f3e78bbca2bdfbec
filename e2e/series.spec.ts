import { expect, test } from './fixtures';
import { limaDay, registerClient, registerGroomer, registerPet, staffApi, uniqueWord } from './api';
import { dateField, field, fillDate, search, signIn } from './support';

/*
 * Recurring citas (decisions §series): a standing client booked months ahead from the cita form,
 * every date or none.
 */

/** A Lima Tuesday at least `days` ahead: open in the default hours. */
function tuesdayAhead(days: number): string {
  for (let ahead = days; ; ahead++) {
    const day = limaDay(ahead);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 2) return day;
  }
}

test('books a 4-time series from the cita form; a conflict lists its date and books none', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const client = await registerClient(api, uniqueWord(), `Serie ${uniqueWord()}`);
  const pet = uniqueWord();
  await registerPet(api, client, pet);
  const other = await registerClient(api, uniqueWord(), `Ocupa ${uniqueWord()}`);
  const otherPet = await registerPet(api, other, uniqueWord());
  const groomer = await registerGroomer(api, '#00695c');
  const serviceName = `Baño serie ${uniqueWord()}`;
  const service = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: serviceName,
    descripcion: 'Baño de prueba para una serie de citas cada dos semanas en el salón.',
    precio: '45',
    duracion: 60,
  });
  const first = tuesdayAhead(30);
  const third = new Date(Date.parse(`${first}T12:00:00Z`) + 28 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  // Someone else holds the groomer on the third date.
  const taken = await api.create<{ id_cita: number }>('/cita/register', {
    fec_cita: `${third}T15:30`,
    dni_cli: other.dni,
    id_cliente: other.id_cli,
    id_perro: otherPet,
    id_servicio: service.id_srv,
    id_emp: groomer.id_emp,
    fech_reg: limaDay(0),
    obs: 'Ocupa el horario de la serie',
  });

  await page.goto('/citas');
  await page.getByRole('button', { name: 'Añadir Cita' }).click();
  // The registration form opens in the page, under its heading.
  const form = page.getByRole('main');
  {
    await fillDate(dateField(form, 'Fecha y hora de la cita'), `${first}T15:00`);
    await form.getByRole('combobox', { name: 'Groomer' }).click();
    await page.getByRole('option', { name: groomer.name }).click();
    await field(form, 'DNI del cliente').fill(client.dni);
    await form.getByRole('combobox', { name: 'Mascota' }).click();
    await page.getByRole('option', { name: pet }).click();
    await form.getByRole('combobox', { name: 'Servicio' }).click();
    await page.getByRole('option', { name: new RegExp(serviceName) }).click();
    await field(form, 'Observaciones').fill('Cliente de cada dos semanas');
    await form.getByRole('checkbox', { name: 'Repetir' }).check();
    await field(form, 'Cada cuántas semanas (1 a 12)').fill('2');
    await field(form, 'Cuántas veces (2 a 26)').fill('4');
    await form.getByRole('button', { name: 'Registrar' }).click();
  }

  const [d, m, y] = [third.slice(8), third.slice(5, 7), third.slice(0, 4)];
  await expect(
    page.getByText('La serie tiene 1 conflicto: no se guardó ninguna cita'),
  ).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `${d}/${m}/${y} 15:00: El groomer ya tiene una cita de 15:30 a 16:30` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  // The slot is freed; the same series is booked whole.
  await api.patch('/cita/estado', { cita: taken.id_cita, est: 8 });
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Serie registrada! Se registraron 4 citas')).toBeVisible();

  await search(page, 'Mascota', pet);
  const rows = page.getByRole('row', { name: new RegExp(pet.toUpperCase()) });
  await expect(rows).toHaveCount(4);

  // The client stops coming: the series is cancelled from the third date on.
  const thirdRow = rows.filter({ hasText: `${d}/${m}/${y}` });
  await thirdRow.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Cancelar serie desde esta fecha' }).click();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
  await expect(page.getByText('Se cancelaron 2 citas de la serie')).toBeVisible();
  await expect(rows).toHaveCount(2);
});
