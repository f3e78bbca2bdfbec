import { CONSENT_MESSAGES } from '@app/domain';
import { expect, test, type Page } from './fixtures';
import {
  limaDay,
  registerClient,
  registerGroomerAccount,
  registerPet,
  registerServiceConsent,
  staffApi,
  uniqueWord,
} from './api';
import { axeFindings } from './axe';
import { search, signIn } from './support';
import { book, registerService } from './visits';

/*
 * Consents (DESIGN §11.8, decisions §consents): a cita whose pet lacks a consent's signature
 * reads 'Sin firmar' in the Citas list, and starting it there or from the groomer's 'Mi día'
 * asks for the reason ('Iniciar sin firma') before it is En Proceso.
 */

const TEXT =
  'Autorizo el deslanado de mi mascota con herramienta de carda. Entiendo que el manto puede ' +
  'verse más ralo unos días mientras crece el pelo nuevo.';
const REASON_LABEL = 'Motivo para iniciar sin firma';
const REASON_REQUIRED = 'Indique el motivo para iniciar sin la firma';
const CHANGED = 'Se cambió el estado de la Cita correctamente';

/**
 * Through the API as the administrator, in the page given: a groomer with an account linked to
 * it, a service of this test with a consent asked only for it, and a pet with two citas of that
 * service today with that groomer, at 10:00 and at 12:00.
 */
async function arrange(admin: Page) {
  await signIn(admin, 'admin', { to: null });
  const api = await staffApi(admin);
  const groomer = await registerGroomerAccount(api, '#5d4037', 'firma');
  const service = await registerService(api, 60);
  const titulo = `Deslanado con carda ${uniqueWord()}`;
  await registerServiceConsent(api, service.id_srv, titulo, TEXT);
  const client = await registerClient(api, uniqueWord(), `Inicio ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const visit = { client, petId, pet, serviceId: service.id_srv };
  await book(api, visit, `${limaDay(0)}T10:00`, groomer);
  await book(api, visit, `${limaDay(0)}T12:00`, groomer);
  return { login: groomer.login, titulo, pet, service: service.nombre };
}

test('an unsigned cita reads Sin firmar and starts from the Citas list and Mi día with a reason', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  const { login, titulo, pet, service } = await arrange(admin);
  const PET = pet.toUpperCase();
  const refusal = CONSENT_MESSAGES.unsignedToStart(titulo);

  // The Citas list: both citas read 'Sin firmar'; the 10:00 one is started from its menu.
  await admin.goto('/citas');
  await search(admin, 'Mascota', pet);
  const rows = admin.getByRole('row', { name: new RegExp(PET) });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row.getByText('Sin firmar')).toBeVisible();
  const first = rows.filter({ hasText: '10:00' });
  await first.getByRole('button', { name: /Acciones de/ }).click();
  await admin.getByRole('menuitem', { name: 'En Proceso', exact: true }).click();
  await admin.getByRole('button', { name: '¡Sí, proceder!' }).click();

  const listDialog = admin.getByRole('dialog', { name: 'Iniciar sin firma' });
  await expect(listDialog).toContainText(refusal);
  await listDialog.getByRole('button', { name: 'Iniciar sin firma' }).click();
  await expect(listDialog.getByText(REASON_REQUIRED)).toBeVisible();
  await listDialog.getByLabel(REASON_LABEL).fill('La dueña firmará al recoger');
  expect(await axeFindings(admin)).toEqual([]);
  await listDialog.getByRole('button', { name: 'Iniciar sin firma' }).click();
  await expect(admin.getByText(CHANGED)).toBeVisible();
  await expect(listDialog).toBeHidden();
  await expect(first).toContainText('EN PROCESO');
  await context.close();

  // Mi día, as the groomer: 'Iniciar' on the 12:00 one asks the same, with one tap.
  await signIn(page, login, { to: '/mi-dia' });
  const card = page.getByRole('article', { name: `${PET} · ${service}` }).filter({
    hasText: '12:00 – 13:00',
  });
  await expect(card.getByText('Sin firmar')).toBeVisible();
  await card.getByRole('button', { name: `Iniciar la cita de ${PET}` }).click();
  const dayDialog = page.getByRole('dialog', { name: 'Iniciar sin firma' });
  await expect(dayDialog).toContainText(refusal);
  await expect(page.getByText(/¿Está seguro/)).toHaveCount(0);
  await dayDialog.getByLabel(REASON_LABEL).fill('El dueño está en camino para firmar');
  expect(await axeFindings(page)).toEqual([]);
  await dayDialog.getByRole('button', { name: 'Iniciar sin firma' }).click();
  await expect(page.getByText(CHANGED)).toBeVisible();
  await expect(dayDialog).toBeHidden();
  await expect(card.getByText('EN PROCESO', { exact: true })).toBeVisible();
});
