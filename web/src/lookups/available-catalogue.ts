import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailablePackage, AvailableService } from '@app/domain';
import { api } from '../lib/api';

/**
 * The active services (`GET /servicios/disponibles`): the booking forms, checkout, the history's
 * filters and a package's 'Gestionar Servicios' read them under one key, so one cache.
 */
export const availableServicesQuery = queryOptions({
  queryKey: ['servicios', 'disponibles'],
  queryFn: ({ signal }) =>
    api.get<AvailableService[]>('/servicios/disponibles', undefined, { signal }),
});

/** The active packages (`GET /paquetes/disponibles`), for the same screens but the checklist. */
export const availablePackagesQuery = queryOptions({
  queryKey: ['paquetes', 'disponibles'],
  queryFn: ({ signal }) =>
    api.get<AvailablePackage[]>('/paquetes/disponibles', undefined, { signal }),
});

/** The active services; `enabled` false holds the call until a form needs them. */
export function useAvailableServices(enabled = true) {
  return useQuery({ ...availableServicesQuery, enabled });
}

/** The active packages; `enabled` false holds the call until a form needs them. */
export function useAvailablePackages(enabled = true) {
  return useQuery({ ...availablePackagesQuery, enabled });
}
