import { expect, test } from './fixtures';
import { gzipSync } from 'node:zlib';
import { staffApi, uniqueWord } from './api';
import { PASSWORD, sidenav, signIn, signInThroughForm, storedCredential } from './support';

const SIDENAV_LINKS = [
  'Dashboard',
  'Agenda',
  'Mi día',
  'Citas',
  'Reservaciones',
  'Lista de espera',
  'Solicitudes en línea',
  'Mensajes',
  'Recordatorios',
  'Historial de Citas',
  'Ventas',
  'Cierre de caja',
  'Adelantos por verificar',
  'Comprobantes electrónicos',
  'Perfil',
  'Lista de Servicios',
  'Lista de Paquetes',
  'Lista de Bonos',
  'Consentimientos',
  'Clientes',
  'Mascotas/Perros',
  'Carnés por revisar',
  'Productos',
  'Reporte Ventas',
  'Reporte Citas',
  'Reporte Citas',
  'Reporte Reservaciones',
  'Comisiones',
  'Ajustes',
  'Usuarios',
  'Empleados',
  'Auditoría',
  'Libro de Reclamaciones',
];

const SIDENAV_HEADINGS = [
  'RESERVAS Y AGENDA',
  'CAJA',
  'USUARIOS/EMPLEADOS',
  'SERVICIOS',
  'CLIENTES Y MASCOTAS',
  'INVENTARIO',
  'REPORTES',
  'CONFIGURACIONES',
  'ADMINISTRACIÓN',
];

test.describe('Login', () => {
  test('asks for the user name and the password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByText('Nombre de usuario requerido')).toBeVisible();
    await expect(page.getByText('Contraseña requerida')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('refuses wrong credentials with a red toast', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill('Incorrecta1!');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    const toast = page.locator('.swal2-toast', { hasText: 'Credenciales incorrectas!' });
    await expect(toast).toBeVisible();
    // The theme's error red, darkened for white text at 4.5:1 (WCAG 2.2 AA).
    await expect(toast).toHaveCSS('background-color', 'rgb(211, 47, 47)');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedCredential(page)).toEqual({ local: null, session: null });
  });

  test('reports a server that cannot be reached', async ({ page }) => {
    await page.route('**/api/login', (route) => route.abort());
    await page.goto('/login');
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByText('Error de Servidor!')).toBeVisible();
  });

  test("shows the server's message when there were too many attempts", async ({ page }) => {
    const message = 'Demasiados intentos fallidos. Espere un momento antes de volver a intentarlo.';
    await page.route('**/api/login', (route) =>
      route.fulfill({ status: 429, json: { status: 'error', message } }),
    );
    await page.goto('/login');
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByText(message)).toBeVisible();
  });

  test('sends the spec headers and the json field', async ({ page }) => {
    await page.goto('/login');
    const request = page.waitForRequest('**/api/login');
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    const sent = await request;
    const headers = await sent.allHeaders();
    expect(headers['content-type']).toBe('application/vnd.api+json');
    expect(headers.accept).toBe('application/vnd.api+json');
    expect(headers['x-app-request']).toBe('true');
    expect(headers.authorization).toBeUndefined();
    expect(sent.postDataJSON()).toEqual({
      json: JSON.stringify({ login: 'admin', password: PASSWORD }),
    });
  });

  test('welcomes the user; without Recordarme the session lives in sessionStorage', async ({
    page,
  }) => {
    await signInThroughForm(page);
    await expect(page.getByText('Bienvenido!')).toBeVisible();
    const stored = await storedCredential(page);
    expect(stored.session).toMatch(/^Bearer \S+$/);
    expect(stored.local).toBeNull();
  });

  test('with Recordarme the session lives in localStorage and survives a reload', async ({
    page,
  }) => {
    await signInThroughForm(page, 'recepcion', { remember: true });
    const stored = await storedCredential(page);
    expect(stored.local).toMatch(/^Bearer \S+$/);
    expect(stored.session).toBeNull();
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('links to password recovery', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Recuperar Contraseña' }).click();
    await expect(page).toHaveURL(/\/password-forgot$/);
    await expect(page.getByRole('heading', { name: 'Password Forgot' })).toBeVisible();
  });

  test('keeps the first page load under 250 KB of gzipped JavaScript', async ({ page }) => {
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body());
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    const bodies = await Promise.all(scripts);
    const gzipped = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    expect(gzipped).toBeLessThan(250 * 1024);
  });
});

test.describe('Routes and guard', () => {
  test('/ and private routes lead to Login without a session', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/clientes');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Login sends a signed-in user to the dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an unknown address shows a page with a way back', async ({ page }) => {
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Shell', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("lists the spec's menu under its headings", async ({ page }) => {
    const nav = sidenav(page);
    await expect(nav.getByRole('link')).toHaveText(SIDENAV_LINKS);
    for (const heading of SIDENAV_HEADINGS)
      await expect(nav.getByText(heading, { exact: true })).toBeVisible();
  });

  test('marks the active entry by the first path segment', async ({ page }) => {
    const nav = sidenav(page);
    const active = nav.locator('[aria-current="page"]');
    await expect(active).toHaveText(['Dashboard']);

    await nav.getByRole('link', { name: 'Mascotas/Perros' }).click();
    await expect(page).toHaveURL(/\/mascotas$/);
    await expect(active).toHaveText(['Mascotas/Perros']);
    await expect(page.getByTestId('page-title')).toHaveText('Mascotas/Perros');

    // Every report shares the segment 'reportes', so all their entries light up together.
    await nav.getByRole('link', { name: 'Reporte Ventas' }).click();
    await expect(page).toHaveURL(/\/reportes\/ventas$/);
    await expect(page.getByRole('heading', { name: 'Reporte Ventas', level: 1 })).toBeVisible();
    await expect(active).toHaveText([
      'Reporte Ventas',
      'Reporte Citas',
      'Reporte Citas',
      'Reporte Reservaciones',
      'Comisiones',
    ]);
  });

  test('shows the route name in breadcrumb and title', async ({ page }) => {
    await page.goto('/user-profile');
    await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText(
      'User Profile',
    );
    await expect(page.getByTestId('page-title')).toHaveText('User Profile');
    await expect(page.getByLabel('Buscar aquí')).toBeVisible();
    await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()},`);
  });

  test('the bell lists a product out of stock and its notice opens the products', async ({
    page,
  }) => {
    // None left and the highest minimum there is: first of the bell's low-stock notices.
    const name = `Shampoo ${uniqueWord()}`;
    const api = await staffApi(page);
    await api.create('/producto/register', {
      sku: `E2E-${uniqueWord()}`,
      nombre: name,
      categoria: 'Insumos',
      precio: '10',
      costo: '5',
      stock_min: 99_999,
      stock_inicial: 0,
    });

    await page.reload();
    // By keyboard, as the other menus: Enter opens the bell on its first notice.
    const bell = page.getByRole('button', { name: /^Notificaciones: [1-9]\d*$/ });
    await bell.focus();
    await page.keyboard.press('Enter');
    const notice = page.getByRole('menuitem', {
      name: `Stock bajo: ${name} (agotado, mínimo 99999)`,
    });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeFocused();
    await notice.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/productos\?bajo_stock=true$/);
    await expect(page.getByTestId('page-title')).toHaveText('Productos');
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('with nothing to tell the bell has no badge and says so', async ({ page }) => {
    await page.route('**/api/notificaciones', (route) =>
      route.fulfill({ json: { status: 'success', data: { items: [], total: 0 } } }),
    );
    await page.reload();
    const bell = page.getByRole('button', { name: 'Notificaciones: 0' });
    await expect(bell.locator('.MuiBadge-badge')).toHaveClass(/MuiBadge-invisible/);
    await bell.click();
    await expect(page.getByRole('menuitem')).toHaveText(['No hay notificaciones']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(bell).toBeFocused();
  });

  test("the account menu shows the user and opens 'Mi Perfil'", async ({ page }) => {
    await page.getByRole('button', { name: 'Cuenta' }).click();
    await expect(page.getByTestId('session-user')).toContainText('admin');
    await page.getByRole('menuitem', { name: 'Mi Perfil' }).click();
    await expect(page).toHaveURL(/\/user-profile$/);
  });

  test("'Cerrar Sesión' ends the session and returns to Login", async ({ page }) => {
    const logout = page.waitForResponse('**/api/logout');
    await page.getByRole('button', { name: 'Cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedCredential(page)).toEqual({ local: null, session: null });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a session ended on the server shows 'Sesión expirada' and goes to Login", async ({
    page,
  }) => {
    const { session } = await storedCredential(page);
    const response = await page.request.post('/api/logout', {
      headers: { Authorization: session ?? '', 'X-App-Request': 'true' },
    });
    expect(response.status()).toBe(200);

    await page.goto('/clientes');
    const dialog = page.locator('.swal2-popup');
    await expect(dialog.getByRole('heading', { name: 'Sesión expirada' })).toBeVisible();
    await expect(dialog).toContainText(
      'Tu sesión ha expirado por inactividad. Por favor, inicia sesión nuevamente.',
    );
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedCredential(page)).toEqual({ local: null, session: null });
  });

  test('the interface settings are kept after a reload', async ({ page }) => {
    await page.getByRole('button', { name: 'Ajustes de Interfaz' }).click();
    const panel = page.getByRole('presentation').filter({ hasText: 'Ajustes de Interfaz' });
    await expect(panel.getByRole('button', { name: 'success' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await panel.getByRole('button', { name: 'info' }).click();
    await panel.getByRole('button', { name: 'Blanco' }).click();
    await panel.getByLabel('Modo oscuro').check();
    // The open drawer hides the page from the accessibility tree.
    await panel.getByRole('button', { name: 'Cerrar' }).click();

    const nav = sidenav(page);
    await expect(nav).toHaveAttribute('data-sidenav-color', 'info');
    await expect(nav).toHaveAttribute('data-sidenav-type', 'white');
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(26, 32, 53)');

    await page.reload();
    await expect(nav).toHaveAttribute('data-sidenav-color', 'info');
    await expect(nav).toHaveAttribute('data-sidenav-type', 'white');
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');
    await expect(nav.locator('[aria-current="page"]')).toHaveCSS(
      'background-image',
      /26, 115, 232/,
    );
    await page.getByRole('button', { name: 'Ajustes de Interfaz' }).click();
    await expect(panel.getByRole('button', { name: 'info' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(panel.getByRole('button', { name: 'Blanco' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(panel.getByLabel('Modo oscuro')).toBeChecked();
  });

  test('below 1200 px the sidenav is a drawer and only Oscuro is offered', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const nav = sidenav(page);
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Ajustes de Interfaz' }).click();
    const panel = page.getByRole('presentation').filter({ hasText: 'Ajustes de Interfaz' });
    await expect(panel.getByRole('button', { name: 'Oscuro' })).toBeEnabled();
    await expect(panel.getByRole('button', { name: 'Transparente' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Blanco' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('button', { name: 'Menú lateral' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(/\/clientes$/);
    await expect(nav).toBeHidden();
  });
});
