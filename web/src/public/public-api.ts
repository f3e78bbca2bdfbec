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

/** Calls a public endpoint of domain/ and answers its envelope's `data`. */
export async function callPublic<E extends Endpoint>(
  endpoint: E,
  body?: BodyInput<E>,
  { params, query }: PublicCallOptions<E> = {},
): Promise<DataOf<E>> {
  const url = urlOf(fillPath(endpoint.path, params ?? undefined), query ?? undefined);
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers: {
        Accept: JSON_API,
        ...(body === undefined ? {} : { 'Content-Type': JSON_API }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new PublicApiError(0, PUBLIC_API_TEXTS.offline);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { message, errors } = errorBodyOf(payload);
    throw new PublicApiError(response.status, message || PUBLIC_API_TEXTS.failed, errors);
  }
  // The server checks its answers against the same contract (http/responses.ts).
  return (payload as { data: DataOf<E> }).data;
}
