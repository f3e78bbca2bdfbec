import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_TYPES, STATUSES } from '@app/domain';
import { ok } from '../http/envelope';

/** The catalogues are the domain's constants, seeded into the database for referential integrity. */
export const lookupsModule: FastifyPluginAsyncZod = async (app) => {
  app.get('/tipodoc', { schema: { tags: ['lookups'] } }, async () => ok(DOCUMENT_TYPES));
  app.get('/estados', { schema: { tags: ['lookups'] } }, async () => ok(STATUSES));
  app.get('/health', { config: { public: true }, schema: { tags: ['lookups'] } }, async () =>
    ok({ ok: true }),
  );
};
