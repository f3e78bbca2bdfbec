import {
  PORTAL_AUTH_SCHEME,
  type BodyInput,
  type DataOf,
  type Endpoint,
  type ParamsInput,
  type QueryInput,
} from '@app/domain';
import { createContext, useContext, useState } from 'react';
import {
  callPublic,
  dataOf,
  endpointUrl,
  fetchPublic,
  PublicApiError,
  type PublicCallOptions,
} from '../public-api';
import { problemOf } from './use-loaded';

/**
 * The portal's calls (`/api/portal/*`): the public pages' client with the session's credential,
 * `Authorization: Cliente <token>`. A 401 anywhere means the session ended (closed on another
 * device, expired): the page goes back to the sign-in form and says so.
 */

export interface PortalCallOptions<E extends Endpoint> {
  params?: ParamsInput<E>;
  query?: QueryInput<E>;
}

export interface PortalApi {
  call<E extends Endpoint>(
    endpoint: E,
    body?: BodyInput<E>,
    options?: PortalCallOptions<E>,
  ): Promise<DataOf<E>>;
  /** A file the endpoint answers (a receipt's PDF or XML, a photo). */
  file<E extends Endpoint>(endpoint: E, options?: PortalCallOptions<E>): Promise<Blob>;
  /** A multipart form (the vaccine card and its picture); the answer's `data`. */
  upload<E extends Endpoint>(
    endpoint: E,
    form: FormData,
    options?: PortalCallOptions<E>,
  ): Promise<DataOf<E>>;
}

/** The API of the session `token`; `onEnded` runs on any 401. */
export function portalApi(token: string, onEnded: () => void): PortalApi {
  // The server answers the header's whole value ('Cliente …'), as the staff login answers 'Bearer …'.
  const scheme = `${PORTAL_AUTH_SCHEME} `;
  const headers = { Authorization: token.startsWith(scheme) ? token : `${scheme}${token}` };
  const watch = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      if (error instanceof PublicApiError && error.status === 401) onEnded();
      throw error;
    });
  const options = <E extends Endpoint>(given: PortalCallOptions<E> = {}): PublicCallOptions<E> => ({
    ...given,
    headers,
  });
  return {
    call: (endpoint, body, given) => watch(callPublic(endpoint, body, options(given))),
    file: (endpoint, given) =>
      watch(
        fetchPublic(endpointUrl(endpoint, given), { headers }).then((response) => response.blob()),
      ),
    upload: <E extends Endpoint>(endpoint: E, form: FormData, given?: PortalCallOptions<E>) =>
      watch(
        fetchPublic(endpointUrl(endpoint, given), {
          method: endpoint.method,
          headers,
          body: form,
        }).then((response) => dataOf<E>(response)),
      ),
  };
}

export const PortalApiContext = createContext<PortalApi | null>(null);

/** The signed-in page's API; only the account's sections use it. */
export function usePortalApi(): PortalApi {
  const api = useContext(PortalApiContext);
  if (!api) throw new Error('usePortalApi outside the signed-in page');
  return api;
}

/** Saves `blob` as a file named `name`, as a download link would. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click's download has started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A file the client asks for (a receipt's PDF or XML, a signed consent's PDF): read with the
 * credential and saved under `name`. `busy` says which of the card's files is on its way (one at a
 * time), `problem` why the last one could not be read.
 */
export function useDownload<K extends string>() {
  const api = usePortalApi();
  const [busy, setBusy] = useState<K | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async <E extends Endpoint>(
    which: K,
    endpoint: E,
    name: string,
    options?: PortalCallOptions<E>,
  ) => {
    if (busy) return;
    setBusy(which);
    setProblem(null);
    try {
      saveFile(await api.file(endpoint, options), name);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, problem, download };
}
