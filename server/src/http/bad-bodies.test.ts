import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { PORTAL_AUTH_SCHEME } from '@app/domain';
import { hashToken } from '../auth/sessions';
import { portalSessions } from '../db/schema';
import { apiClient } from '../test/http';
import { registerOwner } from '../test/agenda';
import { setupTestApp } from '../test/app';
import { unwrapJsonField } from './json-field';

const ctx = await setupTestApp();

let staffToken = '';

/** A staff session, signed in again only when a route before ended it (a sign-in hashes). */
const staffSession = async () => {
  const alive =
    staffToken &&
    (await ctx.app.inject({ url: '/api/tipodoc', headers: { authorization: staffToken } }))
      .statusCode === 200;
  if (!alive) staffToken = await ctx.signIn();
  return staffToken;
};

/**
 * The credential a route takes: a staff session, or a client's for the portal's routes (a new
 * client each route: the portal limits each client's calls a minute).
 */
const credentialFor = async (route: { client: boolean }) => {
  const staff = await staffSession();
  if (!route.client) return staff;
  const owner = await registerOwner(apiClient(ctx.app, staff));
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db.insert(portalSessions).values({
    token_hash: hashToken(token),
    id_cli: owner.id_cli,
    expires_at: new Date(Date.now() + 3_600_000),
  });
  return `${PORTAL_AUTH_SCHEME} ${token}`;
};

const DEPTH = 5_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/** Bodies no route accepts: not an object, an empty or broken `json` field, deep nesting. */
const BAD_BODIES = [
  'null',
  '[]',
  '"x"',
  '42',
  'true',
  '{}',
  '{"json":null}',
  '{"json":"null"}',
  '{"json":"[]"}',
  '{"json":42}',
  deepArray,
  deepObject,
  JSON.stringify({ json: deepArray }),
  JSON.stringify({ json: deepObject }),
];

/** Routes that read no body: any object is a fine body for them, so only non-objects count. */
const BODILESS = new Set([
  'POST /api/logout',
  // Starts setting up the second factor; closes the user's other sessions.
  'POST /api/profile/dos-pasos',
  'DELETE /api/profile/sesiones',
  // Closes the client's portal session.
  'DELETE /api/portal/sesion',
]);
/**
 * Routes whose credential is the body's signature (Meta's webhook): an unsigned body is refused
 * with 401 before it is read, which is the answer to a bad one too.
 */
const SIGNED = new Set(['POST /api/public/whatsapp']);
/** Whether the body, once its `json` field is unwrapped, is an object. */
const isObjectBody = (payload: string) => {
  try {
    unwrapJsonField(JSON.parse(payload));
    return true;
  } catch {
    return false;
  }
};

const writeRoutes = ctx.app.registeredRoutes.filter(
  (route) => route.url.startsWith('/api') && !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
);

describe('every write route refuses a body it cannot use with a 4xx in Spanish', () => {
  it('covers the routes the app registers', () => {
    expect(writeRoutes.length).toBeGreaterThan(40);
  });

  it.each(writeRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    async (name, route) => {
      let token = await credentialFor(route);
      // Ids that name no record: a body that passed by mistake would change nothing.
      const url = route.url.replace(/:[A-Za-z]+/g, '999999');
      for (const payload of BAD_BODIES) {
        if (BODILESS.has(name) && isObjectBody(payload)) continue;
        for (const contentType of ['application/json', 'application/vnd.api+json']) {
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: { authorization: token, 'content-type': contentType },
            payload,
          });
          const body = res.json<{ status: string; message: string }>();
          expect(res.statusCode, `${payload.slice(0, 20)} → ${res.body}`).toBeGreaterThanOrEqual(
            400,
          );
          expect(res.statusCode, `${payload.slice(0, 20)} → ${res.body}`).toBeLessThan(500);
          expect(body.status).toBe('error');
          expect(body.message).toMatch(/[a-záéíóúñ]{3}/i);
          expect(body.message).not.toMatch(/^(Bad Request|Unsupported|Internal)/);
          // A refused credential would hide what the route does with the body.
          if (SIGNED.has(name)) continue;
          if (res.statusCode === 401) token = await credentialFor(route);
          expect(res.statusCode, `${payload.slice(0, 20)} → ${res.body}`).not.toBe(401);
        }
      }
    },
  );
});

const BOUNDARY = 'limite-de-prueba';
/** Bodies of other content types than JSON, and JSON in a charset the server does not read. */
const OTHER_BODIES: readonly (readonly [contentType: string, payload: string | Buffer])[] = [
  [
    `multipart/form-data; boundary=${BOUNDARY}`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="json"\r\n\r\n{"a":1}\r\n--${BOUNDARY}--\r\n`,
  ],
  ['multipart/form-data', 'sin límites'],
  ['text/plain', 'hola'],
  ['application/x-www-form-urlencoded', 'json=%7B%7D&a=1'],
  ['application/json', ''],
  ['application/json; charset=latin1', '{"json":"{}"}'],
  ['application/json; charset=utf-16', Buffer.from('{"json":"{}"}', 'utf16le')],
];

const apiRoutes = ctx.app.registeredRoutes.filter(
  (route) => route.url.startsWith('/api') && route.method !== 'HEAD',
);

describe('every route answers any content type with a 4xx in Spanish or a success', () => {
  let token = '';

  it.each(apiRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    async (_name, route) => {
      token = await staffSession();
      const url = route.url.replace(/:[A-Za-z]+/g, '999999');
      for (const signedIn of [true, false]) {
        for (const [contentType, payload] of OTHER_BODIES) {
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: { 'content-type': contentType, ...(signedIn ? { authorization: token } : {}) },
            payload,
          });
          const said = `${contentType} → ${res.statusCode} ${res.body.slice(0, 100)}`;
          expect(res.statusCode, said).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = res.json<{ status: string; message: string }>();
            expect(body.status, said).toBe('error');
            expect(body.message, said).toMatch(/[a-záéíóúñ]{3}/i);
            expect(body.message, said).not.toMatch(/^(Bad Request|Unsupported|Internal)/);
          }
          // A logout with an odd body still signs out: the next calls need a fresh sign-in.
          if (signedIn && res.statusCode === 401) token = await staffSession();
        }
      }
    },
  );
});

describe('a form sent to a JSON route', () => {
  const form = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="json"\r\n\r\n{}\r\n--${BOUNDARY}--\r\n`;
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, token?: string) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(token ? { authorization: token } : {}),
      },
      payload: form,
    });

  it('is refused as 415 on the public account routes', async () => {
    for (const url of ['/api/signup', '/api/password-reset']) {
      const res = await send('POST', url);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toEqual({ status: 'error', message: 'Tipo de contenido no admitido' });
    }
  });

  it('is refused as 415 on the signed-in account routes', async () => {
    const token = await ctx.signIn();
    const routes = [
      ['POST', '/api/user/register'],
      ['PUT', '/api/user/update'],
      ['PATCH', '/api/user/pwd'],
      ['PATCH', '/api/profile/password'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await send(method, url, token)).statusCode).toBe(415);
    }
  });
});
