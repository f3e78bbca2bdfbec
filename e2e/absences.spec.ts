import { expect, test } from './fixtures';
import { axeFindings } from './axe';
import { limaDay, registerGroomer, staffApi, uniqueWord } from './api';
import { settle } from './routes';
import { authorizationOf, signIn } from './support';
import { arrangeVisit, weekdayAhead } from './visits';

/*
 * A groomer's time off (DESIGN §11.4) as the salon meets it: entered under Empleados, greyed
 * with its reason in the groomer's column of the calendar, and a booking into it refused.
 */

test('greys a groomer’s time off with its reason, lists it, and refuses a booking in it', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const groomer = await registerGroomer(api, '#6a1b9a');
  const visit = await arrangeVisit(api);
  const day = weekdayAhead(12);
  const motivo = `Capacitación ${uniqueWord()}`;
  const absence = await api.create<{ citas_afectadas: number }>('/ausencias', {
    id_emp: groomer.id_emp,
    desde: `${day}T11:00`,
    hasta: `${day}T13:00`,
    motivo,
  });
  expect(absence.citas_afectadas).toBe(0);

  // The groomer's day: their column alone, the time off greyed between 11:00 and 13:00.
  await page.goto(`/agenda?fecha=${day}&vista=day&emp=${groomer.id_emp}`);
  await expect(page.locator('.rbc-time-view')).toBeVisible();
  const block = page.locator('.rbc-background-event', { hasText: `Ausente · ${motivo}` });
  await expect(block).toBeVisible();
  await expect(block).toHaveAttribute('title', new RegExp(motivo));
  const line = (time: string) =>
    page
      .locator('.rbc-time-gutter .rbc-label')
      .filter({ hasText: new RegExp(`^${time}$`) })
      .boundingBox();
  const [box, from, to] = [await block.boundingBox(), await line('11:00'), await line('13:00')];
  // An hour is 96 px: within a few pixels of its lines (the labels sit just under them).
  expect(Math.abs(box!.y - from!.y)).toBeLessThan(8);
  expect(Math.abs(box!.y + box!.height - to!.y)).toBeLessThan(8);
  expect(await axeFindings(page)).toEqual([]);

  // Booked through the API, as another counter would: refused with the reason the page gives.
  const booking = await page.request.post('/api/cita/register', {
    headers: { authorization: await authorizationOf(page) },
    data: {
      json: JSON.stringify({
        fec_cita: `${day}T12:00`,
        dni_cli: visit.client.dni,
        id_cliente: visit.client.id_cli,
        id_perro: visit.petId,
        id_servicio: visit.serviceId,
        id_emp: groomer.id_emp,
        fech_reg: limaDay(0),
        obs: 'En la ausencia del groomer',
      }),
    },
  });
  expect(booking.status()).toBe(409);
  expect(((await booking.json()) as { message: string }).message).toBe(
    'El groomer no atiende en ese horario',
  );

  // Under Empleados, the groomer's 'Ausencias' list it, and the dialog passes axe.
  const surname = groomer.name.split(' ')[1];
  await page.goto(`/empleados?search=${surname.toLowerCase()}`);
  await settle(page);
  await page
    .getByRole('row', { name: new RegExp(surname, 'i') })
    .getByRole('button', { name: /Acciones de/ })
    .click();
  await page.getByRole('menuitem', { name: 'Ausencias' }).click();
  const dialog = page.getByRole('dialog', { name: /^Ausencias de/ });
  await expect(dialog.getByRole('row', { name: new RegExp(motivo) })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});
