import { SETTINGS_ENDPOINTS } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../lib/api';

/** Company name and logo shown by the sidenav, the login card and the footer. */
export interface Brand {
  name: string;
  /** Address of the logo image; null shows the default pet icon. */
  logoUrl: string | null;
}

export const DEFAULT_BRAND: Brand = { name: 'Peluquería Canina', logoUrl: null };

/** Saving the settings invalidates this key, so every place that shows the brand follows. */
export const BRAND_QUERY_KEY = queryKey(SETTINGS_ENDPOINTS.brand);

/**
 * The company's name and logo from the settings record (spec §001-2 'Ajustes'), through the
 * public `GET /api/app/brand`: the login page shows them before anyone signs in. Until it answers,
 * or while nothing is saved, the default brand shows.
 */
export function useBrand(): Brand {
  const { data } = useQuery({
    queryKey: BRAND_QUERY_KEY,
    queryFn: ({ signal }) => call(SETTINGS_ENDPOINTS.brand, { signal }),
    // It changes when someone saves the settings, and that save invalidates it.
    staleTime: 5 * 60_000,
  });
  if (!data) return DEFAULT_BRAND;
  return { name: data.nomEmp ?? DEFAULT_BRAND.name, logoUrl: data.logoUrl };
}
