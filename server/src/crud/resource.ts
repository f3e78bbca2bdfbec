import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type {
  AuditAction,
  CrudEndpointsOf,
  CrudSchemas,
  ListQuery,
  Permission,
  ResourceDescriptor,
} from '@app/domain';
import type { Db, Tx } from '../db/client';
import { requirePermission } from '../http/authenticate';
import { route } from '../http/endpoint';
import { ok } from '../http/envelope';
import { conflict, invalid, isPgError, notFound } from '../http/errors';
import { recordChange } from '../audit/record';
import { keptPage } from './kept-pages';
import { listPage, rowsSelect, type ListDefinition } from './list';
import { listRows, sendExport, type ExportDefinition } from './export';

export interface WriteDefinition<Input> {
  /** The row to write: checks only the server can make (owners exist...) go here. */
  toValues(input: Input, tx: Tx, request: FastifyRequest): Promise<Record<string, unknown>>;
  /** Runs in the write's transaction once the row is written (a product's first stock). */
  after?(input: Input, id: number, tx: Tx, request: FastifyRequest): Promise<void>;
  message: string;
}

/**
 * One resource of the spec's API, registered from the endpoints its declaration makes
 * (`defineResource`): `GET /{plural}/`, `GET|DELETE /{singular}/{id}`,
 * `POST /{singular}/register`, `PUT /{singular}`, `PATCH /{singular}` (status).
 */
export interface ResourceDefinition<Row extends Record<string, unknown>, S extends CrudSchemas> {
  /**
   * The server reads the declaration's endpoints (paths, schemas and what each needs:
   * decisions §roles), names and record; its row functions are the web's.
   */
  resource: Pick<
    ResourceDescriptor<Row, unknown, CrudEndpointsOf<Row, S>>,
    'plural' | 'status' | 'record' | 'audit' | 'exportFile' | 'endpoints'
  >;
  table: PgTable;
  id: PgColumn;
  list: ListDefinition;
  /** Extra list filters particular to the resource, read from the (validated) query string. */
  filters?: (query: Record<string, unknown>) => (SQL | undefined)[];
  /** The list's columns as a file, at `endpoints.export` when the declaration names `exportFile`. */
  export?: ExportDefinition<Row>;
  /**
   * Runs before every read (list and get): state the server derives on read (expiry...). A kept
   * list page is served without it: its day and its data unchanged, nothing new fell due, and a
   * run that changed rows counted a change, so the next call builds the page again.
   */
  beforeRead?: (db: Db) => Promise<void>;
  create: WriteDefinition<z.output<S['register']>>;
  update: WriteDefinition<z.output<S['update']>>;
  status: {
    allowed: readonly number[];
    column: PgColumn;
    message: string;
    /** The refusal of a status outside `allowed`; 'Estado inválido' by default. */
    invalid?: string;
    /** Runs in the change's transaction before it: refusals, and effects (ending sessions). */
    onChange?: (tx: Tx, id: number, estado: number, request: FastifyRequest) => Promise<void>;
    /**
     * When some statuses need more than the route's `statusPermission` (citas): what each
     * status needs, checked before anything is read.
     */
    permissionOf?: (estado: number) => Permission;
  };
  /**
   * `inUse` answers a foreign-key refusal; `guard` runs first, in the delete's transaction,
   * for refusals that need a more precise message than the foreign key can give. Given
   * exactly when the declaration says `remove`.
   */
  remove?: { inUse: string; guard?: (tx: Tx, id: number) => Promise<void> };
  notFound: string;
  /**
   * What some callers may not see of a row (a groomer, the citas' prices: issue 30 §5): when
   * `applies` to the request, every row answered goes through `row`, and the export writes
   * `export`'s columns instead. The audit log keeps whole rows.
   */
  redact?: {
    applies(request: FastifyRequest): boolean;
    row(row: Row): Row;
    export?: ExportDefinition<Row>;
  };
}

/** One row of a list by id, with the list's joins and nested objects, or a 404 with `message`. */
export async function findOne<T = Record<string, unknown>>(
  executor: Db | Tx,
  list: ListDefinition,
  id: number,
  message: string,
): Promise<T> {
  const [row] = await rowsSelect(executor, list).where(eq(list.id, id));
  if (!row) throw notFound(message);
  return row as T;
}

export function resourceModule<Row extends Record<string, unknown>, S extends CrudSchemas>(
  def: ResourceDefinition<Row, S>,
): FastifyPluginAsyncZod<{ db: Db }> {
  return async (app, { db }) => {
    const { endpoints } = def.resource;
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

    /** A row as the caller may see it (`redact`). */
    const shown = (request: FastifyRequest, row: Row) =>
      def.redact?.applies(request) ? def.redact.row(row) : row;

    route(app, endpoints.list, async (request) => {
      const query = request.query as ListQuery & Record<string, unknown>;
      const redact = def.redact?.applies(request) ? def.redact.row : undefined;
      return ok(
        await keptPage(db, `${redact ? 'redacted' : 'whole'} ${request.url}`, async () => {
          await def.beforeRead?.(db);
          const page = await listPage<Row>(db, def.list, query, def.filters?.(query));
          return redact ? { ...page, data: page.data.map(redact) } : page;
        }),
      );
    });
    route(app, endpoints.one, async (request) => {
      await def.beforeRead?.(db);
      return ok(shown(request, await findRow(db, request.params.id)));
    });

    const { exportFile } = def.resource;
    if (endpoints.export && exportFile && def.export) {
      const definition = def.export;
      route(app, endpoints.export, async (request, reply) => {
        await def.beforeRead?.(db);
        const query = request.query as ListQuery & { formato: 'csv' | 'xlsx' };
        const filters = def.filters?.(query);
        return sendExport(db, request, reply, {
          format: query.formato,
          file: exportFile,
          definition: (def.redact?.applies(request) && def.redact.export) || definition,
          rows: listRows<Row>(db, def.list, query, filters),
          audit: { entidad: def.resource.audit, query },
        });
      });
    }

    const { create, update, status } = def;
    // The bodies are S's schemas' output; TypeScript cannot resolve the contract's body type
    // while S is generic, hence the casts.
    route(app, endpoints.register, async (request, reply) => {
      const input = request.body as z.output<S['register']>;
      const row = await db.transaction(async (tx) => {
        const values = await create.toValues(input, tx, request);
        const [inserted] = await tx.insert(def.table).values(values).returning({ id: def.id });
        await create.after?.(input, inserted.id as number, tx, request);
        const created = await findRow(tx, inserted.id as number);
        await audit(tx, request, 'crear', inserted.id as number, null, created);
        return created;
      });
      return reply.status(201).send(ok(shown(request, row), create.message));
    });

    route(app, endpoints.update, async (request) => {
      const input = request.body as z.output<S['update']>;
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
      return ok(shown(request, row), update.message);
    });

    const call = def.resource.status;
    route(app, endpoints.status, async (request) => {
      const body = request.body as Record<string, number>;
      const id = body[call.id];
      const estado = body[call.estado];
      if (!status.allowed.includes(estado)) {
        throw invalid(call.estado, status.invalid ?? 'Estado inválido');
      }
      if (status.permissionOf) requirePermission(request, status.permissionOf(estado));
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
      return ok(shown(request, row), status.message);
    });

    if (Boolean(endpoints.remove) !== Boolean(def.remove)) {
      throw new Error(`${def.resource.plural}: the declaration's remove and the server's differ`);
    }
    if (endpoints.remove && def.remove) {
      const { inUse, guard } = def.remove;
      route(app, endpoints.remove, async (request) => {
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
      });
    }
  };
}
