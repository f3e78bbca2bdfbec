import { expect, test } from './fixtures';
import { limaDay, registerClient, registerPet, registerService, staffApi, uniqueWord } from './api';
import { axeFindings } from './axe';
import { authorizationOf, signIn } from './support';

/*
 * CAJA › 'Adelantos por verificar' (DESIGN §11.6): a deposit paid by Yape waits, with its proof,
 * until someone at the counter has seen the money in the bank's app; the bell leads there.
 */

/** A 1×1 PNG: what the client's screenshot of the Yape stands for. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the counter verifies a Yape deposit from the queue the bell leads to', async ({ page }) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const word = uniqueWord();
  const owner = await registerClient(api, 'Lucía', `Adelanto ${word}`);
  const petId = await registerPet(api, owner, `Toby ${word}`);
  const bath = await registerService(api, `Baño adelanto ${word}`, '80');
  const cita = await api.create<{ id_cita: number }>('/cita/register', {
    fec_cita: `${limaDay(2)}T10:00`,
    dni_cli: owner.dni,
    id_perro: petId,
    id_servicio: bath.id_srv,
    fech_reg: limaDay(0),
    obs: 'Cita con adelanto por Yape',
  });
  const operation = `OP${Date.now()}`.slice(0, 12);
  const paid = await page.request.post('/api/adelanto/register', {
    headers: { authorization: await authorizationOf(page) },
    multipart: {
      json: JSON.stringify({
        id_cita: cita.id_cita,
        monto: '20',
        metodo: 'yape',
        operacion: operation,
      }),
      comprobante: { name: 'yape.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Notificaciones: [1-9]\d*$/ }).click();
  await page.getByRole('menuitem', { name: /^Adelantos por verificar: \d+$/ }).click();
  await expect(page).toHaveURL(/\/adelantos-por-verificar$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Adelantos por verificar' }),
  ).toBeVisible();

  const card = page
    .getByRole('article', { name: 'S/. 20.00 por Yape' })
    .filter({ hasText: operation });
  await expect(card).toContainText(`LUCÍA ADELANTO ${word.toUpperCase()}`);
  await expect(card.getByRole('img', { name: /^Comprobante del pago de LUCÍA/ })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  await card.getByRole('button', { name: `Verificar el pago con operación ${operation}` }).click();
  await expect(page.getByText('Adelanto verificado')).toBeVisible();
  await expect(card).toHaveCount(0);
});
