import { useSyncExternalStore } from 'react';

/**
 * The credential is the login answer's string ('Bearer <token>'), kept under the spec's key
 * `user`. With 'Recordarme' it goes to localStorage; without it to sessionStorage, so the
 * session ends with the browser.
 */
const KEY = 'user';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getCredential(): string | null {
  return sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
}

export function storeCredential(credential: string, remember: boolean): void {
  // Never leave a stale copy in the other storage: it would outlive the choice just made.
  (remember ? sessionStorage : localStorage).removeItem(KEY);
  (remember ? localStorage : sessionStorage).setItem(KEY, credential);
  notify();
}

export function clearCredential(): void {
  sessionStorage.removeItem(KEY);
  localStorage.removeItem(KEY);
  notify();
}

export function subscribeCredential(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing out (or in) changes localStorage under our feet.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const isLoggedIn = () => getCredential() !== null;

/**
 * Spec §000-4 `loggedIn`: true exactly while a credential is stored, so it is right at start-up.
 */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeCredential, isLoggedIn);
}
