import { useQuery } from '@tanstack/react-query';
import { BONO_ENDPOINTS, bonoItemsText, PRODUCT_ENDPOINTS } from '@app/domain';
import { call, queryKey } from '../../lib/api';
import { availablePackagesQuery, availableServicesQuery } from '../../lookups';

export interface CatalogueOption {
  id: number;
  name: string;
  precio: string;
  /** A product's units in stock. */
  stock?: number;
  /** What a bono covers and for how long: '4 × Baño completo · vigencia 120 días'. */
  detail?: string;
}

export type CatalogueKind = 'servicio' | 'paquete' | 'producto' | 'bono';

/**
 * The active services and packages (the booking form's lists, same cache), products with their
 * stock (under the products' key: a sale, a void or a movement refreshes it) and bonos with what
 * they cover, as lines offer them.
 */
export function useCatalogue(kinds: Record<CatalogueKind, boolean>) {
  const services = useQuery({ ...availableServicesQuery, enabled: kinds.servicio });
  const packages = useQuery({ ...availablePackagesQuery, enabled: kinds.paquete });
  const products = useQuery({
    queryKey: queryKey(PRODUCT_ENDPOINTS.available),
    queryFn: ({ signal }) => call(PRODUCT_ENDPOINTS.available, { signal }),
    enabled: kinds.producto,
  });
  const bonos = useQuery({
    queryKey: queryKey(BONO_ENDPOINTS.available),
    queryFn: ({ signal }) => call(BONO_ENDPOINTS.available, { signal }),
    enabled: kinds.bono,
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
    bono: {
      options: (bonos.data ?? []).map((b): CatalogueOption => ({
        id: b.id_bono,
        name: b.nombre,
        precio: b.precio,
        detail: `${bonoItemsText(b.items)} · vigencia ${b.vigencia_dias} días`,
      })),
      failed: bonos.isError,
    },
  };
}

export type Catalogue = ReturnType<typeof useCatalogue>;
