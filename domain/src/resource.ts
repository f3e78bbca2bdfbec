import type { z } from 'zod';
import type { Permission } from './permissions';
import type { AuditEntity } from './resources/audit';

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
   * `{exportFile}-{day}` (DESIGN §10.6); absent when the list has no export.
   */
  export?: string;
}

/** What reading the resource and changing it need (DESIGN §10.1). */
export interface ResourceAccess {
  read: Permission;
  write: Permission;
}

export interface ResourceDescriptor<Row, Input = unknown> {
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
}

export interface ResourceDeclaration<Row, Input> {
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
}

export function defineResource<Row, Input = unknown>(
  declaration: ResourceDeclaration<Row, Input>,
): ResourceDescriptor<Row, Input> {
  const { plural, singular } = declaration;
  return {
    plural,
    singular,
    paths: {
      list: `/${plural}/`,
      register: `/${singular}/register`,
      update: declaration.updatePath ?? `/${singular}`,
      one: (id) => `/${singular}/${id}`,
      export: declaration.exportFile ? `/${plural}/export` : undefined,
    },
    status: { path: `/${singular}`, id: 'id', estado: 'estado', ...declaration.status },
    record: declaration.record,
    access: declaration.access,
    audit: declaration.audit,
    exportFile: declaration.exportFile,
    rowId: declaration.rowId,
    toInput: declaration.toInput,
  };
}
