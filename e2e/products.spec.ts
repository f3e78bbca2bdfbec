import { expect, test, type Locator, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { uniqueWord } from './api';
import { field, signIn, search } from './support';

/*
 * Products and stock (decisions §products) as the shop keeps them: a product registered with no
 * stock, a purchase recorded through the movement dialog, two units sold at checkout, the stock and
 * the history that explains it, and the sale voided, which gives the units back.
 */

const money = (text: string) => `S/. ${text}`;

/** The product's row in the list, found by its SKU through the search. */
async function productRow(page: Page, sku: string) {
  await page.goto('/productos');
  await search(page, 'Buscar (SKU o nombre)', sku);
  return page.getByRole('row', { name: new RegExp(sku) });
}

/** The Stock cell: the units, after the 'Stock bajo' chip when there is one. */
const stockCell = (row: Locator) => row.getByRole('cell').nth(4);

async function openMenu(page: Page, row: Locator, item: string) {
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Closes the error dialog of a refused call (it would close itself after 5 s). */
async function dismissError(page: Page, message: string) {
  const popup = page.locator('.swal2-popup');
  await expect(popup).toContainText(message);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

test.describe.configure({ timeout: 90_000 });

test('a product bought, sold at checkout and given back by the void, its history explaining each unit', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();
  const sku = `PRD-${word.toUpperCase()}`;
  const name = `Champú avena ${word}`;
  const shown = name.toLocaleUpperCase('es-PE');

  // Registered with no stock: at or under its minimum, it is low.
  await page.goto('/productos');
  await expect(page.getByRole('heading', { level: 2, name: 'Lista de Productos' })).toBeVisible();
  await page.getByRole('button', { name: 'Añadir Producto' }).click();
  await field(page, 'SKU').fill(`prd-${word.toLowerCase()}`);
  await expect(field(page, 'SKU')).toHaveValue(sku);
  await field(page, 'Nombre').fill(name);
  await page.getByRole('combobox', { name: /Categoría/ }).click();
  await page.getByRole('option', { name: 'Higiene y cuidado' }).click();
  await field(page, 'Precio (S/.)').fill('25');
  await field(page, 'Costo (S/.)').fill('12.5');
  await field(page, 'Stock mínimo').fill('2');
  await expect(field(page, 'Stock inicial')).toHaveValue('0');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Producto registrado exitosamente!')).toBeVisible();

  let row = await productRow(page, sku);
  await expect(row).toContainText(shown);
  await expect(row.getByRole('cell', { name: '25.00' })).toBeVisible();
  await expect(stockCell(row)).toHaveText(/^Stock bajo\s*0$/);

  // A salida beyond the stock is refused on the quantity; an entrada of 5 is a purchase.
  await openMenu(page, row, 'Registrar movimiento');
  const movement = page.getByRole('dialog', { name: 'Registrar movimiento' });
  await expect(movement).toContainText(`${sku} · ${shown} · Stock actual: 0`);
  await movement.getByRole('combobox', { name: /Tipo/ }).click();
  await page.getByRole('option', { name: 'Ajuste (conteo)' }).click();
  await expect(field(movement, 'Stock contado')).toBeVisible();
  await movement.getByRole('combobox', { name: /Tipo/ }).click();
  await page.getByRole('option', { name: 'Salida (uso interno)' }).click();
  await field(movement, 'Cantidad').fill('1');
  await field(movement, 'Motivo').fill('Uso en el baño de un perro');
  await movement.getByRole('button', { name: 'Registrar' }).click();
  await dismissError(page, 'Stock insuficiente: quedan 0');
  await expect(field(movement, 'Cantidad')).toHaveAttribute('aria-invalid', 'true');
  await expect(movement.getByText('Stock insuficiente: quedan 0')).toBeVisible();

  await movement.getByRole('combobox', { name: /Tipo/ }).click();
  await page.getByRole('option', { name: 'Entrada (compra)' }).click();
  await field(movement, 'Cantidad').fill('5');
  await field(movement, 'Motivo').fill('Compra a la distribuidora');
  await movement.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Movimiento de stock registrado')).toBeVisible();
  await expect(movement).toBeHidden();
  await expect(stockCell(row)).toHaveText('5');

  // Checkout: a product line takes its price, shows the stock and warns beyond it.
  await page.goto('/ventas');
  await page.getByRole('button', { name: 'Venta rápida' }).click();
  const checkout = page.getByRole('dialog', { name: 'Venta rápida' });
  await checkout.getByRole('combobox', { name: 'Tipo del ítem 1' }).click();
  await page.getByRole('option', { name: 'Producto', exact: true }).click();
  await checkout.getByRole('combobox', { name: 'Producto del ítem 1' }).click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(field(checkout, 'Precio unitario del ítem 1')).toHaveValue('25.00');
  await expect(checkout.getByText('Stock: 5', { exact: true })).toBeVisible();
  const quantity = field(checkout, 'Cantidad del ítem 1');
  await quantity.fill('6');
  await expect(checkout.getByText('Stock insuficiente: quedan 5')).toBeVisible();
  await checkout.getByRole('radio', { name: 'Nota de venta' }).check();
  await checkout.getByRole('button', { name: 'Agregar pago' }).click();
  await expect(field(checkout, 'Monto del pago 1 (S/.)')).toHaveValue('150.00');
  // The server refuses it too, on that line's quantity.
  await checkout.getByRole('button', { name: `Cobrar ${money('150.00')}` }).click();
  await dismissError(page, 'Stock insuficiente: quedan 5');
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');

  await quantity.fill('2');
  await expect(quantity).toHaveAttribute('aria-invalid', 'false');
  await field(checkout, 'Monto del pago 1 (S/.)').fill('50');
  await checkout.getByRole('button', { name: `Cobrar ${money('50.00')}` }).click();
  const receipt = page.getByRole('article', { name: /^NOTA DE VENTA T001-\d{8}$/ });
  await expect(receipt).toContainText(new RegExp(name, 'i'));
  const number = (await receipt.getAttribute('aria-label'))!.split(' ').at(-1)!;
  await page
    .getByRole('dialog', { name: 'Comprobante' })
    .getByRole('button', { name: 'Cerrar' })
    .click();

  // The list has 3 left; the history shows the purchase and the sale with its receipt.
  row = await productRow(page, sku);
  await expect(stockCell(row)).toHaveText('3');
  await openMenu(page, row, 'Ver movimientos');
  let history = page.getByRole('dialog', { name: `Movimientos de ${shown}` });
  const sale = history.getByRole('row', { name: new RegExp(number) });
  await expect(sale).toContainText('Venta');
  await expect(sale.getByRole('cell', { name: '\u22122' })).toBeVisible();
  await expect(sale.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(sale).toContainText('admin');
  const purchase = history.getByRole('row', { name: /Entrada \(compra\)/ });
  await expect(purchase.getByRole('cell', { name: '+5' })).toBeVisible();
  await expect(purchase).toContainText('Compra a la distribuidora');
  await history.getByRole('button', { name: 'Cerrar' }).click();

  // Voided from its receipt: the two units are back, with their own movement.
  await page.goto('/ventas');
  await search(page, 'Buscar (comprobante, documento o cliente)', number);
  await page.getByRole('button', { name: `Ver ${number}` }).click();
  await page
    .getByRole('dialog', { name: 'Comprobante' })
    .getByRole('button', { name: 'Anular' })
    .click();
  const voiding = page.getByRole('dialog', { name: 'Anular venta' });
  await field(voiding, 'Motivo').fill('El cliente devolvió el champú');
  await voiding.getByRole('button', { name: 'Anular venta' }).click();
  await expect(page.getByText('Venta anulada correctamente')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Comprobante' })
    .getByRole('button', { name: 'Cerrar' })
    .click();

  row = await productRow(page, sku);
  await expect(stockCell(row)).toHaveText('5');
  await openMenu(page, row, 'Ver movimientos');
  history = page.getByRole('dialog', { name: `Movimientos de ${shown}` });
  const back = history.getByRole('row', { name: /Anulación de venta/ });
  await expect(back.getByRole('cell', { name: '+2' })).toBeVisible();
  await expect(back).toContainText(number);
  await expect(back).toContainText('El cliente devolvió el champú');
  await expect(history.getByRole('row')).toHaveCount(4);
});

test('the catalogue imported from a file after its preview, exported, and read back', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord().toUpperCase();
  const [first, second] = [`IMP-${word}-1`, `IMP-${word}-2`];
  const header = 'sku;nombre;categoria;precio;costo;stock_min;stock';
  const csv = (rows: string[]) => ({
    name: 'productos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...rows].join('\n')),
  });

  await page.goto('/productos');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar productos' });
  await expect(dialog).toContainText('sku, nombre, categoria, precio, costo, stock_min, stock');
  const importButton = dialog.getByRole('button', { name: 'Importar' });

  // A row with errors holds the whole file back, each error under its column.
  await dialog
    .getByLabel('Archivo de productos')
    .setInputFiles(
      csv([
        `${first};Galletas de hígado ${word};snacks;12.50;7;3;10`,
        `${second};Co;Accesorios;abc;5;1;`,
      ]),
    );
  await dialog.getByRole('button', { name: 'Vista previa' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Válidas: 1 · Con errores: 1');
  const wrong = dialog.getByRole('row', { name: new RegExp(second) });
  await expect(wrong).toContainText('nombre: El nombre debe tener al menos 3 caracteres');
  await expect(wrong).toContainText('precio: Formato válido: números con hasta 2 decimales');
  await expect(dialog.getByRole('row', { name: new RegExp(first) })).toContainText('Nuevo');
  await expect(importButton).toBeDisabled();

  await dialog
    .getByLabel('Archivo de productos')
    .setInputFiles(
      csv([
        `${first};Galletas de hígado ${word};snacks;12.50;7;3;10`,
        `${second};Collar reflectivo ${word};Accesorios;35;20;1;`,
      ]),
    );
  await expect(dialog.getByRole('status')).toBeHidden();
  await expect(importButton).toBeDisabled();
  await dialog.getByRole('button', { name: 'Vista previa' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Válidas: 2 · Con errores: 0');
  await importButton.click();
  await expect(page.getByText('Se importaron 2 productos')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page, 'Buscar (SKU o nombre)', `IMP-${word}`);
  const cookies = page.getByRole('row', { name: new RegExp(first) });
  await expect(cookies).toContainText('Snacks');
  await expect(stockCell(cookies)).toHaveText('10');
  await expect(stockCell(page.getByRole('row', { name: new RegExp(second) }))).toHaveText(
    /^Stock bajo\s*0$/,
  );

  // The export writes what the filters select, in the columns the import reads.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await download.path();
  const text = readFileSync(exported, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe('SKU;Nombre;Categoría;Precio;Costo;Stock mínimo;Stock');
  expect(lines[1]).toBe(`${first};Galletas de hígado ${word};Snacks;12.50;7.00;3;10`);

  // Read back, the same file updates the two products.
  await page.getByRole('button', { name: 'Importar' }).click();
  await dialog.getByLabel('Archivo de productos').setInputFiles(exported);
  await dialog.getByRole('button', { name: 'Vista previa' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Válidas: 2 · Con errores: 0');
  await expect(dialog.getByRole('row', { name: /Actualizar/ })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
});
