import { expect, test } from './fixtures';
import { registerClient, staffApi, uniqueWord, type StaffApi } from './api';
import { axeFindings } from './axe';
import { ensureCompany } from './billing';
import { field, search, signIn } from './support';

/*
 * Bonos (DESIGN §11.6) as the salon keeps them: the admin composes 'Pack 4 baños' on its
 * catalogue screen, the counter sells it to a client, and the admin adds a bath to the client's
 * bono from the client's list, saying why.
 */

interface ListedBono {
  id_bono: number;
  nombre: string;
  precio: string;
}

/** The catalogue's bono named `nombre`, found through the list's search. */
async function bonoNamed(api: StaffApi, nombre: string): Promise<ListedBono> {
  const page1 = await api.get<{ data: ListedBono[] }>(
    `/bonos/?search=${encodeURIComponent(nombre)}`,
  );
  const bono = page1.data.find((b) => b.nombre === nombre);
  if (!bono) throw new Error(`bono ${nombre} is not in the list`);
  return bono;
}

test('an admin composes a bono, sells it to a client and adjusts what the client has left', async ({
  page,
}) => {
  // A catalogue form, a sale and two dialogs of the client list.
  test.setTimeout(90_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  await ensureCompany(page, api);
  const word = uniqueWord();
  const bath = `Baño bono ${word}`;
  await api.create('/servicio/register', {
    nombre: bath,
    descripcion: 'Baño completo con champú neutro, secado y cepillado para la prueba de bonos.',
    precio: '40',
    duracion: 60,
  });
  const client = await registerClient(api, 'Rosario', `Quispe ${word}`);

  // The catalogue screen: a bono of four baths.
  await page.goto('/bonos');
  await page.getByRole('button', { name: 'Añadir Bono' }).click();
  await expect(page.getByRole('heading', { name: 'Registrar Bono' })).toBeVisible();
  const nombre = `Pack 4 baños ${word}`;
  await field(page, 'Nombre').fill(nombre);
  await page.getByRole('combobox', { name: /Servicio o paquete 1/ }).click();
  await page
    .getByRole('option', { name: new RegExp(`^${bath.toUpperCase()} — S/. 40.00$`) })
    .click();
  await field(page, 'Cantidad 1').fill('4');
  // A second line comes and goes.
  await page.getByRole('button', { name: 'Agregar servicio o paquete' }).click();
  await expect(page.getByRole('combobox', { name: /Servicio o paquete 2/ })).toBeVisible();
  await page.getByRole('button', { name: 'Quitar servicio o paquete 2' }).click();
  await expect(page.getByRole('combobox', { name: /Servicio o paquete 2/ })).toHaveCount(0);
  await field(page, 'Precio (S/.)').fill('150');
  await field(page, 'Vigencia (días)').fill('90');
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Bono registrado exitosamente!')).toBeVisible();

  await search(page, 'Buscar por nombre', nombre);
  const row = page.getByRole('row', { name: new RegExp(nombre.toUpperCase()) });
  await expect(row.getByRole('cell', { name: `4 × ${bath}` })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'S/. 150.00' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '90', exact: true })).toBeVisible();
  await expect(row.getByText('ACTIVO')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // The counter sells it to the client.
  const bono = await bonoNamed(api, nombre);
  await api.create('/venta/register', {
    tipo_comp: 'T',
    id_cliente: client.id_cli,
    items: [{ tipo: 'bono', id: bono.id_bono, cantidad: 1 }],
    pagos: [{ metodo: 'efectivo', monto: bono.precio }],
  });

  // The client's bonos, from the client list.
  await page.goto('/clientes');
  await search(page, 'Buscar cliente (nombre, apellido o DNI)', client.dni);
  const clientRow = page.getByRole('row', { name: new RegExp(client.dni) });
  await clientRow.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Bonos' }).click();
  const dialog = page.getByRole('dialog', {
    name: `Bonos de ROSARIO QUISPE ${word.toUpperCase()}`,
  });
  const owned = dialog.getByRole('row', { name: new RegExp(nombre.toUpperCase()) });
  await expect(owned).toContainText(new RegExp(`${bath}: quedan 4 de 4`, 'i'));
  await expect(owned).toContainText('VIGENTE');
  expect(await axeFindings(page)).toEqual([]);

  // One bath more, as a courtesy: the reason is asked for.
  await owned.getByRole('button', { name: /^Ajustar bono N\.º \d+$/ }).click();
  const adjust = page.getByRole('dialog', { name: /^Ajustar bono N\.º \d+$/ });
  const quantity = field(adjust, `Cantidad de ${bath}`);
  await expect(quantity).toHaveValue('4');
  await quantity.fill('5');
  await adjust.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(adjust.getByText('Indique el motivo del ajuste')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await field(adjust, 'Motivo').fill('Cortesía por la demora en la atención');
  await adjust.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(page.getByText('Bono ajustado correctamente')).toBeVisible();
  await expect(adjust).toBeHidden();
  await expect(owned).toContainText(new RegExp(`${bath}: quedan 5 de 5`, 'i'));
});
