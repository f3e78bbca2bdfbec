import {
  addDays,
  COMMISSION_MESSAGES,
  commissionOf,
  formatCents,
  parseCents,
  type CommissionClose,
} from '@app/domain';
import { expect, test, type Page } from './fixtures';
import { axeFindings } from './axe';
import {
  limaDay,
  openTill,
  registerClient,
  registerGroomer,
  registerPet,
  registerService,
  shownDate,
  staffApi,
  uniqueWord,
  type CreatedService,
  type Groomer,
  type StaffApi,
} from './api';
import { settle } from './routes';
import { dateField, field, fillDate, sidenav, signIn } from './support';

/*
 * Groomers' commissions (DESIGN §11.7) as the owner meets them: the rates set under Empleados,
 * the fortnight's figure per groomer on REPORTES › Comisiones with the receipts behind it, the
 * groomer's statement printed, and a period closed for good.
 */

test.describe.configure({ timeout: 90_000 });

const soles = (amount: string) => `S/. ${amount}`;
const cents = (amount: string) => parseCents(amount) ?? 0;

/** Two citas of today with `groomer`, charged: `service` (S/. 50), the second with `product`. */
async function chargeTwoCitas(
  page: Page,
  api: StaffApi,
  groomer: Groomer,
  service: CreatedService,
  product: { id_prod: number; precio: string },
) {
  const today = limaDay(0);
  await openTill(page, api);
  const receipts: string[] = [];
  for (const [index, withProduct] of [false, true].entries()) {
    const owner = await registerClient(api, 'Lucía', `Comisión ${uniqueWord()}`);
    const petId = await registerPet(api, owner, `Toby ${uniqueWord()}`);
    const cita = await api.create<{ id_cita: number }>('/cita/register', {
      fec_cita: `${today}T${10 + index}:00`,
      dni_cli: owner.dni,
      id_cliente: owner.id_cli,
      id_perro: petId,
      id_servicio: service.id_srv,
      id_emp: groomer.id_emp,
      fech_reg: today,
      obs: 'Cita de la prueba de comisiones',
    });
    const total = formatCents(cents('50.00') + (withProduct ? cents(product.precio) : 0));
    const sale = await api.create<{ serie: string; numero: number }>('/venta/register', {
      id_cita: cita.id_cita,
      id_cliente: owner.id_cli,
      tipo_comp: 'T',
      items: [
        { tipo: 'servicio', id: service.id_srv, cantidad: 1 },
        ...(withProduct ? [{ tipo: 'producto', id: product.id_prod, cantidad: 1 }] : []),
      ],
      pagos: [{ metodo: 'efectivo', monto: total }],
    });
    receipts.push(`${sale.serie}-${String(sale.numero).padStart(8, '0')}`);
  }
  return receipts;
}

/** A fortnight of 2020, long before any sale, that no earlier run of this test closed. */
async function unclosedOldPeriod(api: StaffApi) {
  const closes = await api.get<CommissionClose[]>('/comisiones/cierres');
  const last = closes
    .map((close) => close.hasta)
    .filter((hasta) => hasta < '2021-01-01')
    .sort()
    .at(-1);
  const desde = last ? addDays(last, 1) : '2020-01-01';
  return { desde, hasta: addDays(desde, 14) };
}

async function consult(page: Page, desde: string, hasta: string) {
  const form = page.getByRole('search');
  await fillDate(dateField(form, 'Desde'), desde);
  await fillDate(dateField(form, 'Hasta'), hasta);
  const answered = page.waitForResponse(
    (res) =>
      new URL(res.url()).pathname === '/api/comisiones' &&
      res.url().includes(`desde=${desde}`) &&
      res.url().includes(`hasta=${hasta}`),
  );
  await form.getByRole('button', { name: 'Consultar' }).click();
  await answered;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('a groomer’s rates give their commission line by line, printed as a statement; a closed period stays closed', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const today = limaDay(0);
  const groomer = await registerGroomer(api, '#00796b');
  const precio = '24.90';
  const product = await api.create<{ id_prod: number }>('/producto/register', {
    sku: `COM-${uniqueWord()}`,
    nombre: `Shampoo comisión ${uniqueWord()}`,
    categoria: 'Higiene y cuidado',
    precio,
    costo: '12',
    stock_min: 0,
    stock_inicial: 10,
  });
  const service = await registerService(api, `Baño comisión ${uniqueWord()}`, '50');
  const receipts = await chargeTwoCitas(page, api, groomer, service, {
    id_prod: product.id_prod,
    precio,
  });

  // Empleados › the groomer's 'Comisiones': 40 % of services, 10 % of products.
  const surname = groomer.name.split(' ')[1];
  await page.goto(`/empleados?search=${surname.toLowerCase()}`);
  await settle(page);
  await page
    .getByRole('row', { name: new RegExp(surname, 'i') })
    .getByRole('button', { name: /Acciones de/ })
    .click();
  await page.getByRole('menuitem', { name: 'Comisiones' }).click();
  const dialog = page.getByRole('dialog', { name: /^Comisiones de/ });
  await field(dialog, '% de servicios').fill('40');
  await field(dialog, '% de productos').fill('10');
  await expect(dialog.getByRole('combobox', { name: /^Propinas/ })).toHaveText(
    'Al groomer de la cita',
  );
  await expect(dialog.getByLabel('El descuento reduce la base de la comisión')).toBeChecked();
  // A line of 'Porcentaje por servicio o paquete' says what it lacks, and what the server
  // refused of it (an item it no longer knows: its answer stood in for here), then goes.
  await dialog.getByRole('button', { name: 'Agregar servicio o paquete' }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText(COMMISSION_MESSAGES.itemRequired)).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await dialog.getByRole('combobox', { name: /^Servicio o paquete 1/ }).click();
  await page.getByRole('option', { name: new RegExp(service.nombre, 'i') }).click();
  await field(dialog, 'Porcentaje 1').fill('45');
  await page.route('**/api/empleado/comision', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 'error',
        message: COMMISSION_MESSAGES.itemUnknown,
        errors: { 'por_item.0.id_srv': [COMMISSION_MESSAGES.itemUnknown] },
      }),
    }),
  );
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const refusal = page.locator('.swal2-popup');
  await expect(refusal).toContainText(COMMISSION_MESSAGES.itemUnknown);
  await refusal.getByRole('button', { name: 'OK' }).click();
  await page.unroute('**/api/empleado/comision');
  await expect(dialog.getByText(COMMISSION_MESSAGES.itemUnknown)).toBeVisible();
  await dialog.getByRole('button', { name: 'Quitar servicio o paquete 1' }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('.swal2-toast', { hasText: COMMISSION_MESSAGES.saved })).toBeVisible();
  await expect(dialog).toBeHidden();

  // REPORTES › Comisiones for today: 40 % of the two services and 10 % of the product.
  await sidenav(page).getByRole('link', { name: 'Comisiones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Comisiones' })).toBeVisible();
  await consult(page, today, today);
  const base = formatCents(2 * cents('50.00') + cents(precio));
  const commission = formatCents(
    cents(commissionOf('100.00', '40')) + cents(commissionOf(precio, '10')),
  );
  const row = page
    .getByRole('table', { name: 'Comisiones por groomer' })
    .getByRole('row', { name: new RegExp(groomer.name, 'i') });
  await expect(row).toContainText(soles(base));
  await expect(row).toContainText(soles(commission));
  await expect(row.getByRole('cell').nth(4)).toHaveText(soles(commission));
  // Today has not ended: it cannot be closed yet.
  await expect(page.getByRole('button', { name: 'Cerrar periodo' })).toBeDisabled();
  await expect(page.getByText(COMMISSION_MESSAGES.futureClose)).toBeVisible();

  await row.getByRole('button', { name: /^Ver detalle/ }).click();
  const detail = page.getByRole('table', { name: new RegExp(`^Detalle de ${groomer.name}`, 'i') });
  await expect(detail.getByRole('row')).toHaveCount(4);
  for (const receipt of receipts) {
    await expect(detail.getByRole('row', { name: new RegExp(receipt) }).first()).toBeVisible();
  }
  const productLine = detail.getByRole('row', { name: /Producto/ });
  await expect(productLine).toContainText(shownDate(today));
  await expect(productLine).toContainText('10%');
  await expect(productLine).toContainText(soles(commissionOf(precio, '10')));
  expect(await axeFindings(page)).toEqual([]);

  // The groomer's statement prints alone: the groomer, the period, the receipts, the total.
  await page.evaluate('window.printed = 0; window.print = () => { window.printed += 1; };');
  await row.getByRole('button', { name: /^Imprimir estado de cuenta/ }).click();
  expect(await page.evaluate('window.printed')).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const statement = page.locator('body > .commission-statement-print');
  await expect(statement).toBeVisible();
  await expect(statement).toContainText(groomer.name);
  await expect(statement).toContainText(`Del ${shownDate(today)} al ${shownDate(today)}`);
  for (const receipt of receipts) await expect(statement).toContainText(receipt);
  await expect(statement).toContainText(soles(commission));
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate('window.dispatchEvent(new Event("afterprint"))');
  await expect(statement).toHaveCount(0);

  // A fortnight of 2020, with no sales, closed for good: who closed it, and no button again.
  const old = await unclosedOldPeriod(api);
  await consult(page, old.desde, old.hasta);
  await expect(page.getByText('Sin comisiones en el periodo.')).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar periodo' }).click();
  const confirmation = page.getByRole('dialog', {
    name: `¿Cerrar el periodo del ${shownDate(old.desde)} al ${shownDate(old.hasta)}?`,
  });
  await expect(confirmation).toContainText('Un periodo cerrado nunca cambia');
  await expect(confirmation).toContainText('se descuenta en el periodo siguiente');
  expect(await axeFindings(page)).toEqual([]);
  await confirmation.getByRole('button', { name: 'Cerrar periodo' }).click();
  await expect(page.locator('.swal2-toast', { hasText: COMMISSION_MESSAGES.closed })).toBeVisible();
  const closedBy = `Periodo cerrado el ${shownDate(today)} por admin`;
  await expect(page.getByText(closedBy)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar periodo' })).toHaveCount(0);

  // Back on today, the closed period is one pick away.
  await consult(page, today, today);
  await expect(page.getByText(closedBy)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Periodos cerrados' }).click();
  await page
    .getByRole('option', { name: `Del ${shownDate(old.desde)} al ${shownDate(old.hasta)}` })
    .click();
  await expect(page.getByText(closedBy)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`desde=${old.desde}&hasta=${old.hasta}`));
});
