import { useQuery } from '@tanstack/react-query';
import type { ClientLookup } from '@app/domain';
import { api, ApiError } from './api';

export type ClientLookupState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found'; client: ClientLookup[number] }
  | { state: 'not-found' }
  | { state: 'error' };

export const CLIENT_LOOKUP_TEXTS = {
  notFound: 'Cliente no encontrado',
  failed: 'Error al buscar el cliente',
  found: (name: string, surname: string) => `Cliente: ${name} ${surname}`,
} as const;

/** The active client with this DNI, looked up once it has its 8 digits (spec 001 §5). */
export function useClientLookup(dni: string): ClientLookupState {
  const ready = /^\d{8}$/.test(dni);
  const query = useQuery({
    queryKey: ['cliente-dni', dni],
    queryFn: ({ signal }) => api.get<ClientLookup>(`/cliente/nombre/${dni}`, undefined, { signal }),
    enabled: ready,
    retry: false,
    staleTime: 30_000,
  });
  if (!ready) return { state: 'idle' };
  if (query.isPending) return { state: 'loading' };
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404
      ? { state: 'not-found' }
      : { state: 'error' };
  }
  const client = query.data[0];
  return client ? { state: 'found', client } : { state: 'not-found' };
}
