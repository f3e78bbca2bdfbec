import type {
  ApiError as ApiErrorBody,
  ApiSuccess,
  BodyInput,
  DataOf,
  Endpoint,
  ParamsInput,
  QueryInput,
} from '@app/domain';
import { AUTH_ENDPOINTS, fillPath, LOGIN_MESSAGES } from '@app/domain';
import { sessionExpired } from './alerts';
import { ApiError } from './api-error';
import { clearCredential, getCredential } from './session';

export { ApiError, isBusy, isClientError } from './api-error';

/**
 * The one client every screen uses. It speaks the API contract (api §base, §envelope, §errors): the
 * spec's headers, the `{"status":"success","data":...}` envelope, errors as a typed `ApiError`, and
 * the session-expired flow on any 401 but the login's.
 */

const BASE = '/api';
const JSON_API = 'application/vnd.api+json';

/** Paths whose 401 means "wrong credentials", not "session over". */
const SESSIONLESS_PATHS = new Set([AUTH_ENDPOINTS.login.path]);

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: object;
  /** A plain value is sent as JSON; a FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Create and update bodies travel as one `json` field holding the serialized object (spec §000-7).
 */
export function jsonField(value: object): { json: string } {
  return { json: JSON.stringify(value) };
}

function buildUrl(path: string, query: object | undefined): string {
  const search = new URLSearchParams();
  // The spec sends filters "only if set".
  for (const [key, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const qs = search.toString();
  return `${BASE}${path}${qs ? `?${qs}` : ''}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return isRecord(value) && typeof value.status === 'string' && value.status !== 'success';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, for instance: the status code says enough.
    return undefined;
  }
}

let expiring: Promise<void> | undefined;

/**
 * Several calls failing together share one notice; the credential goes once it is read, unless
 * another sign-in has replaced it meanwhile (in another tab, say).
 */
function expireSession(): void {
  if (expiring) return;
  const expired = getCredential();
  expiring = sessionExpired().then((read) => {
    if (read && getCredential() === expired) clearCredential();
    expiring = undefined;
  });
}

/**
 * Sends a call with the spec's headers and the credential, and answers its response when the
 * status is a success; otherwise throws the `ApiError` it carries.
 */
async function send(
  method: Method,
  path: string,
  { body, query, signal }: RequestOptions,
  accept = JSON_API,
): Promise<Response> {
  const isForm = body instanceof FormData;
  const headers = new Headers({ Accept: accept, 'X-App-Request': 'true' });
  // The browser writes the multipart boundary itself; a body-less call declares no type.
  if (body !== undefined && !isForm) headers.set('Content-Type', JSON_API);
  const credential = getCredential();
  if (credential !== null && !SESSIONLESS_PATHS.has(path)) headers.set('Authorization', credential);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, LOGIN_MESSAGES.serverError);
  }
  if (!response.ok) throw errorOf(path, response.status, await readBody(response));
  return response;
}

/** The error a failed call answers; a 401 outside sign-in also ends the session. */
function errorOf(path: string, status: number, payload: unknown): ApiError {
  const errorBody = isErrorBody(payload) ? payload : undefined;
  const message = errorBody?.message ?? (status >= 500 ? LOGIN_MESSAGES.serverError : '');
  const expired = status === 401 && !SESSIONLESS_PATHS.has(path);
  if (expired) expireSession();
  return new ApiError(status, message, {
    errors: errorBody?.errors,
    kind: errorBody?.status,
    sessionExpired: expired,
    secondFactor: isRecord(payload) && payload.segundo_factor === true,
  });
}

/** Sends a request and returns the whole success envelope (for callers that want `message`). */
export async function request<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiSuccess<T>> {
  const response = await send(method, path, options);
  const payload = await readBody(response);
  if (isErrorBody(payload)) throw errorOf(path, response.status, payload);
  return isRecord(payload) && payload.status === 'success'
    ? (payload as unknown as ApiSuccess<T>)
    : // 204 and bare answers: keep the caller's contract of a success envelope.
      ({ status: 'success', data: payload as T } satisfies ApiSuccess<T>);
}

/** A file the API answers (a CSV export): its response, to read as a blob. */
export function fetchFile(path: string, query: Query, accept: string): Promise<Response> {
  return send('GET', path, { query }, accept);
}

async function data<T>(method: Method, path: string, options?: RequestOptions): Promise<T> {
  return (await request<T>(method, path, options)).data;
}

interface CallOptions {
  signal?: AbortSignal;
}

/** Verb helpers answer the envelope's `data`; use `request` when the `message` matters. */
export const api = {
  get: <T>(path: string, query?: Query, options?: CallOptions) =>
    data<T>('GET', path, { query, ...options }),
  post: <T>(path: string, body?: unknown, options?: CallOptions) =>
    data<T>('POST', path, { body, ...options }),
  put: <T>(path: string, body?: unknown, options?: CallOptions) =>
    data<T>('PUT', path, { body, ...options }),
  patch: <T>(path: string, body?: unknown, options?: CallOptions) =>
    data<T>('PATCH', path, { body, ...options }),
  delete: <T>(path: string, body?: unknown, options?: CallOptions) =>
    data<T>('DELETE', path, { body, ...options }),
  /** Multipart upload; the spec's settings update is a POST carrying `_method=put`. */
  form: <T>(path: string, form: FormData, options?: CallOptions) =>
    data<T>('POST', path, { body: form, ...options }),
  request,
};

/** What a call of `endpoint` sends: each part its contract reads, and nothing else. */
export type CallInput<E extends Endpoint> = {
  signal?: AbortSignal;
} & (E['params'] extends undefined ? { params?: undefined } : { params: ParamsInput<E> }) &
  (E['query'] extends undefined ? { query?: undefined } : { query?: QueryInput<E> }) &
  (E['body'] extends undefined ? { body?: undefined } : { body: BodyInput<E> });

/**
 * Calls an endpoint of domain/ (its contract: method, path, what it reads and answers) and
 * answers the whole success envelope, for callers that show its `message`.
 */
export function callWithMessage<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
): Promise<ApiSuccess<DataOf<E>>> {
  const { params, query, body, signal } = input as {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
  };
  const sent = endpoint.jsonField && body !== undefined ? jsonField(body as object) : body;
  return request<DataOf<E>>(endpoint.method, fillPath(endpoint.path, params), {
    query,
    body: sent,
    signal,
  });
}

/** Calls an endpoint of domain/ and answers the envelope's `data`, typed by the contract. */
export async function call<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
): Promise<DataOf<E>> {
  return (await callWithMessage(endpoint, input)).data;
}

/**
 * The query key of a call: the endpoint's feature first, so a write invalidates every query
 * of its feature with `[feature]`; then its path and what the call reads.
 */
export function queryKey<E extends Endpoint>(
  endpoint: E,
  input?: Pick<CallInput<E>, 'params' | 'query'>,
): readonly unknown[] {
  const parts = input ? { params: input.params, query: input.query } : {};
  return [endpoint.feature, endpoint.path, parts];
}
