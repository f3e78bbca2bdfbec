import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import {
  CLIENT_ENDPOINTS,
  Status,
  statusName,
  type BookingClient,
  type ClientLookup,
} from '@app/domain';
import { ApiError, call, queryKey } from '../lib/api';
import { formatDate } from '../lib/format';

export type ClientLookupState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found'; client: FoundClient }
  | { state: 'not-found' }
  | { state: 'error' };

export const CLIENT_LOOKUP_TEXTS = {
  notFound: 'Cliente no encontrado',
  failed: 'Error al buscar el cliente',
  found: (name: string, surname: string) => `Cliente: ${name} ${surname}`,
} as const;

/**
 * One client the lookup answers with: `GET /api/cliente/nombre/{dni}` returns a list of them.
 * A known client (an edit's) comes without the visit figures, which only the lookup reads.
 */
export type FoundClient = Pick<ClientLookup[number], 'id_cli' | 'nom_cli' | 'ape_cli'> &
  Partial<ClientLookup[number]>;

/** The client's no-shows and last visit, as the booking forms show them beside the name. */
export function clientVisitsText(client: FoundClient): string | undefined {
  if (client.inasistencias === undefined) return undefined;
  const noShows =
    client.inasistencias === 1 ? '1 inasistencia' : `${client.inasistencias} inasistencias`;
  const last = client.ultima_visita
    ? `última visita ${formatDate(client.ultima_visita)}`
    : 'sin visitas anteriores';
  return `${noShows} · ${last}`;
}

/** A client a form already holds, with its status: the client of the booking being edited. */
const KnownClientContext = createContext<BookingClient | undefined>(undefined);

/**
 * Inside it, the known client's DNI answers with that client without a call, whatever its
 * status (an edit may keep a client suspended since); a retired one reads
 * 'Cliente: Rosa Huamán (Suspendido)'. Any other DNI is looked up as usual.
 */
export const KnownClientProvider = KnownClientContext.Provider;

/** The active client with this DNI, looked up once it has its 8 digits (spec §001-5). */
export function useClientByDni(dni: string): ClientLookupState {
  const ready = /^\d{8}$/.test(dni);
  const known = useContext(KnownClientContext);
  const knownClient = useMemo<FoundClient | undefined>(
    () =>
      known && {
        id_cli: known.id_cli,
        nom_cli: known.nom_cli,
        ape_cli:
          known.id_est === Status.Activo
            ? known.ape_cli
            : `${known.ape_cli} (${statusName(known.id_est)})`,
      },
    [known],
  );
  const isKnown = knownClient !== undefined && known?.dni_cli === dni;
  const query = useQuery({
    queryKey: queryKey(CLIENT_ENDPOINTS.byDni, { params: { dni } }),
    queryFn: ({ signal }) => call(CLIENT_ENDPOINTS.byDni, { params: { dni }, signal }),
    enabled: ready && !isKnown,
    retry: false,
    staleTime: 30_000,
  });
  if (!ready) return { state: 'idle' };
  if (isKnown) return { state: 'found', client: knownClient };
  if (query.isPending) return { state: 'loading' };
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404
      ? { state: 'not-found' }
      : { state: 'error' };
  }
  const client = query.data[0];
  return client ? { state: 'found', client } : { state: 'not-found' };
}
