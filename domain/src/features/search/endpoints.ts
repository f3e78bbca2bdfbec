import { successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { SearchQuerySchema, SearchResultsSchema } from './search';

/**
 * The navbar's search: any signed-in user may call it; what it answers depends on the role
 * (a group the role may not read is left out).
 */
export const SEARCH_ENDPOINTS = defineEndpoints('buscar', {
  search: {
    method: 'GET',
    path: '/buscar',
    query: SearchQuerySchema,
    response: successOf(SearchResultsSchema),
    permission: 'sesion',
  },
});
