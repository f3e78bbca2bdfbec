import { expect, test, type Page } from './fixtures';
import { limaDay, registerClient, registerPet, shownDate, staffApi, uniqueWord } from './api';
import {
  dateField,
  expectDate,
  fillDate,
  search,
  setDarkMode,
  signIn,
  submitSearch,
} from './support';

/** A DNI no earlier run on this server used: not all equal digits, not consecutive. */
const DNI = `4${String(Date.now()).slice(-7)}`;
const SUFFIX = String.fromCharCode(
  ...String(Date.now())
    .slice(-4)
    .split('')
    .map((d) => 97 + Number(d)),
);
const SERVICE = `Baño de prueba ${SUFFIX}`;
const PACKAGE = `Paquete de prueba ${SUFFIX}`;
const DESCRIPTION = 'Servicio de prueba para la agenda, con productos de calidad y buen trato.';

/** The client, pet, service and package of the spec, made through the API as staff would. */
async function setUp(page: Page) {
  const { create } = await staffApi(page);
  await create('/cliente/register', {
    dni: DNI,
    name: 'Rosa',
    surname: 'Agenda Huamán',
    tel1: '987654321',
    email: `agenda.${DNI}@gmail.com`,
    direccion: 'Av. Arequipa 1234, Lince',
  });
  await create('/mascota/register', { nombre: 'Firulais', raza: 'Schnauzer', dniCliente: DNI });
  await create('/servicio/register', { nombre: SERVICE, descripcion: DESCRIPTION, precio: '45' });
  await create('/paquete/register', { nombre: PACKAGE, descripcion: DESCRIPTION, precio: '120' });
}

/** Fills the DNI, waits for the lookup and picks the pet. */
async function chooseClientAndPet(page: Page) {
  await expect(page.getByRole('combobox', { name: 'Mascota' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.getByLabel('DNI del cliente').fill(DNI.slice(0, 7));
  await page.getByLabel('DNI del cliente').blur();
  await expect(page.getByText('El DNI debe tener 8 dígitos')).toBeVisible();
  await page.getByLabel('DNI del cliente').fill(DNI);
  await expect(page.getByText('Cliente: Rosa Agenda Huamán')).toBeVisible();
  await expect(page.getByLabel('Cliente encontrado')).toBeVisible();
  await page.getByRole('combobox', { name: 'Mascota' }).click();
  await page.getByRole('option', { name: 'Firulais' }).click();
}

/** Opens a row's menu, picks an item and accepts the confirmation that names the status. */
async function changeStatus(
  page: Page,
  row: ReturnType<Page['getByRole']>,
  item: string,
  status: string,
) {
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await expect(page.getByText(`¿Está seguro de cambiar la cita a: ${status}?`)).toBeVisible();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
}

test('a receptionist runs a day’s agenda: reservation, appointments, triage, completion', async ({
  page,
}) => {
  // A whole day's agenda is one long story: more steps than the default budget allows.
  test.setTimeout(120_000);
  await signIn(page, 'admin', { to: null });
  await setUp(page);

  // A reservation through the DNI lookup.
  await page.goto('/reservaciones');
  await page.getByRole('button', { name: 'Añadir Reserva' }).click();
  await fillDate(dateField(page, 'Fecha de cita'), limaDay(3));
  // A DNI no client can have (eight equal digits) is simply not found.
  await page.getByLabel('DNI del cliente').fill('11111111');
  await expect(page.getByText('Cliente no encontrado')).toBeVisible();
  await expect(page.getByText('Error al buscar el cliente')).toHaveCount(0);
  await chooseClientAndPet(page);
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Reservación registrada exitosamente!')).toBeVisible();

  // Found by client and pet; the advanced filters stay behind their toggle.
  await page.getByLabel('Cliente (nombre, apellido o DNI)').fill(DNI);
  await page.getByLabel('Mascota').fill('firulais');
  await expect(page.getByLabel('Usuario')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mostrar filtros avanzados' }).click();
  await expect(page.getByLabel('Usuario')).toBeVisible();
  await page.getByRole('button', { name: 'Ocultar filtros avanzados' }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  const reservation = page.getByRole('row', { name: /ROSA AGENDA HUAMÁN/ });
  await expect(reservation).toHaveCount(1);
  await expect(reservation.getByText('PENDIENTE')).toBeVisible();
  const [y, m, d] = limaDay(3).split('-');
  await expect(reservation.getByText(`${d}/${m}/${y}`)).toBeVisible();

  // Confirmed through its confirmation.
  await changeStatus(page, reservation, 'Confirmar', 'Confirmada');
  await expect(page.getByText('Se cambió el estado de la Reservación correctamente')).toBeVisible();
  await expect(reservation.getByText('CONFIRMADA')).toBeVisible();

  // An appointment with a service, then one with a package.
  await page.goto('/citas');
  for (const [tab, label, option] of [
    ['Servicios', 'Servicio', SERVICE],
    ['Paquetes', 'Paquete', PACKAGE],
  ] as const) {
    await page.getByRole('button', { name: 'Añadir Cita' }).click();
    await fillDate(dateField(page, 'Fecha y hora de la cita'), `${limaDay(3)}T10:30`);
    await chooseClientAndPet(page);
    await expectDate(dateField(page, 'Fecha de registro'), limaDay(0));
    await page.getByRole('tab', { name: tab }).click();
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: new RegExp(option) }).click();
    await page.getByLabel('Observaciones').fill('Piel sensible, usar champú hipoalergénico');
    await page.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByText('¡Cita registrada exitosamente!')).toBeVisible();
  }

  await search(page, 'Cliente (nombre, apellido o DNI)', DNI);
  const withService = page.getByRole('row', { name: new RegExp(SERVICE.toUpperCase()) });
  const withPackage = page.getByRole('row', { name: new RegExp(PACKAGE.toUpperCase()) });
  await expect(withService).toHaveCount(1);
  await expect(withPackage).toHaveCount(1);
  await expect(withPackage.getByText('PROGRAMADA')).toBeVisible();
  await expect(withPackage.getByText('admin')).toBeVisible();

  // Its triage: registered, then updated.
  await withPackage.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Triaje' }).click();
  const triage = page.getByRole('dialog', { name: 'Registro de Triaje' });
  await expect(triage.getByText('Error al cargar el triaje')).toBeVisible();
  await expect(
    triage.getByText('No hay Registro de triaje, por favor registre uno nuevo'),
  ).toBeVisible();
  await triage.getByLabel('Edad').fill('3.5');
  await triage.getByLabel('Peso (kg)').fill('12.255');
  await triage.getByLabel('Temperatura (°C)').fill('38.6');
  await triage.getByRole('button', { name: 'Registrar' }).click();
  await expect(
    triage.getByText('El peso debe ser un número entero o decimal con uno o dos decimales'),
  ).toBeVisible();
  await triage.getByLabel('Peso (kg)').fill('12.25');
  await triage.getByLabel('Notas').fill('Tranquilo, sin heridas');
  await triage.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Triaje registrado exitosamente!')).toBeVisible();
  await expect(triage).toBeHidden();

  await withPackage.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Triaje' }).click();
  await expect(triage.getByLabel('Peso (kg)')).toHaveValue('12.25');
  await triage.getByLabel('Peso (kg)').fill('12.5');
  await triage.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('¡Triaje actualizado exitosamente!')).toBeVisible();

  // The visit is over.
  await changeStatus(page, withPackage, 'Completada', 'Completada');
  await expect(page.getByText('Se cambió el estado de la Cita correctamente')).toBeVisible();
  await expect(withPackage.getByText('COMPLETADA')).toBeVisible();
  await expect(withService.getByText('PROGRAMADA')).toBeVisible();
});

test('an edit shows the booking’s client, pet and service as they are, even retired since', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { to: null });
  const staff = await staffApi(page);
  const dni = `5${String(Date.now()).slice(-7)}`;
  const service = `Corte retirado ${SUFFIX}`;
  const client = await staff.create('/cliente/register', {
    dni,
    name: 'Elena',
    surname: 'Retirada Quispe',
    tel1: '987654321',
    email: `retirada.${dni}@gmail.com`,
    direccion: 'Jr. Junín 456, Cercado',
  });
  const pet = await staff.create('/mascota/register', {
    nombre: 'Rocky',
    raza: 'Beagle',
    dniCliente: dni,
  });
  const srv = await staff.create('/servicio/register', {
    nombre: service,
    descripcion: DESCRIPTION,
    precio: '38.5',
  });
  const booking = { dni_cli: dni, id_perro: pet.id_perro, id_cliente: client.id_cli };
  await staff.create('/reservacion/register', { ...booking, fec_cita: limaDay(2) });
  await staff.create('/cita/register', {
    ...booking,
    fec_cita: `${limaDay(2)}T09:00`,
    id_servicio: srv.id_srv,
    fech_reg: limaDay(0),
    obs: 'Cita de un cliente que luego se suspendió',
  });
  await staff.patch('/mascota', { id: pet.id_perro, estado: 3 });
  await staff.patch('/cliente', { id: client.id_cli, estado: 2 });
  await staff.patch('/servicio', { id: srv.id_srv, estado: 2 });

  for (const [path, title, message] of [
    ['/reservaciones', 'Editar Reserva', '¡Reservación Actualizada exitosamente!'],
    ['/citas', 'Editar Cita', '¡Cita actualizada exitosamente!'],
  ] as const) {
    await page.goto(path);
    await search(page, 'Cliente (nombre, apellido o DNI)', dni);
    const row = page.getByRole('row', { name: /RETIRADA QUISPE|Retirada Quispe/i });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /Acciones de/ }).click();
    await page.getByRole('menuitem', { name: 'Editar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByText('Cliente: Elena Retirada Quispe (Suspendido)')).toBeVisible();
    await expect(dialog.getByText('Cliente no encontrado')).toHaveCount(0);
    const petSelect = dialog.getByRole('combobox', { name: 'Mascota' });
    await expect(petSelect).toHaveText('Rocky (Eliminado)');
    await expect(petSelect).not.toHaveAttribute('aria-disabled', 'true');
    if (path === '/citas') {
      await expect(dialog.getByRole('combobox', { name: 'Servicio' })).toHaveText(
        `${service} (Suspendido) — S/. 38.50`,
      );
      // New choices stay active records: the retired service is offered only as the booked one.
      await dialog.getByRole('combobox', { name: 'Servicio' }).click();
      await expect(page.getByRole('option', { name: new RegExp(service) })).toHaveCount(1);
      await page.keyboard.press('Escape');
    }
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(dialog).toBeHidden();
  }
});

test('EXPIRADA is a yellow badge with dark text, in light and dark mode', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const staff = await staffApi(page);
  const dni = `6${String(Date.now()).slice(-7)}`;
  const client = await staff.create('/cliente/register', {
    dni,
    name: 'Marta',
    surname: 'Expirada Rojas',
    tel1: '987654321',
    email: `expirada.${dni}@gmail.com`,
    direccion: 'Av. Brasil 789, Breña',
  });
  const pet = await staff.create('/mascota/register', {
    nombre: 'Luna',
    raza: 'Pug',
    dniCliente: dni,
  });
  const res = await staff.create('/reservacion/register', {
    dni_cli: dni,
    id_perro: pet.id_perro,
    id_cliente: client.id_cli,
    fec_cita: limaDay(1),
  });
  await staff.patch('/reservacion/estado', { id: res.id_res, est: 7 });
  for (const [dark, background, text] of [
    [false, 'rgb(251, 192, 45)', 'rgba(0, 0, 0, 0.87)'],
    [true, 'rgb(253, 216, 53)', 'rgb(26, 32, 53)'],
  ] as const) {
    // A fresh page starts in light mode; the dark turn has the light one's page to store it in.
    if (dark) await setDarkMode(page, dark);
    await page.goto(`/reservaciones?cli=${dni}`);
    const badge = page.getByRole('row', { name: /EXPIRADA ROJAS/ }).locator('.MuiChip-root');
    await expect(badge).toHaveText('EXPIRADA');
    await expect(badge).toHaveCSS('background-color', background);
    await expect(badge).toHaveCSS('color', text);
  }
});

test('the Citas list filters by the visit’s own days, in sight beside client and pet', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const staff = await staffApi(page);
  const word = uniqueWord();
  const owner = await registerClient(staff, 'Nilda', `Fechas ${word}`);
  const pet = await registerPet(staff, owner, 'Canela');
  const srv = await staff.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Baño por fechas ${word}`,
    descripcion: DESCRIPTION,
    precio: '40',
  });
  for (const day of [limaDay(3), limaDay(10)]) {
    await staff.create('/cita/register', {
      dni_cli: owner.dni,
      id_perro: pet,
      id_cliente: owner.id_cli,
      fec_cita: `${day}T11:00`,
      id_servicio: srv.id_srv,
      fech_reg: limaDay(0),
      obs: 'Cita para filtrar por su fecha',
    });
  }

  await page.goto(`/citas?cli=${owner.dni}`);
  const rows = page.getByRole('row', { name: new RegExp(`FECHAS ${word.toUpperCase()}`) });
  await expect(rows).toHaveCount(2);
  // In sight: no need to open the advanced filters.
  await fillDate(dateField(page, 'Cita desde'), limaDay(10));
  await fillDate(dateField(page, 'Cita hasta'), limaDay(10));
  await submitSearch(page, limaDay(10), () => page.getByRole('button', { name: 'Buscar' }).click());
  await expect(rows).toHaveCount(1);
  await expect(rows.getByText(shownDate(limaDay(10)))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`desde=${limaDay(10)}`));
});
