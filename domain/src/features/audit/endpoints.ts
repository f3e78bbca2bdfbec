import { z } from 'zod';
import { pageOf, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import {
  AUDIT_PATHS,
  AUDIT_QUERY_KEY,
  AuditEntrySchema,
  AuditFilterSchema,
  AuditListQuerySchema,
} from './audit';

/** The audit log: read and exported (the export is itself logged), never written here. */
export const AUDIT_ENDPOINTS = defineEndpoints(AUDIT_QUERY_KEY, {
  list: {
    method: 'GET',
    path: AUDIT_PATHS.list,
    query: AuditListQuerySchema,
    response: successOf(pageOf(AuditEntrySchema)),
    permission: 'auditoria.leer',
  },
  export: {
    method: 'GET',
    path: AUDIT_PATHS.export,
    query: AuditFilterSchema,
    response: z
      .string()
      .describe('CSV (UTF-8 con BOM, separado por «;»): lo que seleccionan los filtros'),
    permission: 'auditoria.leer',
  },
});
