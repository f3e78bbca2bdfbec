import { z } from 'zod';
import type { RouteAccess } from './permissions';

/**
 * One route of the API, declared once: its method and path (Fastify's `:param` form, under
 * `/api`), what it reads (path params, query string, body), what it answers per status code,
 * and who may call it. The server registers the route from it (server/src/http/endpoint.ts),
 * the web calls it through it (web/src/lib/api.ts `call`), and neither restates a path, a
 * schema or a permission.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route answers per status code, as Fastify's `schema.response` takes it. */
export type ResponseMap = Readonly<Record<number, z.ZodType>>;

/**
 * Who may call a route: a permission, any signed-in user ('sesion'), anyone ('public'), or a
 * client signed in to their own page ('cliente', DESIGN §11.5: never a staff session).
 */
export type EndpointAccess = RouteAccess | 'public' | 'cliente';

export interface EndpointDeclaration {
  method: HttpMethod;
  /** Under `/api`, with `:name` for each path param: '/venta/:id'. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer of a 200 (`successOf(...)`, `DoneSchema`), or one schema per status code. */
  response: z.ZodType | ResponseMap;
  permission: EndpointAccess;
  /** The OpenAPI tags after the feature's, for a route that serves two features. */
  alsoTags?: readonly string[];
  /**
   * The web sends the body as the spec's `{ json: '<the object>' }` field (spec §000-7); the server
   * takes either form (server/src/http/json-field.ts).
   */
  jsonField?: boolean;
}

export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Responses extends ResponseMap = ResponseMap,
> {
  /** The feature the route belongs to: its OpenAPI tag, and the root of the web's query keys. */
  feature: string;
  /** The OpenAPI tags: the feature's, then the declaration's `alsoTags`. */
  tags: readonly string[];
  method: HttpMethod;
  path: string;
  params: Params;
  query: Query;
  body: Body;
  responses: Responses;
  permission: EndpointAccess;
  jsonField: boolean;
}

type Slot<D, K extends 'params' | 'query' | 'body'> = D extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

type ResponsesOf<R> = R extends z.ZodType ? { 200: R } : R extends ResponseMap ? R : never;

/** The endpoint a declaration makes: absent parts are `undefined`, the response a status map. */
export type EndpointOf<D extends EndpointDeclaration> = Endpoint<
  Slot<D, 'params'>,
  Slot<D, 'query'>,
  Slot<D, 'body'>,
  ResponsesOf<D['response']>
>;

export function defineEndpoint<const D extends EndpointDeclaration>(
  feature: string,
  declaration: D,
): EndpointOf<D> {
  const { response } = declaration;
  const endpoint: Endpoint = {
    feature,
    tags: [feature, ...(declaration.alsoTags ?? [])],
    method: declaration.method,
    path: declaration.path,
    params: declaration.params,
    query: declaration.query,
    body: declaration.body,
    responses: response instanceof z.ZodType ? { 200: response } : response,
    permission: declaration.permission,
    jsonField: declaration.jsonField ?? false,
  };
  // The same schemas, typed by the slots the declaration fills.
  return endpoint as EndpointOf<D>;
}

/** A feature's endpoints, each tagged with the feature: `defineEndpoints('ventas', { ... })`. */
export function defineEndpoints<const T extends Record<string, EndpointDeclaration>>(
  feature: string,
  declarations: T,
): { [K in keyof T]: EndpointOf<T[K]> } {
  return Object.fromEntries(
    Object.entries(declarations).map(([name, declaration]) => [
      name,
      defineEndpoint(feature, declaration),
    ]),
  ) as { [K in keyof T]: EndpointOf<T[K]> };
}

type Output<S> = [S] extends [z.ZodType] ? z.output<S> : undefined;
type Input<S> = [S] extends [z.ZodType] ? z.input<S> : undefined;

/** What the server's handler reads, once validated. */
export type ParamsOf<E extends Endpoint> = Output<E['params']>;
export type QueryOf<E extends Endpoint> = Output<E['query']>;
export type BodyOf<E extends Endpoint> = Output<E['body']>;

/** What a caller sends, before the schemas' defaults and coercions. */
export type ParamsInput<E extends Endpoint> = Input<E['params']>;
export type QueryInput<E extends Endpoint> = Input<E['query']>;
export type BodyInput<E extends Endpoint> = Input<E['body']>;

type Answers<E extends Endpoint> = E['responses'][keyof E['responses']];

/** What the handler answers (any of its declared status codes), before serialisation. */
export type AnswerOf<E extends Endpoint> = z.input<Answers<E>>;

/** What the caller receives: the answer as its schema reads it. */
export type ResponseOf<E extends Endpoint> = z.output<Answers<E>>;

/**
 * The success envelope's `data`: what the web's `call` resolves to. An error shape a route
 * declares beside it (the login's 401) carries no `data` and is left out.
 */
export type DataOf<E extends Endpoint> =
  Extract<ResponseOf<E>, { data: unknown }> extends { data: infer D } ? D : never;

/** The path with its params filled in, each encoded: ('/venta/:id', { id: 7 }) → '/venta/7'. */
export function fillPath(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`${path}: no value for :${name}`);
    }
    return encodeURIComponent(value);
  });
}
