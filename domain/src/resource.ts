import { z } from 'zod';
import { DoneSchema, pageOf, successOf, type ApiSuccess, type Page } from './api';
import { defineEndpoint, type Endpoint, type EndpointDeclaration } from './endpoint';
import { exportQueryOf, IdParamSchema, ListQuerySchema, StatusPatchSchema } from './list-query';
import type { Permission } from './permissions';
import type { AuditEntity } from './features/audit/audit';

/**
 * A resource's identity, declared once and read by the server (routes) and the web (query
 * keys, calls, forms): the spec's names, the paths made from them, the row's id and the
 * status call's body.
 */

/** The status call's path and body field names: `PATCH /{singular}` with `{ id, estado }`. */
export interface StatusCall {
  path: string;
  id: string;
  estado: string;
}

export interface ResourcePaths {
  /** `GET /{plural}/` */
  list: string;
  /** `POST /{singular}/register` */
  register: string;
  /** `PUT /{singular}` (users: `/user/update`) */
  update: string;
  /** `GET` and `DELETE /{singular}/{id}` */
  one(id: number | string): string;
  /**
   * `GET /{plural}/export?formato=csv|xlsx`: what the list's filters select, as a file named
   * `{exportFile}-{day}` (api §exports); absent when the list has no export.
   */
  export?: string;
}

/** What reading the resource and changing it need (decisions §roles). */
export interface ResourceAccess {
  read: Permission;
  write: Permission;
}

/** The schemas of a resource's CRUD calls: the rest of each call follows from its names. */
export interface CrudSchemas {
  /** The list's query when it filters beyond the common ones (ListQuerySchema drops the rest). */
  listQuery?: z.ZodObject;
  register: z.ZodType;
  /** An update names its row: `id` in the body. */
  update: z.ZodType<{ id: number }>;
  /** The status call's body when its fields are not `{ id, estado }` (spec §001-7). */
  statusBody?: z.ZodType;
  /**
   * What the status call needs when some statuses need less than `write` (citas: starting and
   * completing a visit is the groomer's); the server checks each status's own after it.
   */
  statusPermission?: Permission;
  /** `DELETE /{singular}/{id}` exists. */
  remove?: boolean;
}

type ListQueryOf<C extends CrudSchemas> = C extends { listQuery: infer Q extends z.ZodObject }
  ? Q
  : typeof ListQuerySchema;
type StatusBodyOf<C extends CrudSchemas> = C extends { statusBody: infer B extends z.ZodType }
  ? B
  : typeof StatusPatchSchema;
type OneAnswer<Row> = z.ZodType<ApiSuccess<Row>>;

/** A list route: any query, a page of `Row`s. */
export type ListEndpoint<Row> = Endpoint<
  undefined,
  z.ZodType,
  undefined,
  { 200: z.ZodType<ApiSuccess<Page<Row>>> }
>;

/**
 * A resource's routes as contracts (endpoint.ts), as a screen that takes any resource sees
 * them: the server registers them, the web calls them. Only the list's rows are typed here: a
 * screen reads the writes' message, not their record.
 */
export interface CrudEndpoints<Row> {
  list: ListEndpoint<Row>;
  one: Endpoint<typeof IdParamSchema, undefined, undefined, { 200: z.ZodType }>;
  /** Present when the declaration names `exportFile`. */
  export?: Endpoint<undefined, z.ZodObject, undefined, { 200: z.ZodString }>;
  register: Endpoint<undefined, undefined, z.ZodType, { 201: z.ZodType }>;
  update: Endpoint<undefined, undefined, z.ZodType, { 200: z.ZodType }>;
  status: Endpoint<undefined, undefined, z.ZodType, { 200: z.ZodType }>;
  /** Present when the declaration says `remove`. */
  remove?: Endpoint<typeof IdParamSchema, undefined, undefined, { 200: typeof DoneSchema }>;
}

/** The same routes with the declaration's own schemas and record: what the handlers read. */
export interface CrudEndpointsOf<Row, C extends CrudSchemas> extends CrudEndpoints<Row> {
  list: Endpoint<undefined, ListQueryOf<C>, undefined, { 200: z.ZodType<ApiSuccess<Page<Row>>> }>;
  one: Endpoint<typeof IdParamSchema, undefined, undefined, { 200: OneAnswer<Row> }>;
  register: Endpoint<undefined, undefined, C['register'], { 201: OneAnswer<Row> }>;
  update: Endpoint<undefined, undefined, C['update'], { 200: OneAnswer<Row> }>;
  status: Endpoint<undefined, undefined, StatusBodyOf<C>, { 200: OneAnswer<Row> }>;
}

export interface ResourceDescriptor<Row, Input = unknown, E = CrudEndpoints<Row>> {
  /** The list's path and the web's query key: 'clientes'. */
  plural: string;
  /** The record's path: 'cliente'. */
  singular: string;
  paths: ResourcePaths;
  status: StatusCall;
  /** What the server answers for one row: the routes declare it, the tests check it. */
  record: z.ZodType<Row>;
  /** The server refuses, and the web hides, what the user's role does not allow. */
  access: ResourceAccess;
  /** What the audit log calls the resource's rows. */
  audit: AuditEntity;
  /** The export's file name before its day, when the list exports. */
  exportFile?: string;
  /** The row's id (`id_cli`): what edits, status changes and deletes name. */
  rowId(row: Row): number;
  /** The edit form's values from a row: the reverse of what the server writes. */
  toInput?(row: Row): Input;
  endpoints: E;
}

export interface ResourceDeclaration<Row, Input, C extends CrudSchemas> {
  plural: string;
  singular: string;
  record: z.ZodType<Row>;
  access: ResourceAccess;
  audit: AuditEntity;
  rowId(row: Row): number;
  toInput?(row: Row): Input;
  /** The list exports to CSV and xlsx as files named after this ('clientes-2026-11-23.xlsx'). */
  exportFile?: string;
  /** The update path where the spec names another than `/{singular}`. */
  updatePath?: string;
  /** The status call where the spec names another than `PATCH /{singular}` with `{ id, estado }`. */
  status?: Partial<StatusCall>;
  /** The CRUD calls' schemas: with the names above they make the resource's endpoints. */
  crud: C;
}

/**
 * Row comes from `record`, Input from `toInput`'s return and the calls' types from `crud`:
 * declare them there rather than as type arguments, which would stop the inference of `crud`.
 */
export function defineResource<Row, Input = unknown, const C extends CrudSchemas = CrudSchemas>(
  declaration: ResourceDeclaration<Row, Input, C>,
): ResourceDescriptor<Row, Input, CrudEndpointsOf<Row, C>> {
  const { plural, singular, crud, record, access } = declaration;
  const paths: ResourcePaths = {
    list: `/${plural}/`,
    register: `/${singular}/register`,
    update: declaration.updatePath ?? `/${singular}`,
    one: (id) => `/${singular}/${id}`,
    export: declaration.exportFile ? `/${plural}/export` : undefined,
  };
  const status = { path: `/${singular}`, id: 'id', estado: 'estado', ...declaration.status };
  const one = successOf(record);
  const listQuery = crud.listQuery ?? ListQuerySchema;
  const endpoint = (call: EndpointDeclaration): Endpoint => defineEndpoint(plural, call);
  const endpoints: Record<keyof CrudEndpoints<Row>, Endpoint | undefined> = {
    list: endpoint({
      method: 'GET',
      path: paths.list,
      query: listQuery,
      response: successOf(pageOf(record)),
      permission: access.read,
    }),
    one: endpoint({
      method: 'GET',
      path: paths.one(':id'),
      params: IdParamSchema,
      response: one,
      permission: access.read,
    }),
    export: paths.export
      ? endpoint({
          method: 'GET',
          path: paths.export,
          query: exportQueryOf(listQuery),
          response: z
            .string()
            .describe(
              'Lo que seleccionan los filtros de la lista, sin límite de páginas: CSV (UTF-8 con BOM, «;», fechas dd/mm/aaaa) o xlsx',
            ),
          permission: access.read,
        })
      : undefined,
    register: endpoint({
      method: 'POST',
      path: paths.register,
      body: crud.register,
      response: { 201: one },
      permission: access.write,
      jsonField: true,
    }),
    update: endpoint({
      method: 'PUT',
      path: paths.update,
      body: crud.update,
      response: one,
      permission: access.write,
      jsonField: true,
    }),
    status: endpoint({
      method: 'PATCH',
      path: status.path,
      body: crud.statusBody ?? StatusPatchSchema,
      response: one,
      permission: crud.statusPermission ?? access.write,
    }),
    remove: crud.remove
      ? endpoint({
          method: 'DELETE',
          path: paths.one(':id'),
          params: IdParamSchema,
          response: DoneSchema,
          permission: access.write,
        })
      : undefined,
  };
  return {
    plural,
    singular,
    paths,
    status,
    record,
    access,
    audit: declaration.audit,
    exportFile: declaration.exportFile,
    rowId: declaration.rowId,
    toInput: declaration.toInput,
    // Built from `crud` (C) and `record` (Row): the calls above see only their constraints.
    endpoints: endpoints as CrudEndpointsOf<Row, C>,
  };
}
