import { createHmac } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { limaDay, registerClient, registerPet, staffApi, uniqueDni, uniqueWord } from './api';
import { axeFindings } from './axe';
import { linkIn, mailTo } from './outbox';
import { authorizationOf, setDarkMode, signIn } from './support';

/*
 * What clients send the salon, as staff see it (issue 35, DESIGN §11.5): a vaccine card a client
 * uploaded from /mi-cuenta waits in CLIENTES › 'Carnés por revisar' until staff accept it (the
 * vaccine lands on the pet) or reject it; WhatsApp set up in Ajustes › 'WhatsApp' brings the
 * clients' messages to AGENDA › 'Mensajes'. The card comes through the portal's API and the
 * message through the webhook, signed as Meta signs it.
 */

/** A 1×1 PNG: what a phone's photo of the vaccination card stands for. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The client's portal credential, as /mi-cuenta gets it: the link mailed to their address, then
 * the session it opens.
 */
async function portalSession(page: Page, email: string): Promise<string> {
  const asked = await page.request.post('/api/public/portal/enlace', { data: { email } });
  expect(asked.status(), await asked.text()).toBe(200);
  const link = new URL(linkIn(await mailTo(email), /\/mi-cuenta\?token=[\w-]+/));
  const token = link.searchParams.get('token');
  const session = await page.request.post('/api/public/portal/sesion', { data: { token } });
  expect(session.status(), await session.text()).toBe(200);
  return ((await session.json()) as { data: { token: string } }).data.token;
}

/** A vaccine card sent from the portal, as its form sends it: the fields and the picture. */
async function sendCard(page: Page, credential: string, petId: number, nombre: string) {
  const res = await page.request.post(`/api/portal/mascota/${petId}/vacuna`, {
    headers: { authorization: credential },
    multipart: {
      json: JSON.stringify({
        nombre,
        fecha_aplicacion: limaDay(-10),
        fecha_vence: limaDay(355),
      }),
      comprobante: { name: 'carne.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('staff accept one vaccine card a client sent and reject another with a reason', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'recepcion', { to: null });
  const api = await staffApi(page);
  const word = uniqueWord();
  const owner = await registerClient(api, 'Rosa', `Carnés ${word}`);
  const pet = `Toby ${word}`;
  const petId = await registerPet(api, owner, pet);

  const credential = await portalSession(page, `cliente.${owner.dni}@gmail.com`);
  await sendCard(page, credential, petId, 'Antirrábica');
  await sendCard(page, credential, petId, 'Séxtuple');

  // The bell tells staff, and leads to the screen.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Notificaciones: [1-9]\d*$/ }).click();
  await page.getByRole('menuitem', { name: /^Carnés de vacunas por revisar: \d+$/ }).click();
  await expect(page).toHaveURL(/\/carnes-por-revisar$/);

  const petName = pet.toUpperCase();
  const rabies = page.getByRole('article', { name: `Antirrábica — ${petName}` });
  await expect(rabies).toContainText(`ROSA CARNÉS ${word.toUpperCase()}`);
  const picture = rabies.getByRole('img', { name: `Foto del carné de Antirrábica de ${petName}` });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: { naturalWidth: number }) => img.naturalWidth))
    .toBe(1);
  expect(await axeFindings(page)).toEqual([]);
  await setDarkMode(page, true);
  await page.reload();
  await expect(picture).toBeVisible();
  expect(await axeFindings(page, ['color-contrast'])).toEqual([]);
  await setDarkMode(page, false);
  await page.reload();

  await rabies
    .getByRole('button', { name: `Aceptar el carné de Antirrábica de ${petName}` })
    .click();
  await expect(
    page.getByText('Carné aceptado: la vacuna quedó registrada en la mascota'),
  ).toBeVisible();
  await expect(rabies).toHaveCount(0);

  // The vaccine is the pet's now, the card's picture its proof.
  const vaccines = await page.request.get(`/api/perro/${petId}/vacunas`, {
    headers: { authorization: await authorizationOf(page) },
  });
  const list = ((await vaccines.json()) as { data: { nombre: string; comprobante_url: string }[] })
    .data;
  expect(list.map((v) => v.nombre)).toEqual(['Antirrábica']);
  expect(list[0]?.comprobante_url).toMatch(/^\/api\/vacunas\/comprobante\//);

  // Rejecting asks why; without a reason it says so and changes nothing.
  const sextuple = page.getByRole('article', { name: `Séxtuple — ${petName}` });
  await sextuple
    .getByRole('button', { name: `Rechazar el carné de Séxtuple de ${petName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar carné' });
  await dialog.getByRole('button', { name: 'Rechazar carné' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Motivo' })).toHaveAccessibleDescription(
    'Ingrese el motivo',
  );
  expect(await axeFindings(page)).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('La foto no deja leer la fecha');
  await dialog.getByRole('button', { name: 'Rechazar carné' }).click();
  await expect(page.getByText('Carné rechazado', { exact: true })).toBeVisible();
  await expect(sextuple).toHaveCount(0);
});

/** The webhook's POST as Meta sends it: the JSON and its HMAC-SHA256 with the app secret. */
async function deliver(page: Page, appSecret: string, notification: object) {
  const body = JSON.stringify(notification);
  const signature = createHmac('sha256', appSecret).update(body).digest('hex');
  const res = await page.request.post('/api/public/whatsapp', {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('Mensajes says WhatsApp is not set up; once set up in Ajustes, a client’s message is there to answer', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const headers = { authorization: await authorizationOf(page) };
  const before = await page.request.get('/api/ajustes/whatsapp', { headers });
  expect(before.status(), await before.text()).toBe(200);
  const settings = ((await before.json()) as { data: { activo: boolean } }).data;

  if (!settings.activo) {
    await page.goto('/mensajes');
    await expect(page.getByText('WhatsApp no está configurado')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Configurar WhatsApp en Ajustes' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('link', { name: 'Configurar WhatsApp en Ajustes' }).click();
    await expect(page).toHaveURL(/\/ajustes#whatsapp$/);
  } else {
    await page.goto('/ajustes#whatsapp');
  }

  // Ajustes › 'WhatsApp', saved through the screen; the secrets are write-only.
  await expect(page.getByRole('tab', { name: 'WhatsApp' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const appSecret = `secreto-${uniqueWord()}`;
  await page.getByRole('checkbox', { name: 'Activar WhatsApp Cloud API' }).check();
  await page
    .getByRole('textbox', { name: 'Identificador del número (Phone number ID)' })
    .fill('109876543210');
  await page.getByLabel('Token de acceso').fill('EAAG-token-de-prueba');
  await page.getByLabel('Clave secreta de la aplicación (App secret)').fill(appSecret);
  await page.getByLabel('Token de verificación del webhook').fill('huellitas-verifica');
  await page
    .getByRole('textbox', { name: 'Plantilla de recordatorio aprobada' })
    .fill('recordatorio_cita');
  await page.getByRole('button', { name: 'Guardar WhatsApp' }).click();
  await expect(page.getByText('Ajustes de WhatsApp guardados')).toBeVisible();
  await expect(page.getByLabel('Token de acceso')).toHaveValue('');
  await expect(page.getByLabel('Token de acceso')).toHaveAccessibleDescription(
    'Guardado: déjelo vacío para no cambiarlo',
  );
  await expect(page.getByRole('textbox', { name: 'URL del webhook' })).toHaveValue(
    /\/api\/public\/whatsapp$/,
  );
  expect(await axeFindings(page)).toEqual([]);

  // A client writes: Meta calls the webhook, signed with the app secret.
  const word = uniqueWord();
  const text = `Hola, ¿tienen cupo mañana para ${word}?`;
  // A number of this run's own: an earlier run's conversation would count its message too.
  const mobile = `9${uniqueDni()}`;
  await deliver(page, appSecret, {
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: '109876543210' },
              messages: [
                {
                  from: `51${mobile}`,
                  id: `wamid.${word}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });

  await page.goto('/mensajes');
  await expect(page.getByText('WhatsApp no está configurado')).toHaveCount(0);
  const conversation = page
    .getByRole('list', { name: 'Conversaciones' })
    .getByRole('button')
    .filter({ hasText: text });
  await expect(conversation).toContainText(mobile);
  await expect(conversation.getByLabel('1 mensaje sin responder')).toBeVisible();
  await conversation.click();
  await expect(page).toHaveURL(`/mensajes?telefono=51${mobile}`);
  const thread = page.getByRole('log', { name: `Conversación con ${mobile}` });
  await expect(thread.getByRole('listitem')).toContainText([text]);
  // Within 24 h of the client's message: the reply box is open, and says until when.
  const reply = page.getByRole('textbox', { name: 'Respuesta' });
  await expect(reply).toBeEnabled();
  await expect(reply).toHaveAccessibleDescription(/^Puede responder hasta el \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  expect(await axeFindings(page)).toEqual([]);
  // Both sides' bubbles, their times and states read at AA contrast in dark mode too.
  await setDarkMode(page, true);
  await page.reload();
  await expect(thread.getByRole('listitem')).toContainText([text]);
  expect(await axeFindings(page, ['color-contrast'])).toEqual([]);
  await setDarkMode(page, false);

  // Left as it was found: other specs of this server expect the wa.me links.
  const off = await page.request.put('/api/ajustes/whatsapp', {
    headers,
    data: { activo: false },
  });
  expect(off.status(), await off.text()).toBe(200);
});
