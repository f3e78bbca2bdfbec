import { CONSENT_APPLIES_NAMES, CONSENT_MESSAGES } from '@app/domain';
import { expect, test, type Page } from './fixtures';
import {
  limaDay,
  registerClient,
  registerPet,
  staffApi,
  uniqueWord,
  type CreatedClient,
  type StaffApi,
} from './api';
import { axeFindings } from './axe';
import { expectConsentPdf, field, search, sidenav, signIn } from './support';

/*
 * Consents (DESIGN §11.8): a template an admin wrote for one service is asked in that service's
 * citas; the owner signs it at the counter on the signature pad, the cita shows who signed and
 * opens the PDF; a cita still unsigned starts only with a reason.
 */

const TEXT =
  'Autorizo el rapado completo de mi mascota por nudos en el pelaje. Entiendo que la piel ' +
  'puede quedar sensible unos días y que el pelo vuelve a crecer con el tiempo.';

/** No serious or critical axe finding on the page. */
async function expectNoAxeViolations(page: Page) {
  expect(await axeFindings(page)).toEqual([]);
}

interface Arranged {
  api: StaffApi;
  titulo: string;
  client: CreatedClient;
  pet: string;
}

/** A service, a consent asked for it, and a client's pet with a cita of it today. */
async function arrange(page: Page): Promise<Arranged> {
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const service = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Rapado firma ${uniqueWord()}`,
    descripcion: 'Rapado completo por nudos, con baño y secado, para la prueba de firmas.',
    precio: '70',
    duracion: 60,
  });
  // For this service only: a yearly or first-visit template would be asked of every cita.
  const titulo = `Rapado por nudos ${uniqueWord()}`;
  await api.create('/consentimiento/register', {
    titulo,
    texto: TEXT,
    aplica: 'servicio',
    servicios: [service.id_srv],
    paquetes: [],
  });
  const client = await registerClient(api, uniqueWord(), `Firma ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  await api.create('/cita/register', {
    fec_cita: `${limaDay(0)}T10:00`,
    dni_cli: client.dni,
    id_cliente: client.id_cli,
    id_perro: petId,
    id_servicio: service.id_srv,
    fech_reg: limaDay(0),
    obs: 'Cita de prueba de consentimientos',
  });
  return { api, titulo, client, pet };
}

/** The cita's details from today's agenda. */
async function openDetails(page: Page, pet: string) {
  await page.goto(`/agenda?fecha=${limaDay(0)}&vista=day`);
  await page.getByRole('button', { name: new RegExp(pet.toUpperCase()) }).click();
  return page.getByRole('dialog', { name: new RegExp(`^Cita de ${pet.toUpperCase()}`) });
}

test('the owner signs a service consent on the pad, and the cita shows it signed with its PDF', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { titulo, client, pet } = await arrange(page);

  const details = await openDetails(page, pet);
  const section = details.getByRole('region', { name: 'Consentimientos' });
  const consent = section.getByRole('listitem').filter({ hasText: titulo });
  await expect(details.getByRole('heading').getByText('Sin firmar')).toBeVisible();
  await expect(consent.getByText('Sin firmar')).toBeVisible();

  await consent.getByRole('button', { name: 'Firmar' }).click();
  const sign = page.getByRole('dialog', { name: titulo });
  await expect(sign.getByRole('region', { name: 'Texto del consentimiento' })).toContainText(
    'Autorizo el rapado completo',
  );
  await expect(sign.getByLabel('Nombre de quien firma')).toHaveValue(
    `${client.name} ${client.surname}`,
  );
  // Nothing drawn: the signature is asked for under the pad.
  await sign.getByRole('button', { name: 'Guardar firma' }).click();
  await expect(sign.getByText(CONSENT_MESSAGES.signatureRequired)).toBeVisible();

  const pad = sign.getByRole('img', { name: 'Firma' });
  await expect(pad).toHaveAccessibleDescription(CONSENT_MESSAGES.signatureRequired);
  // The pad's library loads with it: strokes count once it is no longer busy.
  await expect(pad).not.toHaveAttribute('aria-busy');
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 3, y - 40, { steps: 8 });
  await page.mouse.move(box.x + (box.width * 2) / 3, y + 30, { steps: 8 });
  await page.mouse.move(box.x + box.width - 30, y - 10, { steps: 8 });
  await page.mouse.up();
  await expect(pad).toHaveAccessibleDescription('Firme con el dedo o el mouse');
  await sign.getByLabel('Nombre de quien firma').fill('Rosa Quispe');
  await expectNoAxeViolations(page);

  await sign.getByRole('button', { name: 'Guardar firma' }).click();
  await expect(page.getByText(CONSENT_MESSAGES.signed)).toBeVisible();
  await expect(sign).toBeHidden();
  const today = limaDay(0).split('-').reverse().join('/');
  await expect(consent).toContainText(`Firmado por Rosa Quispe el ${today} (versión 1)`);
  await expect(details.getByText('Sin firmar')).toHaveCount(0);

  // 'Ver PDF' fetches the signed PDF with the session and hands it to the browser.
  await expectConsentPdf(
    page,
    consent.getByRole('button', { name: 'Ver PDF' }),
    /\/api\/firma\/\d+\/pdf$/,
  );

  // SERVICIOS › Consentimientos lists the template, asked for some services, at version 1;
  // a new text is version 2.
  await details.getByRole('button', { name: 'Cerrar' }).click();
  await expect(details).toBeHidden();
  await sidenav(page).getByRole('link', { name: 'Consentimientos' }).click();
  await search(page, 'Buscar por título', titulo);
  const row = page.getByRole('row', { name: new RegExp(titulo) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(CONSENT_APPLIES_NAMES.servicio);
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(row).toContainText('ACTIVO');
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Consentimiento' });
  await expect(field(edit, 'Servicios y paquetes')).toContainText(/RAPADO FIRMA/);
  await field(edit, 'Texto').fill(`${TEXT} El secado se hace con aire tibio.`);
  await expectNoAxeViolations(page);
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText(CONSENT_MESSAGES.updated)).toBeVisible();
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // The pet's signed consents, from the pets list: the signature keeps its version.
  await sidenav(page).getByRole('link', { name: 'Mascotas/Perros' }).click();
  await search(page, 'Buscar por mascota, raza o dueño', pet);
  const petRow = page.getByRole('row', { name: new RegExp(pet.toUpperCase()) });
  await petRow.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Consentimientos firmados' }).click();
  const signed = page.getByRole('dialog', {
    name: `Consentimientos firmados de ${pet.toUpperCase()}`,
  });
  await expect(signed.getByRole('listitem').filter({ hasText: titulo })).toContainText(
    /Firmado por Rosa Quispe el .+ \(versión 1\)/,
  );
  await expectNoAxeViolations(page);
});

test('a cita whose consent is unsigned starts only with the reason given', async ({ page }) => {
  const { pet, titulo } = await arrange(page);
  const details = await openDetails(page, pet);
  await details.getByRole('button', { name: 'En Proceso' }).click();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();

  const reason = page.getByRole('dialog', { name: 'Iniciar sin firma' });
  await expect(reason).toContainText(CONSENT_MESSAGES.unsignedToStart(titulo));
  await reason.getByLabel('Motivo para iniciar sin firma').fill('La dueña firmará al recoger');
  await expectNoAxeViolations(page);
  await reason.getByRole('button', { name: 'Iniciar sin firma' }).click();
  await expect(page.getByText('Se cambió el estado de la Cita correctamente')).toBeVisible();
  await expect(reason).toBeHidden();
});
