import { LOGIN_MESSAGES, type ApiError as ApiErrorBody } from '@app/domain';
import { sessionExpired } from './alerts';
import type { Query } from './api';
import { ApiError } from './api-error';
import { clearCredential, getCredential } from './session';

/**
 * A file the API streams (the CSV exports of DESIGN §10.6), saved by the browser. A link
 * cannot carry the Authorization header, so the file is fetched with it and handed to the
 * browser as a blob. Failures throw the same `ApiError` as every call (lib/api.ts); a 401 shows
 * the session-expired notice and ends the session, as there.
 */
export async function downloadFile(path: string, query: Query, fallbackName: string) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const headers = new Headers({
    Accept: 'text/csv, application/vnd.api+json',
    'X-App-Request': 'true',
  });
  const credential = getCredential();
  if (credential !== null) headers.set('Authorization', credential);

  let response: Response;
  try {
    response = await fetch(`/api${path}${search.size > 0 ? `?${search.toString()}` : ''}`, {
      headers,
    });
  } catch {
    throw new ApiError(0, LOGIN_MESSAGES.serverError);
  }
  if (!response.ok) throw await failure(response);

  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filenameOf(response) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `attachment; filename="auditoria-2026-03-10.csv"` → its file name. */
function filenameOf(response: Response): string | undefined {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1];
}

async function failure(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  const expired = response.status === 401;
  if (expired) void sessionExpired().then(clearCredential);
  const message = body?.message ?? (response.status >= 500 ? LOGIN_MESSAGES.serverError : '');
  return new ApiError(response.status, message, {
    errors: body?.errors,
    kind: body?.status,
    sessionExpired: expired,
  });
}
