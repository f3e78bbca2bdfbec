import { expect, test, type Page } from './fixtures';
import { limaDay, registerClient, registerGroomer, registerPet, staffApi, uniqueWord } from './api';
import { axeFindings } from './axe';
import { dateField, field, fillDate, search, setDarkMode, signIn } from './support';
import { weekdayAhead } from './visits';

/** No serious or critical axe finding on the page (all WCAG rules, or only `rules`). */
async function expectNoAxeViolations(page: Page, rules?: string[]) {
  expect(await axeFindings(page, rules)).toEqual([]);
}

/*
 * Pet safety at a glance (decisions §pet-alerts): an alert set in the pet's form reaches every
 * place a groomer meets the pet before the visit — the calendar's card, the citas list, the cita's
 * form.
 */

/** A 1×1 PNG: what a phone's photo of the vaccination card stands for. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a pet flagged as Muerde in its form shows the chip on its calendar card and in the citas list', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const client = await registerClient(api, uniqueWord(), `Alerta ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const groomer = await registerGroomer(api, '#6a1b9a');
  const serviceName = `Corte alerta ${uniqueWord()}`;
  const service = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: serviceName,
    descripcion: 'Corte de prueba para una mascota con alertas de manejo y notas de cuidado.',
    precio: '50',
    duracion: 60,
  });

  await page.goto('/mascotas');
  await search(page, 'Buscar por mascota, raza o dueño', pet);
  const row = page.getByRole('row', { name: new RegExp(pet.toUpperCase()) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const form = page.getByRole('dialog', { name: 'Editar Mascota' });
  const alerts = form.getByRole('group', { name: 'Alertas' });
  await alerts.getByRole('checkbox', { name: 'Muerde' }).check();
  await alerts.getByRole('checkbox', { name: 'Cardiópata' }).check();
  await field(form, 'Notas de cuidado').fill('Usar bozal desde la recepción');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('¡Mascota actualizada exitosamente!')).toBeVisible();
  await expect(row.getByText('Muerde')).toBeVisible();
  await expect(row.getByText('Cardiópata')).toBeVisible();
  // The coloured chips read at AA contrast, in light and dark mode.
  await expectNoAxeViolations(page);
  await setDarkMode(page, true);
  await page.reload();
  await expect(row.getByText('Muerde')).toBeVisible();
  await expectNoAxeViolations(page, ['color-contrast']);
  await setDarkMode(page, false);
  await page.reload();

  // The list filters by alert.
  await page.getByRole('combobox', { name: 'Alerta' }).click();
  await page.getByRole('option', { name: 'Muerde' }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(row).toHaveCount(1);

  const day = weekdayAhead(12);
  await api.create('/cita/register', {
    fec_cita: `${day}T11:00`,
    dni_cli: client.dni,
    id_cliente: client.id_cli,
    id_perro: petId,
    id_servicio: service.id_srv,
    id_emp: groomer.id_emp,
    fech_reg: limaDay(0),
    obs: 'Cita de una mascota con alertas',
  });

  await page.goto(`/agenda?fecha=${day}&vista=day`);
  const card = page.getByRole('button', { name: new RegExp(pet.toUpperCase()) });
  await expect(card).toContainText('Muerde');
  await expect(card).toContainText('Cardiópata');
  // Right under the names, above the service: where a short card cuts off its last lines, the
  // alerts still show.
  const alertBox = await card.getByText('Cardiópata').boundingBox();
  const serviceBox = await card.getByText(serviceName).boundingBox();
  expect(alertBox!.y).toBeLessThan(serviceBox!.y);
  // Its details carry the care notes too.
  await card.click();
  const details = page.getByRole('dialog', { name: `Cita de ${pet.toUpperCase()}` });
  await expect(details.getByText('Usar bozal desde la recepción')).toBeVisible();
  await details.getByRole('button', { name: 'Cerrar' }).click();

  await page.goto('/citas');
  await search(page, 'Mascota', pet);
  const visit = page.getByRole('row', { name: new RegExp(pet.toUpperCase()) });
  await expect(visit.getByText('Muerde')).toBeVisible();
});

test('a vaccine recorded with its card photo shows its state on the pet, and an expired one shows red', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const client = await registerClient(api, uniqueWord(), `Vacuna ${uniqueWord()}`);
  const pet = uniqueWord();
  await registerPet(api, client, pet);

  await page.goto('/mascotas');
  await search(page, 'Buscar por mascota, raza o dueño', pet);
  const row = page.getByRole('row', { name: new RegExp(pet.toUpperCase()) });
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Vacunas' }).click();
  const dialog = page.getByRole('dialog', { name: `Vacunas de ${pet.toUpperCase()}` });
  await expect(dialog.getByText('La mascota no tiene vacunas registradas.')).toBeVisible();

  await field(dialog, 'Vacuna').fill('Antirrábica');
  await fillDate(dateField(dialog, 'Fecha de aplicación'), limaDay(-350));
  await fillDate(dateField(dialog, 'Fecha de vencimiento'), limaDay(10));
  await dialog.getByLabel('Foto del carné (opcional)').setInputFiles({
    name: 'carne.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Vacuna registrada exitosamente!')).toBeVisible();
  const rabies = dialog.getByRole('row', { name: /Antirrábica/ });
  await expect(rabies.getByText('Vacuna por vencer')).toBeVisible();
  await expect(rabies.getByRole('link', { name: 'Ver comprobante' })).toHaveAttribute(
    'href',
    /^\/api\/vacunas\/comprobante\/vacuna-.+\.png$/,
  );

  // A date the form refuses, with the message under the field.
  await field(dialog, 'Vacuna').fill('Séxtuple');
  await fillDate(dateField(dialog, 'Fecha de aplicación'), limaDay(-400));
  await fillDate(dateField(dialog, 'Fecha de vencimiento'), limaDay(-500));
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(
    dialog.getByText('La fecha de vencimiento debe ser posterior a la fecha de aplicación'),
  ).toBeVisible();
  await fillDate(dateField(dialog, 'Fecha de vencimiento'), limaDay(-5));
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(
    dialog.getByRole('row', { name: /Séxtuple/ }).getByText('Vacuna vencida'),
  ).toBeVisible();
  // The form is back from saving: its fields disabled meanwhile are exempt from contrast, and
  // axe would judge them mid-save.
  await expect(field(dialog, 'Vacuna')).toBeEnabled();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();

  // The pet's row carries the worst state.
  await expect(row.getByText('Vacuna vencida')).toBeVisible();
});

test('a before photo taken from a cita’s details is shown and shared by WhatsApp', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const client = await registerClient(api, uniqueWord(), `Foto ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const service = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Baño foto ${uniqueWord()}`,
    descripcion: 'Baño de prueba para las fotos de antes y después de la visita al salón.',
    precio: '40',
    duracion: 60,
  });
  const day = weekdayAhead(15);
  await api.create('/cita/register', {
    fec_cita: `${day}T09:00`,
    dni_cli: client.dni,
    id_cliente: client.id_cli,
    id_perro: petId,
    id_servicio: service.id_srv,
    fech_reg: limaDay(0),
    obs: 'Cita con fotos',
  });

  await page.goto(`/agenda?fecha=${day}&vista=day`);
  await page.getByRole('button', { name: new RegExp(pet.toUpperCase()) }).click();
  const details = page.getByRole('dialog', { name: `Cita de ${pet.toUpperCase()}` });
  await expect(details.getByText('Sin fotos')).toHaveCount(2);
  const input = details.getByLabel('Agregar foto de antes');
  await expect(input).toHaveAttribute('capture', 'environment');
  await input.setInputFiles({ name: 'antes.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Foto agregada correctamente')).toBeVisible();
  await expect(details.getByRole('img', { name: 'Foto 1 de antes' })).toBeVisible();
  const share = details.getByRole('link', { name: 'Compartir por WhatsApp' });
  await expect(share).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/51987123456\\?text=.*${encodeURIComponent('/api/fotos/foto-')}`),
  );
  await expectNoAxeViolations(page);
});

test('a weight typed with a decimal comma in the triage is saved as 12.5 kg', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const client = await registerClient(api, uniqueWord(), `Triaje ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const service = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Baño triaje ${uniqueWord()}`,
    descripcion: 'Baño de prueba para pesar y medir a la mascota antes de atenderla.',
    precio: '40',
    duracion: 60,
  });
  await api.create('/cita/register', {
    fec_cita: `${weekdayAhead(16)}T10:00`,
    dni_cli: client.dni,
    id_cliente: client.id_cli,
    id_perro: petId,
    id_servicio: service.id_srv,
    fech_reg: limaDay(0),
    obs: 'Cita con triaje',
  });

  await page.goto('/citas');
  await search(page, 'Mascota', pet);
  const visit = page.getByRole('row', { name: new RegExp(pet.toUpperCase()) });
  const openTriage = async () => {
    await visit.getByRole('button', { name: /Acciones de/ }).click();
    await page.getByRole('menuitem', { name: 'Triaje' }).click();
  };
  await openTriage();
  const triage = page.getByRole('dialog', { name: 'Registro de Triaje' });
  await triage.getByLabel('Edad').fill('3');
  await triage.getByLabel('Peso (kg)').fill('12,5');
  // What was typed stays as typed: the field is not a number input that drops the comma.
  await expect(triage.getByLabel('Peso (kg)')).toHaveValue('12,5');
  // A range a dog cannot have is refused in Spanish before anything is sent.
  await triage.getByLabel('Temperatura (°C)').fill('52');
  await triage.getByRole('button', { name: 'Registrar' }).click();
  await expect(triage.getByText('La temperatura debe estar entre 30 y 45 °C')).toBeVisible();
  await triage.getByLabel('Temperatura (°C)').fill('38,6');
  await triage.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Triaje registrado exitosamente!')).toBeVisible();
  await expect(triage).toBeHidden();

  await openTriage();
  await expect(triage.getByLabel('Peso (kg)')).toHaveValue('12.50');
  await expect(triage.getByLabel('Temperatura (°C)')).toHaveValue('38.60');
});

test('a confirmation wears the theme’s colours and reads at AA in light and dark mode', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const client = await registerClient(api, uniqueWord(), `Confirma ${uniqueWord()}`);
  const pet = uniqueWord();
  await registerPet(api, client, pet);

  // The theme's primary and secondary of each mode (web/src/app/theme.ts), not SweetAlert's purple.
  for (const [dark, confirm, cancel] of [
    [false, 'rgb(26, 115, 232)', 'rgb(100, 106, 130)'],
    [true, 'rgb(73, 163, 241)', 'rgb(158, 163, 184)'],
  ] as const) {
    await page.goto('/mascotas');
    await setDarkMode(page, dark);
    await page.reload();
    await search(page, 'Buscar por mascota, raza o dueño', pet);
    const row = page.getByRole('row', { name: new RegExp(pet.toUpperCase()) });
    await row.getByRole('button', { name: /Acciones de/ }).click();
    await page.getByRole('menuitem', { name: 'Suspender' }).click();
    const yes = page.getByRole('button', { name: '¡Sí, proceder!' });
    const no = page.getByRole('button', { name: '¡No, cancelar!' });
    await expect(yes).toHaveCSS('background-color', confirm);
    await expect(no).toHaveCSS('background-color', cancel);
    await expectNoAxeViolations(page, ['color-contrast']);
    await no.click();
    await expect(yes).toBeHidden();
  }
  await setDarkMode(page, false);
});
