import { expect, test, type Page } from './fixtures';
import { limaDay, registerClient, registerGroomer, registerPet, staffApi, uniqueWord } from './api';
import { arrangeVisit, book, weekdayAhead } from './visits';
import { authorizationOf, search, signIn } from './support';

/*
 * Status actions that make sense (statuses §transitions): a cita offers only the changes the
 * transitions table allows from its status, and 'Cancelar' asks for the reason, which the Citas
 * list and the calendar's details then show.
 */

const REQUIRED = 'El motivo de la cancelación es requerido';

/** The cita as the server has it now. */
async function stored(page: Page, id: number) {
  const res = await page.request.get(`/api/cita/${id}`, {
    headers: { authorization: await authorizationOf(page) },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id_est: number; motivo_cancelacion: string | null } })
    .data;
}

/** Submits the 'Cancelar cita' dialog empty (refused), then with the reason. */
async function cancelWithReason(page: Page, reason: string) {
  const dialog = page.getByRole('dialog', { name: 'Cancelar cita' });
  await dialog.getByRole('button', { name: 'Cancelar cita' }).click();
  await expect(dialog.getByText(REQUIRED)).toBeVisible();
  await dialog.getByLabel('Motivo de la cancelación').fill(reason);
  await dialog.getByRole('button', { name: 'Cancelar cita' }).click();
  await expect(page.getByText('Se cambió el estado de la Cita correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('the Citas list offers only what makes sense, and cancels with a reason it shows', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const groomer = await registerGroomer(api, '#6d4c41');
  const visit = await arrangeVisit(api);
  const done = await book(api, visit, `${limaDay(1)}T09:00`, groomer);
  await api.patch('/cita/estado', { cita: done, est: 6 });
  // A Wednesday's 13:00, and a waitlisted client who wants that time.
  const day = weekdayAhead(15, 3);
  const leaving = await book(api, visit, `${day}T13:00`, groomer);
  const waiting = await registerClient(api, uniqueWord(), `Espera ${uniqueWord()}`);
  const waitingPet = uniqueWord();
  const waitingPetId = await registerPet(api, waiting, waitingPet);
  await api.create('/lista-espera/register', {
    dni_cli: waiting.dni,
    id_perro: waitingPetId,
    id_servicio: visit.serviceId,
    dias: [3],
    hora_desde: '13:00',
    hora_hasta: '14:00',
    notas: 'Quiere un turno antes',
  });

  await page.goto('/citas');
  await search(page, 'Mascota', visit.pet);
  const rows = page.getByRole('row', { name: new RegExp(visit.pet.toUpperCase()) });
  await expect(rows).toHaveCount(2);

  // A Completada cita: no En Proceso, no No Asistió, no Cancelar; Programada corrects it.
  const completed = rows.filter({ hasText: 'COMPLETADA' });
  await completed.getByRole('button', { name: /Acciones de/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Programada', exact: true })).toBeVisible();
  for (const absent of ['En Proceso', 'No Asistió', 'Completada', 'Cancelar', 'Eliminar']) {
    await expect(menu.getByRole('menuitem', { name: absent, exact: true })).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // A Programada one is cancelled with its reason; its time goes to the waitlist.
  const upcoming = rows.filter({ hasText: 'PROGRAMADA' });
  await upcoming.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Cancelar', exact: true }).click();
  const reason = `El cliente viaja de improviso ${uniqueWord()}`;
  await cancelWithReason(page, reason);
  const offer = page.getByRole('dialog', { name: 'Ofrecer el espacio libre' });
  await expect(
    offer.getByRole('row', { name: new RegExp(waitingPet.toUpperCase()) }),
  ).toBeVisible();
  await offer.getByRole('button', { name: 'Cerrar' }).click();

  const cancelled = rows.filter({ hasText: 'CANCELADA' });
  await expect(cancelled).toContainText(reason);
  const state = await stored(page, leaving);
  expect(state).toMatchObject({ id_est: 11, motivo_cancelacion: reason });
});

test('a cita is cancelled from the calendar’s details, which then show the reason', async ({
  page,
}) => {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const groomer = await registerGroomer(api, '#00695c');
  const visit = await arrangeVisit(api);
  const day = weekdayAhead(16, 5);
  const id = await book(api, visit, `${day}T17:00`, groomer);

  await page.goto(`/agenda?fecha=${day}&vista=day`);
  const visitCard = page.getByRole('button', { name: new RegExp(visit.pet.toUpperCase()) });
  await visitCard.click();
  const details = page.getByRole('dialog', { name: `Cita de ${visit.pet.toUpperCase()}` });
  await expect(details.getByText('PROGRAMADA')).toBeVisible();
  await details.getByRole('button', { name: 'Cancelar', exact: true }).click();
  const reason = `Mascota enferma ${uniqueWord()}`;
  await cancelWithReason(page, reason);

  await expect(details.getByText('CANCELADA')).toBeVisible();
  await expect(details.getByText('Motivo de cancelación')).toBeVisible();
  await expect(details.getByText(reason)).toBeVisible();
  // Cancelled, it is neither attended nor cancelled again: it can only be brought back.
  for (const absent of ['Cancelar', 'En Proceso', 'Completada', 'No Asistió']) {
    await expect(details.getByRole('button', { name: absent, exact: true })).toHaveCount(0);
  }
  await details.getByRole('button', { name: 'Cerrar' }).click();
  await expect(visitCard).toContainText('Cancelada', { ignoreCase: true });
  expect(await stored(page, id)).toMatchObject({ id_est: 11, motivo_cancelacion: reason });
});
