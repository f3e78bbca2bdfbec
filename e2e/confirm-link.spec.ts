import { expect, test } from './fixtures';
import { axeFindings } from './axe';
import { remindedCita, staffApi, uniqueWord } from './api';
import { signIn } from './support';

/**
 * Issue 35 §3 "Done when": a client confirms tomorrow's visit with one tap from the reminder.
 * The desk e-mails the reminder from Recordatorios; the client opens its personal link on a
 * phone and taps 'Confirmar asistencia'; the calendar's card shows the check.
 */

const PHONE = { width: 390, height: 844 };

test('a client confirms from the reminder’s link on a phone, and the calendar shows the check', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const word = uniqueWord();
  const { id_srv } = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Baño ${word}`,
    descripcion: 'Baño completo con champú neutro, secado y perfume para la prueba.',
    precio: '40',
  });

  // The desk e-mails tomorrow's reminder.
  const { pet, groomer, day, mail, link } = await remindedCita(
    page,
    api,
    id_srv,
    'Carmen',
    `Confirma ${word}`,
  );
  expect(mail).toContain('Confirme o cancele aqu');

  // On the client's phone: one tap, no question.
  await page.setViewportSize(PHONE);
  await page.goto(link);
  const visit = page.getByRole('region', { name: /^Su cita en / });
  await expect(visit).toContainText(pet);
  await visit.getByRole('button', { name: 'Confirmar asistencia' }).click();
  await expect(
    visit.getByRole('status').filter({ hasText: 'Asistencia confirmada' }),
  ).toBeVisible();
  await expect(visit.getByRole('button', { name: 'Confirmar asistencia' })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  // Back at the desk: the card on the calendar carries the check.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/agenda?fecha=${day}&vista=week&emp=${groomer.id_emp}`);
  const card = page.locator('.rbc-event', { hasText: pet });
  await expect(card.getByRole('img', { name: 'Confirmada por el cliente' })).toBeVisible();
});
