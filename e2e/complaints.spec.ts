import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { axeFindings } from './axe';
import { limaDay, shownDate, uniqueDni, uniqueWord } from './api';
import { COMPANY_RUC } from './billing';
import { mailsTo } from './outbox';
import { settle } from './routes';
import { dateField, fillDate, PASSWORD, signIn } from './support';

/**
 * The Libro de Reclamaciones (issue 33, DESIGN §11.3) as the law means it to be used: a consumer
 * on a phone follows the sign-in page's link, files a queja for a minor and gets the numbered
 * hoja on screen and by e-mail; the owner finds it with its legal due date, answers it, and the
 * answer closes it. The public page and the staff's screen pass axe on the way.
 */

/** The company's data in Ajustes, saved here when no spec has done it yet: the page shows them. */
async function ensureCompany(request: APIRequestContext) {
  const login = await request.post('/api/login', {
    data: { json: JSON.stringify({ login: 'admin', password: PASSWORD }) },
  });
  const headers = { authorization: ((await login.json()) as { data: string }).data };
  const saved = await request.get('/api/ajustes', { headers });
  if (((await saved.json()) as { data: unknown }).data === null) {
    const res = await request.post('/api/ajustes', {
      headers,
      data: {
        json: JSON.stringify({
          nom: 'Peluquería Canina Huellitas',
          dir: 'Av. Benavides 1234, Miraflores',
          fono: '987654321',
          email: 'contacto@huellitas.pe',
          ruc: COMPANY_RUC,
        }),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const company = await request.get('/api/public/reclamo/empresa');
  return ((await company.json()) as { data: { razon_social: string; ruc: string } }).data;
}

async function expectNoAxeFindings(page: Page) {
  expect(await axeFindings(page)).toEqual([]);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a consumer files a queja from the sign-in page on a phone, and the owner answers it', async ({
    page,
    request,
  }) => {
    const company = await ensureCompany(request);
    const word = uniqueWord();
    const email = `${word.toLowerCase()}@example.pe`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Libro de Reclamaciones' }).click();
    await expect(page).toHaveURL(/\/libro-reclamaciones$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Libro de Reclamaciones');
    await expect(page.getByText('Ley N° 29571')).toBeVisible();
    const provider = page.getByRole('region', { name: 'Datos del proveedor' });
    await expect(provider).toContainText(company.razon_social);
    await expect(provider).toContainText(company.ruc);
    // Nothing wider than the phone.
    const width = await page.evaluate(
      // Runs in the browser; the e2e tsconfig has no DOM library.
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
          .document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(390);
    await expectNoAxeFindings(page);

    // Sent empty: each field says what it lacks, and the first one takes the focus.
    await page.getByRole('button', { name: 'Enviar' }).click();
    const names = page.getByRole('textbox', { name: 'Nombres' });
    await expect(names).toBeFocused();
    await expect(names).toHaveAccessibleDescription('Los nombres son requeridos');
    await expect(page.getByRole('radio', { name: /^Queja/ })).toHaveAccessibleDescription(
      'Seleccione si es un reclamo o una queja',
    );
    await expectNoAxeFindings(page);

    await names.fill('Mateo');
    await page.getByRole('textbox', { name: 'Apellidos' }).fill(`Quispe ${word}`);
    await page.getByRole('textbox', { name: 'Número de documento' }).fill(uniqueDni());
    await page.getByRole('textbox', { name: 'Domicilio' }).fill('Av. Arequipa 1234, Lince');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('987 654 321');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    // A minor files through a parent: their fields appear with 'Sí'.
    await page.getByRole('radio', { name: 'Sí' }).check();
    const guardian = page.getByRole('textbox', {
      name: 'Nombre completo del padre, madre o apoderado',
    });
    await guardian.fill(`Rosa Mamani ${word}`);
    await page
      .getByRole('textbox', { name: 'Número de documento del padre, madre o apoderado' })
      .fill('1234');
    await page.getByRole('radio', { name: 'Servicio', exact: true }).check();
    await page.getByRole('textbox', { name: 'Monto reclamado (S/.)' }).fill('1200');
    await page
      .getByRole('textbox', { name: 'Descripción del producto o servicio' })
      .fill('Baño y corte de Firulais');
    await page.getByRole('radio', { name: /^Queja/ }).check();
    await page
      .getByRole('textbox', { name: 'Detalle de la reclamación' })
      .fill('Esperamos una hora pasada la hora de la cita y nadie nos dio una explicación.');
    await page
      .getByRole('textbox', { name: 'Pedido del consumidor' })
      .fill('Que avisen cuando haya retrasos.');
    await page.getByRole('checkbox', { name: /^Declaro que los datos/ }).check();
    await page.getByRole('button', { name: 'Enviar' }).click();
    // The guardian's DNI is checked as the consumer's: the field is focused with its message.
    const guardianDoc = page.getByRole('textbox', {
      name: 'Número de documento del padre, madre o apoderado',
    });
    await expect(guardianDoc).toBeFocused();
    await expect(guardianDoc).toHaveAccessibleDescription('El DNI debe tener 8 dígitos');
    await guardianDoc.fill(uniqueDni());
    await page.getByRole('button', { name: 'Enviar' }).click();

    // The numbered hoja takes the form's place, with everything written and the legal term.
    const title = page.getByRole('heading', { name: /^Hoja de reclamación N° \d{4}-\d{6}$/ });
    await expect(title).toBeFocused();
    const numero = (/\d{4}-\d{6}/.exec(await title.innerText()) ?? [''])[0];
    const sheet = page.getByRole('article');
    await expect(sheet.getByRole('status')).toContainText(`Enviada a: ${email}`);
    await expect(sheet).toContainText(`Quispe ${word}`);
    await expect(sheet).toContainText(`Rosa Mamani ${word}`);
    await expect(sheet).toContainText('S/. 1,200.00');
    await expect(sheet).toContainText('Queja');
    await expect(sheet).toContainText('Le responderemos en un plazo no mayor a 15 días hábiles');
    await page.evaluate(() => {
      // Runs in the browser; the e2e tsconfig has no DOM library. The print dialog is the OS's.
      const win = globalThis as unknown as { print(): void; printed?: boolean };
      win.print = () => {
        win.printed = true;
      };
    });
    await sheet.getByRole('button', { name: 'Imprimir' }).click();
    // The flag set above, read back in the browser.
    expect(await page.evaluate(() => (globalThis as { printed?: boolean }).printed)).toBe(true);
    await expectNoAxeFindings(page);

    // The consumer's copy, with the hoja in PDF.
    const [filed] = await mailsTo(email, 1);
    expect(filed).toContain('Content-Type: application/pdf');
    expect(filed).toContain(`hoja-reclamacion-${numero}.pdf`);

    // The owner, at the counter's screen: the hoja with its due date and the working days left.
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, 'admin', { to: '/reclamos?estado=pendiente&tipo=queja&desde=&hasta=' });
    await settle(page);
    const row = page.getByRole('row', { name: new RegExp(numero) });
    await expect(row).toContainText(`QUISPE ${word.toUpperCase()}`);
    await expect(row).toContainText('Quedan 15 días hábiles');
    await expect(row).toContainText('PENDIENTE');
    await expectNoAxeFindings(page);

    await row.getByRole('button', { name: `Ver hoja ${numero}` }).click();
    const dialog = page.getByRole('dialog', { name: `Hoja de reclamación N° ${numero}` });
    await expect(dialog).toContainText('Esperamos una hora pasada la hora de la cita');
    await expect(dialog).toContainText(`Rosa Mamani ${word}`);
    await dialog
      .getByRole('textbox', { name: 'Respuesta' })
      .fill('Lamentamos la espera: desde hoy avisamos por WhatsApp cualquier retraso de la cita.');
    await expectNoAxeFindings(page);
    await dialog.getByRole('button', { name: 'Responder y cerrar' }).click();
    await expect(
      page.getByText(`¿Está seguro de responder y cerrar la hoja N° ${numero}?`),
    ).toBeVisible();
    await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
    await expect(
      page.getByText('La respuesta fue registrada y enviada al consumidor.'),
    ).toBeVisible();
    // The answer is written in the hoja, which can no longer be answered.
    await expect(dialog).toContainText('desde hoy avisamos por WhatsApp');
    await expect(dialog.getByRole('textbox', { name: 'Respuesta' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(row).toHaveCount(0);
    const [, answered] = await mailsTo(email, 2);
    expect(answered).toContain('Content-Type: application/pdf');
  });
});

test('the public page loads under 120 KB gzipped, and none of the admin app', async ({ page }) => {
  const files: Promise<{ path: string; body: Buffer }>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    files.push(response.body().then((body) => ({ path, body })));
  });
  await page.goto('/libro-reclamaciones', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
  const loaded = await Promise.all(files);
  const gzipped = loaded.reduce((sum, { body }) => sum + gzipSync(body).length, 0);
  expect(gzipped).toBeLessThan(120 * 1024);
  // The admin app's entry, its router and its dialogs' library stay away (DESIGN §11.10).
  const adminFiles = loaded.filter(({ path }) => /\/assets\/(index|router|sweetalert2)/.test(path));
  expect(adminFiles.map(({ path }) => path)).toEqual([]);
});

test('the admin keeps the holidays the due dates skip', async ({ page }) => {
  await signIn(page, 'admin', { to: '/reclamos' });
  await page.getByRole('button', { name: 'Feriados' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feriados' });
  // The national ones are seeded.
  await expect(dialog.getByRole('cell', { name: 'Fiestas Patrias' }).first()).toBeVisible();
  await expectNoAxeFindings(page);

  const nextYear = Number(limaDay().slice(0, 4)) + 1;
  const day = `${nextYear}-12-31`;
  const name = `Aniversario ${uniqueWord()}`;
  await fillDate(dateField(dialog, 'Fecha'), day);
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await dialog.getByRole('button', { name: 'Agregar feriado' }).click();
  await expect(dialog.getByRole('cell', { name, exact: true })).toBeVisible();

  await dialog.getByRole('button', { name: `Eliminar feriado ${shownDate(day)} ${name}` }).click();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
  await expect(dialog.getByRole('cell', { name, exact: true })).toHaveCount(0);
});
