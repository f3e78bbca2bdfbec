import type { FastifyInstance } from 'fastify';
import { HttpError, invalid, UNSUPPORTED_MEDIA_TYPE } from './errors';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MALFORMED = 'El campo json debe contener un objeto JSON válido';
export const NOT_AN_OBJECT = 'El cuerpo de la solicitud debe ser un objeto JSON';

/**
 * The spec sends create and update bodies as one field `json` holding a serialized object.
 * Unwrap it before validation so every route sees a plain object; a plain object is accepted
 * as well. Other top-level fields (multipart files, `_method`) are kept beside it.
 */
export function unwrapJsonField(body: unknown): unknown {
  // Every body of the contract is an object: `null`, an array or a bare value would reach
  // schemas and refinements that read its fields.
  if (body === undefined) return body;
  if (!isPlainObject(body)) throw invalid('json', NOT_AN_OBJECT);
  if (!('json' in body)) return body;
  const { json, ...rest } = body;
  let parsed: unknown = json;
  if (typeof json === 'string') {
    try {
      parsed = JSON.parse(json);
    } catch {
      throw invalid('json', MALFORMED);
    }
  }
  if (!isPlainObject(parsed)) throw invalid('json', MALFORMED);
  return { ...rest, ...parsed };
}

export function registerJsonBodies(app: FastifyInstance) {
  // The spec's client sends `application/vnd.api+json` (parsed exactly as JSON), and sends that
  // content type with an empty body on logout: an empty body is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/vnd.api+json'],
    { parseAs: 'string' },
    (request, body, done) => {
      const text = body.toString();
      if (text.trim() === '') done(null, undefined);
      else void parseJson(request, text, done);
    },
  );
  app.addHook('preValidation', async (request) => {
    // A route with a body schema reads JSON; multipart routes read their parts themselves and
    // declare no body schema. A form sent to a JSON route arrives as no body at all.
    const readsJson = request.routeOptions.schema?.body !== undefined;
    if (readsJson && request.isMultipart()) throw new HttpError(415, UNSUPPORTED_MEDIA_TYPE);
    // An empty body is validated as an empty object: the schema names each missing field,
    // and no refinement meets `undefined`.
    if (readsJson && request.body === undefined) request.body = {};
    else request.body = unwrapJsonField(request.body);
  });
}
