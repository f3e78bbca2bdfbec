import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyRegisterOptions, FastifyReply } from 'fastify';

/**
 * What `reply.helmet` takes. Helmet's options are a union of 256 shapes (eight headers with two
 * names each): an object of another of its types, or a spread of one, is compared shape by shape,
 * which cost the server's type check four seconds. Each value here is declared with the
 * very type it is passed as.
 */
type ReplyHelmetOptions = Exclude<Parameters<FastifyReply['helmet']>[0], undefined>;

/**
 * The Content-Security-Policy of the app and the API (the Swagger UI at /api/docs passes it too).
 *
 * Scripts come only from our own origin: the built index.html has no inline script. Styles
 * allow 'unsafe-inline' because MUI's emotion and SweetAlert2 insert `<style>` elements at run
 * time; a nonce would cover emotion only (SweetAlert2 injects its sheet itself) and would need
 * index.html rewritten per request instead of served pre-compressed from disk. Inline styles
 * cannot run code, and script-src stays strict. Images include data: and blob: (the logo and
 * avatar previews are object URLs of the chosen file).
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain HTTP (a LAN address) it would send every request of the page to https://.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Helmet's headers for every response; HSTS only when the app is reached over HTTPS. Not
 * `global`: the hook below sends them, or ASSET_HEADERS for an asset.
 */
export function securityHeaderOptions(
  appUrl: string,
): FastifyRegisterOptions<FastifyHelmetOptions> {
  const https = new URL(appUrl).protocol === 'https:';
  return {
    global: false,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * What a hashed script or image of the built app keeps: nosniff and the same-origin resource
 * policy. The rest only means something on a document, and it would add some 600 bytes to
 * each of the 30 files the login page loads.
 */
export const ASSET_HEADERS: ReplyHelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

export async function registerSecurityHeaders(app: FastifyInstance, appUrl: string) {
  await app.register(fastifyHelmet, securityHeaderOptions(appUrl));
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/assets/')) reply.helmet(ASSET_HEADERS);
    else reply.helmet();
  });
  // An API answer is someone's data: neither the browser (a shared counter PC, its back button)
  // nor a proxy keeps a copy. A route that decided its own caching (a versioned image) keeps it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
