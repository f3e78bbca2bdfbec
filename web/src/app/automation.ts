import type { QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import type { createAppRouter } from './router';
import { alertInPage, closeAlerts } from '../lib/alerts';

/** Resolves once `done` holds, or after two seconds: a call that hangs must not hang the test. */
async function settled(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 2000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type AppRouter = ReturnType<typeof createAppRouter>;

interface RestartTarget {
  /** The element the app is rendered into. */
  container: HTMLElement;
  root: Root;
  render: () => void;
  queryClient: QueryClient;
  router: AppRouter;
}

/**
 * What a browser driven by a test (`navigator.webdriver`) may call: the app started afresh on
 * another of its screens, as loading the document again would, without paying for the load (a
 * page load is most of a browser test's cost, e2e/fixtures.ts). A person's browser never has it.
 */
export interface AutomationHooks {
  /** Unmounts every screen and forgets every answer, alert and the focus: a blank app. */
  stop(): Promise<void>;
  /** Stops, then starts again on `path`; false, doing nothing, when `path` is not the app's. */
  restart(path: string): Promise<boolean>;
}

declare global {
  interface Window {
    groomerAutomation?: AutomationHooks;
  }
}

export function exposeToAutomation({
  container,
  root,
  render,
  queryClient,
  router,
}: RestartTarget) {
  if (!navigator.webdriver) return;

  async function stop() {
    flushSync(() => root.render(null));
    // What a load would cut short: the calls still out, then whatever answers they brought.
    await queryClient.cancelQueries();
    await settled(() => queryClient.isMutating() === 0);
    queryClient.clear();
    await closeAlerts();
    await settled(() => !alertInPage());
    // A new document's app is not hidden from screen readers, whatever MUI's dialogs and the
    // alerts, which each hide the app while open and restore it in their own order, left on it.
    for (const attribute of ['aria-hidden', 'data-previous-aria-hidden', 'inert']) {
      container.removeAttribute(attribute);
    }
    // A new document's focus starts at its top: Tab reaches the skip link first.
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
    window.scrollTo(0, 0);
  }

  async function restart(path: string) {
    const matches = matchRoutes(router.routes, path) ?? [];
    // The catch-all is every path the app does not know: a public page of its own, a file.
    if (matches.length === 0 || matches.at(-1)?.route.path === '*') return false;
    await stop();
    await router.navigate(path);
    // As a load's end would find it: the app rendered and its effects run (the shell settings
    // written back to the storage, say), so what the test does next is not undone by them.
    flushSync(render);
    await new Promise((resolve) => setTimeout(resolve));
    return true;
  }

  window.groomerAutomation = { stop, restart };
}
