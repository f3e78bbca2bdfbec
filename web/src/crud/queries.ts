import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, Page } from '@app/domain';
import { api, type Method, type Query } from '../lib/api';

/** A list page; the query key is `[resource, params]` so mutations invalidate `[resource]`. */
export function useListQuery<Row>(resource: string, path: string, query: Query) {
  return useQuery({
    queryKey: [resource, query],
    queryFn: ({ signal }) => api.get<Page<Row>>(path, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface MutationCall {
  method: Method;
  path: string;
  body?: unknown;
}

/** A write that refreshes every list of the resource it touches; answers the whole envelope. */
export function useResourceMutation<T = unknown>(resource: string) {
  const client = useQueryClient();
  return useMutation<ApiSuccess<T>, Error, MutationCall>({
    mutationFn: ({ method, path, body }) => api.request<T>(method, path, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [resource] }),
  });
}
