import { expect, test } from './fixtures';
import { limaDay, registerClient, registerPet, shownDate, staffApi, uniqueWord } from './api';
import { dateField, expectDate, signIn } from './support';

/**
 * Reminders (decisions §reminders) as the front desk sends them: the company's template written in
 * Ajustes, tomorrow's cita listed in Recordatorios with its message in a wa.me link, and the
 * row marked as reminded once the link is opened.
 */

const COMPANY = 'Huellitas Spa Canino';

test('a template written in Ajustes fills the WhatsApp reminder of tomorrow’s cita', async ({
  page,
  context,
}) => {
  // wa.me is the outside world: the new tab gets an empty page instead.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
  await signIn(page, 'admin', { to: null });
  const word = uniqueWord();

  await page.goto('/ajustes');
  await expect(page.getByRole('heading', { name: 'Recordatorios' })).toBeVisible();
  // The company's fields, in case no spec saved them before this one.
  await page.getByLabel('Nombre de la empresa').fill(COMPANY);
  await page.getByLabel('Dirección').fill('Av. Benavides 1234, Miraflores');
  await page.getByLabel('Teléfono/Celular').fill('987654321');
  await page.getByLabel('Email').fill('contacto@huellitas.pe');
  await page.getByLabel('RUC').fill('20131312955');

  const template = page.getByLabel('Mensaje de recordatorio');
  await expect(template).toHaveValue(/\{cliente\}/);
  await expect(page.getByText('Marcadores disponibles:')).toBeVisible();
  // An unknown marker is refused on the field before anything is sent.
  await template.fill('Hola {cliente}, su {perro} le espera');
  await template.blur();
  await expect(page.getByText('Marcador desconocido: {perro}')).toBeVisible();

  const text = `Hola {cliente}: {mascota} tiene {servicio} el {fecha} a las {hora} en {empresa}. ¿Nos confirma? Código ${word}`;
  await template.fill(text);
  await expect(page.getByText('Marcador desconocido: {perro}')).toBeHidden();
  // The preview fills the sample cita, with the company's name as typed.
  await expect(page.getByTestId('reminder-preview')).toHaveText(
    `Hola Rosa: Firulais tiene Baño completo el 22/11/2025 a las 10:30 en ${COMPANY}. ¿Nos confirma? Código ${word}`,
  );
  await expect(
    page.getByRole('combobox', { name: 'Enviar recordatorios por e-mail automáticamente a las' }),
  ).toHaveText('No enviar');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(
    page.getByText(/Configuración actualizada correctamente|Ajustes guardados correctamente!/),
  ).toBeVisible();

  // Tomorrow's cita, booked the way another counter would.
  const api = await staffApi(page);
  const owner = await registerClient(api, 'Elena', `Recuerdo ${word}`);
  const pet = uniqueWord();
  const id_perro = await registerPet(api, owner, pet);
  const service = `Baño ${word}`;
  const { id_srv } = await api.create<{ id_srv: number }>('/servicio/register', {
    nombre: service,
    descripcion: 'Baño completo con champú neutro, secado y perfume para la prueba.',
    precio: '40',
  });
  const tomorrow = limaDay(1);
  await api.create('/cita/register', {
    fec_cita: `${tomorrow}T10:00`,
    dni_cli: owner.dni,
    id_cliente: owner.id_cli,
    id_perro,
    id_servicio: id_srv,
    fech_reg: limaDay(0),
    obs: 'Cita de mañana para el recordatorio',
  });

  await page.goto('/recordatorios');
  await expect(page.getByRole('heading', { level: 2, name: 'Recordatorios' })).toBeVisible();
  await expectDate(dateField(page, 'Fecha'), tomorrow);
  const row = page.getByRole('row', { name: new RegExp(pet) });
  await expect(row).toContainText('Pendiente');
  const whatsapp = row.getByRole('link', { name: /^WhatsApp/ });
  const message = `Hola Elena: ${pet} tiene ${service} el ${shownDate(tomorrow)} a las 10:00 en ${COMPANY}. ¿Nos confirma? Código ${word}`;
  // The template's text, then the cita's personal link and how to stop (issue 35).
  const href = (await whatsapp.getAttribute('href')) ?? '';
  expect(href.startsWith(`https://wa.me/51987123456?text=${encodeURIComponent(message)}`)).toBe(
    true,
  );
  expect(decodeURIComponent(href.split('?text=')[1] ?? '').slice(message.length)).toMatch(
    /^\n\nConfirme o cancele aquí: https?:\/\/\S+\/c\/[\w-]{43}\n\nSi no desea recibir recordatorios, avísenos por este medio o desde su cuenta: https?:\/\/\S+\/mi-cuenta$/,
  );
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  await expect(whatsapp).toHaveAttribute('rel', /noopener/);

  const popup = page.waitForEvent('popup');
  await whatsapp.click();
  await (await popup).close();
  await expect(row).toContainText(/WhatsApp · admin · \d{2}\/\d{2} \d{2}:\d{2}/);
  await expect(row).not.toContainText('Pendiente');
});
