import { z } from 'zod';
import { pageOf, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import {
  HISTORY_PATHS,
  HistoryExportQuerySchema,
  HistoryListQuerySchema,
  HistoryRowSchema,
  PetTimelineSchema,
} from './history';

/** The visits before today, their export, and one pet's timeline: read-only. */
export const HISTORY_ENDPOINTS = defineEndpoints('historial', {
  list: {
    method: 'GET',
    path: HISTORY_PATHS.list,
    query: HistoryListQuerySchema,
    response: successOf(pageOf(HistoryRowSchema)),
    permission: 'historial.leer',
  },
  export: {
    method: 'GET',
    path: HISTORY_PATHS.export,
    query: HistoryExportQuerySchema,
    response: z
      .string()
      .describe('Las citas pasadas que seleccionan los filtros: CSV (UTF-8 con BOM, «;») o xlsx'),
    permission: 'historial.leer',
  },
  pet: {
    method: 'GET',
    path: HISTORY_PATHS.pet(':id'),
    params: IdParamSchema,
    response: successOf(PetTimelineSchema),
    permission: 'historial.leer',
  },
});
