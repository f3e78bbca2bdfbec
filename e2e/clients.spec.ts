import { expect, test, type Page } from './fixtures';
import { limaDay, registerClient, staffApi, uniqueDni, uniqueWord } from './api';
import { dateField, expectDate, field, search, signIn, submitSearch } from './support';

const SEARCH_LABEL = 'Buscar cliente (nombre, apellido o DNI)';

/** The list filtered by a word only this test's clients carry. */
async function searchFor(page: Page, word: string) {
  await search(page, SEARCH_LABEL, word.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`search=${word.toLowerCase()}`));
}

test('registers a client once the DNI is valid, and finds it by a search kept in the address', async ({
  page,
}) => {
  // Its own client: a DNI and a surname no other test (nor an earlier attempt) used.
  const dni = uniqueDni();
  const word = uniqueWord();
  await signIn(page, 'admin', { to: '/clientes' });
  await page.getByRole('button', { name: 'Añadir Cliente' }).click();

  // First a DNI of consecutive digits: refused under the field, nothing saved.
  await page.getByLabel('DNI').fill('12345678');
  await field(page, 'Nombre').fill('Rosa');
  await page.getByLabel('Apellido').fill(`Quispe ${word}`);
  await page.getByLabel('Teléfono principal').fill('987654321');
  await page.getByLabel('Email').fill(`rosa.${dni}@gmail.com`);
  await page.getByLabel('Dirección').fill('Av. Los Próceres 123, Surco');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('El DNI no puede contener números consecutivos')).toBeVisible();

  await page.getByLabel('DNI').fill(dni);
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Cliente registrado exitosamente!')).toBeVisible();

  // Find it.
  await searchFor(page, word);
  const row = page.getByRole('row', { name: new RegExp(`ROSA QUISPE ${word.toUpperCase()}`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(dni);
  await expect(row.getByText('ACTIVO')).toBeVisible();

  // A reload keeps the filter: it lives in the address.
  await page.reload();
  await expect(page.getByLabel(SEARCH_LABEL)).toHaveValue(word.toLowerCase());
  await expect(row).toBeVisible();
});

test('edits a client in the modal, then suspends and reactivates it through the confirmation', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  await registerClient(await staffApi(page), 'Elena', `Huamán ${word}`);
  await page.goto('/clientes');
  await searchFor(page, word);
  const row = page.getByRole('row', { name: new RegExp(`ELENA HUAMÁN ${word.toUpperCase()}`) });

  // Edit in the modal.
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Cliente' });
  await dialog.getByLabel('Teléfono principal').fill('912345678');
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('¡Cliente actualizado exitosamente!')).toBeVisible();
  await expect(row.getByText('912345678')).toBeVisible();

  // Suspend through the confirmation, then reactivate.
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Suspender' }).click();
  await expect(page.getByText('¿Está seguro de suspender este cliente?')).toBeVisible();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
  await expect(page.getByText('Estado de Cliente actualizado correctamente')).toBeVisible();
  await expect(row.getByText('SUSPENDIDO')).toBeVisible();

  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Reactivar' }).click();
  await expect(page.getByText('¿Está seguro de reactivar este cliente?')).toBeVisible();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
  await expect(row.getByText('ACTIVO')).toBeVisible();
});

test("registers a pet for a client found as the owner's DNI is typed", async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  const owner = await registerClient(await staffApi(page), 'Rosa', `Quispe ${word}`);

  await page.goto('/mascotas');
  await page.getByRole('button', { name: 'Añadir Mascota' }).click();
  await page.getByLabel('Nombre').fill('Firulais');
  await page.getByLabel('Raza').fill('Schnauzer');
  // A DNI no client has: not the owner's, and refused.
  await page.getByLabel('DNI del dueño').fill(uniqueDni());
  await expect(page.getByText('Cliente no encontrado')).toBeVisible();
  await page.getByLabel('DNI del dueño').fill(owner.dni);
  await expect(page.getByText(`Cliente: Rosa Quispe ${word}`)).toBeVisible();
  // Decisions §no-shows: beside the name, the client's no-shows and last visit.
  await expect(page.getByText('0 inasistencias · sin visitas anteriores')).toBeVisible();
  // DESIGN §11.4: its size, which the list shows.
  await page.getByRole('combobox', { name: 'Tamaño' }).click();
  await page.getByRole('option', { name: 'Grande' }).click();
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Mascota registrada exitosamente!')).toBeVisible();
  const row = page.getByRole('row', {
    name: new RegExp(`FIRULAIS SCHNAUZER Grande ROSA QUISPE ${word.toUpperCase()}`),
  });
  await expect(row.getByRole('cell', { name: 'Grande', exact: true })).toBeVisible();
});

test('a cita for a large pet lasts what its service adds for the size, unless typed', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const word = uniqueWord();
  const owner = await registerClient(api, 'Rosa', `Talla ${word}`);
  await api.create('/mascota/register', {
    nombre: 'Thor',
    raza: 'Labrador',
    dniCliente: owner.dni,
    talla: 'grande',
  });
  const service = `Baño talla ${word}`;
  await api.create('/servicio/register', {
    nombre: service,
    descripcion: 'Baño completo con secado y cepillado, según el tamaño de la mascota.',
    precio: '45',
    duracion: 60,
    minutos_talla: { grande: 30 },
  });

  await page.goto('/citas');
  await page.getByRole('button', { name: 'Añadir Cita' }).click();
  const duration = field(page, 'Duración (min)');
  await field(page, 'DNI del cliente').fill(owner.dni);
  await page.getByRole('combobox', { name: 'Servicio' }).click();
  await page.getByRole('option', { name: new RegExp(service) }).click();
  await expect(duration).toHaveValue('60');
  await page.getByRole('combobox', { name: 'Mascota' }).click();
  await page.getByRole('option', { name: 'Thor' }).click();
  await expect(duration).toHaveValue('90');

  // A duration the user typed stays when the choices change.
  await duration.fill('45');
  await page.getByRole('combobox', { name: 'Servicio' }).click();
  await page.getByRole('option', { name: new RegExp(service) }).click();
  await expect(duration).toHaveValue('45');
});

test('cancelling the Eliminar confirmation leaves the client Activo and sends nothing', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  await registerClient(await staffApi(page), 'Julia', `Mamani ${word}`);
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url());
  });

  await page.goto('/clientes');
  await searchFor(page, word);
  const row = page.getByRole('row', { name: new RegExp(`JULIA MAMANI ${word.toUpperCase()}`) });
  await expect(row.getByText('ACTIVO')).toBeVisible();
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await expect(page.getByText('¿Está seguro de eliminar este cliente?')).toBeVisible();
  await page.getByRole('button', { name: '¡No, cancelar!' }).click();
  await expect(page.getByText('¿Está seguro de eliminar este cliente?')).toBeHidden();
  await expect(row.getByText('ACTIVO')).toBeVisible();
  expect(patches).toEqual([]);

  // A reload asks the server again: still there, still Activo.
  await page.reload();
  await expect(row.getByText('ACTIVO')).toBeVisible();
});

test('Buscar with unchanged filters reloads the list', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  await page.goto('/clientes');
  await searchFor(page, word);
  await expect(page.getByText('No se encontraron clientes.')).toBeVisible();

  // Registered elsewhere while the list is shown.
  await registerClient(await staffApi(page), 'Pedro', `Condori ${word}`);
  const searched: (string | null)[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && /^\/api\/clientes\/?$/.test(url.pathname))
      searched.push(url.searchParams.get('search'));
  });
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(
    page.getByRole('row', { name: new RegExp(`PEDRO CONDORI ${word.toUpperCase()}`) }),
  ).toBeVisible();
  // It was Buscar that asked the server again, with the same filter.
  expect(searched).toContain(word.toLowerCase());
  await expect(page.getByText('No se encontraron clientes.')).toBeHidden();
});

test.describe(() => {
  // The browser's clock set a month ahead stays with its page: this test gets a page of its own.
  test.use({ freshPage: true });

  test('lists a client registered last month by default; Este mes keeps to the month', async ({
    page,
  }) => {
    await signIn(page, 'admin', { to: null });
    const word = uniqueWord();
    await registerClient(await staffApi(page), 'Teodora', `Ccori ${word}`);
    const row = page.getByRole('row', { name: new RegExp(`TEODORA CCORI ${word.toUpperCase()}`) });
    const from = dateField(page, 'Fecha inicial');
    const to = dateField(page, 'Fecha final');

    /** 'Este mes' searches the month's first to last day at once. */
    const thisMonth = async (first: string, last: string) => {
      await submitSearch(page, first, () => page.getByRole('button', { name: 'Este mes' }).click());
      await expectDate(from, first);
      await expectDate(to, last);
      await expect(page).toHaveURL(new RegExp(`ficial=${first}`));
      await expect(page).toHaveURL(new RegExp(`final=${last}`));
    };

    // Registered this month: listed, and still listed within 'Este mes'.
    const [year, month] = limaDay(0).split('-').map(Number) as [number, number];
    const day = (y: number, m: number, d: number) =>
      new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
    await page.goto('/clientes');
    await expectDate(from, '');
    await expectDate(to, '');
    await searchFor(page, word);
    await expect(row).toBeVisible();
    await thisMonth(day(year, month, 1), day(year, month + 1, 0));
    await expect(row).toBeVisible();
    await expect(page.getByLabel(SEARCH_LABEL)).toHaveValue(word.toLowerCase());

    // The browser a month ahead (noon in Lima on the 15th): the client was registered last month.
    await page.clock.setFixedTime(new Date(Date.UTC(year, month, 15, 17)));
    await page.goto('/clientes');
    await expectDate(from, '');
    await searchFor(page, word);
    await expect(row).toBeVisible();
    await thisMonth(day(year, month + 1, 1), day(year, month + 2, 0));
    await expect(page.getByText('No se encontraron clientes.')).toBeVisible();
    await expect(row).toBeHidden();
  });
});
