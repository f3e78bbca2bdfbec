import { expect, test } from './fixtures';
import { DEPOSIT_MESSAGES, SERVICE_MESSAGES } from '@app/domain';
import { axeFindings } from './axe';
import {
  limaDay,
  openTill,
  registerClient,
  registerGroomer,
  registerPet,
  registerService,
  staffApi,
  uniqueWord,
} from './api';
import { authorizationOf, field, search, signIn } from './support';

/*
 * Deposits (adelantos, DESIGN §11.6) as the admin sets them up and reads them: the deposit a
 * service asks, kept in its form and shown in the list; the deposits the till received today;
 * and the Adelantos table of Reporte Ventas.
 */

const DESCRIPTION = 'Baño completo con champú neutro, secado y perfume, con adelanto al reservar.';

test('a service asks a deposit, a share of its price or a fixed amount, and the till and the report show deposits', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: '/servicios' });
  const api = await staffApi(page);
  const name = `Baño con adelanto ${uniqueWord()}`;

  await page.getByRole('button', { name: 'Añadir Servicio' }).click();
  await field(page, 'Nombre').fill(name);
  await page.getByLabel('Precio (S/.)').fill('80');
  await field(page, 'Descripción').fill(DESCRIPTION);
  const kind = page.getByRole('combobox', { name: 'Adelanto' });
  await expect(kind).toHaveText('Sin adelanto');
  // No value to type until a kind is chosen.
  await expect(page.getByLabel(/^Porcentaje|^Monto/)).toHaveCount(0);
  await kind.click();
  await page.getByRole('option', { name: 'Porcentaje del precio' }).click();
  await field(page, 'Porcentaje (%)').fill('30');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(SERVICE_MESSAGES.registered)).toBeVisible();

  await search(page, 'Buscar por nombre o descripción', name);
  const row = page.getByRole('row', { name: new RegExp(name.toUpperCase()) });
  await expect(row.getByRole('cell', { name: '30 %', exact: true })).toBeVisible();

  // The edit dialog shows the stored rule; a fixed amount replaces it.
  const edit = page.getByRole('dialog', { name: 'Editar Servicio' });
  const openEdit = async () => {
    await row.getByRole('button', { name: /Acciones de/ }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
  };
  await openEdit();
  const editKind = edit.getByRole('combobox', { name: 'Adelanto' });
  await expect(editKind).toHaveText('Porcentaje del precio');
  await expect(field(edit, 'Porcentaje (%)')).toHaveValue('30');
  await editKind.click();
  await page.getByRole('option', { name: 'Monto fijo' }).click();
  const amount = field(edit, 'Monto (S/.)');
  await expect(amount).toHaveValue('');
  await amount.fill('20');
  await amount.blur();
  await expect(amount).toHaveValue('20.00');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText(SERVICE_MESSAGES.updated)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell', { name: 'S/. 20.00', exact: true })).toBeVisible();

  // A share above the whole price is refused on the field, before and by the server.
  await openEdit();
  await expect(editKind).toHaveText('Monto fijo');
  await expect(field(edit, 'Monto (S/.)')).toHaveValue('20.00');
  await editKind.click();
  await page.getByRole('option', { name: 'Porcentaje del precio' }).click();
  const percent = field(edit, 'Porcentaje (%)');
  await percent.fill('150');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(percent).toHaveAccessibleDescription(DEPOSIT_MESSAGES.rulePercent);
  await expect(percent).toHaveAttribute('aria-invalid', 'true');
  expect(await axeFindings(page)).toEqual([]);
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell', { name: 'S/. 20.00', exact: true })).toBeVisible();
  // The server answers the same message under the key the form places on the field.
  const refused = await page.request.post('/api/servicio/register', {
    headers: { authorization: await authorizationOf(page) },
    data: {
      json: JSON.stringify({
        nombre: `Baño rechazado ${uniqueWord()}`,
        descripcion: DESCRIPTION,
        precio: '80',
        adelanto: { tipo: 'porcentaje', valor: 150 },
      }),
    },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { errors: Record<string, string[]> }).errors).toEqual({
    'adelanto.valor': [DEPOSIT_MESSAGES.rulePercent],
  });

  // A deposit paid in cash today: the till lists it per method and counts it in its cash.
  await openTill(page, api);
  const owner = await registerClient(api, 'Rosa', `Adelanto ${uniqueWord()}`);
  const pet = await registerPet(api, owner, `Canela ${uniqueWord()}`);
  const groomer = await registerGroomer(api, '#43a047');
  const service = await registerService(api, `Corte adelanto ${uniqueWord()}`, '60');
  const cita = await api.create<{ id_cita: number }>('/cita/register', {
    dni_cli: owner.dni,
    id_cliente: owner.id_cli,
    id_perro: pet,
    fec_cita: `${limaDay(1)}T10:00`,
    id_servicio: service.id_srv,
    id_emp: groomer.id_emp,
    fech_reg: limaDay(0),
    obs: 'Cita con adelanto',
  });
  await api.create('/adelanto/register', {
    id_cita: cita.id_cita,
    monto: '15',
    metodo: 'efectivo',
  });
  const day = await api.get<{ adelantos: { metodo: string; cantidad: number; monto: string }[] }>(
    `/caja?fecha=${limaDay(0)}`,
  );
  const cash = day.adelantos.find((a) => a.metodo === 'efectivo');
  if (!cash) throw new Error(`no cash deposit in today's till: ${JSON.stringify(day.adelantos)}`);

  await page.goto('/caja');
  const received = page.getByRole('table', { name: 'Adelantos recibidos' });
  const cashRow = received.getByRole('row').filter({ hasText: 'Efectivo' });
  await expect(cashRow).toContainText(String(cash.cantidad));
  await expect(cashRow).toContainText(`S/. ${cash.monto}`);
  await expect(page.getByTestId('cash-float')).toContainText('Adelantos en efectivo');
  await expect(page.getByRole('table', { name: 'Por método de pago' })).toContainText(
    'Saldo a favor',
  );
  expect(await axeFindings(page)).toEqual([]);

  // Reporte Ventas: the deposits of the period, and the credit clients hold today.
  const today = limaDay(0);
  await page.goto(`/reportes/ventas?desde=${today}&hasta=${today}`);
  await expect(page.getByRole('heading', { name: 'Adelantos', exact: true })).toBeVisible();
  const deposits = page.getByRole('table', { name: 'Adelantos' });
  await expect(deposits.getByRole('row')).toHaveText([
    /Concepto/,
    /^Recibidos/,
    /^Descontados/,
    /^Retenidos/,
    /^Pasados a saldo a favor/,
    /^Saldo a favor de clientes hoy/,
  ]);
  await expect(deposits.getByRole('row', { name: /^Recibidos/ })).not.toContainText('S/. 0.00');
});
