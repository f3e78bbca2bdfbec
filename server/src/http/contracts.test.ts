import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app';
import { DOCS_PREFIX } from './authenticate';

const ctx = await setupTestApp();

const apiRoutes = ctx.app.registeredRoutes.filter(
  (route) =>
    route.url.startsWith('/api') && !route.url.startsWith(DOCS_PREFIX) && route.method !== 'HEAD',
);

/**
 * Every route is declared once, by a contract of domain/src/features/<feature>/endpoints.ts or a resource's
 * (issue 29 §1), and registered from it with `route()`: a route written by hand fails here.
 */
describe('every route is declared by a contract', () => {
  it('serves the routes of the contracts', () => {
    expect(apiRoutes.length).toBeGreaterThan(100);
  });

  it.each(apiRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    (_name, route) => {
      expect(
        route.declared,
        'registered by hand: declare it in domain/src/features/<feature>/endpoints.ts',
      ).toBe(true);
    },
  );
});
