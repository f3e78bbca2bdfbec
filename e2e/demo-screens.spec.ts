import { expect, test, type Page } from './fixtures';
import { sidenav, signIn } from './support';

/**
 * Spec §000-1: the demonstration screens show static sample content and make no server calls.
 * The only /api calls allowed are the shell's own: the session user, their permissions (which
 * menu entries to show), the company's brand (name and logo) that the sidenav and footer
 * show on every screen, and the navbar bell's notifications.
 */
const SHELL_CALLS = [
  '/api/me',
  '/api/profile',
  '/api/app/brand',
  '/api/app/logo.jpg',
  '/api/notificaciones',
];

/** Every /api path the page asks for from now on. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

const notFromShell = (calls: string[]) =>
  calls.filter((call) => !SHELL_CALLS.includes(call.replace(/^GET /, '')));

/** The template's screens: reachable by their address, in no menu. */
const DEMO_PATHS = ['/tables', '/billing', '/rtl-page', '/notifications', '/profile'];

/** Every demonstration screen says so on top (issue 30 §14). */
async function expectDemoBanner(page: Page) {
  const banner = page.getByRole('note', { name: 'Página de demostración' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('no son datos de la peluquería');
}

test('no menu links to the demonstration screens', async ({ page }) => {
  await signIn(page);
  const menu = sidenav(page);
  await expect(menu.getByRole('link', { name: 'Clientes' })).toBeVisible();
  const targets = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(targets.length).toBeGreaterThan(10);
  const demo = [...DEMO_PATHS, '/sign-in', '/sign-up'];
  expect(targets.filter((href) => demo.includes(href.split(/[?#]/)[0]))).toEqual([]);
  // Nor any other link of the shell: the navbar's and the footer's.
  for (const path of demo) await expect(page.locator(`a[href="${path}"]`)).toHaveCount(0);
});

test('the demonstration screens in the shell show their sample content and call no API', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('region', { name: 'Citas de hoy' })).toBeVisible();
  const calls = recordApiCalls(page);

  await page.goto('/tables');
  await expectDemoBanner(page);
  await expect(page.getByRole('table', { name: 'Authors Table' })).toContainText('John Michael');
  await expect(page.getByRole('table', { name: 'Projects Table' })).toBeVisible();

  await page.goto('/billing');
  await expectDemoBanner(page);
  for (const heading of ['Payment Method', 'Invoices', 'Billing Information'])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Your Transaction's" })).toBeVisible();

  await page.goto('/rtl-page');
  await expectDemoBanner(page);
  await expect(page.getByRole('table', { name: 'المشاريع' })).toBeVisible();

  await page.goto('/notifications');
  await expectDemoBanner(page);
  await expect(page.getByText('A simple primary alert with')).toHaveCount(2);
  await page.getByRole('button', { name: 'warning notification' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'This is a notification message' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Material Dashboard');

  await page.goto('/profile');
  await expectDemoBanner(page);
  await expect(page.getByRole('heading', { name: 'Richard Davis' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Profile sections' });
  for (const tab of ['Messages', 'Settings', 'App']) {
    await tabs.getByRole('tab', { name: tab }).click();
    await expect(tabs.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  }
  // The platform settings switch, and save nothing.
  const follows = page.getByRole('switch', { name: 'Email me when someone follows me' });
  await expect(follows).toBeChecked();
  await follows.click();
  await expect(follows).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Reply to Sophie B.' })).toBeVisible();
  for (const project of ['modern', 'scandinavian', 'minimalist', 'gothic'])
    await expect(page.getByRole('heading', { name: project, level: 3 })).toBeVisible();

  // The recording works: the shell's own calls were seen, and nothing else.
  expect(calls).toContain('GET /api/me');
  expect(notFromShell(calls)).toEqual([]);
});

test('the English demo sign-in and sign-up pages show their forms and submit nothing', async ({
  page,
}) => {
  const calls = recordApiCalls(page);
  await page.goto('/sign-in');
  await expectDemoBanner(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill('alec@mail.com');
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('switch', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.goto('/sign-up');
  await expectDemoBanner(page);
  await expect(page.getByRole('heading', { name: 'Join us today' })).toBeVisible();
  await page.getByLabel('Name').fill('Alec Thompson');
  await page.getByLabel('Email').fill('alec@mail.com');
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);

  // Outside the shell, without a session: nothing but, at most, the brand.
  expect(notFromShell(calls)).toEqual([]);
});
