import { expect, test, type Browser } from './fixtures';
import { limaDay, registerClient, registerGroomerAccount, staffApi, uniqueWord } from './api';
import { axeFindings } from './axe';
import { PASSWORD, signIn } from './support';
import { book, registerService, type Visit } from './visits';

/*
 * Issue 30 §5, a groomer's own day: signing in lands on 'Mi día', the visit shows its pet's
 * alerts first, one tap starts it and one completes it (no '¿Está seguro?'), no visit shows
 * its price, and 'Avisar que está listo' is a wa.me chat with the owner.
 */

const NOTES = 'Sujetar con bozal al cortar las uñas';

interface Arranged {
  login: string;
  visit: Visit;
  service: string;
}

/**
 * Through the API as the administrator, in a page of its own (the test's page stays signed
 * out): a groomer employee with an account linked to it, a client whose pet bites, and a visit
 * of today at 10:00 with that groomer.
 */
async function arrange(browser: Browser, baseURL: string | undefined): Promise<Arranged> {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, 'admin', { to: null });
  const api = await staffApi(admin);
  const groomer = await registerGroomerAccount(api, '#2e7d32', 'midia');
  const client = await registerClient(api, uniqueWord(), `Midia ${uniqueWord()}`);
  const pet = uniqueWord();
  const { id_perro } = await api.create<{ id_perro: number }>('/mascota/register', {
    nombre: pet,
    raza: 'Schnauzer',
    dniCliente: client.dni,
    alertas: ['muerde'],
    notas_cuidado: NOTES,
  });
  const { id_srv, nombre } = await registerService(api, 60);
  const visit: Visit = { client, petId: id_perro, pet, serviceId: id_srv };
  await book(api, visit, `${limaDay(0)}T10:00`, groomer);
  await context.close();
  return { login: groomer.login, visit, service: nombre };
}

const VIEWPORTS = [
  { name: 'a tablet', size: { width: 820, height: 1180 } },
  { name: 'a phone', size: { width: 390, height: 844 } },
] as const;

for (const { name, size } of VIEWPORTS) {
  test(`on ${name}, a groomer lands on Mi día and attends a visit with one tap each`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    const { login, visit, service } = await arrange(browser, baseURL);
    const pet = visit.pet.toUpperCase();

    // Signing in as the groomer, through the form: their own day is the landing.
    await page.goto('/login');
    await page.getByLabel('Usuario').fill(login);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/mi-dia$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mi día');

    // The visit, its pet's alerts before anything else.
    const card = page.getByRole('article', { name: `${pet} · ${service}` });
    await expect(card).toBeVisible();
    await expect(card).toHaveText(/^Muerde/);
    await expect(card.getByText(NOTES)).toBeVisible();
    await expect(card.getByText('10:00 – 11:00')).toBeVisible();

    // One tap starts it, one completes it: no confirmation in between.
    const changed = page.getByText('Se cambió el estado de la Cita correctamente');
    await card.getByRole('button', { name: `Iniciar la cita de ${pet}` }).click();
    await expect(card.getByText('EN PROCESO', { exact: true })).toBeVisible();
    await expect(page.getByText(/¿Está seguro/)).toHaveCount(0);
    await expect(changed).toBeVisible();
    await expect(card.getByRole('button', { name: /^Iniciar/ })).toHaveCount(0);
    await card.getByRole('button', { name: `Completar la cita de ${pet}` }).click();
    await expect(card.getByText('COMPLETADA', { exact: true })).toBeVisible();
    await expect(page.getByText(/¿Está seguro/)).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Completar/ })).toHaveCount(0);

    // 'Avisar que está listo': a chat with the owner's mobile saying the pet may be picked up.
    const ready = card.getByRole('link', { name: /^Avisar que está listo/ });
    const href = new URL((await ready.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/51987123456');
    expect(href.searchParams.get('text')).toMatch(
      new RegExp(`^¡Hola ${visit.client.name}! ${visit.pet} ya está listo\\(a\\) para recoger en `),
    );

    // No price of the visit, in its card nor in its details: the only money on the screen is
    // the groomer's own 'Mis comisiones' (e2e/my-commission.spec.ts).
    await card.getByRole('button', { name: `Detalles de la cita de ${pet}` }).click();
    const details = page.getByRole('dialog', { name: `Cita de ${pet}` });
    await expect(details.getByText('COMPLETADA', { exact: true })).toBeVisible();
    await expect(details.getByText('Precio')).toHaveCount(0);
    await expect(details).not.toContainText('S/.');
    await details.getByRole('button', { name: 'Cerrar' }).click();
    await expect(details).toHaveCount(0);
    await expect(card).not.toContainText('S/.');
    expect(await axeFindings(page)).toEqual([]);
  });
}
