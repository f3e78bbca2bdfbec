import { z } from 'zod';
import { pageOf, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema, ListQuerySchema } from '../../list-query';
import {
  AvailableProductSchema,
  PRODUCT_IMPORT_PATHS,
  PRODUCT_PATHS,
  ProductImportSchema,
  productsResource,
  StockMovementInputSchema,
  StockMovementSchema,
} from './products';

/**
 * The products' calls beyond their CRUD (productsResource.endpoints, whose `export` is the
 * catalogue's file): a manual stock movement and the history of them, the active products
 * checkout sells, and the catalogue's import. The import is multipart (`archivo` and
 * `confirmar`), read by the handler, so its contract declares no body.
 */
export const PRODUCT_ENDPOINTS = defineEndpoints(productsResource.plural, {
  movement: {
    method: 'POST',
    path: PRODUCT_PATHS.movement,
    body: StockMovementInputSchema,
    response: { 201: successOf(productsResource.record) },
    permission: 'caja.administrar',
  },
  movements: {
    method: 'GET',
    path: PRODUCT_PATHS.movements,
    params: IdParamSchema,
    query: ListQuerySchema,
    response: successOf(pageOf(StockMovementSchema)),
    permission: 'catalogo.leer',
  },
  available: {
    method: 'GET',
    path: PRODUCT_PATHS.available,
    response: successOf(z.array(AvailableProductSchema)),
    permission: 'catalogo.leer',
  },
  import: {
    method: 'POST',
    path: PRODUCT_IMPORT_PATHS.import,
    response: successOf(ProductImportSchema),
    permission: 'catalogo.escribir',
  },
});
