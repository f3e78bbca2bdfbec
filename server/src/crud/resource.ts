import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DoneSchema,
  exportQueryOf,
  IdParamSchema,
  ListQuerySchema,
  pageOf,
  StatusPatchSchema,
  successOf,
  type AuditAction,
  type ListQuery,
  type Permission,
  type ResourceDescriptor,
} from '@app/domain';
import type { Db, Tx } from '../db/client';
import { requirePermission } from '../http/authenticate';
import { ok } from '../http/envelope';
import { conflict, invalid, isPgError, notFound } from '../http/errors';
import { recordChange } from '../audit/record';
import { listPage, type ListDefinition } from './list';
import { listRows, sendExport, type ExportDefinition } from './export';

type ObjectSchema = z.ZodType<Record<string, unknown>>;

export interface WriteDefinition<S extends ObjectSchema> {
  schema: S;
  /** The row to write: checks only the server can make (owners exist...) go here. */
  toValues(input: z.output<S>, tx: Tx, request: FastifyRequest): Promise<Record<string, unknown>>;
  /** Runs in the write's transaction once the row is written (a product's first stock). */
  after?(input: z.output<S>, id: number, tx: Tx, request: FastifyRequest): Promise<void>;
  message: string;
}

/**
 * One resource of the spec's API, at the paths its declaration names (`defineResource`):
 * `GET /{plural}/`, `GET|DELETE /{singular}/{id}`, `POST /{singular}/register`,
 * `PUT /{singular}`, `PATCH /{singular}` (status).
 */
export interface ResourceDefinition<
  Row extends Record<string, unknown>,
  C extends ObjectSchema,
  U extends ObjectSchema,
> {
  /**
   * The server reads the declaration's names, calls, record and access (what reading and
   * writing need, DESIGN §10.1); its row functions are the web's.
   */
  resource: Pick<
    ResourceDescriptor<Row>,
    'plural' | 'paths' | 'status' | 'record' | 'access' | 'audit' | 'exportFile'
  >;
  table: PgTable;
  id: PgColumn;
  list: ListDefinition;
  /** Extra list filters particular to the resource, read from the (validated) query string. */
  filters?: (query: Record<string, unknown>) => (SQL | undefined)[];
  /**
   * The list's query schema when the resource takes filters beyond the common ones: the query
   * is parsed by it before `filters` sees it (ListQuerySchema drops unknown keys).
   */
  listQuery?: z.ZodObject;
  /** The list's columns as a file, at `paths.export` when the declaration names `exportFile`. */
  export?: ExportDefinition<Row>;
  /** Runs before every read (list and get): state the server derives on read (expiry...). */
  beforeRead?: (db: Db) => Promise<void>;
  create?: WriteDefinition<C>;
  update?: WriteDefinition<U & z.ZodType<{ id: number }>>;
  status?: {
    allowed: readonly number[];
    column: PgColumn;
    message: string;
    /** The body's schema when the call's field names are not `{ id, estado }` (spec 001 §7). */
    schema?: ObjectSchema;
    /** The refusal of a status outside `allowed`; 'Estado inválido' by default. */
    invalid?: string;
    /** Runs in the change's transaction before it: refusals, and effects (ending sessions). */
    onChange?: (tx: Tx, id: number, estado: number, request: FastifyRequest) => Promise<void>;
    /**
     * When some statuses need less than the resource's write access (appointments): the route
     * asks for `route`, and each status for `of(estado)`, checked before anything is read.
     */
    access?: { route: Permission; of: (estado: number) => Permission };
  };
  /**
   * `inUse` answers a foreign-key refusal; `guard` runs first, in the delete's transaction,
   * for refusals that need a more precise message than the foreign key can give.
   */
  remove?: { inUse: string; guard?: (tx: Tx, id: number) => Promise<void> };
  notFound: string;
}

/** One row of a list by id, with the list's joins and nested objects, or a 404 with `message`. */
export async function findOne<T = Record<string, unknown>>(
  executor: Db | Tx,
  list: ListDefinition,
  id: number,
  message: string,
): Promise<T> {
  const select = executor.select(list.fields).from(list.table).$dynamic();
  const [row] = await (list.join ? list.join(select) : select).where(eq(list.id, id));
  if (!row) throw notFound(message);
  return row as T;
}

export function resourceModule<
  Row extends Record<string, unknown>,
  C extends ObjectSchema,
  U extends ObjectSchema,
>(def: ResourceDefinition<Row, C, U>): FastifyPluginAsyncZod<{ db: Db }> {
  return async (app, { db }) => {
    const { paths, record } = def.resource;
    const tags = [def.resource.plural];
    // Reads are the list and get; writes are register, update, status and delete.
    const read = { permission: def.resource.access.read };
    const write = { permission: def.resource.access.write };
    const findRow = (executor: Db | Tx, id: number) =>
      findOne<Row>(executor, def.list, id, def.notFound);
    // Every write is recorded in its own transaction, with the row before and after it.
    const audit = (
      tx: Tx,
      request: FastifyRequest,
      accion: AuditAction,
      id: number,
      before: Row | null,
      after: Row | null,
    ) => recordChange(tx, request, { accion, entidad: def.resource.audit, id, before, after });
    const one = { 200: successOf(record) };

    app.get(
      paths.list,
      {
        config: read,
        schema: {
          querystring: def.listQuery ?? ListQuerySchema,
          response: { 200: successOf(pageOf(record)) },
          tags,
        },
      },
      async (request) => {
        await def.beforeRead?.(db);
        return ok(
          await listPage(
            db,
            def.list,
            request.query as ListQuery,
            def.filters?.(request.query as Record<string, unknown>),
          ),
        );
      },
    );
    app.get(
      paths.one(':id'),
      { config: read, schema: { params: IdParamSchema, response: one, tags } },
      async (request) => {
        await def.beforeRead?.(db);
        return ok(await findRow(db, request.params.id));
      },
    );

    const { exportFile } = def.resource;
    if (paths.export && exportFile && def.export) {
      const definition = def.export;
      app.get(
        paths.export,
        {
          config: read,
          schema: {
            querystring: exportQueryOf(def.listQuery ?? ListQuerySchema),
            response: {
              200: z
                .string()
                .describe(
                  'Lo que seleccionan los filtros de la lista, sin límite de páginas: CSV (UTF-8 con BOM, «;», fechas dd/mm/aaaa) o xlsx',
                ),
            },
            tags,
          },
        },
        async (request, reply) => {
          await def.beforeRead?.(db);
          const query = request.query as ListQuery & { formato: 'csv' | 'xlsx' };
          const filters = def.filters?.(query);
          return sendExport(db, request, reply, {
            format: query.formato,
            file: exportFile,
            definition,
            rows: listRows<Row>(db, def.list, query, filters),
            audit: { entidad: def.resource.audit, query },
          });
        },
      );
    }

    if (def.create) {
      const create = def.create;
      app.post(
        paths.register,
        {
          config: write,
          schema: { body: create.schema, response: { 201: successOf(record) }, tags },
        },
        async (request, reply) => {
          const row = await db.transaction(async (tx) => {
            const values = await create.toValues(request.body as z.output<C>, tx, request);
            const [inserted] = await tx.insert(def.table).values(values).returning({ id: def.id });
            await create.after?.(request.body as z.output<C>, inserted.id as number, tx, request);
            const created = await findRow(tx, inserted.id as number);
            await audit(tx, request, 'crear', inserted.id as number, null, created);
            return created;
          });
          return reply.status(201).send(ok(row, create.message));
        },
      );
    }

    if (def.update) {
      const update = def.update;
      app.put(
        paths.update,
        { config: write, schema: { body: update.schema, response: one, tags } },
        async (request) => {
          const input = request.body as z.output<U> & { id: number };
          const row = await db.transaction(async (tx) => {
            const before = await findRow(tx, input.id);
            const values = await update.toValues(input, tx, request);
            await tx
              .update(def.table)
              .set({ ...values, updated_at: new Date() })
              .where(eq(def.id, input.id));
            const after = await findRow(tx, input.id);
            await audit(tx, request, 'editar', input.id, before, after);
            return after;
          });
          return ok(row, update.message);
        },
      );
    }

    if (def.status) {
      const status = def.status;
      const route = def.resource.status;
      const schema = status.schema ?? StatusPatchSchema;
      const config = { permission: status.access?.route ?? def.resource.access.write };
      const options = { config, schema: { body: schema, response: one, tags } };
      app.patch(route.path, options, async (request) => {
        const body = request.body as Record<string, number>;
        const id = body[route.id];
        const estado = body[route.estado];
        if (!status.allowed.includes(estado)) {
          throw invalid(route.estado, status.invalid ?? 'Estado inválido');
        }
        if (status.access) requirePermission(request, status.access.of(estado));
        const row = await db.transaction(async (tx) => {
          const before = await findRow(tx, id);
          await status.onChange?.(tx, id, estado, request);
          await tx
            .update(def.table)
            .set({ [status.column.name]: estado, updated_at: new Date() })
            .where(eq(def.id, id));
          const after = await findRow(tx, id);
          await audit(tx, request, 'estado', id, before, after);
          return after;
        });
        return ok(row, status.message);
      });
    }

    if (def.remove) {
      const { inUse, guard } = def.remove;
      app.delete(
        paths.one(':id'),
        { config: write, schema: { params: IdParamSchema, response: { 200: DoneSchema }, tags } },
        async (request) => {
          await db.transaction(async (tx) => {
            const before = await findRow(tx, request.params.id);
            await guard?.(tx, request.params.id);
            try {
              await tx.delete(def.table).where(eq(def.id, request.params.id));
            } catch (error) {
              if (isPgError(error, '23503')) throw conflict(inUse);
              throw error;
            }
            await audit(tx, request, 'eliminar', request.params.id, before, null);
          });
          return ok(null, 'Registro eliminado');
        },
      );
    }
  };
}
