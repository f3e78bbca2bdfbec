import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('a receptionist registers, finds, edits, suspends and reactivates a client, then adds a pet', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Añadir Cliente' }).click();

  // First a DNI of consecutive digits: refused under the field, nothing saved.
  await page.getByLabel('DNI').fill('12345678');
  await page.getByLabel('Nombre', { exact: true }).fill('Rosa');
  await page.getByLabel('Apellido').fill('Quispe Huamán');
  await page.getByLabel('Teléfono principal').fill('987654321');
  await page.getByLabel('Email').fill('rosa.quispe@gmail.com');
  await page.getByLabel('Dirección').fill('Av. Los Próceres 123, Surco');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('El DNI no puede contener números consecutivos')).toBeVisible();

  await page.getByLabel('DNI').fill('45871236');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Cliente registrado exitosamente!')).toBeVisible();

  // Find it.
  await page.getByLabel('Buscar cliente (nombre, apellido o DNI)').fill('quispe');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/search=quispe/);
  const row = page.getByRole('row', { name: /ROSA QUISPE HUAMÁN/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('ACTIVO')).toBeVisible();

  // A reload keeps the filter: it lives in the address.
  await page.reload();
  await expect(page.getByLabel('Buscar cliente (nombre, apellido o DNI)')).toHaveValue('quispe');
  await expect(row).toBeVisible();

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
  await page.getByRole('button', { name: 'Si, Procede!' }).click();
  await expect(page.getByText('Estado de Cliente actualizado correctamente')).toBeVisible();
  await expect(row.getByText('SUSPENDIDO')).toBeVisible();

  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Reactivar' }).click();
  await expect(page.getByText('¿Está seguro de reactivar este cliente?')).toBeVisible();
  await page.getByRole('button', { name: 'Si, Procede!' }).click();
  await expect(row.getByText('ACTIVO')).toBeVisible();

  // Register a pet for her: the owner's DNI is looked up as it is typed.
  await page.goto('/mascotas');
  await page.getByRole('button', { name: 'Añadir Mascota' }).click();
  await page.getByLabel('Nombre').fill('Firulais');
  await page.getByLabel('Raza').fill('Schnauzer');
  await page.getByLabel('DNI del dueño').fill('40404040');
  await expect(page.getByText('Cliente no encontrado')).toBeVisible();
  await page.getByLabel('DNI del dueño').fill('45871236');
  await expect(page.getByText('Cliente: Rosa Quispe Huamán')).toBeVisible();
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Mascota registrada exitosamente!')).toBeVisible();
  await expect(
    page.getByRole('row', { name: /FIRULAIS SCHNAUZER ROSA QUISPE HUAMÁN/ }),
  ).toBeVisible();
});

test('a cancelled suspension changes nothing', async ({ page }) => {
  await signIn(page);
  await page.goto('/clientes?search=45871236');
  const row = page.getByRole('row', { name: /ROSA QUISPE HUAMÁN/ });
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page.getByRole('button', { name: 'No, cancelar!' }).click();
  await expect(row.getByText('ACTIVO')).toBeVisible();
});
