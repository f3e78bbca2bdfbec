import { z } from 'zod';
import { pageOf, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { ReceiptFileQuerySchema } from '../checkout/sale-record';
import {
  ELECTRONIC_RECEIPTS_PERMISSION,
  ElectronicDocumentParamsSchema,
  ElectronicReceiptListQuerySchema,
  ElectronicReceiptSchema,
  ResendInputSchema,
  SendingAttemptSchema,
} from './receipts';

/**
 * The electronic documents' feature name: the root of the screen's query keys, so a resend
 * refreshes its list and histories.
 */
export const ELECTRONIC_RECEIPTS_QUERY_KEY = 'comprobantes-electronicos';

/**
 * Following the electronic documents (DESIGN §11.2): the list, each one's attempts and a resend
 * are the admins' (`caja.administrar`); SUNAT's CDR downloads as the sale's other files do
 * (`caja.cobrar`).
 */
export const ELECTRONIC_RECEIPT_ENDPOINTS = defineEndpoints(ELECTRONIC_RECEIPTS_QUERY_KEY, {
  list: {
    method: 'GET',
    path: '/comprobantes-electronicos',
    query: ElectronicReceiptListQuerySchema,
    response: successOf(pageOf(ElectronicReceiptSchema)),
    permission: ELECTRONIC_RECEIPTS_PERMISSION,
  },
  attempts: {
    method: 'GET',
    path: '/comprobantes-electronicos/:tipo/:id/envios',
    params: ElectronicDocumentParamsSchema,
    response: successOf(z.array(SendingAttemptSchema)),
    permission: ELECTRONIC_RECEIPTS_PERMISSION,
  },
  resend: {
    method: 'POST',
    path: '/comprobantes-electronicos/reenviar',
    body: ResendInputSchema,
    response: successOf(ElectronicReceiptSchema),
    permission: ELECTRONIC_RECEIPTS_PERMISSION,
    jsonField: true,
  },
  cdr: {
    method: 'GET',
    path: '/venta/:id/cdr',
    params: IdParamSchema,
    query: ReceiptFileQuerySchema,
    response: z
      .string()
      .describe('La constancia de recepción de SUNAT (CDR): el zip R-RUC-TT-SERIE-NUMERO.zip'),
    permission: 'caja.cobrar',
    alsoTags: ['ventas'],
  },
});
