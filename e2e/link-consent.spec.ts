import { gzipSync } from 'node:zlib';
import { CONSENT_MESSAGES, type AppointmentConsents } from '@app/domain';
import { expect, test } from './fixtures';
import { axeFindings } from './axe';
import { registerServiceConsent, remindedCita, staffApi, uniqueWord } from './api';
import { signIn } from './support';

/*
 * Consents from the client's link (DESIGN §11.8): a shave-down that asks a release is booked for
 * tomorrow; the client opens the reminder's personal link on a phone, reads the release and signs
 * it with the finger; the salon finds the signature on the cita, with no witness.
 */

const PHONE = { width: 390, height: 844 };

const TEXT =
  'Autorizo el rapado completo de mi mascota por nudos en el pelaje. Entiendo que la piel ' +
  'puede quedar sensible unos días y que el pelo vuelve a crecer con el tiempo.';

test('a client reads and signs the visit’s consent from the reminder’s link on a phone', async ({
  page,
}) => {
  // One long story: the reminder, six axe checks and the staff's check at the end.
  test.setTimeout(60_000);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  const word = uniqueWord();
  const { id_srv } = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: `Rapado enlace ${word}`,
    descripcion: 'Rapado completo por nudos, con baño y secado, para la prueba de firmas.',
    precio: '70',
    duracion: 60,
  });
  const titulo = `Rapado por nudos ${uniqueWord()}`;
  await registerServiceConsent(api, id_srv, titulo, TEXT);

  // The desk e-mails tomorrow's reminder, which carries the personal link.
  const { pet, id_cita, link } = await remindedCita(page, api, id_srv, 'Rosa', `Firma ${word}`);

  // On the client's phone: the release the shave-down asks, still unsigned.
  await page.setViewportSize(PHONE);
  await page.goto(link);
  const visit = page.getByRole('region', { name: /^Su cita en / });
  await expect(visit).toContainText(pet);
  const consents = visit.getByRole('region', { name: 'Consentimientos' });
  const consent = consents.getByRole('listitem').filter({ hasText: titulo });
  await expect(consent).toContainText('Falta su firma');
  expect(await axeFindings(page)).toEqual([]);

  // 'Leer y firmar': the whole text, who signs and the pad.
  const read = consent.getByRole('button', { name: `Leer y firmar ${titulo}` });
  await read.click();
  await expect(read).toHaveAttribute('aria-expanded', 'true');
  const sign = consent.getByRole('group', { name: titulo });
  await expect(sign.getByRole('region', { name: 'Texto del consentimiento' })).toContainText(
    'Autorizo el rapado completo',
  );
  expect(await axeFindings(page)).toEqual([]);

  // Nothing filled: each message on its field, and the first one takes the focus.
  await sign.getByRole('button', { name: 'Firmar', exact: true }).click();
  const signer = sign.getByRole('textbox', { name: 'Nombre de quien firma' });
  await expect(signer).toHaveAccessibleDescription(CONSENT_MESSAGES.signerRequired);
  await expect(signer).toBeFocused();
  const pad = sign.getByRole('img', { name: 'Firma' });
  await expect(pad).toHaveAccessibleDescription(new RegExp(CONSENT_MESSAGES.signatureRequired));
  expect(await axeFindings(page)).toEqual([]);

  // The name and a signature drawn across the pad.
  await signer.fill('Rosa Quispe');
  // The pad's library loads with it: strokes count once it is no longer busy.
  await expect(pad).not.toHaveAttribute('aria-busy');
  const box = await pad.boundingBox();
  if (!box) throw new Error('the pad is not on the screen');
  const { x, y: top, width, height } = box;
  expect(width).toBeGreaterThan(PHONE.width * 0.75);
  const y = top + height / 2;
  await page.mouse.move(x + 30, y);
  await page.mouse.down();
  await page.mouse.move(x + width / 3, y - 40, { steps: 8 });
  await page.mouse.move(x + (width * 2) / 3, y + 30, { steps: 8 });
  await page.mouse.move(x + width - 30, y - 10, { steps: 8 });
  await page.mouse.up();
  await expect(pad).toHaveAccessibleDescription(
    'Dibuje su firma en el recuadro con el dedo o el mouse.',
  );
  expect(await axeFindings(page)).toEqual([]);

  await sign.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(
    consents.getByRole('status').filter({ hasText: CONSENT_MESSAGES.signed }),
  ).toBeFocused();
  await expect(consent).toContainText('Firmado');
  await expect(consent).not.toContainText('Falta su firma');
  await expect(sign).toHaveCount(0);
  await expect(consent.getByRole('button', { name: /^Leer y firmar/ })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  // The link, opened again, says the same.
  await page.reload();
  await expect(consent).toContainText('Firmado');
  await expect(consent.getByRole('button', { name: /^Leer y firmar/ })).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);

  // The salon finds the signature on the cita: signed from the link, with no witness.
  const asked = await api.get<AppointmentConsents>(`/cita/${id_cita}/consentimientos`);
  expect(asked.sin_firmar).toBe(false);
  const signed = asked.consentimientos.find((c) => c.titulo === titulo);
  expect(signed?.firma).toMatchObject({ firmante: 'Rosa Quispe', testigo: null, version: 1 });
});

test('the cita’s page loads under 120 KB gzipped, and none of the admin app', async ({ page }) => {
  const files: Promise<{ path: string; body: Buffer }>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    files.push(response.body().then((body) => ({ path, body })));
  });
  // An unknown token loads the same page; the pad's library loads only when a form opens.
  await page.goto(`/c/${'x'.repeat(43)}`, { waitUntil: 'networkidle' });
  await expect(page.getByText('Este enlace no es válido o ya venció')).toBeVisible();
  const loaded = await Promise.all(files);
  const gzipped = loaded.reduce((sum, { body }) => sum + gzipSync(body).length, 0);
  expect(gzipped).toBeLessThan(120 * 1024);
  const adminFiles = loaded.filter(({ path }) => /\/assets\/(index|router|sweetalert2)/.test(path));
  expect(adminFiles.map(({ path }) => path)).toEqual([]);
});
