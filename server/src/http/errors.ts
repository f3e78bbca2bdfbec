import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type z } from 'zod';
import type { ApiError } from '@app/domain';

export type FieldErrors = Record<string, string[]>;

/** An answer a handler chooses to give: status, Spanish message and field errors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const INVALID_INPUT = 'Los datos enviados no son válidos';
export const UNSUPPORTED_MEDIA_TYPE = 'Tipo de contenido no admitido';

export const notFound = (message = 'Registro no encontrado') => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldErrors) =>
  new HttpError(409, message, errors);
export const invalid = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] });

function addError(errors: FieldErrors, field: string, message: string) {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) addError(errors, issue.path.join('.') || 'json', issue.message);
  return errors;
}

/** A unique index's name, with the field and the Spanish message its violation reports. */
const uniqueViolations = new Map<string, { field: string; message: string }>();

export function describeUniqueIndex(index: string, field: string, message: string) {
  uniqueViolations.set(index, { field, message });
}

interface PgError {
  code: string;
  constraint?: string;
}

/** Drizzle wraps driver errors; the PostgreSQL error with its SQLSTATE is further down. */
function pgErrorOf(error: unknown): PgError | undefined {
  for (let e = error; e instanceof Error || (typeof e === 'object' && e);) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    e = candidate.cause;
  }
  return undefined;
}

export function isPgError(error: unknown, code: string): boolean {
  return pgErrorOf(error)?.code === code;
}

function answerFor(error: FastifyError | Error): { status: number; body: ApiError } {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: { status: 'error', message: error.message, errors: error.errors },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'json';
      addError(errors, field, issue.message ?? INVALID_INPUT);
    }
    return { status: 422, body: { status: 'error', message: INVALID_INPUT, errors } };
  }
  if (error instanceof ZodError) {
    return {
      status: 422,
      body: { status: 'error', message: INVALID_INPUT, errors: zodIssuesToErrors(error.issues) },
    };
  }
  const pg = pgErrorOf(error);
  if (pg?.code === '23505') {
    const known = pg.constraint ? uniqueViolations.get(pg.constraint) : undefined;
    const message = known?.message ?? 'El registro ya existe';
    return {
      status: 409,
      body: { status: 'error', message, errors: known ? { [known.field]: [message] } : undefined },
    };
  }
  if (pg?.code === '23503') {
    const message = 'El registro está relacionado con otros registros';
    return { status: 409, body: { status: 'error', message } };
  }
  if (pg && /^22/.test(pg.code)) {
    return { status: 422, body: { status: 'error', message: INVALID_INPUT } };
  }
  const code = (error as FastifyError).code;
  const statusCode = (error as FastifyError).statusCode;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, body: { status: 'error', message: UNSUPPORTED_MEDIA_TYPE } };
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
    const message = 'El contenido enviado es demasiado grande';
    return { status: 413, body: { status: 'error', message } };
  }
  if (statusCode === 400 || code?.startsWith('FST_ERR_CTP')) {
    const message = 'El cuerpo de la solicitud no es un JSON válido';
    return { status: 422, body: { status: 'error', message, errors: { json: [message] } } };
  }
  if (statusCode === 429) {
    return { status: 429, body: { status: 'error', message: error.message } };
  }
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, body: { status: 'error', message: 'Solicitud inválida' } };
  }
  return { status: 500, body: { status: 'error', message: 'Error interno del servidor' } };
}

/** Every error becomes the contract's envelope; nothing a client sends yields a 5xx or a stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const { status, body } = answerFor(error);
    if (status >= 500) request.log.error(error);
    return reply.status(status).send(body);
  });
}
