import type { LoginInput } from '@app/domain';
import { AUTH_ENDPOINTS, LOGIN_MESSAGES } from '@app/domain';
import { ApiError, call } from './api';
import { clearCredential, storeCredential } from './session';

/**
 * Spec §000-4: a login answer is kept only when it is a string; anything else leaves the user
 * signed out and is reported to the caller as wrong credentials.
 */
export async function signIn(input: LoginInput, remember: boolean): Promise<void> {
  // Checked, not trusted: the answer comes from whatever server the page talks to.
  const credential: unknown = await call(AUTH_ENDPOINTS.login, { body: input });
  if (typeof credential !== 'string') {
    throw new ApiError(401, LOGIN_MESSAGES.wrongCredentials, { kind: 'errorpwd' });
  }
  storeCredential(credential, remember);
}

/** Spec §000-4: the stored value goes only once the server has ended the session. */
export async function signOut(): Promise<void> {
  await call(AUTH_ENDPOINTS.logout, {});
  clearCredential();
}

/** The spec's login messages (spec §000-8) for a failed `signIn`. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return LOGIN_MESSAGES.serverError;
  }
  if (error.status === 429) return error.message || LOGIN_MESSAGES.tooManyAttempts;
  if (error.secondFactor) return error.message;
  return LOGIN_MESSAGES.wrongCredentials;
}
