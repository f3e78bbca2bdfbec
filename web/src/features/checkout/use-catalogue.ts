import { useQuery } from '@tanstack/react-query';
import { PRODUCT_ENDPOINTS } from '@app/domain';
import { call, queryKey } from '../../lib/api';
import { availablePackagesQuery, availableServicesQuery } from '../../lookups';

export interface CatalogueOption {
  id: number;
  name: string;
  precio: string;
  /** A product's units in stock. */
  stock?: number;
}

export type CatalogueKind = 'servicio' | 'paquete' | 'producto';

/**
 * The active services and packages (the booking form's lists, same cache) and products with
 * their stock (under the products' key: a sale, a void or a movement refreshes it), as lines
 * offer them.
 */
export function useCatalogue(kinds: Record<CatalogueKind, boolean>) {
  const services = useQuery({ ...availableServicesQuery, enabled: kinds.servicio });
  const packages = useQuery({ ...availablePackagesQuery, enabled: kinds.paquete });
  const products = useQuery({
    queryKey: queryKey(PRODUCT_ENDPOINTS.available),
    queryFn: ({ signal }) => call(PRODUCT_ENDPOINTS.available, { signal }),
    enabled: kinds.producto,
  });
  return {
    servicio: {
      options: (services.data ?? []).map((s): CatalogueOption => ({
        id: s.id_srv,
        name: s.nom_srv,
        precio: s.precio_srv,
      })),
      failed: services.isError,
    },
    paquete: {
      options: (packages.data ?? []).map((p): CatalogueOption => ({
        id: p.id_paq,
        name: p.nom_paq,
        precio: p.precio_paq,
      })),
      failed: packages.isError,
    },
    producto: {
      options: (products.data ?? []).map((p): CatalogueOption => ({
        id: p.id_prod,
        name: p.nom_prod,
        precio: p.precio,
        stock: p.stock,
      })),
      failed: products.isError,
    },
  };
}

export type Catalogue = ReturnType<typeof useCatalogue>;
