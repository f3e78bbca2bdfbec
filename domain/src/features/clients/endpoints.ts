import { z } from 'zod';
import { DoneSchema, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { clientLookupDni } from '../agenda/booking';
import {
  CLIENT_IMPORT_PATHS,
  ClientImportPreviewSchema,
  ClientImportResultSchema,
} from './client-import';
import {
  CLIENT_DATA_PATHS,
  ClientDataSchema,
  ClientLookupSchema,
  clientsResource,
} from './clients';

/**
 * The clients' calls beyond their CRUD (clientsResource.endpoints): the DNI lookup of the
 * booking and checkout forms, and a client's personal data (Ley 29733), taken as a file or
 * anonymised.
 */
export const CLIENT_ENDPOINTS = defineEndpoints(clientsResource.plural, {
  /** An active client by DNI: a list of one, as the spec says; 404 when none. */
  byDni: {
    method: 'GET',
    path: '/cliente/nombre/:dni',
    params: z.object({ dni: clientLookupDni }),
    response: successOf(ClientLookupSchema),
    permission: 'clientes.leer',
  },
  /** Sent as a JSON file to download, not in the success envelope. */
  data: {
    method: 'GET',
    path: CLIENT_DATA_PATHS.export(':id'),
    params: IdParamSchema,
    response: ClientDataSchema.describe(
      'Archivo JSON con todos los datos del cliente: mascotas, visitas, triajes y ventas',
    ),
    permission: 'datos.administrar',
  },
  anonymize: {
    method: 'POST',
    path: CLIENT_DATA_PATHS.anonymize(':id'),
    params: IdParamSchema,
    response: DoneSchema,
    permission: 'datos.administrar',
  },
});

/**
 * Clients with their pets from a CSV or xlsx file (decisions §imports): the template, a preview
 * that writes nothing, and the import. The file travels as multipart, read by the handler, so
 * the contracts declare no body.
 */
export const CLIENT_IMPORT_ENDPOINTS = defineEndpoints(clientsResource.plural, {
  template: {
    method: 'GET',
    path: CLIENT_IMPORT_PATHS.template,
    response: z.string().describe('Un libro xlsx'),
    permission: 'datos.administrar',
  },
  preview: {
    method: 'POST',
    path: CLIENT_IMPORT_PATHS.preview,
    response: successOf(ClientImportPreviewSchema),
    permission: 'datos.administrar',
  },
  import: {
    method: 'POST',
    path: CLIENT_IMPORT_PATHS.import,
    response: successOf(ClientImportResultSchema),
    permission: 'datos.administrar',
  },
});
