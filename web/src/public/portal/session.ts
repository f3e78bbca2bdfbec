import type { PortalSession } from '@app/domain';

/**
 * The client's session on this device (DESIGN §11.5): the credential the sign-in link was
 * exchanged for, kept in localStorage for its 30 days, and the link's token read once from the
 * address and taken out of it.
 */

const KEY = 'mi-cuenta.sesion';

/** The stored credential and the client's first name; null when there is none. */
export function storedSession(): Pick<PortalSession, 'token' | 'nombres'> | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (
      typeof stored === 'object' &&
      stored !== null &&
      'token' in stored &&
      'nombres' in stored &&
      typeof stored.token === 'string' &&
      typeof stored.nombres === 'string'
    ) {
      return { token: stored.token, nombres: stored.nombres };
    }
  } catch {
    // Storage blocked or a value of another version: as if there were none.
  }
  return null;
}

export function storeSession(session: PortalSession) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token: session.token, nombres: session.nombres }));
  } catch {
    // Storage blocked (private mode): the session lasts while the page is open.
  }
}

export function forgetSession() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}

/**
 * The sign-in link's `?token=`, removed from the address at once: it is single use, and an
 * address kept in the history or shared must not carry it.
 */
export function takeLinkToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}
