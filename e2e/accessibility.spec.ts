import { expect, test, type Page } from './fixtures';
import { axeFindings } from './axe';
import { limaDay, registerClient, registerPet, staffApi, uniqueDni, uniqueWord } from './api';
import { SIGNED_IN_ROUTES, SIGNED_OUT_PATHS, settle, visit } from './routes';
import { signIn } from './support';

/**
 * WCAG 2.2 AA on every screen (issue 19): axe runs on each route of the route table, signed in
 * and out, in light and dark mode, and with a form and a dialog open. Any serious or critical
 * violation fails, so a new screen is held to it as soon as it has a route.
 */

/** `rule on /path: the failing elements`, for each serious or critical violation. */
async function violations(page: Page, where: string, rules?: string[]): Promise<string[]> {
  const found = (await axeFindings(page, rules)).map((finding) => `${where}: ${finding}`);
  const headings = await page.locator('h1').count();
  return headings === 1 ? found : [...found, `${headings} h1 on ${where}: a screen has one`];
}

test.describe.configure({ timeout: 180_000 });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

// The mode changes colours only: the dark pass checks contrast, the light one everything.
for (const mode of ['light', 'dark'] as const) {
  test(`every signed-in screen passes axe in ${mode} mode`, async ({ page }) => {
    await signIn(page, 'admin', { darkMode: mode === 'dark' });
    const rules = mode === 'dark' ? ['color-contrast'] : undefined;
    const found: string[] = [];
    for (const { path, name } of SIGNED_IN_ROUTES) {
      await visit(page, path, name);
      found.push(...(await violations(page, `${path} (${mode})`, rules)));
    }
    expect(found).toEqual([]);
  });
}

test('the signed-out screens pass axe', async ({ page }) => {
  const found: string[] = [];
  // The public pages are pages of their own, outside the app's routes.
  for (const path of [...SIGNED_OUT_PATHS, '/libro-reclamaciones']) {
    await page.goto(path);
    await settle(page);
    found.push(...(await violations(page, path)));
  }
  expect(found).toEqual([]);
});

test('a form in its modal and a confirmation dialog pass axe', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  await registerClient(await staffApi(page), 'Elena', `Huamán ${word}`);
  await page.goto(`/clientes?search=${word.toLowerCase()}`);
  await settle(page);
  const row = page.getByRole('row', { name: new RegExp(word.toUpperCase()) });
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const form = page.getByRole('dialog', { name: 'Editar Cliente' });
  // Emptied and sent: the form shows its errors, which must be as readable as the rest.
  await form.getByLabel('Teléfono principal').fill('');
  await form.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(form.getByRole('textbox', { name: 'Teléfono principal' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  const found = await violations(page, '/clientes form');
  await form.getByRole('button', { name: 'Cancelar' }).click();

  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Suspender' }).click();
  await expect(page.getByText('¿Está seguro de suspender este cliente?')).toBeVisible();
  found.push(...(await violations(page, '/clientes confirmation')));
  expect(found).toEqual([]);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the checkout and the receipt pass axe in ${mode} mode`, async ({ page }) => {
    await signIn(page, 'admin', { to: '/ventas', darkMode: mode === 'dark' });
    await settle(page);
    const rules = mode === 'dark' ? ['color-contrast'] : undefined;
    await page.getByRole('button', { name: 'Venta rápida' }).click();
    const checkout = page.getByRole('dialog', { name: 'Venta rápida' });
    // Sent empty first: the errors must be as readable as the rest.
    await checkout.getByRole('button', { name: /^Cobrar/ }).click();
    await expect(checkout.getByText('La descripción es requerida')).toBeVisible();
    const found = await violations(page, `checkout (${mode})`, rules);
    await checkout.getByLabel('Descripción del ítem 1').fill('Corte de uñas');
    await checkout.getByLabel('Precio unitario del ítem 1').fill('15');
    await checkout.getByRole('radio', { name: 'Nota de venta' }).check();
    await checkout.getByRole('button', { name: 'Agregar pago' }).click();
    await checkout.getByRole('button', { name: /^Cobrar/ }).click();
    const receipt = page.getByRole('dialog', { name: 'Comprobante' });
    await expect(receipt.getByRole('article')).toContainText('Corte de uñas');
    found.push(...(await violations(page, `receipt (${mode})`, rules)));
    expect(found).toEqual([]);
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`the stock movement, history and import dialogs pass axe in ${mode} mode`, async ({
    page,
  }) => {
    await signIn(page, 'admin', { to: null, darkMode: mode === 'dark' });
    const sku = `AXE-${uniqueWord().toUpperCase()}`;
    const api = await staffApi(page);
    await api.create('/producto/register', {
      sku,
      nombre: `Collar ${sku}`,
      categoria: 'Accesorios',
      precio: '30',
      costo: '18',
      stock_min: 1,
      stock_inicial: 4,
    });
    await page.goto(`/productos?search=${sku}`);
    await settle(page);
    const rules = mode === 'dark' ? ['color-contrast'] : undefined;
    const row = page.getByRole('row', { name: new RegExp(sku) });
    await row.getByRole('button', { name: /Acciones de/ }).click();
    await page.getByRole('menuitem', { name: 'Registrar movimiento' }).click();
    const movement = page.getByRole('dialog', { name: 'Registrar movimiento' });
    // Sent empty: the errors must be as readable as the rest.
    await movement.getByRole('button', { name: 'Registrar' }).click();
    await expect(movement.getByText('El motivo es requerido')).toBeVisible();
    const found = await violations(page, `/productos movement (${mode})`, rules);
    await movement.getByRole('button', { name: 'Cancelar' }).click();

    await row.getByRole('button', { name: /Acciones de/ }).click();
    await page.getByRole('menuitem', { name: 'Ver movimientos' }).click();
    const history = page.getByRole('dialog', { name: /^Movimientos de/ });
    await expect(history.getByRole('cell', { name: 'Stock inicial' })).toBeVisible();
    found.push(...(await violations(page, `/productos history (${mode})`, rules)));
    await history.getByRole('button', { name: 'Cerrar' }).click();

    // The import's preview, with a row's errors under its columns.
    await page.getByRole('button', { name: 'Importar' }).click();
    const importing = page.getByRole('dialog', { name: 'Importar productos' });
    await importing.getByLabel('Archivo de productos').setInputFiles({
      name: 'productos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`sku;nombre;categoria;precio;costo;stock_min\n${sku};Co;Otra;0;1;1\n`),
    });
    await importing.getByRole('button', { name: 'Vista previa' }).click();
    await expect(importing.getByRole('status')).toHaveText('Válidas: 0 · Con errores: 1');
    found.push(...(await violations(page, `/productos import (${mode})`, rules)));
    expect(found).toEqual([]);
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`a past cita's details and its pet's timeline pass axe in ${mode} mode`, async ({
    page,
  }) => {
    await signIn(page, 'admin', { to: null, darkMode: mode === 'dark' });
    const api = await staffApi(page);
    const owner = await registerClient(api, 'Elena', `Historial ${uniqueWord()}`);
    const pet = uniqueWord();
    const id_perro = await registerPet(api, owner, pet);
    const service = await api.create<{ id_srv: number }>('/servicio/register', {
      nombre: `Baño axe ${uniqueWord()}`,
      descripcion: 'Baño completo con champú neutro, secado y perfume para la prueba de axe.',
      precio: '40',
    });
    const cita = await api.create<{ id_cita: number }>('/cita/register', {
      fec_cita: `${limaDay(-2)}T10:00`,
      dni_cli: owner.dni,
      id_cliente: owner.id_cli,
      id_perro,
      id_servicio: service.id_srv,
      fech_reg: limaDay(-2),
      obs: 'Cita pasada para axe',
    });
    await api.create('/triaje/register', {
      id_cita: cita.id_cita,
      edad: '2',
      peso: '8.40',
      temperatura: '38.20',
      notas: 'Sin novedad',
    });
    await page.goto(`/historial-citas?pe=${pet}`);
    await settle(page);
    const rules = mode === 'dark' ? ['color-contrast'] : undefined;
    const PET = pet.toUpperCase();
    const actions = page
      .getByRole('row', { name: new RegExp(PET) })
      .getByRole('button', { name: /Acciones de/ });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Ver detalle' }).click();
    const details = page.getByRole('dialog', { name: `Cita de ${PET}` });
    await expect(details.getByRole('region', { name: 'Triaje' })).toContainText('8.40');
    const found = await violations(page, `/historial-citas details (${mode})`, rules);
    await details.getByRole('button', { name: 'Historial de la mascota' }).click();
    const timeline = page.getByRole('dialog', { name: `Historial de ${PET}` });
    await expect(timeline.getByRole('figure', { name: 'Peso (kg) por visita' })).toBeVisible();
    found.push(...(await violations(page, `pet timeline (${mode})`, rules)));
    expect(found).toEqual([]);
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`the Recordatorios table, a landline flagged, passes axe in ${mode} mode`, async ({
    page,
  }) => {
    await signIn(page, 'admin', { to: null, darkMode: mode === 'dark' });
    const api = await staffApi(page);
    const word = uniqueWord();
    const dni = uniqueDni();
    const { id_cli } = await api.create<{ id_cli: number }>('/cliente/register', {
      dni,
      name: 'Elena',
      surname: `Fijo ${word}`,
      tel1: '014451234',
      email: `cliente.${dni}@gmail.com`,
      direccion: 'Jr. Las Begonias 456, San Isidro',
    });
    const pet = uniqueWord();
    const id_perro = await registerPet(api, { id_cli, dni, name: 'Elena', surname: word }, pet);
    const service = await api.create<{ id_srv: number }>('/servicio/register', {
      nombre: `Baño axe ${uniqueWord()}`,
      descripcion: 'Baño completo con champú neutro, secado y perfume para la prueba de axe.',
      precio: '40',
    });
    await api.create('/cita/register', {
      fec_cita: `${limaDay(1)}T11:00`,
      dni_cli: dni,
      id_cliente: id_cli,
      id_perro,
      id_servicio: service.id_srv,
      fech_reg: limaDay(0),
      obs: 'Cita de mañana para axe',
    });
    await page.goto('/recordatorios');
    await settle(page);
    await expect(page.getByRole('row', { name: new RegExp(pet) })).toContainText(
      'Celular no válido',
    );
    const rules = mode === 'dark' ? ['color-contrast'] : undefined;
    expect(await violations(page, `/recordatorios (${mode})`, rules)).toEqual([]);
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`the waitlist form, with its errors, and the offer of a freed cita pass axe in ${mode} mode`, async ({
    page,
  }) => {
    await signIn(page, 'admin', { to: null, darkMode: mode === 'dark' });
    const api = await staffApi(page);
    const owner = await registerClient(api, 'Elena', `Libera ${uniqueWord()}`);
    const pet = uniqueWord();
    const id_perro = await registerPet(api, owner, pet);
    const waiting = await registerClient(api, 'Rosa', `Espera ${uniqueWord()}`);
    const waitingPet = await registerPet(api, waiting, uniqueWord());
    const service = await api.create<{ id_srv: number }>('/servicio/register', {
      nombre: `Baño axe ${uniqueWord()}`,
      descripcion: 'Baño completo con champú neutro, secado y perfume para la prueba de axe.',
      precio: '40',
    });
    const fec_cita = `${limaDay(3)}T10:00`;
    const weekday = ((new Date(`${limaDay(3)}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    await api.create('/cita/register', {
      fec_cita,
      dni_cli: owner.dni,
      id_cliente: owner.id_cli,
      id_perro,
      id_servicio: service.id_srv,
      fech_reg: limaDay(0),
      obs: 'Cita que se cancelará para axe',
    });
    await api.create('/lista-espera/register', {
      dni_cli: waiting.dni,
      id_perro: waitingPet,
      id_servicio: service.id_srv,
      dias: [weekday],
      hora_desde: '09:00',
      hora_hasta: '12:00',
      notas: 'Puede venir con una hora de aviso',
    });
    const rules = mode === 'dark' ? ['color-contrast'] : undefined;

    await page.goto('/lista-espera');
    await settle(page);
    await page.getByRole('button', { name: 'Añadir a la lista' }).click();
    // Sent empty: the weekdays' and the other fields' errors must read as well as the rest.
    await page.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByText('Seleccione al menos un día')).toBeVisible();
    const found = await violations(page, `/lista-espera form (${mode})`, rules);

    await page.goto(`/citas?pe=${pet}`);
    await settle(page);
    const row = page.getByRole('row', { name: new RegExp(pet.toUpperCase()) });
    await row.getByRole('button', { name: /Acciones de/ }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
    const offer = page.getByRole('dialog', { name: 'Ofrecer el espacio libre' });
    await expect(offer.getByRole('button', { name: /^Agendar a / }).first()).toBeVisible();
    found.push(...(await violations(page, `waitlist offer (${mode})`, rules)));
    expect(found).toEqual([]);
  });
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });

  test('every icon button, menu entry and calendar button is at least 44 px for a finger', async ({
    page,
  }) => {
    await signIn(page, 'admin', { to: null });
    const word = uniqueWord();
    await registerClient(await staffApi(page), 'Elena', `Huamán ${word}`);
    await page.goto(`/clientes?search=${word.toLowerCase()}`);
    await settle(page);
    const small: string[] = [];
    const tooSmall = async (selector: string) => {
      const found: string[] = [];
      for (const target of await page.locator(selector).all()) {
        const box = await target.boundingBox();
        if (box && (box.width < 44 || box.height < 44)) {
          found.push(`${selector} ${Math.round(box.width)}×${Math.round(box.height)}`);
        }
      }
      return found;
    };
    small.push(...(await tooSmall('.MuiIconButton-root:visible')));
    await page
      .getByRole('button', { name: /Acciones de/ })
      .first()
      .click();
    // The menu grows into place: measured while it grows, its entries look smaller than they are.
    await expect.poll(() => tooSmall('[role="menuitem"]:visible')).toEqual([]);
    await page.keyboard.press('Escape');

    // The calendar's text and toggle buttons grow to a finger's height.
    await page.goto('/agenda');
    await settle(page);
    for (const target of await page
      .locator('.MuiButton-root:visible, .MuiToggleButton-root:visible')
      .all()) {
      const box = await target.boundingBox();
      if (box && box.height < 44)
        small.push(`${await target.innerText()} ${Math.round(box.height)} px high`);
    }
    expect(small).toEqual([]);
  });
});
