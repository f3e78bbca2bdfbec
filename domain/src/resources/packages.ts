import { z } from 'zod';
import { defineResource } from '../resource';
import { id } from '../rules';
import {
  CatalogueItemInputSchema,
  CatalogueItemUpdateSchema,
  type CatalogueItemInput,
  type CatalogueItemUpdate,
  type Service,
} from './services';

/** A package is sold as one item: the same form and rules as a service (spec 001 §5). */
export const PackageInputSchema = CatalogueItemInputSchema;
export type PackageInput = CatalogueItemInput;
export const PackageUpdateSchema = CatalogueItemUpdateSchema;
export type PackageUpdate = CatalogueItemUpdate;

export interface Package {
  id_paq: number;
  nom_paq: string;
  desc_paq: string;
  /** numeric(10,2) as text: '120.00'. */
  precio_paq: string;
  id_est: number;
  created_at: string;
}

/** `GET /api/paquetes/disponibles`: the active packages, for the booking forms. */
export type AvailablePackage = Pick<Package, 'id_paq' | 'nom_paq' | 'desc_paq' | 'precio_paq'>;

/** `GET /api/paquete/{id}/servicios`: each service with the pivot row of spec §3. */
export interface PackageService extends Pick<
  Service,
  'id_srv' | 'nom_srv' | 'desc_srv' | 'precio_srv' | 'id_est'
> {
  pivot: { id_paq: number; id_srv: number };
}

export const PACKAGE_SERVICES_MESSAGES = {
  list: 'Debe enviar la lista de servicios del paquete',
  tooMany: 'Un paquete no puede tener más de 50 servicios',
  unavailable: 'Estos servicios no existen o no están activos:',
} as const;

/** `POST /api/paquete/{id}/servicios`: the package's whole new set of service ids. */
export const PackageServicesSchema = z.object({
  srvs: z
    .array(id('Identificador de servicio inválido'), { error: PACKAGE_SERVICES_MESSAGES.list })
    .max(50, PACKAGE_SERVICES_MESSAGES.tooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type PackageServicesInput = z.infer<typeof PackageServicesSchema>;

export const PACKAGE_MESSAGES = {
  registered: '¡Paquete registrado exitosamente!',
  updated: '¡Paquete actualizado exitosamente!',
  status: 'Paquete actualizado correctamente',
  servicesSaved: 'Cambios guardados correctamente',
  serviceNotInPackage: 'El servicio no forma parte del paquete',
  inUse:
    'No se puede eliminar el paquete: tiene citas registradas. Puede suspenderlo o marcarlo como eliminado',
  notFound: 'Paquete no encontrado',
  errorTitle: 'Error Paquete',
  viewServicesErrorTitle: 'Error al ver los servicios',
  noServices: 'No hay servicios asociados',
  loadServicesError: 'Error al cargar los servicios asociados.',
} as const;

export const packagesResource = defineResource<Package, PackageInput>({
  plural: 'paquetes',
  singular: 'paquete',
  rowId: (p) => p.id_paq,
  toInput: (p) => ({ nombre: p.nom_paq, descripcion: p.desc_paq, precio: p.precio_paq }),
});
