import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * Serialises what a route answers. Each route declares its response schema (from the records of
 * `domain/`); with `check` on (tests and the browser tests' server) the answer as it goes on the
 * wire (dates already text) must match it, or the request fails with a 500 that names the field.
 * In production the answer is only stringified: a mismatch is a bug the tests catch, and no
 * visitor should pay a parse per answer for it.
 */
export function responseSerializer(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, url, method }) =>
    (data: unknown) => {
      const json = JSON.stringify(data);
      if (!check) return json;
      const result = schema.safeParse(json === undefined ? undefined : JSON.parse(json));
      if (!result.success) {
        const where = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        const message = `${method} ${url} answered outside its schema: ${where.join('; ')}`;
        // Said here too: the 500 the client gets does not carry it, and test apps do not log.
        console.error(message);
        throw new Error(message);
      }
      return json;
    };
}

/** True where nothing says otherwise: under Vitest (NODE_ENV=test) or with CHECK_RESPONSES=1. */
export const checkResponsesByDefault = () =>
  process.env.NODE_ENV === 'test' || process.env.CHECK_RESPONSES === '1';
