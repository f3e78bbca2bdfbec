import { expect, test, type Page, type Response } from './fixtures';
import { registerClient, staffApi, uniqueWord } from './api';
import { dateField, signInThroughForm } from './support';

// A function exposed to the page and an init script of its own: the page is this spec's alone.
test.use({ freshPage: true });

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Whatever the page reports that it should not: CSP violations (seen by the page itself),
 * console errors and uncaught exceptions. A request for /favicon.ico (the app's icon is
 * /favicon.svg) is the only failed load let through.
 */
async function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.location().url.endsWith('/favicon.ico')) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    // The e2e tsconfig has no DOM library: this callback runs in the browser, not in Node.
    const browser = globalThis as unknown as {
      document: {
        addEventListener(
          type: 'securitypolicyviolation',
          listener: (event: { violatedDirective: string; blockedURI: string }) => void,
        ): void;
      };
      reportCspViolation(text: string): void;
    };
    browser.document.addEventListener('securitypolicyviolation', (event) =>
      browser.reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI}`),
    );
  });
  return problems;
}

function expectSecurityHeaders(response: Response) {
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

test('the login page comes compressed, cached as it should and under the security headers', async ({
  page,
}) => {
  const assets: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push(response);
  });
  const brand = page.waitForResponse('**/api/app/brand');
  const document = await page.goto('/login');
  expect(document?.status()).toBe(200);
  expectSecurityHeaders(document!);
  expect(document!.headers()['cache-control']).toBe('no-cache');
  expect(document!.headers()['content-encoding']).toBe('br');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  expectSecurityHeaders(await brand);
  // The tab's icon, the brand's paw: a small SVG that revalidates like index.html.
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBe('/favicon.svg');
  const favicon = await page.request.get(icon!);
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');
  expect((await favicon.body()).length).toBeLessThan(2048);

  expect(assets.length).toBeGreaterThan(5);
  // The login screen does without react-hook-form (the `forms` chunk).
  expect(assets.map((asset) => asset.url())).not.toContainEqual(
    expect.stringMatching(/\/forms-[\w-]+\.js$/),
  );
  for (const asset of assets) {
    expect(asset.headers()['cache-control'], asset.url()).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(asset.headers()['x-content-type-options'], asset.url()).toBe('nosniff');
  }
  // Every script of more than 1 KB (the build's threshold) travels as brotli.
  const large = [];
  for (const asset of assets) {
    if ((await asset.body()).length > 1024) large.push(asset);
  }
  expect(large.length).toBeGreaterThan(5);
  for (const asset of large) expect(asset.headers()['content-encoding'], asset.url()).toBe('br');
});

test('a day of work passes the CSP with nothing in the console', async ({ page }) => {
  const problems = await watchProblems(page);
  const word = uniqueWord();

  // Login, and the welcome toast (SweetAlert2 injects its styles).
  await signInThroughForm(page);
  await expect(page.getByText('Bienvenido!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Citas de hoy' })).toBeVisible();

  // Clients: the registration form and its messages, then a confirmation dialog.
  await registerClient(await staffApi(page), 'Lucía', `Mamani ${word}`);
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Añadir Cliente' }).click();
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('El número de documento es requerido')).toBeVisible();
  await page.goto(`/clientes?search=${word.toLowerCase()}`);
  const row = page.getByRole('row', { name: new RegExp(`LUCÍA MAMANI ${word.toUpperCase()}`) });
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Suspender' }).click();
  await expect(page.getByText('¿Está seguro de suspender este cliente?')).toBeVisible();
  await page.getByRole('button', { name: '¡No, cancelar!' }).click();
  await expect(row.getByText('ACTIVO')).toBeVisible();

  // The agenda and its form.
  await page.goto('/citas');
  await page.getByRole('button', { name: 'Añadir Cita' }).click();
  await expect(dateField(page, 'Fecha y hora de la cita')).toBeVisible();
  await page.goto('/reservaciones');
  await expect(page.getByRole('button', { name: 'Añadir Reserva' })).toBeVisible();

  // A picture chosen for the profile is previewed from a blob: address.
  await page.goto('/user-profile');
  await page.locator('input[type=file]').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(page.locator('img[src^="blob:"]')).toBeVisible();

  expect(problems).toEqual([]);
});

test('the API documentation works under its CSP', async ({ page }) => {
  const problems = await watchProblems(page);
  const document = await page.goto('/api/docs/');
  expectSecurityHeaders(document!);
  await expect(page.getByText('Back-office de grooming')).toBeVisible();
  await expect(page.getByText('/api/clientes/').first()).toBeVisible();
  expect(problems).toEqual([]);
});
