import { COAT_STATE_NAMES } from '@app/domain';
import { expect, test, type Page } from './fixtures';
import {
  limaDay,
  registerClient,
  registerGroomer,
  registerPet,
  registerService,
  shownDate,
  staffApi,
  uniqueWord,
} from './api';
import { axeFindings } from './axe';
import { expectConsentPdf, search, signIn } from './support';
import { book } from './visits';

/*
 * DESIGN §11.8 from the client's and the pet's pages: the consents signed for any of a client's
 * pets open from the Clientes list, each naming its pet and with its PDF; the report card the
 * groomer left is kept in the pet's history and opens from the visit there.
 */

/** A 1×1 PNG: the owner's signature. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const TEXT =
  'Autorizo el baño medicado de mi mascota y entiendo que su piel puede quedar sensible ' +
  'por unos días después del servicio.';

/**
 * Through the API as the administrator: a client with a pet, a visit of today with a groomer,
 * started (En Proceso) and with its report card; then a consent asked only for the visit's
 * service (created after the start, which then needed no signature), signed at the counter.
 */
async function arrange(page: Page) {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const groomer = await registerGroomer(api, '#00695c');
  const service = await registerService(api, `Baño medicado ${uniqueWord()}`, '55');
  const client = await registerClient(api, uniqueWord(), `Firmas ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const id = await book(
    api,
    { client, petId, pet, serviceId: service.id_srv },
    `${limaDay(0)}T09:00`,
    groomer,
  );
  await api.patch('/cita/estado', { cita: id, est: 5 });
  await api.create(`/cita/${id}/ficha`, {
    pelaje: 'enredado',
    trabajos: ['Baño', 'Corte de uñas'],
    comportamiento: 4,
    notas: 'Tranquilo',
    proxima_semanas: 6,
  });
  const titulo = `Baño medicado ${uniqueWord()}`;
  const consent = await api.create<{ id_consentimiento: number }>('/consentimiento/register', {
    titulo,
    texto: TEXT,
    aplica: 'servicio',
    servicios: [service.id_srv],
    paquetes: [],
  });
  await api.create('/consentimiento/firmar', {
    id_consentimiento: consent.id_consentimiento,
    id_perro: petId,
    firmante: 'Rosa Quispe',
    firma: SIGNATURE,
  });
  return {
    client: `${client.name} ${client.surname}`.toUpperCase(),
    dni: client.dni,
    pet: pet.toUpperCase(),
    titulo,
  };
}

test('the client’s signed consents open from Clientes and the visit’s card from the pet’s history', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { client, dni, pet, titulo } = await arrange(page);
  const today = shownDate(limaDay(0));

  // Clientes › the client's row › 'Consentimientos firmados': the signature names its pet.
  await page.goto('/clientes');
  await search(page, 'Buscar cliente (nombre, apellido o DNI)', dni);
  const row = page.getByRole('row', { name: new RegExp(dni) });
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Consentimientos firmados' }).click();
  const signed = page.getByRole('dialog', { name: `Consentimientos firmados de ${client}` });
  const signature = signed.getByRole('listitem').filter({ hasText: titulo });
  await expect(signature).toContainText(`Mascota: ${pet}`);
  await expect(signature).toContainText(`Firmado por Rosa Quispe el ${today}`);
  await expect(signature).toContainText('(versión 1) · Testigo: admin');
  expect(await axeFindings(page)).toEqual([]);

  // 'Ver PDF' fetches the signed PDF with the session and hands it to the browser.
  await expectConsentPdf(
    page,
    signature.getByRole('button', { name: `Ver PDF de ${titulo} de ${pet} del ${today}` }),
    /\/api\/firma\/\d+\/pdf$/,
  );
  await signed.getByRole('button', { name: 'Cerrar' }).click();
  await expect(signed).toBeHidden();

  // Mascotas › the pet's row › 'Ver historial' › today's visit › 'Ver ficha del …'.
  await page.goto(`/mascotas?search=${pet}&ficial=&final=`);
  await page
    .getByRole('row', { name: new RegExp(pet) })
    .getByRole('button', { name: /Acciones de/ })
    .click();
  await page.getByRole('menuitem', { name: 'Ver historial' }).click();
  const timeline = page.getByRole('dialog', { name: `Historial de ${pet}` });
  await timeline.getByRole('button', { name: `Ver ficha del ${today}` }).click();
  const card = page.getByRole('dialog', { name: `Ficha de ${pet} del ${today}` });
  const details: [string, string | RegExp][] = [
    ['Pelaje al llegar', COAT_STATE_NAMES.enredado],
    ['Comportamiento', '4 de 5'],
    ['Notas', 'Tranquilo'],
    ['Próxima visita sugerida', shownDate(limaDay(42))],
    ['Registrada por', new RegExp(`^admin, el ${today} \\d{2}:\\d{2}$`)],
  ];
  for (const [term, value] of details) {
    await expect(card.getByRole('term').filter({ hasText: term })).toBeVisible();
    await expect(card.getByRole('definition').filter({ hasText: value })).toBeVisible();
  }
  const work = card.getByRole('definition').getByRole('listitem');
  await expect(work).toHaveText(['Baño', 'Corte de uñas']);
  expect(await axeFindings(page)).toEqual([]);

  await card.getByRole('button', { name: 'Cerrar' }).click();
  await expect(card).toBeHidden();
  await expect(timeline.getByRole('button', { name: `Ver ficha del ${today}` })).toBeFocused();
});
