import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  appointmentsResource,
  DEPOSIT_ENDPOINTS,
  productsResource,
  SALE_ENDPOINTS,
  SALES_QUERY_KEY,
  type Sale,
} from '@app/domain';
import { call, queryKey } from '../../lib/api';

/**
 * One sale as issued (GET /api/venta/{id}), from its id; or the sale just charged, which the
 * POST answered whole: that one is shown as answered, never fetched again (a void, which
 * invalidates every sale, still refetches it).
 */
export function useSale(sale: number | Sale | null) {
  const id = typeof sale === 'number' || sale === null ? sale : sale.id_venta;
  const charged = typeof sale === 'number' || sale === null ? undefined : sale;
  return useQuery({
    queryKey: queryKey(SALE_ENDPOINTS.one, { params: { id } }),
    queryFn: ({ signal }) => call(SALE_ENDPOINTS.one, { params: { id }, signal }),
    enabled: id !== null,
    retry: false,
    initialData: charged,
    staleTime: charged ? Infinity : 0,
  });
}

/**
 * What a sale or its void changes: every sales list and figure, the citas (and the calendar
 * under them: the visit turns Completada, or chargeable again), the deposits it deducted (or
 * holds again) and the client's credit, the products' stock and their movements, and the
 * dashboard.
 */
export function refreshAfterSale(client: QueryClient) {
  return Promise.all(
    [
      [SALES_QUERY_KEY],
      [appointmentsResource.plural],
      [DEPOSIT_ENDPOINTS.ofAppointment.feature],
      [productsResource.plural],
      ['dashboard'],
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}
