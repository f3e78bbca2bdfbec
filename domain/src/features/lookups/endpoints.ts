import { z } from 'zod';
import { successOf } from '../../api';
import { DocumentTypeSchema } from '../../document-types';
import { defineEndpoints } from '../../endpoint';
import { StatusItemSchema } from '../../statuses';

/** What the health check reports while the database answers (a 503 otherwise). */
export const HealthSchema = z.strictObject({
  ok: z.literal(true),
  engine: z.enum(['pglite', 'postgres']),
  /** The latest applied drizzle migration's tag (`0004_search_and_summaries`). */
  migration: z.string().nullable(),
  /** The app's version (the root package.json's), if it has one. */
  version: z.string().nullable(),
});
export type Health = z.infer<typeof HealthSchema>;

/** The fixed catalogues every signed-in screen reads, and the public health check. */
export const LOOKUP_ENDPOINTS = defineEndpoints('lookups', {
  documentTypes: {
    method: 'GET',
    path: '/tipodoc',
    response: successOf(z.array(DocumentTypeSchema).readonly()),
    permission: 'sesion',
  },
  statuses: {
    method: 'GET',
    path: '/estados',
    response: successOf(z.array(StatusItemSchema).readonly()),
    permission: 'sesion',
  },
  health: {
    method: 'GET',
    path: '/health',
    response: successOf(HealthSchema),
    permission: 'public',
  },
});
