import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app';
import { unwrapJsonField } from './json-field';

const ctx = await setupTestApp();

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
const BODILESS = new Set(['POST /api/logout']);
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
      let token = await ctx.signIn();
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
          if (res.statusCode === 401) token = await ctx.signIn();
          expect(res.statusCode, `${payload.slice(0, 20)} → ${res.body}`).not.toBe(401);
        }
      }
    },
  );
});
