import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the server's log may say (issue 28 §9): no line names a recipient, a DNI, a search text
 * or a token. A request is logged by its route pattern (`/api/cliente/:id`, `/api/clientes/`),
 * never by its address: path values and query strings carry DNIs, searches and reset tokens.
 * An error keeps its type, code, message and stack, with e-mail addresses and long digit runs
 * (DNIs, phones) masked; its other fields are dropped: a database error's `detail` repeats the
 * row ("Key (dni_cli)=(…)"), a mail error its envelope and recipients.
 */

/** A request that matched no route (the SPA's pages, unknown addresses). */
const NO_ROUTE = '(sin ruta)';

const EMAIL = /[^\s<>()[\]{},;:"'=]+@[^\s<>()[\]{},;:"'=]+\.[a-z]{2,}/gi;
const LONG_NUMBER = /\d{8,}/g;

/** A text without e-mail addresses and long numbers. */
export function withoutPersonalData(text: string): string {
  return text.replace(EMAIL, '[correo]').replace(LONG_NUMBER, '[número]');
}

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
};

function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: '(no es un Error)', stack: '' };
  }
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.name,
    message: withoutPersonalData(error.message),
    stack: withoutPersonalData(error.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(error.cause !== undefined && depth < 3
      ? { cause: loggedError(error.cause, depth + 1) }
      : {}),
  };
}

export const LOG_SERIALIZERS = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.routeOptions.url ?? NO_ROUTE,
    remoteAddress: request.ip,
  }),
  err: (error: unknown) => loggedError(error),
};

type LoggerOption = FastifyServerOptions['logger'];
type LoggerOptions = Exclude<LoggerOption, boolean | undefined>;
type LogMethod = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;

/**
 * A line's message masked like an error's: `log.error(error)` and Fastify's own lines take the
 * error's message as the line's (a JSON body that failed to parse is quoted in it).
 */
const maskMessages: LogMethod = function (args, method) {
  const [first, ...rest] = args as unknown[];
  const masked = rest.map((arg) => (typeof arg === 'string' ? withoutPersonalData(arg) : arg));
  if (first instanceof Error && masked.length === 0) {
    masked.push(withoutPersonalData(first.message));
  }
  const head = typeof first === 'string' ? withoutPersonalData(first) : first;
  method.apply(this, [head, ...masked] as Parameters<typeof method>);
};

/**
 * The app's logger options with these serializers (a reply is logged by its status alone) and
 * messages masked.
 */
export function withLogSerializers(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  return {
    ...(logger === true ? {} : logger),
    serializers: LOG_SERIALIZERS,
    hooks: { logMethod: maskMessages },
  };
}
