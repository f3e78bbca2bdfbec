import { PORTAL_MESSAGES, PORTAL_PUBLIC_ENDPOINTS, type PortalSession } from '@app/domain';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { callPublic, PublicApiError } from '../public-api';
import { portalApi, PortalApiContext } from './portal-api';
import { forgetSession, storedSession, storeSession } from './session';
import { SignIn, type Notice } from './sign-in';

export const PORTAL_PAGE_TEXTS = {
  entering: 'Ingresando a su cuenta…',
  loading: 'Cargando su cuenta…',
  ended: 'Su sesión terminó: ingrese de nuevo',
  linkInvalid: PORTAL_MESSAGES.linkInvalid,
  signedOut: 'Cerró su sesión en este dispositivo.',
} as const;

/**
 * The account loads after the page: a client who arrives signed out (most do, from a link or a
 * bookmark) downloads only the sign-in form (DESIGN §11.10: 120 KB).
 */
const Account = lazy(() => import('./account').then(({ Account }) => ({ default: Account })));

type State =
  | { kind: 'entering' }
  | { kind: 'out'; notice: Notice | null }
  | { kind: 'in'; token: string; nombres: string };

/**
 * Each link token is exchanged once, whatever React does: StrictMode runs effects twice, and
 * the second exchange of a single-use token would fail.
 */
const exchanges = new Map<string, Promise<PortalSession>>();
function exchange(token: string): Promise<PortalSession> {
  let pending = exchanges.get(token);
  if (!pending) {
    pending = callPublic(PORTAL_PUBLIC_ENDPOINTS.session, { token });
    exchanges.set(token, pending);
  }
  return pending;
}

/** A link the server refused (used, expired, unknown), or the connection's failure. */
const linkProblem = (error: unknown): Notice => ({
  tone: 'problem',
  message:
    error instanceof PublicApiError && (error.status === 0 || error.status >= 500)
      ? error.message
      : PORTAL_PAGE_TEXTS.linkInvalid,
});

function initialState(linkToken: string | null): State {
  if (linkToken !== null) return { kind: 'entering' };
  const stored = storedSession();
  return stored ? { kind: 'in', ...stored } : { kind: 'out', notice: null };
}

/**
 * The client's own page, `/mi-cuenta` (DESIGN §11.5): the sign-in form, or, with a session on
 * this device, the account. The e-mailed link's token (taken from the address before React
 * runs) is exchanged for the session's credential; a 401 from any call ends the session here.
 */
export function PortalPage({ linkToken }: { linkToken: string | null }) {
  const [state, setState] = useState<State>(() => initialState(linkToken));

  useEffect(() => {
    if (linkToken === null) return;
    let live = true;
    exchange(linkToken).then(
      (session) => {
        storeSession(session);
        if (live) setState({ kind: 'in', token: session.token, nombres: session.nombres });
      },
      (error: unknown) => {
        if (!live) return;
        const stored = storedSession();
        setState(stored ? { kind: 'in', ...stored } : { kind: 'out', notice: linkProblem(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [linkToken]);

  const end = useCallback((notice: Notice | null) => {
    forgetSession();
    setState({ kind: 'out', notice });
  }, []);

  const token = state.kind === 'in' ? state.token : null;
  const api = useMemo(
    () =>
      token === null
        ? null
        : portalApi(token, () => end({ tone: 'problem', message: PORTAL_PAGE_TEXTS.ended })),
    [token, end],
  );

  if (state.kind === 'entering') {
    return (
      <p className="card" role="status">
        {PORTAL_PAGE_TEXTS.entering}
      </p>
    );
  }
  if (state.kind === 'out' || api === null) {
    return <SignIn notice={state.kind === 'out' ? state.notice : null} />;
  }
  return (
    <PortalApiContext value={api}>
      <Suspense
        fallback={
          <p className="card" role="status">
            {PORTAL_PAGE_TEXTS.loading}
          </p>
        }
      >
        <Account
          nombres={state.nombres}
          onSignedOut={() => end({ tone: 'done', message: PORTAL_PAGE_TEXTS.signedOut })}
        />
      </Suspense>
    </PortalApiContext>
  );
}
