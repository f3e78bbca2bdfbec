import { expect, test } from './fixtures';
import { axeFindings } from './axe';
import { field, signIn, search } from './support';

const BATH_DESCRIPTION =
  'Baño con champú neutro, secado con soplador y cepillado final, para todas las razas.';
const NAILS_DESCRIPTION = 'Corte y limado de uñas en las cuatro patas, con mucho cuidado.';

test('staff keep the catalogue and compose a package through the checklist', async ({ page }) => {
  // One story from the first service to the package's services: longer than the default 30 s.
  test.setTimeout(90_000);
  await signIn(page, 'admin', { to: '/servicios' });
  // Spec §001-9: the status filter starts on Activo.
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveText('Activo');

  await page.getByRole('button', { name: 'Añadir Servicio' }).click();
  const name = field(page, 'Nombre');
  const price = page.getByLabel('Precio (S/.)');
  const description = field(page, 'Descripción');

  // Non-letters never reach the name; the price keeps digits and one point, two decimals on blur.
  await name.pressSequentially('Baño3 completo!');
  await expect(name).toHaveValue('Baño completo');
  await price.pressSequentially('a4b5');
  await expect(price).toHaveValue('45');
  await description.fill('Baño rápido.');
  await expect(price).toHaveValue('45.00');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('La descripción debe tener al menos 40 caracteres')).toBeVisible();

  await price.fill('1000.01');
  await description.fill(BATH_DESCRIPTION);
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('El precio debe estar entre 1 y 1000')).toBeVisible();
  await price.fill('45');
  await price.blur();
  await expect(price).toHaveValue('45.00');
  // Decisions §agenda: an hour unless told otherwise, in the minutes the agenda allows.
  const duration = page.getByLabel('Duración (min)');
  await expect(duration).toHaveValue('60');
  await duration.fill('500');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(
    page.getByText('La duración debe ser un número entero de minutos entre 15 y 480'),
  ).toBeVisible();
  await duration.fill('45');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Servicio registrado exitosamente!')).toBeVisible();

  const bath = page.getByRole('row', { name: /BAÑO COMPLETO/ });
  await expect(bath.getByRole('cell', { name: 'S/. 45.00' })).toBeVisible();
  await expect(bath.getByRole('cell', { name: '45 min' })).toBeVisible();
  await expect(bath.getByText('ACTIVO')).toBeVisible();

  await page.getByRole('button', { name: 'Añadir Servicio' }).click();
  await name.fill('Corte de uñas');
  await price.fill('15.5');
  await description.fill(NAILS_DESCRIPTION);
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Servicio registrado exitosamente!')).toBeVisible();
  const nails = page.getByRole('row', { name: /CORTE DE UÑAS/ });
  await expect(nails.getByRole('cell', { name: 'S/. 15.50' })).toBeVisible();
  await expect(nails.getByRole('cell', { name: '60 min' })).toBeVisible();

  // Edit the price in the modal.
  await bath.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Servicio' });
  await expect(edit.getByLabel('Precio (S/.)')).toHaveValue('45.00');
  await expect(edit.getByLabel('Duración (min)')).toHaveValue('45');
  await edit.getByLabel('Precio (S/.)').fill('50');
  await edit.getByLabel('Duración (min)').fill('90');
  // DESIGN §11.4: minutes added per pet size; only whole minutes can be typed.
  const sizes = edit.getByRole('group', { name: 'Minutos extra por tamaño' });
  await sizes.getByLabel('Grande').pressSequentially('3,0');
  await expect(sizes.getByLabel('Grande')).toHaveValue('30');
  await sizes.getByLabel('Gigante').fill('500');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(sizes.getByText('Como máximo 480 minutos')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await sizes.getByLabel('Gigante').fill('');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('¡Servicio actualizado exitosamente!')).toBeVisible();
  await expect(bath.getByRole('cell', { name: 'S/. 50.00' })).toBeVisible();
  await expect(bath.getByRole('cell', { name: '90 min' })).toContainText('Grande +30 min');

  // Search by a word of the description.
  await search(page, 'Buscar por nombre o descripción', 'limado');
  await expect(nails).toBeVisible();
  await expect(bath).toBeHidden();

  // A package.
  await page.goto('/paquetes');
  await page.getByRole('button', { name: 'Añadir Paquete' }).click();
  await name.fill('Spa canino');
  await price.fill('60');
  await description.fill('Baño completo con corte de uñas, para consentir a su mascota.');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Paquete registrado exitosamente!')).toBeVisible();
  const spa = page.getByRole('row', { name: /SPA CANINO/ });
  await expect(spa.getByRole('cell', { name: 'S/. 60.00' })).toBeVisible();

  await spa.getByRole('button', { name: /Acciones de/ }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Ver Servicios',
    'Gestionar Servicios',
    'Editar',
    'Eliminar',
    'Suspender',
  ]);
  await page.getByRole('menuitem', { name: 'Ver Servicios' }).click();
  const view = page.getByRole('dialog', { name: 'Servicios del paquete SPA CANINO' });
  await expect(view.getByText('No hay servicios asociados')).toBeVisible();
  await view.getByRole('button', { name: 'Cerrar' }).click();

  // Tick both services in the checklist and save the set.
  await spa.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Gestionar Servicios' }).click();
  const manage = page.getByRole('dialog', { name: 'Gestionar Servicios de SPA CANINO' });
  await expect(manage.getByRole('columnheader')).toHaveText([
    'Añadir',
    'Nombre',
    'Descripción',
    'Precio',
  ]);
  // Other specs add services of their own: look only at the two of this story.
  await expect(manage.getByRole('checkbox', { name: 'Añadir BAÑO COMPLETO' })).not.toBeChecked();
  await manage.getByRole('checkbox', { name: 'Añadir CORTE DE UÑAS' }).check();
  await manage.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Cambios guardados correctamente')).toBeVisible();
  await expect(manage).toBeHidden();

  // Reopened: the package's service comes first and ticked.
  await spa.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Gestionar Servicios' }).click();
  const rows = manage.getByRole('row');
  await expect(rows.nth(1)).toContainText('CORTE DE UÑAS');
  await expect(manage.getByRole('checkbox', { name: 'Añadir CORTE DE UÑAS' })).toBeChecked();
  await expect(manage.getByRole('checkbox', { name: 'Añadir BAÑO COMPLETO' })).not.toBeChecked();
  await manage.getByRole('checkbox', { name: 'Añadir BAÑO COMPLETO' }).check();
  await manage.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(manage).toBeHidden();

  // Ver Servicios lists them with name, description and price.
  await spa.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Ver Servicios' }).click();
  await expect(view.getByRole('row', { name: /BAÑO COMPLETO/ })).toContainText(BATH_DESCRIPTION);
  await expect(view.getByRole('row', { name: /BAÑO COMPLETO/ })).toContainText('S/. 50.00');
  await expect(view.getByRole('row', { name: /CORTE DE UÑAS/ })).toContainText('S/. 15.50');
  await view.getByRole('button', { name: 'Cerrar' }).click();

  // Suspending a service takes it out of the Activo list.
  await page.goto('/servicios');
  await nails.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Suspender' }).click();
  await expect(page.getByText('¿Está seguro de suspender este servicio?')).toBeVisible();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
  await expect(page.getByText('Servicio actualizado correctamente')).toBeVisible();
  await expect(nails).toBeHidden();
});
