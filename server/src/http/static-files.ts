import type { FastifyStaticOptions } from '@fastify/static';
import { relative, sep } from 'node:path';

/** Vite names every file of assets/ after its content: a new build gives new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and any other unhashed file) is checked again on every use. */
export const REVALIDATE = 'no-cache';

/**
 * The built SPA: the `.br` / `.gz` files the build writes beside each asset are sent to clients
 * that accept them (nothing is compressed per request), hashed assets are cached for a year,
 * everything else revalidates. `sendFile('index.html')` (the SPA fallback) goes through here too.
 */
export function webStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = relative(root, path).startsWith(`assets${sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    },
  };
}
