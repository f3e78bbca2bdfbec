import { expect, test } from './fixtures';
import {
  limaDay,
  openTill,
  registerBono,
  registerClient,
  registerPet,
  registerService,
  staffApi,
  uniqueWord,
} from './api';
import { axeFindings } from './axe';
import { ensureCompany } from './billing';
import { field, signIn } from './support';

/*
 * Bonos (DESIGN §11.6) at checkout: a 'Pack 4 baños' sold to a client by Venta rápida, then the
 * client's cita charged with it: its bath at S/. 0.00 ('Bono N.º … — quedan 3'), nothing to pay,
 * on a nota de venta; three baths left.
 */

const money = (text: string) => `S/. ${text}`;

interface ClientBono {
  id: number;
  items: { id: number; quedan: number }[];
}

test.describe.configure({ timeout: 90_000 });

test('sells a bono by Venta rápida, then charges the client’s bath with it at S/. 0.00', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  await ensureCompany(page, api);
  await openTill(page, api);
  const word = uniqueWord();
  const bath = await registerService(api, `Baño bono ${word}`, '45');
  const pack = await registerBono(
    api,
    `Pack 4 baños ${word}`,
    [{ id_srv: bath.id_srv, cantidad: 4 }],
    '150',
  );
  const client = await registerClient(api, uniqueWord(), `Bonos ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);

  // Sold to a client only: without one the kind says why; the client's DNI finds them.
  await page.goto('/ventas');
  await page.getByRole('button', { name: 'Venta rápida' }).click();
  let checkout = page.getByRole('dialog', { name: 'Venta rápida' });
  const kind = checkout.getByRole('combobox', { name: 'Tipo del ítem 1' });
  await kind.click();
  const bonoKind = page.getByRole('option', { name: /^Bono/ });
  await expect(bonoKind).toHaveAttribute('aria-disabled', 'true');
  await expect(bonoKind).toContainText('escriba el DNI de un cliente registrado');
  await page.keyboard.press('Escape');
  await field(checkout, 'DNI').fill(client.dni);
  await expect(field(checkout, 'Nombre')).toHaveValue(
    `${client.name} ${client.surname}`.toUpperCase(),
  );
  await kind.click();
  await page.getByRole('option', { name: 'Bono', exact: true }).click();
  await checkout.getByRole('combobox', { name: 'Bono del ítem 1' }).click();
  await page.getByRole('option', { name: new RegExp(pack.nombre) }).click();
  await expect(field(checkout, 'Precio unitario del ítem 1')).toHaveValue('150.00');
  await expect(field(checkout, 'Cantidad del ítem 1')).toHaveAttribute('readonly');
  await checkout.getByRole('button', { name: 'Agregar pago' }).click();
  await expect(field(checkout, 'Monto del pago 1 (S/.)')).toHaveValue('150.00');
  await checkout.getByRole('button', { name: `Cobrar ${money('150.00')}` }).click();

  const receiptDialog = page.getByRole('dialog', { name: 'Comprobante' });
  const soldOn = receiptDialog.getByRole('article', { name: /^BOLETA DE VENTA B001-\d{8}$/ });
  await expect(soldOn).toBeVisible();
  // The client's one bono, its number on the receipt.
  const [sold] = await api.get<ClientBono[]>(`/cliente/${client.id_cli}/bonos`);
  const numero = sold.id;
  await expect(soldOn).toContainText(`${pack.nombre} — Bono N.º ${numero}`);
  await receiptDialog.getByRole('button', { name: 'Cerrar' }).click();

  // The client's cita for that bath, charged from the agenda: the bono covers it whole.
  await api.create('/cita/register', {
    fec_cita: `${limaDay(1)}T11:00`,
    dni_cli: client.dni,
    id_cliente: client.id_cli,
    id_perro: petId,
    id_servicio: bath.id_srv,
    fech_reg: limaDay(0),
    obs: 'Cita de prueba de bonos',
  });
  await page.goto(`/agenda?fecha=${limaDay(1)}&vista=day`);
  await page.getByRole('button', { name: new RegExp(pet.toUpperCase()) }).click();
  await page
    .getByRole('dialog', { name: `Cita de ${pet.toUpperCase()}` })
    .getByRole('button', { name: 'Cobrar' })
    .click();
  checkout = page.getByRole('dialog', { name: 'Cobrar' });
  await expect(checkout.getByRole('region', { name: 'Bonos vigentes del cliente' })).toContainText(
    `${pack.nombre} (N.º ${numero}, vence `,
  );
  const used = `${bath.nombre} — Bono N.º ${numero} — quedan 3`;
  const coveredRow = checkout.getByRole('row').filter({ hasText: used });
  await expect(coveredRow).toContainText(money('0.00'));
  const totals = checkout.getByRole('region', { name: 'Totales' });
  await expect(totals).toContainText(`Total${money('0.00')}`);
  await expect(totals).toContainText(`A pagar${money('0.00')}`);
  await expect(totals).toContainText(`Los bonos cubren ${money('45.00')} de esta venta`);
  await expect(checkout.getByRole('radio', { name: 'Nota de venta' })).toBeChecked();
  await expect(checkout.getByRole('radio', { name: 'Boleta' })).toBeDisabled();
  await expect(
    checkout.getByText(
      'Todo lo cobrado está cubierto por bonos: registre la venta como nota de venta',
    ),
  ).toBeVisible();
  await expect(
    checkout.getByText('Los bonos cubren toda la venta: no hay nada que cobrar.'),
  ).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'Agregar pago' })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  // Charged without the bono, the bath costs its price again; back with it, nothing.
  const decline = checkout.getByRole('checkbox', {
    name: `Cobrar sin bono el ítem 1 (${bath.nombre})`,
  });
  await decline.check();
  await expect(coveredRow).toHaveCount(0);
  await expect(checkout.getByRole('button', { name: `Cobrar ${money('45.00')}` })).toBeVisible();
  await decline.uncheck();
  await expect(coveredRow).toContainText(money('0.00'));
  await checkout.getByRole('button', { name: 'Registrar venta' }).click();

  const usedOn = receiptDialog.getByRole('article', { name: /^NOTA DE VENTA T001-\d{8}$/ });
  await expect(usedOn).toContainText(used);
  await expect(usedOn).toContainText('SON: CERO CON 00/100 SOLES');
  const bonos = await api.get<ClientBono[]>(`/cliente/${client.id_cli}/bonos`);
  expect(
    bonos.map((bono) => ({
      id: bono.id,
      items: bono.items.map((item) => ({ id: item.id, quedan: item.quedan })),
    })),
  ).toEqual([{ id: numero, items: [{ id: bath.id_srv, quedan: 3 }] }]);
});
