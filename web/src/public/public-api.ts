import {
  fillPath,
  type ApiError as ApiErrorBody,
  type BodyInput,
  type DataOf,
  type Endpoint,
  type ParamsInput,
  type QueryInput,
} from '@app/domain';

/**
 * The public pages' client: a route of `/api/public/` called with fetch alone. The admin app's
 * client (lib/api.ts) brings the session, its expiry dialog and SweetAlert2, none of which a
 * page without a session needs (DESIGN §11.10: no admin code in a public page).
 */

const JSON_API = 'application/vnd.api+json';

export const PUBLIC_API_TEXTS = {
  offline: 'No se pudo conectar con el servidor. Revise su conexión e intente de nuevo.',
  failed: 'No se pudo completar la operación. Intente de nuevo en unos minutos.',
} as const;

/** A refusal: its status, its Spanish message and, for a 422, the message of each field. */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Readonly<Record<string, readonly string[]>> = {},
  ) {
    super(message);
  }
}

function errorBodyOf(payload: unknown): Partial<ApiErrorBody> {
  return typeof payload === 'object' && payload !== null ? payload : {};
}

/** What a call reads besides its body: the path's params and the query string. */
export interface PublicCallOptions<E extends Endpoint> {
  params?: ParamsInput<E>;
  query?: QueryInput<E>;
  /** Sent besides Accept and Content-Type: the client portal's credential (`Authorization`). */
  headers?: Readonly<Record<string, string>>;
}

/** The path under /api and the query's set values. */
function urlOf(path: string, query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') search.append(key, String(value));
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** The address of an endpoint of domain/ with its params and query. */
export const endpointUrl = <E extends Endpoint>(
  endpoint: E,
  { params, query }: PublicCallOptions<E> = {},
) => urlOf(fillPath(endpoint.path, params ?? undefined), query ?? undefined);

/**
 * fetch, with a lost connection thrown as a PublicApiError of status 0 and a refusal as one of
 * its status, its message and its field errors.
 */
export async function fetchPublic(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new PublicApiError(0, PUBLIC_API_TEXTS.offline);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    const { message, errors } = errorBodyOf(payload);
    throw new PublicApiError(response.status, message || PUBLIC_API_TEXTS.failed, errors);
  }
  return response;
}

/** An answer's envelope `data`. */
export async function dataOf<E extends Endpoint>(response: Response): Promise<DataOf<E>> {
  const payload: unknown = await response.json().catch(() => undefined);
  // The server checks its answers against the same contract (http/responses.ts).
  return (payload as { data: DataOf<E> }).data;
}

/** Calls a public endpoint of domain/ and answers its envelope's `data`. */
export async function callPublic<E extends Endpoint>(
  endpoint: E,
  body?: BodyInput<E>,
  options: PublicCallOptions<E> = {},
): Promise<DataOf<E>> {
  const response = await fetchPublic(endpointUrl(endpoint, options), {
    method: endpoint.method,
    headers: {
      Accept: JSON_API,
      ...(body === undefined ? {} : { 'Content-Type': JSON_API }),
      ...options.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return dataOf<E>(response);
}
