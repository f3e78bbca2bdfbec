import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prepareSessionCheck, type SessionPolicy, type SessionUserRef } from '../auth/sessions';
import type { Db } from '../db/client';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a credential (sign-in, health, password recovery...). */
    public?: boolean;
  }
  interface FastifyRequest {
    session?: SessionUserRef;
  }
}

/** The OpenAPI description and its UI are public. */
export const DOCS_PREFIX = '/api/docs';

export const UNAUTHENTICATED = 'No autenticado. Inicie sesión para continuar.';

/**
 * Every route registered in `api` (the `/api` scope) needs a live session unless its config
 * says `public: true`. The hook belongs to the scope, not to a prefix of the address: an
 * encoded path (`/%61pi/users`) reaches the same routes and the same check.
 */
export function registerAuthentication(api: FastifyInstance, db: Db, policy: SessionPolicy) {
  const checkSession = prepareSessionCheck(db, policy);
  api.decorateRequest('session', undefined);
  api.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    const session = await checkSession(request.headers.authorization);
    if (!session) throw new HttpError(401, UNAUTHENTICATED);
    request.session = session;
  });
}

/** The session of an authenticated route: the hook above guarantees it. */
export function sessionOf(request: FastifyRequest): SessionUserRef {
  if (!request.session) throw new HttpError(401, UNAUTHENTICATED);
  return request.session;
}
