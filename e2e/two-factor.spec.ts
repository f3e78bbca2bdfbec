import { generate } from 'otplib';
import { uniqueDni } from './api';
import { axeFindings } from './axe';
import { expect, test, type APIRequestContext } from './fixtures';
import { PASSWORD, signIn } from './support';

/*
 * Issue 28 §5: an administrator turns the second factor on from Perfil and then signs in with
 * the password and the app's code. Its own new admin: the seeded one signs in the other specs
 * with the password alone.
 */

async function newAdmin(request: APIRequestContext) {
  const signedIn = await request.post('/api/login', {
    data: { json: JSON.stringify({ login: 'admin', password: PASSWORD }) },
  });
  const token = ((await signedIn.json()) as { data: string }).data;
  const doc = uniqueDni();
  const login = `dospasos${doc.slice(0, 6)}`;
  const res = await request.post('/api/user/register', {
    headers: { authorization: token },
    data: {
      json: JSON.stringify({
        tdoc: 2,
        doc,
        name: 'Rosa',
        surname: 'Huamán',
        email: `${login}@example.com`,
        login,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        rol: 'admin',
      }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return login;
}

test('an admin turns on the second factor and then signs in with its code', async ({
  page,
  request,
}) => {
  const login = await newAdmin(request);
  await signIn(page, login, { to: '/mi-perfil' });

  const section = page.getByRole('heading', { name: 'Verificación en dos pasos' });
  await expect(section).toBeVisible();
  await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  await expect(
    page.getByRole('img', { name: 'Código QR para agregar su cuenta a la aplicación' }),
  ).toBeVisible();
  // The key shown for typing in by hand: what the app would read from the QR.
  const secret = await page.getByLabel('Clave para ingresar a mano').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await axeFindings(page)).toEqual([]);

  await page.getByLabel('Código de verificación').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Activar', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Guarde sus códigos de recuperación' });
  await expect(codes.getByRole('listitem')).toHaveCount(8);
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(
    page.getByText('Activa. Le quedan 8 códigos de recuperación sin usar.'),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sesiones abiertas' })).toContainText('Esta sesión');

  await page.getByRole('button', { name: 'Cuenta' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Usuario').fill(login);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  const code = page.getByLabel('Código de verificación');
  await expect(code).toBeFocused();
  // The next time step's code: the one that turned it on is spent (and ±1 step is accepted).
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
