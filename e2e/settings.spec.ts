import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { dateField, expectDate, fillDate, PASSWORD, signIn } from './support';

/** A real PNG, `size`×`size` of one colour, written chunk by chunk. */
function pngImage(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const frame = Buffer.alloc(8 + data.length + 4);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), 4 + body.length);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(new Array(size).fill(rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(new Array<Buffer>(size).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const COMPANY = 'Huellitas Spa Canino';
const RENAMED = 'Huellitas Spa y Hotel';

/** The admin's credential through the API, for arranging data the way another client would. */
async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', {
    data: { json: JSON.stringify({ login: 'admin', password: PASSWORD }) },
  });
  const body = (await res.json()) as { data: string };
  return body.data;
}

/** The brand at the top of the sidenav. */
const sidenavBrand = (page: Page) => page.locator('.MuiDrawer-paper a[href="/dashboard"]').first();

/** True once the image has loaded real pixels. */
const imageLoaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0);

test.describe('Ajustes', () => {
  test('saves the company with a logo, then updates it; the sidenav follows', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const before = await request.get('/api/ajustes', { headers: { authorization: token } });
    const nothingSaved = ((await before.json()) as { data: unknown }).data === null;

    const dir = mkdtempSync(join(tmpdir(), 'e2e-logo-'));
    const logoPath = join(dir, 'logo.png');
    writeFileSync(logoPath, pngImage(24, [233, 30, 99]));

    await signIn(page, 'admin', { to: '/ajustes' });
    await expect(page.getByRole('heading', { name: 'Configuración General' })).toBeVisible();
    if (nothingSaved) await expect(page.getByText('Oops, Np hay datos guardados!')).toBeVisible();

    // Required fields are checked before anything is sent.
    await page.getByLabel('Nombre de la empresa').fill('');
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page.getByText('El nombre de la empresa es obligatorio')).toBeVisible();

    await page.getByLabel('Nombre de la empresa').fill(COMPANY);
    await page.getByLabel('Eslogan').fill('Cuidamos a tu mejor amigo');
    await page.getByLabel('Dirección').fill('Av. Benavides 1234, Miraflores');
    await page.getByLabel('Teléfono/Celular').fill('987654321');
    await page.getByLabel('Email').fill('contacto@huellitas.pe');
    await page.getByLabel('RUC').fill('20131312954');
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(
      page.getByText('El RUC no es válido: el dígito verificador no coincide'),
    ).toBeVisible();
    await page.getByLabel('RUC').fill('20131312955');

    // A file that is not an image is refused in the browser already.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'virus.png',
      mimeType: 'text/plain',
      buffer: Buffer.from('esto no es una imagen'),
    });
    await expect(page.getByText('El logo debe ser una imagen PNG, JPG, GIF o WEBP')).toBeVisible();

    await fileInput.setInputFiles(logoPath);
    await expect(page.getByRole('button', { name: 'Quitar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cambiar' })).toBeVisible();
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(
      page.getByText(
        nothingSaved
          ? 'Ajustes guardados correctamente!'
          : 'Configuración actualizada correctamente',
      ),
    ).toBeVisible();

    // The sidenav shows the name and the logo the server now serves.
    await expect(sidenavBrand(page)).toContainText(COMPANY);
    const sidenavLogo = '.MuiDrawer-paper a[href="/dashboard"] img';
    await expect(page.locator(sidenavLogo)).toHaveAttribute('src', /\/api\/app\/logo\.jpg\?v=/);
    await expect.poll(() => imageLoaded(page, sidenavLogo)).toBe(true);
    await expect(page.getByText('Oops, Np hay datos guardados!')).toBeHidden();

    // Then an update of the name only: the logo stays.
    await page.getByLabel('Nombre de la empresa').fill(RENAMED);
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page.getByText('Configuración actualizada correctamente')).toBeVisible();
    await expect(sidenavBrand(page)).toContainText(RENAMED);
    await expect(page.locator(sidenavLogo)).toBeVisible();

    // A reload shows what was saved.
    await page.reload();
    await expect(page.getByLabel('Nombre de la empresa')).toHaveValue(RENAMED);
    await expect(page.getByLabel('RUC')).toHaveValue('20131312955');
    await expect(page.getByRole('img', { name: 'Logo de la empresa' })).toBeVisible();
  });

  test('saves the opening hours, refusing a day that closes before it opens', async ({ page }) => {
    // The company saved above; other specs book against these hours: they are put back.
    await signIn(page, 'admin', { to: '/ajustes' });
    const day = (name: string) => page.getByRole('group', { name });
    const time = (name: string, label: string) => dateField(day(name), label);
    const save = () => page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(day('Lunes').getByLabel('Abierto')).toBeChecked();
    await expect(day('Domingo').getByLabel('Abierto')).not.toBeChecked();
    await expect(time('Domingo', 'Abre').locator('input')).toBeDisabled();

    await day('Domingo').getByLabel('Abierto').check();
    await fillDate(time('Domingo', 'Abre'), '10:00');
    await fillDate(time('Domingo', 'Cierra'), '09:30');
    await save();
    await expect(
      day('Domingo').getByText('La hora de cierre debe ser posterior a la de apertura'),
    ).toBeVisible();
    await fillDate(time('Domingo', 'Cierra'), '13:00');
    await fillDate(time('Sábado', 'Cierra'), '14:00');
    await save();
    await expect(page.getByText('Configuración actualizada correctamente')).toBeVisible();

    await page.reload();
    await expect(day('Domingo').getByLabel('Abierto')).toBeChecked();
    await expectDate(time('Domingo', 'Abre'), '10:00');
    await expectDate(time('Domingo', 'Cierra'), '13:00');
    await expectDate(time('Sábado', 'Cierra'), '14:00');

    await day('Domingo').getByLabel('Abierto').uncheck();
    await fillDate(time('Sábado', 'Cierra'), '19:00');
    await save();
    await expect(page.getByText('Configuración actualizada correctamente')).toBeVisible();
  });

  test('the login page shows the company name and logo before signing in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: RENAMED })).toBeVisible();
    await expect.poll(() => imageLoaded(page, 'img[src*="/api/app/logo.jpg"]')).toBe(true);
    await expect(page).toHaveTitle(new RegExp(RENAMED));
  });
});
