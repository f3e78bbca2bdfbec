import { DEPOSIT_MESSAGES } from '@app/domain';
import { expect, test } from './fixtures';
import { axeFindings } from './axe';
import { remindedCita, staffApi, uniqueWord } from './api';
import { signIn } from './support';

/*
 * Deposits from the client's link (DESIGN §11.6): a bath that asks S/. 20 is booked for
 * tomorrow; the client opens the reminder's personal link on a phone, pays the deposit by Yape
 * and registers it there with the operation number and a picture of the proof.
 */

const PHONE = { width: 390, height: 844 };

/** A 1×1 PNG: the proof's picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a client pays the deposit from the reminder’s link on a phone, with the proof’s picture', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const word = uniqueWord();
  const { id_srv } = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Baño adelanto ${word}`,
    descripcion: 'Baño completo con champú hipoalergénico, secado y perfume para la prueba.',
    precio: '80',
    duracion: 60,
    adelanto: { tipo: 'monto', valor: '20' },
  });

  // The desk e-mails tomorrow's reminder, which carries the personal link.
  const { pet, link } = await remindedCita(page, api, id_srv, 'Rosa', `Adelanto ${word}`);

  // On the client's phone: what the bath asks, and the form to register the payment.
  await page.setViewportSize(PHONE);
  await page.goto(link);
  const visit = page.getByRole('region', { name: /^Su cita en / });
  await expect(visit).toContainText(pet);
  await expect(visit).toContainText('Adelanto: S/. 20.00');
  const pay = visit.getByRole('group', { name: 'Pagar adelanto' });
  await expect(pay).toContainText(
    'Pague S/. 20.00 por Yape, Plin o transferencia según la política del salón y registre aquí su pago.',
  );
  expect(await axeFindings(page)).toEqual([]);

  // Without the picture: the message on its field, which takes the focus.
  await pay.getByRole('radio', { name: 'Yape' }).check();
  await pay.getByRole('textbox', { name: 'N.º de operación' }).fill('04512877');
  await pay.getByRole('button', { name: 'Enviar pago' }).click();
  const picture = pay.getByLabel('Captura del pago');
  await expect(picture).toHaveAccessibleDescription(new RegExp(DEPOSIT_MESSAGES.proofRequired));
  await expect(picture).toBeFocused();
  expect(await axeFindings(page)).toEqual([]);

  // With it: the salon's answer, and the deposit paid.
  await picture.setInputFiles({ name: 'yape.png', mimeType: 'image/png', buffer: PNG });
  await pay.getByRole('button', { name: 'Enviar pago' }).click();
  await expect(
    visit.getByRole('status').filter({ hasText: DEPOSIT_MESSAGES.publicReceived }),
  ).toBeFocused();
  await expect(visit).toContainText('Adelanto pagado: S/. 20.00');
  await expect(pay).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  // The link, opened again, says the same.
  await page.reload();
  await expect(visit).toContainText('Adelanto pagado: S/. 20.00');
  await expect(visit.getByRole('button', { name: 'Enviar pago' })).toHaveCount(0);
});
