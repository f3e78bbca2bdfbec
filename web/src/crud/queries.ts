import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, Page, ResourceDescriptor } from '@app/domain';
import { confirm, showErrorDialog, toast } from '../lib/alerts';
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
