import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  MUST_CHANGE_PASSWORD,
  PERMISSION_MESSAGES,
  type Permission,
  type RouteAccess,
} from '@app/domain';
import { recordDenied } from '../audit/record';
import { prepareSessionCheck, type SessionPolicy, type SessionUserRef } from '../auth/sessions';
import type { Db } from '../db/client';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a credential (sign-in, health, password recovery...). */
    public?: boolean;
    /**
     * What the route needs (decisions §roles): a permission of the caller's role, or 'sesion' for
     * any signed-in user. Every route of the API says it unless it is `public`.
     */
    permission?: RouteAccess;
    /**
     * A route of the client's own page (/mi-cuenta, DESIGN §11.5): the staff check skips it and
     * the portal's hook (features/portal/portal-auth.ts) takes the client credential instead.
     */
    client?: boolean;
    /**
     * Open to a user who must still change a generated password (issue 28 §1): the change
     * itself, signing out, and what the web reads to show the form.
     */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    session?: SessionUserRef;
  }
}

/** The OpenAPI description and its UI are public. */
export const DOCS_PREFIX = '/api/docs';

export const UNAUTHENTICATED = 'No autenticado. Inicie sesión para continuar.';

export const forbidden = () => new HttpError(403, PERMISSION_MESSAGES.forbidden);

/**
 * Every route registered in `api` (the `/api` scope) needs a live session unless its config
 * says `public: true`, and then the permission its config names. The hook belongs to the scope,
 * not to a prefix of the address: an encoded path (`/%61pi/users`) reaches the same routes and
 * the same check. The role comes with the session (one statement per request, no other).
 */
export function registerAuthentication(api: FastifyInstance, db: Db, policy: SessionPolicy) {
  const checkSession = prepareSessionCheck(db, policy);
  api.decorateRequest('session', undefined);
  // A route that says neither is a mistake: the app refuses to start rather than guess.
  api.addHook('onRoute', (route) => {
    const open = route.config?.public === true || route.config?.client === true;
    if (!open && !route.config?.permission) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(`${methods} ${route.url} declares neither config.permission nor public`);
    }
  });
  api.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // A client's route takes no staff session: a staff token never opens it (portal-auth.ts).
    if (config?.public || config?.client) return;
    const session = await checkSession(request.headers.authorization);
    if (!session) throw new HttpError(401, UNAUTHENTICATED);
    request.session = session;
    if (session.mustChangePassword && !config?.beforePasswordChange) {
      throw new HttpError(403, MUST_CHANGE_PASSWORD);
    }
    const access = config?.permission;
    // Undeclared cannot happen (onRoute above); if it did, the route stays closed.
    if (!access || (access !== 'sesion' && !can(session.role, access))) throw forbidden();
  });
  // Refused calls are recorded too (decisions §audit), the route's and the handler's alike.
  api.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 403 && request.session) {
      // After the answer: a failed write is logged, never turned into an error for the caller.
      await recordDenied(db, request, request.routeOptions.config?.permission).catch(
        (error: unknown) =>
          request.log.error({ err: error }, 'No se pudo registrar el acceso denegado'),
      );
    }
  });
}

/** The session of an authenticated route: the hook above guarantees it. */
export function sessionOf(request: FastifyRequest): SessionUserRef {
  if (!request.session) throw new HttpError(401, UNAUTHENTICATED);
  return request.session;
}

/** A check inside a route, where what it needs depends on the body (appointment statuses). */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  if (!can(sessionOf(request).role, permission)) throw forbidden();
}
