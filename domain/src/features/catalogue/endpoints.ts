import { z } from 'zod';
import { successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import {
  AvailablePackageSchema,
  PackageServiceSchema,
  PackageServicesSchema,
  packagesResource,
} from './packages';
import { AvailableServiceSchema, servicesResource } from './services';

const packageServices = successOf(z.array(PackageServiceSchema));

/**
 * The packages' calls beyond their CRUD: the active ones checkout and booking offer, and the
 * services a package holds, replaced as a set or removed one by one.
 */
export const PACKAGE_ENDPOINTS = defineEndpoints(packagesResource.plural, {
  available: {
    method: 'GET',
    path: '/paquetes/disponibles',
    response: successOf(z.array(AvailablePackageSchema)),
    permission: 'catalogo.leer',
  },
  services: {
    method: 'GET',
    path: '/paquete/:id/servicios',
    params: IdParamSchema,
    response: packageServices,
    permission: 'catalogo.leer',
    alsoTags: [servicesResource.plural],
  },
  saveServices: {
    method: 'POST',
    path: '/paquete/:id/servicios',
    params: IdParamSchema,
    body: PackageServicesSchema,
    response: packageServices,
    permission: 'catalogo.escribir',
  },
  removeService: {
    method: 'DELETE',
    path: '/paquete/:id/servicio/:serviceId',
    params: z.object({ id: IdParamSchema.shape.id, serviceId: IdParamSchema.shape.id }),
    response: packageServices,
    permission: 'catalogo.escribir',
  },
});

/** The active services checkout and booking offer. */
export const SERVICE_ENDPOINTS = defineEndpoints(servicesResource.plural, {
  available: {
    method: 'GET',
    path: '/servicios/disponibles',
    response: successOf(z.array(AvailableServiceSchema)),
    permission: 'catalogo.leer',
  },
});
