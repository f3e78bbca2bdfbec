import { queryOptions, useQuery } from '@tanstack/react-query';
import { PACKAGE_ENDPOINTS, SERVICE_ENDPOINTS } from '@app/domain';
import { call, queryKey } from '../lib/api';

/**
 * The active services (`GET /servicios/disponibles`): the booking forms, checkout, the history's
 * filters and a package's 'Gestionar Servicios' read them under one key, so one cache.
 */
export const availableServicesQuery = queryOptions({
  queryKey: queryKey(SERVICE_ENDPOINTS.available),
  queryFn: ({ signal }) => call(SERVICE_ENDPOINTS.available, { signal }),
});

/** The active packages (`GET /paquetes/disponibles`), for the same screens but the checklist. */
export const availablePackagesQuery = queryOptions({
  queryKey: queryKey(PACKAGE_ENDPOINTS.available),
  queryFn: ({ signal }) => call(PACKAGE_ENDPOINTS.available, { signal }),
});

/** The active services; `enabled` false holds the call until a form needs them. */
export function useAvailableServices(enabled = true) {
  return useQuery({ ...availableServicesQuery, enabled });
}

/** The active packages; `enabled` false holds the call until a form needs them. */
export function useAvailablePackages(enabled = true) {
  return useQuery({ ...availablePackagesQuery, enabled });
}
