import { expect, test } from './fixtures';
import { uniqueDni, uniqueWord } from './api';
import { signIn, search } from './support';

/*
 * Importing clients with their pets (decisions §imports): the file's preview shows each row's
 * errors, and only a file without any imports, all of it.
 */

const HEADER =
  'DNI;Nombre;Apellido;Teléfono;Teléfono 2;Email;Dirección;Mascota;Raza;Alertas;Notas de cuidado';

const row = (dni: string, surname: string, pet: string, phone = '987654321') =>
  `${dni};Lucía;${surname};${phone};;lucia.${dni}@gmail.com;Av. Brasil 2040, Jesús María;${pet};Beagle;Nervioso;`;

const csv = (lines: string[]) => ({
  name: 'clientes.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`),
});

test('imports clients with their pets from a CSV once its preview has no errors', async ({
  page,
}) => {
  const surname = uniqueWord();
  const [first, second] = [uniqueDni(), uniqueDni()];
  await signIn(page, 'admin', { to: '/clientes' });
  await page.getByRole('link', { name: 'Importar' }).click();
  await expect(page).toHaveURL(/\/clientes\/importar$/);
  const importButton = page.getByRole('button', { name: 'Importar', exact: true });
  await expect(importButton).toBeDisabled();

  // A phone of five digits: the row says why, in the form's words, and nothing can be imported.
  const fileInput = page.getByLabel('Archivo de clientes');
  await fileInput.setInputFiles(
    csv([row(first, surname, 'Toby'), row(second, surname, 'Luna', '98765')]),
  );
  await expect(page.getByText('2 filas, 1 con errores')).toBeVisible();
  const preview = page.getByRole('table', { name: 'Vista previa de la importación' });
  await expect(preview.getByRole('row', { name: /Luna/ })).toContainText(
    'Teléfono: El teléfono debe tener exactamente 9 dígitos',
  );
  await expect(importButton).toBeDisabled();

  // Fixed: the same client twice is one client with two pets.
  await fileInput.setInputFiles(
    csv([row(first, surname, 'Toby'), row(first, surname, 'Kira'), row(second, surname, 'Luna')]),
  );
  await expect(page.getByText('3 filas, 0 con errores')).toBeVisible();
  await expect(preview.getByRole('row', { name: /Kira/ })).toContainText('Correcta');
  await importButton.click();
  await expect(page.getByText('Se importaron 2 clientes y 3 mascotas')).toBeVisible();
  await expect(page).toHaveURL(/\/clientes(\?.*)?$/);

  await search(page, 'Buscar cliente (nombre, apellido o DNI)', surname.toLowerCase());
  await expect(page.getByRole('row', { name: new RegExp(first) })).toContainText(
    `LUCÍA ${surname.toUpperCase()}`,
  );
  await expect(page.getByRole('row', { name: new RegExp(second) })).toBeVisible();
});
