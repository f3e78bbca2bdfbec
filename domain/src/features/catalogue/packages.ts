import { z } from 'zod';
import { isoDateTime, money } from '../../api';
import { defineResource } from '../../resource';
import { id } from '../../rules';
import { DepositRuleSchema } from '../checkout/deposits';
import { SizeMinutesSchema } from '../online-booking/sizes';
import {
  CatalogueItemInputSchema,
  CatalogueItemUpdateSchema,
  type CatalogueItemInput,
  type CatalogueItemUpdate,
  ServiceSchema,
} from './services';

/** A package is sold as one item: the same form and rules as a service (spec §001-5). */
export const PackageInputSchema = CatalogueItemInputSchema;
export type PackageInput = CatalogueItemInput;
export const PackageUpdateSchema = CatalogueItemUpdateSchema;
export type PackageUpdate = CatalogueItemUpdate;

export const PackageSchema = z.strictObject({
  id_paq: z.number().int(),
  nom_paq: z.string(),
  desc_paq: z.string(),
  precio_paq: money,
  duracion: z.number().int(),
  minutos_talla: SizeMinutesSchema,
  adelanto: DepositRuleSchema.nullable(),
  id_est: z.number().int(),
  created_at: isoDateTime,
});
export type Package = z.infer<typeof PackageSchema>;

/** `GET /api/paquetes/disponibles`: the active packages, for the booking forms. */
export const AvailablePackageSchema = PackageSchema.pick({
  id_paq: true,
  nom_paq: true,
  desc_paq: true,
  precio_paq: true,
  duracion: true,
  minutos_talla: true,
  adelanto: true,
});
export type AvailablePackage = z.infer<typeof AvailablePackageSchema>;

/** `GET /api/paquete/{id}/servicios`: each service with the pivot row of spec §001-3. */
export const PackageServiceSchema = ServiceSchema.pick({
  id_srv: true,
  nom_srv: true,
  desc_srv: true,
  precio_srv: true,
  id_est: true,
}).extend({ pivot: z.strictObject({ id_paq: z.number().int(), id_srv: z.number().int() }) });
export type PackageService = z.infer<typeof PackageServiceSchema>;

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

export const packagesResource = defineResource({
  plural: 'paquetes',
  exportFile: 'paquetes',
  singular: 'paquete',
  record: PackageSchema,
  access: { read: 'catalogo.leer', write: 'catalogo.escribir' },
  audit: 'paquete',
  rowId: (p) => p.id_paq,
  toInput: (p): PackageInput => ({
    nombre: p.nom_paq,
    descripcion: p.desc_paq,
    precio: p.precio_paq,
    duracion: p.duracion,
    minutos_talla: p.minutos_talla,
    adelanto: p.adelanto,
  }),
  crud: { register: PackageInputSchema, update: PackageUpdateSchema, remove: true },
});
