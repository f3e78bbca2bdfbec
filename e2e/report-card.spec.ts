import { COAT_STATE_NAMES, REPORT_CARD_MESSAGES } from '@app/domain';
import { expect, test, type Browser } from './fixtures';
import {
  limaDay,
  registerClient,
  registerGroomerAccount,
  registerPet,
  registerService,
  shownDate,
  staffApi,
  uniqueWord,
} from './api';
import { axeFindings } from './axe';
import { authorizationOf, signIn } from './support';
import { book } from './visits';
import { mailTo } from './outbox';

/*
 * Issue 38 §4, the visit's report card: from 'Mi día' on a phone the groomer fills the card of a
 * visit under way (the coat, the work done ticked from the service's suggestions plus one of
 * their own, the behaviour, notes, the weeks to the next visit), saves it, and gets the link to
 * send by WhatsApp; the link opens the owner's page with the pet, the work and the day to return.
 */

/** A 1×1 PNG: the visit's before and after photos. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const NOTES = 'Llegó con nudos detrás de las orejas; se portó muy bien en el secado.';

/**
 * Through the API as the administrator, in a page of its own: a groomer with an account, a
 * service whose name mentions two common items, a client with a pet, and a visit of today with
 * that groomer, already started (En Proceso), with a photo before and one after.
 */
async function arrange(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, 'admin', { to: null });
  const api = await staffApi(admin);
  const groomer = await registerGroomerAccount(api, '#6a1b9a', 'ficha');
  const service = await registerService(api, `Baño y corte de uñas ${uniqueWord()}`, '50');
  const client = await registerClient(api, uniqueWord(), `Ficha ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const id = await book(
    api,
    { client, petId, pet, serviceId: service.id_srv },
    `${limaDay(0)}T09:00`,
    groomer,
  );
  await api.patch('/cita/estado', { cita: id, est: 5 });
  const authorization = await authorizationOf(admin);
  for (const momento of ['antes', 'despues']) {
    // Multipart, as the phone's camera sends it.
    const res = await admin.request.post('/api/cita/foto', {
      headers: { authorization },
      multipart: {
        json: JSON.stringify({ id_cita: id, momento }),
        foto: { name: `${momento}.png`, mimeType: 'image/png', buffer: PIXEL },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await context.close();
  return { login: groomer.login, pet: pet.toUpperCase(), service: service.nombre, dni: client.dni };
}

test('a groomer fills the visit’s card on a phone and its link opens the owner’s page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { login, pet, service, dni } = await arrange(browser, baseURL);
  await signIn(page, login, { to: '/mi-dia' });

  const card = page.getByRole('article', { name: `${pet} · ${service}` });
  await card.getByRole('button', { name: `Ficha de la cita de ${pet}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ficha de la visita' });

  // The service booked and the common items its name mentions come ticked.
  const work = dialog.getByRole('group', { name: 'Trabajos realizados' });
  await expect(work.getByRole('checkbox', { name: service })).toBeChecked();
  await expect(work.getByRole('checkbox', { name: 'Baño', exact: true })).toBeChecked();
  await expect(work.getByRole('checkbox', { name: 'Corte de uñas', exact: true })).toBeChecked();
  await expect(work.getByRole('checkbox', { name: 'Secado' })).not.toBeChecked();
  await expect(dialog.getByLabel('Próxima visita en (semanas)')).toHaveValue('4');
  expect(await axeFindings(page)).toEqual([]);

  await dialog.getByRole('radio', { name: COAT_STATE_NAMES.enredado }).check();
  await work.getByRole('checkbox', { name: 'Secado' }).check();
  await work.getByRole('checkbox', { name: 'Corte de uñas', exact: true }).uncheck();
  await work.getByLabel('Otro trabajo').fill('Perfume de coco');
  await work.getByLabel('Otro trabajo').press('Enter');
  await expect(work.getByRole('checkbox', { name: 'Perfume de coco' })).toBeChecked();
  // The stars by keyboard: each is a radio named 'N de 5'.
  const behaviour = dialog.getByRole('group', { name: 'Comportamiento' });
  await behaviour.getByRole('radio', { name: '4 de 5' }).focus();
  await page.keyboard.press('Space');
  await expect(behaviour.getByRole('radio', { name: '4 de 5' })).toBeChecked();
  await dialog.getByLabel('Notas').fill(NOTES);
  const next = shownDate(limaDay(42));
  await dialog.getByLabel('Próxima visita en (semanas)').fill('6');
  await expect(dialog.getByText(`Se sugerirá volver el ${next}`)).toBeVisible();
  await dialog
    .getByRole('checkbox', { name: 'Enviar también el enlace por e-mail al cliente' })
    .check();
  await dialog.getByRole('button', { name: 'Guardar ficha' }).click();

  // The link, only answered now: e-mailed as asked, and to the owner's WhatsApp, or copied.
  const address = `cliente.${dni}@gmail.com`;
  await expect(dialog.getByRole('status')).toHaveText(REPORT_CARD_MESSAGES.savedAndMailed(address));
  const url = await dialog.getByLabel('Enlace de la ficha').inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ficha\/[\w-]{40,}$/);
  expect(await mailTo(address)).toContain(url);
  const whatsapp = dialog.getByRole('link', { name: /^Enviar por WhatsApp/ });
  const href = new URL((await whatsapp.getAttribute('href')) ?? '');
  expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/51987123456');
  expect(href.searchParams.get('text')).toBe(
    `Hola, le compartimos la ficha de la visita de ${pet}: ${url}`,
  );
  await expect(dialog.getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // The owner's page: the pet, the work done in the order ticked, the behaviour, the notes and
  // the day to come back.
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(`¡${pet} ya está listo(a)!`);
  await expect(
    page.getByRole('list', { name: 'Trabajos realizados' }).getByRole('listitem'),
  ).toHaveText([service, 'Baño', 'Secado', 'Perfume de coco']);
  await expect(page.getByText(COAT_STATE_NAMES.enredado)).toBeVisible();
  await expect(page.getByText('Comportamiento: 4 de 5')).toBeVisible();
  await expect(page.getByText(NOTES)).toBeVisible();
  await expect(page.getByText(`Le sugerimos volver el ${next}`)).toBeVisible();
  for (const alt of [`${pet}, antes del servicio`, `${pet}, después del servicio`]) {
    const photo = page.getByRole('img', { name: alt });
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toHaveJSProperty('complete', true);
    await expect(photo).not.toHaveJSProperty('naturalWidth', 0);
  }
  expect(await axeFindings(page)).toEqual([]);

  // A link the server does not know says so, in its words.
  await page.goto(`/ficha/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    REPORT_CARD_MESSAGES.linkInvalid,
  );
});
