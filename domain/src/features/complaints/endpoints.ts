import { z } from 'zod';
import { DoneSchema, pageOf, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { exportQueryOf, IdParamSchema } from '../../list-query';
import {
  COMPLAINTS_PERMISSION,
  ComplaintAnswerSchema,
  ComplaintCompanySchema,
  ComplaintFiledSchema,
  ComplaintInputSchema,
  ComplaintListQuerySchema,
  ComplaintSchema,
  ComplaintSummarySchema,
  HolidayInputSchema,
  HolidayListQuerySchema,
  HolidayParamsSchema,
  HolidaySchema,
} from './complaints';

/** The complaints book's feature name: the root of the staff screen's query keys. */
export const COMPLAINTS_QUERY_KEY = 'reclamos';
/** The holidays' feature name: a change refreshes their list (and the due dates it moves). */
export const HOLIDAYS_QUERY_KEY = 'feriados';

/**
 * The public page's routes (no session, DESIGN §11.3): file a hoja, and read the company's
 * header. Limited per address in the database; neither says anything about another hoja.
 */
export const COMPLAINT_PUBLIC_ENDPOINTS = defineEndpoints('libro-reclamaciones', {
  file: {
    method: 'POST',
    path: '/public/reclamo',
    body: ComplaintInputSchema,
    response: { 201: successOf(ComplaintFiledSchema) },
    permission: 'public',
  },
  company: {
    method: 'GET',
    path: '/public/reclamo/empresa',
    response: successOf(ComplaintCompanySchema),
    permission: 'public',
  },
});

/** The staff's book (ADMINISTRACIÓN › 'Libro de Reclamaciones'): read, answer once, export. */
export const COMPLAINT_ENDPOINTS = defineEndpoints(COMPLAINTS_QUERY_KEY, {
  list: {
    method: 'GET',
    path: '/reclamos',
    query: ComplaintListQuerySchema,
    response: successOf(pageOf(ComplaintSummarySchema)),
    permission: COMPLAINTS_PERMISSION,
  },
  export: {
    method: 'GET',
    path: '/reclamos/export',
    query: exportQueryOf(ComplaintListQuerySchema),
    response: z
      .string()
      .describe('Las hojas que seleccionan los filtros: CSV (UTF-8 con BOM, «;») o xlsx'),
    permission: COMPLAINTS_PERMISSION,
  },
  one: {
    method: 'GET',
    path: '/reclamo/:id',
    params: IdParamSchema,
    response: successOf(ComplaintSchema),
    permission: COMPLAINTS_PERMISSION,
  },
  pdf: {
    method: 'GET',
    path: '/reclamo/:id/pdf',
    params: IdParamSchema,
    response: z.string().describe('La hoja de reclamación en PDF, como se envió al consumidor'),
    permission: COMPLAINTS_PERMISSION,
  },
  answer: {
    method: 'POST',
    path: '/reclamo/:id/responder',
    params: IdParamSchema,
    body: ComplaintAnswerSchema,
    response: successOf(ComplaintSchema),
    permission: COMPLAINTS_PERMISSION,
  },
});

/** The holidays due dates skip, kept by the admin beside the book. */
export const HOLIDAY_ENDPOINTS = defineEndpoints(HOLIDAYS_QUERY_KEY, {
  list: {
    method: 'GET',
    path: '/feriados',
    query: HolidayListQuerySchema,
    response: successOf(z.array(HolidaySchema)),
    permission: COMPLAINTS_PERMISSION,
  },
  create: {
    method: 'POST',
    path: '/feriado',
    body: HolidayInputSchema,
    response: { 201: successOf(HolidaySchema) },
    permission: COMPLAINTS_PERMISSION,
  },
  remove: {
    method: 'DELETE',
    path: '/feriado/:fecha',
    params: HolidayParamsSchema,
    response: DoneSchema,
    permission: COMPLAINTS_PERMISSION,
  },
});
