import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { registerClient, registerPet, staffApi, uniqueWord } from './api';
import { signIn, search } from './support';

/*
 * A client's data on request (Ley 29733, decisions §client-data): the admin downloads everything
 * kept about a client and anonymises one, whose visits stay while the person goes.
 */

const SEARCH_LABEL = 'Buscar cliente (nombre, apellido o DNI)';

/** The DNI an anonymised client keeps (domain's `anonymizedDni`, for ids under ten million). */
const anonymizedDni = (id: number) => `X${String(id).padStart(7, '0')}`;

async function searchFor(page: Page, word: string) {
  await search(page, SEARCH_LABEL, word.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`search=${word.toLowerCase()}`));
}

test('downloads a client’s data and anonymises the client through the confirmation', async ({
  page,
}) => {
  // A download, two trips through the menu and two searches.
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  const api = await staffApi(page);
  const client = await registerClient(api, 'Marisol', `Paredes ${word}`);
  const pet = uniqueWord();
  await registerPet(api, client, pet);
  await page.goto('/clientes');
  await searchFor(page, word);
  const row = page.getByRole('row', { name: new RegExp(`MARISOL PAREDES ${word.toUpperCase()}`) });
  await expect(row).toContainText(client.dni);

  // The data as a JSON file named after the DNI.
  await row.getByRole('button', { name: /Acciones de/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Descargar datos' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`cliente-${client.dni}.json`);
  const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    cliente: { dni_cli: string };
    mascotas: { nom_perro: string }[];
  };
  expect(data.cliente.dni_cli).toBe(client.dni);
  expect(data.mascotas.map((m) => m.nom_perro)).toEqual([pet]);

  // Anonimizar says what it does; Cancelar (focused first) changes nothing.
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Anonimizar' }).click();
  const dialog = page.getByRole('dialog', { name: /Anonimizar cliente/ });
  await expect(dialog).toContainText(
    'Se reemplazarán el nombre, DNI, teléfonos, correo y dirección del cliente. Sus visitas y ventas se conservan para los reportes. Esta acción no se puede deshacer.',
  );
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(client.dni);

  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Anonimizar' }).click();
  await dialog.getByRole('button', { name: 'Anonimizar' }).click();
  await expect(page.getByText('Cliente anonimizado', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The list refreshed: the surname searched for is gone with the person.
  await expect(row).toHaveCount(0);

  const placeholder = anonymizedDni(client.id_cli);
  await searchFor(page, placeholder);
  const anonymous = page.getByRole('row', { name: new RegExp(placeholder) });
  await expect(anonymous).toContainText('CLIENTE ANONIMIZADO');
  await expect(anonymous).not.toContainText('987123456');
  // Once anonymised, it is not offered again.
  await anonymous.getByRole('button', { name: /Acciones de/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Descargar datos' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Anonimizar' })).toHaveCount(0);
});

test('recepcion is not offered the client data actions', async ({ page }) => {
  // The admin only arranges the client through the API: the page's first load is recepcion's.
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  await registerClient(await staffApi(page), 'Teodoro', `Salas ${word}`);
  await signIn(page, 'recepcion', { to: '/clientes' });
  await searchFor(page, word);
  const row = page.getByRole('row', { name: new RegExp(`TEODORO SALAS ${word.toUpperCase()}`) });
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Descargar datos' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Anonimizar' })).toHaveCount(0);
});
