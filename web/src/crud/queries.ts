import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiSuccess, Page, ResourceDescriptor } from '@app/domain';
import { confirm, showErrorDialog, toast } from '../lib/alerts';
import { api, ApiError, type Method, type Query } from '../lib/api';
import { useListParams, type FilterValues } from './list-params';

/** A list page; the query key is `[resource, params]` so mutations invalidate `[resource]`. */
export function useListQuery<Row>(resource: string, path: string, query: Query) {
  return useQuery({
    queryKey: [resource, query],
    queryFn: ({ signal }) => api.get<Page<Row>>(path, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A list screen's data: the filters and page from the address (their defaults read once), the
 * page of rows, and what Buscar does. Spec §2: the list loads again on Buscar, even when the
 * filters are the ones applied.
 */
export function useFilteredList<Row>(
  resource: string,
  path: string,
  filterDefaults: () => FilterValues,
) {
  const [defaults] = useState(filterDefaults);
  const { params, search, setPage, setPerPage } = useListParams(defaults);
  const list = useListQuery<Row>(resource, path, {
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
 * la fecha final'); otherwise the screen's own warning (spec §8).
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

/** A write that refreshes every list of the resource it touches; answers the whole envelope. */
export function useResourceMutation<T = unknown>(resource: string) {
  const client = useQueryClient();
  return useMutation<ApiSuccess<T>, Error, MutationCall>({
    mutationFn: ({ method, path, body }) => api.request<T>(method, path, { body }),
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
 * A confirmed status change (spec §4): the question, then the resource's status call; its
 * message as a toast, a refusal in the error dialog. Resolves whether the status changed.
 */
export function useStatusChange<Row>(resource: ResourceDescriptor<Row>) {
  const mutation = useResourceMutation(resource.plural);
  return async ({ id, status, question, errorTitle }: StatusChange): Promise<boolean> => {
    if (!(await confirm(question))) return false;
    try {
      const call = resource.status;
      const answer = await mutation.mutateAsync({
        method: 'PATCH',
        path: call.path,
        body: { [call.id]: id, [call.estado]: status },
      });
      if (answer.message) toast.success(answer.message);
      return true;
    } catch (error) {
      await showErrorDialog(errorTitle, error);
      return false;
    }
  };
}
