import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiSuccess, ListEndpoint, ResourceDescriptor } from '@app/domain';
import { confirm, showErrorDialog, toast } from '../lib/alerts';
import {
  api,
  ApiError,
  call,
  callWithMessage,
  queryKey,
  type Method,
  type Query,
} from '../lib/api';
import { useListParams, type FilterValues } from './list-params';

/** A list page; its key starts with the feature's, so mutations invalidate `[feature]`. */
export function useListQuery<Row>(endpoint: ListEndpoint<Row>, query: Query) {
  return useQuery({
    queryKey: queryKey(endpoint, { query }),
    queryFn: ({ signal }) => call(endpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A list screen's data: the filters and page from the address (their defaults read once), the
 * page of rows, and what Buscar does. Spec §000-2: the list loads again on Buscar, even when the
 * filters are the ones applied.
 */
export function useFilteredList<Row>(
  endpoint: ListEndpoint<Row>,
  filterDefaults: () => FilterValues,
) {
  const [defaults] = useState(filterDefaults);
  const { params, search, setPage, setPerPage } = useListParams(defaults);
  const list = useListQuery<Row>(endpoint, {
    ...params.filters,
    page: params.page,
    per_page: params.perPage,
  });
  const onSearch = (filters: FilterValues) => {
    const unchanged = JSON.stringify(filters) === JSON.stringify(params.filters);
    if (unchanged && params.page === 1) void list.refetch();
    else search(filters);
  };
  return { params, list, onSearch, setPage, setPerPage };
}

/**
 * Why a list is empty: a refused filter names itself ('La fecha inicial no puede ser mayor a
 * la fecha final'); otherwise the screen's own warning (spec §001-8).
 */
export function listErrorMessage(error: Error, screenText?: string): string {
  const fieldMessages = error instanceof ApiError ? Object.values(error.errors).flat() : [];
  if (fieldMessages.length > 0) return fieldMessages.join(' ');
  return screenText || error.message || 'No se encontraron datos con los criterios de búsqueda.';
}

export interface MutationCall {
  method: Method;
  path: string;
  body?: unknown;
}

/**
 * A write that refreshes every list of the resource it touches; answers the whole envelope.
 * The write is an endpoint's call (`() => callWithMessage(endpoint, input)`) or, for a route
 * not declared by one yet, its method, path and body.
 */
export function useResourceMutation<T = unknown>(resource: string) {
  const client = useQueryClient();
  return useMutation<ApiSuccess<T>, Error, MutationCall | (() => Promise<ApiSuccess<T>>)>({
    mutationFn: (write) =>
      typeof write === 'function'
        ? write()
        : api.request<T>(write.method, write.path, { body: write.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [resource] }),
  });
}

export interface StatusChange {
  /** The record's id, as the resource's status call names it. */
  id: number;
  status: number;
  /** The confirmation's question: '¿Está seguro de cambiar la cita a: Completada?'. */
  question: string;
  /** The error dialog's title when the server refuses. */
  errorTitle: string;
}

/**
 * A confirmed status change (spec §000-4, §001-4): the question, then the resource's status call;
 * its message as a toast, a refusal in the error dialog. Resolves whether the status changed.
 */
export function useStatusChange<Row>(resource: ResourceDescriptor<Row>) {
  const client = useQueryClient();
  const { endpoints, status: names } = resource;
  const mutation = useMutation({
    mutationFn: (body: Record<string, number>) => callWithMessage(endpoints.status, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [endpoints.status.feature] }),
  });
  return async ({ id, status, question, errorTitle }: StatusChange): Promise<boolean> => {
    if (!(await confirm(question))) return false;
    try {
      const answer = await mutation.mutateAsync({ [names.id]: id, [names.estado]: status });
      if (answer.message) toast.success(answer.message);
      return true;
    } catch (error) {
      await showErrorDialog(errorTitle, error);
      return false;
    }
  };
}
