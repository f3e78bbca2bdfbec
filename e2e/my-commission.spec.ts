import { expect, test, type Page } from './fixtures';
import {
  limaDay,
  openTill,
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

/*
 * 'Mis comisiones' on 'Mi día' (DESIGN §11.7): a groomer on a phone reads what they earned in
 * the current period, their commission, their tips and the sum, and nothing of anyone else's;
 * a user with no employee sees no card at all.
 */

/**
 * Through the API as the administrator: a groomer earning 40 % of services and their own tips,
 * with an account linked to them, and a visit of today for a S/. 50 service charged with a
 * S/. 5 tip. Answers the groomer's login.
 */
async function arrange(page: Page): Promise<string> {
  const api = await staffApi(page);
  await openTill(page, api);
  const groomer = await registerGroomerAccount(api, '#6a1b9a', 'comision');
  const rates = await page.request.put('/api/empleado/comision', {
    headers: { authorization: await authorizationOf(page) },
    data: {
      json: JSON.stringify({
        id_emp: groomer.id_emp,
        pct_servicios: '40',
        pct_productos: '0',
        propinas: 'groomer',
        por_item: [],
      }),
    },
  });
  expect(rates.status(), await rates.text()).toBe(200);
  const client = await registerClient(api, uniqueWord(), `Comision ${uniqueWord()}`);
  const pet = uniqueWord();
  const petId = await registerPet(api, client, pet);
  const service = await registerService(api, `Baño comisión ${uniqueWord()}`, '50');
  const visit = { client, petId, pet, serviceId: service.id_srv };
  const id_cita = await book(api, visit, `${limaDay(0)}T09:00`, groomer);
  await api.create('/venta/register', {
    id_cita,
    id_cliente: client.id_cli,
    tipo_comp: 'T',
    items: [
      {
        tipo: 'servicio',
        id: service.id_srv,
        descripcion: service.nombre,
        cantidad: 1,
        precio: '50',
      },
    ],
    propina: '5',
    pagos: [{ metodo: 'efectivo', monto: '55' }],
  });
  return groomer.login;
}

test('on a phone, a groomer reads their own commission, tips and total of the period', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', { to: null });
  const login = await arrange(page);

  // The administrator has no employee: 'Mi día' says so, and no commission card shows.
  await page.goto('/mi-dia');
  await expect(page.getByText(/no está vinculado a un empleado/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mis comisiones' })).toHaveCount(0);

  await signIn(page, login, { to: '/mi-dia' });
  const card = page.getByRole('region', { name: 'Mis comisiones' });
  await expect(card.getByRole('heading', { name: 'Mis comisiones' })).toBeVisible();
  const today = shownDate(limaDay(0)).slice(0, 5);
  await expect(card).toContainText(
    new RegExp(
      `Del \\d{2}/\\d{2} al ${today}: Comisión S/\\. 20\\.00 · Propinas S/\\. 5\\.00 · Total S/\\. 25\\.00`,
    ),
  );
  // Readable on the phone: the whole card within the screen, no sideways scrolling.
  await expect(card).toBeInViewport({ ratio: 1 });
  expect(await axeFindings(page)).toEqual([]);
});
