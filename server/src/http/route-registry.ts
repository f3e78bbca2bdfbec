import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '@app/domain';

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** A route of the client's own page: the client credential, never a staff session. */
  client: boolean;
  /** What the route needs (authenticate.ts); undefined for public routes and the docs. */
  permission?: RouteAccess;
  /** The status codes whose answer the route declares a schema for (responses.ts). */
  responses: string[];
  /** Registered from a contract of domain/ (http/endpoint.ts `route`). */
  declared: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, as registered: tests walk it so a new route is covered. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Records each route registered after this call, in this instance and its plugins. */
export function recordRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        client: route.config?.client === true,
        permission: route.config?.permission,
        responses: Object.keys((route.schema?.response as object | undefined) ?? {}),
        declared: route.config?.endpoint !== undefined,
      });
    }
  });
}
