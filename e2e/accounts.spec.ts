import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { uniqueDni, uniqueWord } from './api';
import { linkIn, mailTo } from './outbox';
import { serverPort } from './servers';
import { dateField, field, fillDate, PASSWORD, search, signIn } from './support';

/** Sign-in through the Login screen with any credentials; does not wait for the result. */
async function submitLogin(page: Page, login: string, password: string) {
  // Forget any stored credential; a page not yet on the app's origin has none.
  if (page.url().startsWith('http')) {
    await page.evaluate(() => {
      const storage = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage };
      storage.localStorage.removeItem('user');
      storage.sessionStorage.removeItem('user');
    });
  }
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(login);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/** A new user, signed in (landing on the Dashboard) and on their own profile page. */
async function signedInOnProfile(page: Page, request: APIRequestContext) {
  const user = await createUser(request);
  await submitLogin(page, user.login, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/user-profile');
  return user;
}

interface Storage {
  removeItem(key: string): void;
}

let serial = 0;

const STRONG_PASSWORD =
  'Password must have at least one uppercase letter, one lowercase letter, one number and one special character (@$!%*?&)';

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The administrator's credential for calls made through the API. */
async function adminToken(request: APIRequestContext) {
  const signedIn = await request.post('/api/login', {
    data: { json: JSON.stringify({ login: 'admin', password: PASSWORD }) },
  });
  return ((await signedIn.json()) as { data: string }).data;
}

/** A new active user made through the API as the administrator. */
async function createUser(request: APIRequestContext, password = 'Clave123!') {
  serial += 1;
  const stamp = `${Date.now() % 100000}${serial}`;
  const login = `e2e${stamp}`;
  const email = `e2e${stamp}@groomer.pe`;
  const token = await adminToken(request);
  const doc = `4${stamp.padStart(7, '1')}`.slice(0, 8);
  const res = await request.post('/api/user/register', {
    headers: { authorization: token },
    data: {
      json: JSON.stringify({
        tdoc: 2,
        doc,
        name: 'Prueba',
        surname: 'Navegador',
        email,
        login,
        password,
        password_confirmation: password,
      }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { login, email, password };
}

/** The row of a user in Lista de Usuarios, found with the search. */
async function findUser(page: Page, login: string) {
  await page.goto('/users');
  await search(page, 'Buscar por nombre, apellido, DNI o usuario', login);
  const row = page.getByRole('row', { name: new RegExp(login) });
  await expect(row).toBeVisible();
  return row;
}

test('an administrator registers a user who then signs in', async ({ page }) => {
  // Its own DNI, e-mail and login: a retry runs on the same database.
  const dni = uniqueDni();
  const login = `lramirez${dni.slice(0, 4)}`;
  await signIn(page, 'admin', { to: '/users' });
  await expect(page.getByRole('columnheader', { name: 'Fecha de creación' })).toBeVisible();
  await page.getByRole('button', { name: 'Añadir Usuario' }).click();

  await page.getByLabel('Número de Documento').fill('12345678');
  await field(page, 'Nombre').fill('Lucía');
  await page.getByLabel('Apellido').fill('Ramírez Soto');
  await page.getByLabel('Email').fill(`lucia.${dni}@groomer.pe`);
  await field(page, 'Usuario').fill(login);
  await field(page, 'Contraseña').fill('Clave123!');
  await page.getByLabel('Confirmar Contraseña').fill('Clave124!');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('El DNI no puede contener números consecutivos')).toBeVisible();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();

  await page.getByLabel('Número de Documento').fill(dni);
  await page.getByLabel('Confirmar Contraseña').fill('Clave123!');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Usuario registrado exitosamente!')).toBeVisible();

  const row = await findUser(page, login);
  await expect(row.getByText(`DNI ${dni}`)).toBeVisible();
  await expect(row.getByText('LUCÍA', { exact: true })).toBeVisible();

  // The edit modal shows the document number and the login disabled.
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Usuario' });
  await expect(dialog.getByLabel('Número de Documento')).toBeDisabled();
  await expect(dialog.getByLabel('Usuario')).toBeDisabled();
  await dialog.getByLabel('Apellido').fill('Ramírez');
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('¡Usuario actualizado exitosamente!')).toBeVisible();

  await submitLogin(page, login, 'Clave123!');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an administrator changes a password: the old one stops working, the new one must be replaced', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signIn(page, 'admin', { to: null });
  const row = await findUser(page, user.login);
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Cambiar Contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
  await dialog.getByLabel('Nueva Contraseña').fill('nueva1234');
  await dialog.getByLabel('Confirmar Contraseña').fill('nueva1234');
  await dialog.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  await expect(
    dialog.getByText(
      'La contraseña debe tener al menos una mayúscula, una minúscula, un número y un carácter especial (@$!%*?&)',
    ),
  ).toBeVisible();
  await dialog.getByLabel('Nueva Contraseña').fill('Nueva123!');
  await dialog.getByLabel('Confirmar Contraseña').fill('Nueva123!');
  await dialog.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  await expect(page.getByText('¡Contraseña actualizada exitosamente!')).toBeVisible();

  await submitLogin(page, user.login, user.password);
  await expect(page.getByText('Credenciales incorrectas!')).toBeVisible();

  // Issue 28 §1: a password someone else set is replaced before anything else is shown.
  await submitLogin(page, user.login, 'Nueva123!');
  const card = page.getByRole('main');
  await expect(card.getByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
  await expect(card.getByText('Debe cambiar su contraseña antes de continuar')).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.reload();
  await expect(card.getByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
  await field(page, 'Contraseña actual').fill('Nueva123!');
  await field(page, 'Nueva contraseña').fill('Nueva123!');
  await field(page, 'Confirmar contraseña').fill('Nueva123!');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(card.getByText('La nueva contraseña debe ser distinta de la actual')).toBeVisible();
  await field(page, 'Nueva contraseña').fill('Elegida123!');
  await field(page, 'Confirmar contraseña').fill('Elegida123!');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('button', { name: 'Cuenta' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a suspended user cannot sign in', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, 'admin', { to: null });
  const row = await findUser(page, user.login);
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Suspender' }).click();
  await expect(page.getByText('¿Está seguro de suspender este usuario?')).toBeVisible();
  await page.getByRole('button', { name: '¡Sí, proceder!' }).click();
  await expect(page.getByText('Estado de Usuario actualizado correctamente')).toBeVisible();
  await expect(row.getByText('SUSPENDIDO')).toBeVisible();

  await submitLogin(page, user.login, user.password);
  await expect(page.getByText('Credenciales incorrectas!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an employee under 18 is refused; an adult gets a system user from the row menu', async ({
  page,
}) => {
  // Her own DNI, e-mail, surname and login: a retry runs on the same database.
  const dni = uniqueDni();
  const surname = `Huamán ${uniqueWord()}`;
  await signIn(page, 'admin', { to: '/empleados' });
  await page.getByRole('button', { name: 'Añadir Empleado' }).click();
  const young = new Date();
  young.setFullYear(young.getFullYear() - 17);
  await page.getByLabel('Número de Documento').fill(dni);
  await fillDate(dateField(page, 'Fecha de Nacimiento'), young.toISOString().slice(0, 10));
  await field(page, 'Nombre').fill('Rosa Elena');
  await page.getByLabel('Apellido').fill(surname);
  await page.getByLabel('Teléfono').fill('987654321');
  await page.getByLabel('Email').fill(`rosa.${dni}@gmail.com`);
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Debe ser mayor de 18 años')).toBeVisible();

  await fillDate(dateField(page, 'Fecha de Nacimiento'), '1990-05-14');
  // A groomer: bookable in the agenda, with the colour of her citas there.
  await page.getByLabel('Atiende citas en la agenda').check();
  await page.getByLabel('Color en la agenda').click();
  await page.getByRole('option', { name: 'Fucsia' }).click();
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Empleado registrado exitosamente!')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`ROSA ELENA ${surname.toUpperCase()}`) });
  await expect(row.getByText('14/05/1990')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Agenda' })).toBeVisible();

  // The edit modal keeps both; taken off the agenda, the row says nothing of it.
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Empleado' });
  await expect(edit.getByLabel('Atiende citas en la agenda')).toBeChecked();
  await expect(edit.getByLabel('Color en la agenda')).toHaveText('Fucsia');
  await edit.getByLabel('Atiende citas en la agenda').uncheck();
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('¡Empleado actualizado exitosamente!')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Agenda' })).toHaveCount(0);

  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Crear Usuario de Sistema' }).click();
  await expect(page).toHaveURL(/\/users/);
  await expect(page.getByLabel('Número de Documento')).toHaveValue(dni);
  await expect(field(page, 'Nombre')).toHaveValue('Rosa Elena');
  await expect(page.getByLabel('Email')).toHaveValue(`rosa.${dni}@gmail.com`);
  await field(page, 'Usuario').fill(`rhuaman${dni.slice(0, 4)}`);
  await field(page, 'Contraseña').fill('Clave123!');
  await page.getByLabel('Confirmar Contraseña').fill('Clave123!');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Usuario registrado exitosamente!')).toBeVisible();

  // Linked once: the menu no longer offers it.
  await page.goto('/empleados');
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Crear Usuario de Sistema' })).toHaveCount(0);
});

test('an employee whose DNI has 11 digits gets a system user: the admin picks the type', async ({
  page,
  request,
}) => {
  const stamp = String(Date.now()).slice(-7);
  const doc = `2048${stamp}`;
  const res = await request.post('/api/empleado/register', {
    headers: { authorization: await adminToken(request) },
    data: {
      json: JSON.stringify({
        idtDoc: 2,
        dni: doc,
        nom: 'Julio César',
        ape: 'Quispe Mamani',
        fecnac: '1985-03-02',
        email: `julio${stamp}@gmail.com`,
        telef: '987650321',
      }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await signIn(page, 'admin', { to: '/empleados' });
  await search(page, 'Buscar por nombre, DNI o email', doc);
  // Earlier runs leave namesakes: the menu opens once the list holds only this employee.
  await expect(page.getByRole('row', { name: /JULIO CÉSAR QUISPE MAMANI/ })).toHaveCount(1);
  const row = page.getByRole('row', { name: new RegExp(doc) });
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Crear Usuario de Sistema' }).click();
  await expect(page).toHaveURL(/\/users/);

  // The number is kept; the type is left to choose, and the form says so instead of failing.
  await expect(page.getByLabel('Número de Documento')).toHaveValue(doc);
  await expect(
    page.getByText('Elija el tipo de documento: el número del empleado no es un DNI de 8 dígitos'),
  ).toBeVisible();
  await expect(page.getByText('El DNI debe tener 8 dígitos')).toHaveCount(0);
  await field(page, 'Usuario').fill(`jquispe${stamp}`);
  await field(page, 'Contraseña').fill('Clave123!');
  await page.getByLabel('Confirmar Contraseña').fill('Clave123!');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Seleccione un tipo de documento válido')).toBeVisible();

  await page.getByLabel('Tipo de Documento').click();
  await page.getByRole('option', { name: 'RUC' }).click();
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('¡Usuario registrado exitosamente!')).toBeVisible();
  const user = await findUser(page, `jquispe${stamp}`);
  await expect(user.getByText(`RUC ${doc}`)).toBeVisible();
});

test('a forgotten password is reset through the mailed link, once', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Recuperar Contraseña' }).click();
  await expect(page.getByText('You will receive an e-mail in maximum 60 seconds')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Email sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const link = linkIn(await mailTo(user.email), /\/password-reset\?[^\s"<>]+/);
  expect(link).toContain(
    `127.0.0.1:${serverPort(test.info().parallelIndex)}/password-reset?email=`,
  );
  await page.goto(link);
  await page.getByLabel('New Password').fill('recuperada');
  await page.getByLabel('Confirm Password').fill('recuperada');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(STRONG_PASSWORD)).toBeVisible();
  await page.getByLabel('New Password').fill('Recuperada1!');
  await page.getByLabel('Confirm Password').fill('Recuperada2!');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('Recuperada1!');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password Changed!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, user.login, 'Recuperada1!');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was single-use.
  await page.goto(link);
  await page.getByLabel('New Password').fill('OtraVez123!');
  await page.getByLabel('Confirm Password').fill('OtraVez123!');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
});

test('own profile: a user renames themselves; a default user is refused', async ({
  page,
  request,
}) => {
  await signedInOnProfile(page, request);
  await expect(page.getByRole('heading', { name: 'About me' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Image' })).toBeVisible();
  await page.getByLabel('Name').fill('Pruebita');
  await page.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  await submitLogin(page, 'admin', PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/mi-perfil');
  await page.getByLabel('Name').fill('Otro Nombre');
  await page.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByText('Oops, something went wrong!')).toBeVisible();
  await expect(
    page.getByText('You are not allowed to change data of default users.'),
  ).toBeVisible();
});

test('own password: the current one is asked for', async ({ page, request }) => {
  const user = await signedInOnProfile(page, request);
  await field(page, 'Current Password').fill('NoEsLaMia1!');
  await field(page, 'New Password').fill('Cambiada1!');
  await field(page, 'Confirm Password').fill('Cambiada1!');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Oops, something went wrong!')).toBeVisible();
  await expect(page.getByText('La contraseña actual no es correcta')).toBeVisible();

  await field(page, 'Current Password').fill(user.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await expect(field(page, 'Current Password')).toHaveValue('');

  await submitLogin(page, user.login, user.password);
  await expect(page.getByText('Credenciales incorrectas!')).toBeVisible();
  await submitLogin(page, user.login, 'Cambiada1!');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Submit Changes saves the picture with the fields, or nothing when the e-mail is taken', async ({
  page,
  request,
}) => {
  const user = await signedInOnProfile(page, request);
  await page.locator('input[type=file]').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
  await page.getByLabel('Email').fill('admin@groomer.pe');
  // A new e-mail needs the password (issue 28 §3).
  await field(page, 'Your Password').fill(user.password);
  await page.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByText('Oops, something went wrong!')).toBeVisible();
  await expect(page.getByText('The email has already been taken.')).toBeVisible();

  // Nothing was saved: after a reload there is no picture to remove.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Select Image' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);

  await page.locator('input[type=file]').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await page.getByLabel('Name').fill('Con Foto');
  await page.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Con Foto');
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
});

test('Página de inicio: a user who chooses the Agenda lands there after signing in', async ({
  page,
  request,
}) => {
  const user = await signedInOnProfile(page, request);
  await expect(page.getByLabel('Página de inicio')).toHaveText('Dashboard');
  await page.getByLabel('Página de inicio').click();
  await page.getByRole('option', { name: 'Agenda' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Página de inicio guardada')).toBeVisible();

  await page.getByRole('button', { name: 'Cuenta' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Usuario').fill(user.login);
  await page.getByLabel('Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/agenda$/);

  // Another user on the same browser still lands on the Dashboard.
  await submitLogin(page, 'recepcion', PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-up registers an account that waits for activation', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Name is a required input')).toBeVisible();
  await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();
  await page.getByLabel('Name').fill('John Smith');
  await page.getByLabel('Email').fill('john.e2e@example.com');
  await field(page, 'Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(STRONG_PASSWORD)).toBeVisible();
  await field(page, 'Password').fill('Secret123!');
  await page.getByLabel('Confirm Password').fill('Secret123!');
  await page.getByLabel('I agree the Terms and Conditions').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Successfully registered!')).toBeVisible();
  await expect(page.getByText(/We have sent your user name to your email\./)).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, 'johne2e', 'Secret123!');
  await expect(page.getByText('Credenciales incorrectas!')).toBeVisible();
});
