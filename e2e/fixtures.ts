import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type PlaywrightTestOptions,
} from '@playwright/test';
import { serverPort } from './servers';

export * from '@playwright/test';

interface TestOptions {
  /**
   * A page of the test's own in a context of its own, as Playwright gives by default. Tests that
   * change what the worker's kept page cannot take back (its clock, functions exposed to the page)
   * ask for it with `test.use({ freshPage: true })`.
   */
  freshPage: boolean;
}

interface WorkerFixtures {
  keptPage: KeptPage;
}

/**
 * The context options a test may change with `test.use`: a test that changes one of them gets a
 * fresh page.
 */
type ContextShape = Pick<
  PlaywrightTestOptions,
  'viewport' | 'isMobile' | 'hasTouch' | 'locale' | 'timezoneId' | 'contextOptions'
>;

/**
 * The worker's one page, kept from test to test. Loading the admin app costs a page 1.3 s of
 * Chromium's CPU; starting it again on another screen in the same document costs a fraction of
 * that: no document, no script parsed and compiled again. So `goto` to one of the app's own
 * screens, once the app is loaded, restarts it there (`groomerAutomation.restart` in
 * web/src/app/automation.ts: every screen unmounted, every answer and alert forgotten) instead
 * of loading the document. Any other `goto`, `reload` and `goBack` load as ever. Between tests
 * the page is left as a new one would be: its storage, cookies, routes, permissions, listeners,
 * media and viewport cleared, its init scripts removed.
 */
class KeptPage {
  private current?: { context: BrowserContext; page: Page };
  /**
   * The test's init scripts: each run by hand when the app restarts in place, and removed when the
   * test ends. A file's or a string's script has no `run`: only a load runs it as the test meant.
   */
  private initScripts: { run?: () => Promise<unknown>; remove: () => Promise<void> }[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly options: BrowserContextOptions,
  ) {}

  async open(): Promise<{ context: BrowserContext; page: Page }> {
    if (this.current) {
      await this.blank(this.current.page);
      return this.current;
    }
    const context = await this.browser.newContext(this.options);
    const page = await context.newPage();
    const load = page.goto.bind(page);
    page.goto = async (url, options) =>
      (await this.restart(page, url)) ? null : load(url, options);
    const addInitScript = page.addInitScript.bind(page);
    page.addInitScript = async (script, arg) => {
      const added = await addInitScript(script, arg);
      this.initScripts.push({
        run:
          typeof script === 'function'
            ? () => page.evaluate(script as (arg: unknown) => unknown, arg)
            : undefined,
        remove: () => added.dispose(),
      });
      return added;
    };
    this.current = { context, page };
    return this.current;
  }

  /** Takes back what the test changed, so the next test finds the page as a new one. */
  async tidy(): Promise<void> {
    if (!this.current) return;
    const { context, page } = this.current;
    for (const { remove } of this.initScripts.splice(0)) await remove();
    for (const other of context.pages()) if (other !== page) await other.close();
    for (const event of ['request', 'response', 'console', 'pageerror'] as const) {
      page.removeAllListeners(event);
    }
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearPermissions();
    await context.clearCookies();
    await page.emulateMedia({ media: null });
    const { viewport } = this.options;
    const size = page.viewportSize();
    if (viewport && (size?.width !== viewport.width || size.height !== viewport.height)) {
      await page.setViewportSize(viewport);
    }
  }

  /** The kept page when `context` is the kept one. */
  pageOf(context: BrowserContext): Page | undefined {
    return this.current?.context === context ? this.current.page : undefined;
  }

  async close(): Promise<void> {
    await this.current?.context.close();
    this.current = undefined;
  }

  /** The app stopped and the storage emptied: what the next test's first `goto` starts from. */
  private async blank(page: Page): Promise<void> {
    await page.mouse.move(0, 0);
    await page.evaluate(async () => {
      // Runs in the browser; the e2e tsconfig has no DOM library.
      const browser = globalThis as unknown as BrowserGlobals;
      await browser.groomerAutomation?.stop();
      browser.localStorage.clear();
      browser.sessionStorage.clear();
    });
  }

  /** Restarts the loaded app on `url` when it is one of its screens; false when it is not. */
  private async restart(page: Page, url: string): Promise<boolean> {
    const target = new URL(url, this.options.baseURL);
    const runs = this.initScripts.map(({ run }) => run);
    if (
      !runs.every((run) => run !== undefined) ||
      page.url() === 'about:blank' ||
      new URL(page.url()).origin !== target.origin
    )
      return false;
    const loaded = await page.evaluate(
      () => (globalThis as unknown as BrowserGlobals).groomerAutomation !== undefined,
    );
    if (!loaded) return false;
    // What a load would run before the app: the sign-ins' scripts (e2e/support.ts).
    for (const run of runs) await run();
    return page.evaluate(
      (path) => (globalThis as unknown as BrowserGlobals).groomerAutomation!.restart(path),
      target.pathname + target.search + target.hash,
    );
  }
}

interface BrowserGlobals {
  groomerAutomation?: { stop(): Promise<void>; restart(path: string): Promise<boolean> };
  localStorage: { clear(): void };
  sessionStorage: { clear(): void };
}

/** The options that shape a context, with `false` and `{}` read as unset, their default. */
function shapeOf(options: Partial<ContextShape>): string {
  const { viewport, isMobile, hasTouch, locale, timezoneId, contextOptions } = options;
  const shape = { viewport, isMobile, hasTouch, locale, timezoneId, contextOptions };
  return JSON.stringify(shape, (_key, value: unknown) =>
    value === false || (isObject(value) && Object.keys(value).length === 0) ? undefined : value,
  );
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** Playwright's `test` with the page and its requests aimed at this worker's own server. */
export const test = base.extend<TestOptions, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter, which must be a pattern: this one has none.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${serverPort(testInfo.parallelIndex)}`);
  },
  freshPage: [false, { option: true }],
  keptPage: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, locale, timezoneId, contextOptions } = workerInfo.project
        .use as PlaywrightTestOptions;
      const kept = new KeptPage(browser, {
        ...contextOptions,
        viewport,
        locale,
        timezoneId,
        baseURL: `http://127.0.0.1:${serverPort(workerInfo.parallelIndex)}`,
      });
      await use(kept);
      await kept.close();
    },
    { scope: 'worker' },
  ],
  context: async (
    {
      context,
      keptPage,
      freshPage,
      viewport,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      contextOptions,
    },
    use,
    testInfo,
  ) => {
    const changed =
      shapeOf({ viewport, isMobile, hasTouch, locale, timezoneId, contextOptions }) !==
      shapeOf(testInfo.project.use);
    // A retry records its trace, which follows the test's own context.
    if (freshPage || changed || testInfo.retry > 0) {
      await use(context);
      return;
    }
    const kept = await keptPage.open();
    await use(kept.context);
    await keptPage.tidy();
  },
  page: async ({ context, keptPage }, use) => {
    await use(keptPage.pageOf(context) ?? (await context.newPage()));
  },
});
