import { expect, test } from './fixtures';
import { limaDay, openTill, registerClient, registerPet, staffApi, uniqueWord } from './api';
import { axeFindings } from './axe';
import { ensureCompany } from './billing';
import { field, signIn } from './support';

/*
 * Deposits (DESIGN §11.6) at the desk: a cita of a S/. 80 bath that asks S/. 20 takes its deposit
 * by Yape with the operation and a picture of the proof, unverified until the desk says so; then
 * its checkout deducts it as the fixed 'Adelanto' payment and the rest is paid in cash.
 */

const money = (text: string) => `S/. ${text}`;

/** A 1×1 PNG: the proof's picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Deposits {
  por_descontar: string;
  adelantos: { estado: string; verificado: boolean; venta: string | null }[];
}

test.describe.configure({ timeout: 90_000 });

test('takes a Yape deposit with its proof, verifies it, and deducts it at checkout', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  await ensureCompany(page, api);
  await openTill(page, api);
  const service = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Baño adelanto ${uniqueWord()}`,
    descripcion: 'Baño completo con champú hipoalergénico, secado y perfume para la prueba.',
    precio: '80',
    duracion: 60,
    adelanto: { tipo: 'monto', valor: '20' },
  });
  const client = await registerClient(api, uniqueWord(), `Adelanto ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const { id_cita } = await api.create<{ id_cita: number }>('/cita/register', {
    fec_cita: `${limaDay(0)}T10:00`,
    dni_cli: client.dni,
    id_cliente: client.id_cli,
    id_perro: petId,
    id_servicio: service.id_srv,
    fech_reg: limaDay(0),
    obs: 'Cita de prueba de adelantos',
  });

  // The cita's details: what its bath asks, nothing held yet.
  await page.goto(`/agenda?fecha=${limaDay(0)}&vista=day`);
  const card = page.getByRole('button', { name: new RegExp(pet.toUpperCase()) });
  await card.click();
  const details = page.getByRole('dialog', { name: `Cita de ${pet.toUpperCase()}` });
  const section = details.getByRole('region', { name: 'Adelanto' });
  await expect(section).toContainText(`Se pide ${money('20.00')}`);
  await expect(section).toContainText(`Por descontar ${money('0.00')}`);
  await expect(section).toContainText('Sin adelantos');

  // 'Registrar adelanto': what is still asked, by Yape with its operation and proof.
  await section.getByRole('button', { name: 'Registrar adelanto' }).click();
  const register = page.getByRole('dialog', { name: 'Registrar adelanto' });
  await expect(field(register, 'Monto (S/.)')).toHaveValue('20.00');
  await expect(field(register, 'N.º de operación')).toHaveCount(0);
  await register.getByRole('combobox', { name: 'Método' }).click();
  await page.getByRole('option', { name: 'Yape' }).click();
  const save = register.getByRole('button', { name: 'Registrar', exact: true });
  await save.click();
  await expect(register.getByText('Ingrese el número de operación')).toBeVisible();
  await field(register, 'N.º de operación').fill('00482913');
  await expect(
    register.getByRole('checkbox', { name: 'Ya verifiqué el pago en la app' }),
  ).not.toBeChecked();
  await register
    .getByLabel('Comprobante (imagen)')
    .setInputFiles({ name: 'yape.png', mimeType: 'image/png', buffer: PNG });
  await expect(register.getByRole('img', { name: 'Comprobante (imagen)' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await save.click();
  await expect(page.getByText('Adelanto registrado')).toBeVisible();
  await expect(register).toBeHidden();

  // Held and not verified yet, with its operation and proof.
  const deposit = section.getByRole('listitem');
  await expect(deposit).toContainText(money('20.00'));
  await expect(deposit).toContainText('Yape');
  await expect(deposit).toContainText('POR DESCONTAR');
  await expect(deposit).toContainText('N.º de operación: 00482913');
  await expect(deposit.getByText('Sin verificar')).toBeVisible();
  await expect(section).toContainText(`Por descontar ${money('20.00')}`);
  expect(await axeFindings(page)).toEqual([]);

  // On a phone the section fits the details.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(deposit.getByRole('button', { name: 'Verificar' })).toBeVisible();
  expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const box = (await section.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 800 });

  await deposit.getByRole('button', { name: 'Ver comprobante' }).click();
  const proof = page.getByRole('dialog', { name: 'Comprobante del adelanto' });
  const picture = proof.getByRole('img', {
    name: `Comprobante del adelanto de ${money('20.00')} (Yape)`,
  });
  await expect(picture).toHaveJSProperty('naturalWidth', 1);
  await proof.getByRole('button', { name: 'Cerrar' }).click();
  await expect(proof).toBeHidden();

  await deposit.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Adelanto verificado')).toBeVisible();
  await expect(deposit.getByText('Sin verificar')).toHaveCount(0);
  await expect(deposit.getByRole('button', { name: 'Verificar' })).toHaveCount(0);

  // Checkout: the deposit is the fixed first payment; the rest, in cash.
  await details.getByRole('button', { name: 'Cobrar' }).click();
  const checkout = page.getByRole('dialog', { name: 'Cobrar' });
  await expect(checkout.getByText(`Adelanto descontado: ${money('20.00')}`)).toBeVisible();
  await expect(field(checkout, 'Método de pago 1')).toHaveValue('Adelanto');
  const held = field(checkout, 'Monto del pago 1 (S/.)');
  await expect(held).toHaveValue('20.00');
  await expect(held).toHaveAttribute('readonly');
  await expect(checkout.getByRole('button', { name: 'Quitar pago 1' })).toHaveCount(0);
  await checkout.getByRole('button', { name: 'Agregar pago' }).click();
  const cash = checkout.getByRole('combobox', { name: 'Método de pago 2' });
  await expect(cash).toHaveText('Efectivo');
  await expect(field(checkout, 'Monto del pago 2 (S/.)')).toHaveValue('60.00');
  // Neither the deposit again nor credit the client does not have.
  await cash.click();
  await expect(page.getByRole('option', { name: 'Adelanto' })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Saldo a favor' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Efectivo' }).click();
  await checkout.getByRole('button', { name: `Cobrar ${money('80.00')}` }).click();

  await expect(page.getByText('¡Venta registrada exitosamente!')).toBeVisible();
  const receipt = page
    .getByRole('dialog', { name: 'Comprobante' })
    .getByRole('article', { name: /^BOLETA DE VENTA B001-\d{8}$/ });
  await expect(receipt).toContainText('Adelanto');
  await expect(receipt).toContainText('Efectivo');
  const number = (await receipt.getAttribute('aria-label'))!.split(' ').at(-1)!;
  const after = await api.get<Deposits>(`/cita/${id_cita}/adelantos`);
  expect(after.por_descontar).toBe('0.00');
  expect(
    after.adelantos.map(({ estado, verificado, venta }) => ({ estado, verificado, venta })),
  ).toEqual([{ estado: 'aplicado', verificado: true, venta: number }]);
});

test('an admin turns a cash deposit into credit, which a walk-in sale of the client spends', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  await ensureCompany(page, api);
  await openTill(page, api);
  const service = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Corte adelanto ${uniqueWord()}`,
    descripcion: 'Corte de pelo a tijera con baño y perfume, para la prueba de adelantos.',
    precio: '50',
    duracion: 60,
  });
  const client = await registerClient(api, uniqueWord(), `Saldo ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const { id_cita } = await api.create<{ id_cita: number }>('/cita/register', {
    fec_cita: `${limaDay(1)}T15:00`,
    dni_cli: client.dni,
    id_cliente: client.id_cli,
    id_perro: petId,
    id_servicio: service.id_srv,
    fech_reg: limaDay(0),
    obs: 'Cita de prueba de saldo a favor',
  });
  // Cash at the counter: verified as it is registered.
  await api.create('/adelanto/register', { id_cita, monto: '30', metodo: 'efectivo' });

  await page.goto(`/agenda?fecha=${limaDay(1)}&vista=day`);
  await page.getByRole('button', { name: new RegExp(pet.toUpperCase()) }).click();
  const section = page
    .getByRole('dialog', { name: `Cita de ${pet.toUpperCase()}` })
    .getByRole('region', { name: 'Adelanto' });
  const deposit = section.getByRole('listitem');
  await expect(deposit).toContainText(`${money('30.00')}Efectivo`);
  await expect(deposit.getByText('Sin verificar')).toHaveCount(0);
  await deposit.getByRole('button', { name: 'Pasar a saldo a favor' }).click();
  const crediting = page.getByRole('dialog', { name: 'Pasar a saldo a favor' });
  await field(crediting, 'Motivo').fill('El cliente pasará su visita a otro mes');
  await crediting.getByRole('button', { name: 'Pasar a saldo a favor' }).click();
  await expect(page.getByText('El adelanto pasó a saldo a favor del cliente')).toBeVisible();
  await expect(deposit).toContainText('SALDO A FAVOR');
  await expect(deposit).toContainText('Motivo: El cliente pasará su visita a otro mes');
  await expect(section).toContainText(`Por descontar ${money('0.00')}`);

  // The client's credit pays a walk-in sale: offered once the client is named.
  await page.goto('/ventas');
  await page.getByRole('button', { name: 'Venta rápida' }).click();
  const checkout = page.getByRole('dialog', { name: 'Venta rápida' });
  await field(checkout, 'Descripción del ítem 1').fill('Champú medicado');
  await field(checkout, 'Precio unitario del ítem 1').fill('25');
  await field(checkout, 'DNI').fill(client.dni);
  await expect(checkout.getByText(`Saldo a favor disponible: ${money('30.00')}`)).toBeVisible();
  await checkout.getByRole('button', { name: 'Agregar pago' }).click();
  await checkout.getByRole('combobox', { name: 'Método de pago 1' }).click();
  await expect(page.getByRole('option', { name: 'Adelanto' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Saldo a favor' }).click();
  await expect(field(checkout, 'Monto del pago 1 (S/.)')).toHaveValue('25.00');
  await checkout.getByRole('button', { name: `Cobrar ${money('25.00')}` }).click();
  await expect(
    page.getByRole('dialog', { name: 'Comprobante' }).getByRole('article', { name: /^BOLETA/ }),
  ).toContainText('Saldo a favor');
  expect(await api.get<{ saldo: string }>(`/cliente/${client.id_cli}/saldo`)).toEqual({
    saldo: '5.00',
  });
});
