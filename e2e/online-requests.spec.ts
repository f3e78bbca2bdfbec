import { expect, test, type Page } from './fixtures';
import { limaDay, registerGroomer, staffApi, uniqueDni, uniqueWord, type StaffApi } from './api';
import { axeFindings } from './axe';
import { ensureCompany } from './billing';
import { mailsTo, mailTo } from './outbox';
import { authorizationOf, signIn } from './support';

/*
 * The salon's side of online booking (issue 34, DESIGN §11.4): the admin turns it on in Ajustes ›
 * 'Reserva en línea' with approval, sees the link to share and its QR code; a client's booking
 * then waits in AGENDA › 'Solicitudes en línea', where the desk approves it and the client is
 * e-mailed. The request comes through the public booking API, as the page sends it.
 */

const DESCRIPTION = 'Corte de uñas, limpieza de oídos y cepillado, con mucha paciencia.';

/** A service of the test's own: the one it offers online. */
async function arrangeService(api: StaffApi): Promise<{ id_srv: number; name: string }> {
  const name = `Corte de uñas ${uniqueWord()}`;
  const { id_srv } = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: name,
    descripcion: DESCRIPTION,
    precio: '25',
    duracion: 30,
  });
  return { id_srv, name };
}

interface Request {
  client: string;
  email: string;
  phone: string;
  pet: string;
}

/**
 * A new client's booking through the public API, as /reservar sends it: the first free time of
 * the test's groomer, the code mailed to the client, then the booking (10 Por confirmar).
 */
async function bookOnline(page: Page, id_srv: number, id_emp: number): Promise<Request> {
  const { request } = page;
  const free = await request.get('/api/public/disponibilidad', {
    params: {
      servicio: id_srv,
      talla: 'mediano',
      desde: limaDay(1),
      hasta: limaDay(14),
      emp: id_emp,
    },
  });
  expect(free.status(), await free.text()).toBe(200);
  const { dias } = (
    (await free.json()) as {
      data: { dias: { fecha: string; horas: { hora: string }[] }[] };
    }
  ).data;
  const day = dias.find((d) => d.horas.length > 0);
  expect(day, 'a free time in the next two weeks').toBeDefined();

  const word = uniqueWord();
  const dni = uniqueDni();
  const email = `${word.toLowerCase()}@example.pe`;
  const sent = await request.post('/api/public/reserva/codigo', { data: { dni, email } });
  expect(sent.status(), await sent.text()).toBe(200);
  const codigo = /: (\d{6})\./.exec(await mailTo(email))?.[1];
  expect(codigo, 'the code mailed').toBeDefined();

  const pet = `Canela ${word}`;
  const booked = await request.post('/api/public/reserva', {
    data: {
      dni,
      email,
      codigo,
      nombres: 'Maribel',
      apellidos: `Quispe ${word}`,
      celular: '987654321',
      mascota: { nombre: pet, raza: 'Shih Tzu', talla: 'mediano' },
      servicio: id_srv,
      fecha: day?.fecha,
      hora: day?.horas[0]?.hora,
      emp: id_emp,
      acepta_privacidad: true,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  expect(((await booked.json()) as { data: { estado: number } }).data.estado).toBe(10);
  return { client: `Maribel Quispe ${word}`, email, phone: '987654321', pet };
}

// Online booking off again: the specs after this one on the same database find it as it was.
test.afterEach(async ({ page }) => {
  const headers = { authorization: await authorizationOf(page) };
  const saved = await page.request.get('/api/ajustes/reserva-online', { headers });
  const settings = ((await saved.json()) as { data: object }).data;
  const off = await page.request.put('/api/ajustes/reserva-online', {
    headers,
    data: { ...settings, modo: 'desactivada' },
  });
  expect(off.status(), await off.text()).toBe(200);
});

test('the admin turns online booking on with approval, shares its link, and approves a request', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'admin', { to: null });
  const api = await staffApi(page);
  await ensureCompany(page, api);
  const service = await arrangeService(api);
  const groomer = await registerGroomer(api, '#00796b');

  // Ajustes › 'Reserva en línea', saved through the screen.
  await page.goto('/ajustes#reserva-en-linea');
  await expect(page.getByRole('tab', { name: 'Reserva en línea' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('combobox', { name: 'Modo' }).click();
  await page.getByRole('option', { name: 'Con aprobación' }).click();
  await page.getByRole('spinbutton', { name: 'Aviso mínimo (horas)' }).fill('0');
  await page.getByRole('spinbutton', { name: 'Horizonte (días)' }).fill('');
  await page.getByRole('spinbutton', { name: 'Horizonte (días)' }).fill('400');
  await page.getByRole('combobox', { name: 'Intervalo entre horarios' }).click();
  await page.getByRole('option', { name: 'Cada 30 minutos' }).click();
  await page.getByRole('checkbox', { name: new RegExp(service.name) }).check();
  await page
    .getByRole('textbox', { name: 'Política de reservas' })
    .fill('Cancele con 24 horas de anticipación. Si no asiste, la próxima reserva es en el local.');
  const save = page.getByRole('button', { name: 'Guardar reserva en línea' });
  await save.click();
  const horizon = page.getByRole('spinbutton', { name: 'Horizonte (días)' });
  await expect(horizon).toHaveAccessibleDescription('Ingrese de 1 a 180 días');
  await horizon.fill('30');
  await save.click();
  await expect(page.getByText('Reserva en línea guardada correctamente')).toBeVisible();

  // Once on, the link to share, its copy button and its QR code, also as a PNG file.
  const link = page.getByRole('textbox', { name: 'Enlace de reserva' });
  const url = new URL('/reservar', page.url()).toString();
  await expect(link).toHaveValue(url);
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByText('Enlace copiado')).toBeVisible();
  const qr = page.getByRole('img', { name: 'Código QR del enlace de reserva en línea' });
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar QR (PNG)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('reserva-en-linea-qr.png');
  expect(await axeFindings(page)).toEqual([]);

  // A reload shows what was saved.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Modo' })).toHaveText('Con aprobación');
  await expect(page.getByRole('checkbox', { name: new RegExp(service.name) })).toBeChecked();

  // A client books: the request waits for the salon.
  const request = await bookOnline(page, service.id_srv, groomer.id_emp);
  await page.goto('/solicitudes-en-linea');
  const row = page.getByRole('row', { name: new RegExp(request.client.toUpperCase()) });
  await expect(row).toContainText(request.pet.toUpperCase());
  await expect(row).toContainText('Mediano');
  await expect(row).toContainText(service.name);
  await expect(row).toContainText(groomer.name);
  await expect(
    row.getByRole('link', { name: new RegExp(`WhatsApp a ${request.client.toUpperCase()}`) }),
  ).toHaveAttribute('href', /^https:\/\/wa\.me\/51987654321\?text=/);

  // 'Rechazar' asks for the reason; without one it is not sent.
  await row.getByRole('button', { name: /^Rechazar la solicitud de/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar solicitud' });
  await dialog.getByRole('button', { name: 'Rechazar solicitud' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Motivo' })).toHaveAccessibleDescription(
    'Ingrese el motivo',
  );
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: /^Aprobar la solicitud de/ }).click();
  await expect(page.getByText('Solicitud aprobada: la cita quedó programada')).toBeVisible();
  await expect(row).toBeHidden();
  // After the code and the booking's own mail, the one that says it is confirmed.
  const [, , mail] = await mailsTo(request.email, 3);
  expect(mail).toContain('está confirmada');
  expect(mail).toContain(`Mascota: ${request.pet}`);
  expect(mail).toContain(`Servicio: ${service.name}`);
});
