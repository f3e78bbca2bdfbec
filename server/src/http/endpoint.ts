import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type {
  AnswerOf,
  BodyOf,
  Endpoint,
  EndpointAccess,
  ParamsOf,
  QueryOf,
  RouteAccess,
} from '@app/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (`route` below); the contracts test reads it. */
    endpoint?: Endpoint;
  }
}

/**
 * The request a contract's handler reads: params, query and body as its schemas output them.
 * Spelled out rather than through Fastify's route generic, which stays unresolved in generic
 * code (crud/resource.ts).
 */
export type EndpointRequest<E extends Endpoint> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> & {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
};

/** A handler answers what the contract declares, or the reply it has sent (a file, a 201...). */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<AnswerOf<E> | FastifyReply>;

/**
 * What a route may add to its contract: Fastify's own options (a body limit...), config the
 * contract does not hold (`beforePasswordChange`), and OpenAPI text. Method, path, schemas,
 * tags and access are the contract's alone.
 */
export interface RouteExtras extends Omit<
  RouteShorthandOptions,
  'schema' | 'config' | 'handler' | 'method' | 'url'
> {
  config?: Omit<FastifyContextConfig, 'permission' | 'public' | 'client' | 'endpoint'>;
  schema?: Pick<FastifySchema, 'description' | 'summary' | 'consumes' | 'hide'>;
}

const accessConfig = (
  access: EndpointAccess,
): { public: true } | { client: true } | { permission: RouteAccess } => {
  if (access === 'public') return { public: true };
  if (access === 'cliente') return { client: true };
  return { permission: access };
};

/**
 * Registers a route from its contract (domain/src/endpoint.ts): method, url, the schemas the
 * validator and the response check read (responses.ts), its tag, and what authenticate.ts
 * checks. The handler is typed by the contract.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  extras: RouteExtras,
  handler: EndpointHandler<E>,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  extrasOrHandler: RouteExtras | EndpointHandler<E>,
  lastHandler?: EndpointHandler<E>,
): void {
  const extras = typeof extrasOrHandler === 'function' ? {} : extrasOrHandler;
  const handler = typeof extrasOrHandler === 'function' ? extrasOrHandler : lastHandler;
  if (!handler) throw new Error(`${endpoint.method} ${endpoint.path}: no handler`);
  const { params, query, body } = endpoint;
  app.route({
    ...extras,
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...extras.schema,
      // Only what the contract reads: an absent schema is no key, as Fastify and OpenAPI expect.
      ...(params && { params }),
      ...(query && { querystring: query }),
      ...(body && { body }),
      response: endpoint.responses,
      tags: [...endpoint.tags],
    },
    config: { ...extras.config, ...accessConfig(endpoint.permission), endpoint },
    // The schemas above validated the request into the contract's types before it gets here.
    handler: (request, reply) => handler(request as FastifyRequest as EndpointRequest<E>, reply),
  });
}
