import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { registerClient, staffApi, uniqueWord } from './api';
import { axeFindings } from './axe';
import { signIn, authorizationOf, search } from './support';

/*
 * The audit log as an admin reads it (decisions §audit, issue 12 item 4): a client registered and
 * edited shows up in 'Auditoría' with its change before → after, the list filters by entity,
 * and the CSV export downloads what the filters select (UTF-8 with BOM, `;`).
 */

/** Chooses `option` in the filter bar's select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('lists a client registered and edited, with the change before → after, filters by entity and exports CSV', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  const client = await registerClient(await staffApi(page), 'Marta', `Auditada ${word}`);

  // Edited as the edit modal would send it: a new main phone, everything else as it was.
  const edited = await page.request.put('/api/cliente', {
    headers: { authorization: await authorizationOf(page) },
    data: {
      json: JSON.stringify({
        id: client.id_cli,
        dni: client.dni,
        name: client.name,
        surname: client.surname,
        tel1: '912345678',
        email: `cliente.${client.dni}@gmail.com`,
        direccion: 'Jr. Las Begonias 456, San Isidro',
      }),
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  await page.goto('/auditoria');
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Registro de Auditoría' }),
  ).toBeVisible();

  // Only the clients' entries of admin.
  await choose(page, 'Entidad', 'Cliente');
  await search(page, 'Usuario (login)', 'admin');
  await expect(page).toHaveURL(/entidad=cliente/);
  await expect(page).toHaveURL(/usu=admin/);

  const ofClient = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(client.id_cli), exact: true }) });
  const editRow = ofClient.filter({ hasText: 'Edición' });
  await expect(editRow).toHaveCount(1);
  await expect(ofClient.filter({ hasText: 'Registro' })).toHaveCount(1);
  await expect(editRow).toContainText('admin');
  // Every row the filter left is a client's.
  const entityCells = page.locator('tbody tr td:nth-child(5)');
  const entities = await entityCells.allTextContents();
  expect(entities.length).toBeGreaterThan(0);
  expect(new Set(entities)).toEqual(new Set(['Cliente']));

  // The change, field by field.
  await editRow.getByRole('button', { name: /^Ver cambios/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambios registrados' });
  await expect(dialog).toBeVisible();
  const phone = dialog.getByRole('row').filter({ hasText: 'Teléfono principal' });
  await expect(phone).toContainText('987123456 → 912345678');
  expect(await axeFindings(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  // The CSV of what the filters select.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Fecha;Usuario;IP;Acción;Entidad;ID;Cambios;Detalle');
  const editLine = lines.find((line) => line.includes(`;Edición;Cliente;${client.id_cli};`));
  expect(editLine).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};admin;/);
  expect(editLine).toContain('Teléfono principal: 987123456 → 912345678');
  expect(lines.slice(1).every((line) => line.split(';')[4] === 'Cliente')).toBe(true);

  // Another entity: the client's entries are gone from the list.
  await choose(page, 'Entidad', 'Mascota');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/entidad=mascota/);
  await expect(ofClient.filter({ hasText: 'Cliente' })).toHaveCount(0);
});
