import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_ENDPOINTS,
  auditActionLabel,
  auditChangesText,
  auditEntityLabel,
  limaToday,
  type AuditEntry,
  type AuditFilter,
  type ListQuery,
} from '@app/domain';
import { actorOf, recordAudit } from '../../audit/record';
import { commonConditions, listPage, type ListDefinition } from '../../crud/list';
import type { Db } from '../../db/client';
import { auditEntries, users } from '../../db/schema';
import { sendCsv, limaDateTimeText, type CsvCell } from '../../http/csv';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { holdHeavySlot } from '../../http/heavy-work';
import { auditDetail } from './audit-detail';

/**
 * `GET /api/auditoria/` and `GET /api/auditoria/export` (decisions §audit), for admins. The log is
 * read here and nowhere written but by `recordAudit`: no route edits or deletes an entry.
 */

/** A column of the log, qualified: inside a subquery a bare name would be the inner table's. */
const outer = (column: PgColumn) =>
  sql`${sql.identifier('auditoria')}.${sql.identifier(column.name)}`;

/**
 * The login the entry kept (a sign-in attempt), else its user's current one: read per row
 * of the page through the users' primary key, never joined for the count.
 */
const loginSql = sql<
  string | null
>`coalesce(${outer(auditEntries.login)}, (select ${users.login} from ${users} where ${users.id} = ${outer(auditEntries.id_usu)}))`;

/** The detail, with how many calls a refused call's row stands for when more than one. */
const detalleSql = sql<
  string | null
>`case when ${outer(auditEntries.veces)} > 1 then ${outer(auditEntries.detalle)} || ' × ' || ${outer(auditEntries.veces)} else ${outer(auditEntries.detalle)} end`;

const auditFields = {
  id: auditEntries.id,
  at: auditEntries.at,
  id_usu: auditEntries.id_usu,
  login: loginSql,
  ip: auditEntries.ip,
  accion: auditEntries.accion,
  entidad: auditEntries.entidad,
  entidad_id: auditEntries.entidad_id,
  cambios: auditEntries.cambios,
  detalle: detalleSql,
};

export const auditList: ListDefinition = {
  table: auditEntries,
  fields: auditFields,
  id: auditEntries.id,
  createdAt: auditEntries.at,
  // The log has no status: list.ts reads this column only for `est` or hidden statuses, and
  // the log's query sets neither. (ListDefinition requires one.)
  status: auditEntries.id,
};

/** The log's filters as the lists' common query: `desde`/`hasta` are its date range. */
function asListQuery(
  filter: AuditFilter,
  paging: Pick<ListQuery, 'page' | 'per_page' | 'after'>,
): ListQuery {
  return { ...paging, ficial: filter.desde, final: filter.hasta };
}

/**
 * The user whose login is `usu` (in any case), looked up apart: with the id as a value, the
 * planner sees how many entries are that user's and reads few through the indexes; as a
 * subquery it cannot, and a rare user walked the whole log.
 */
async function userIdOf(db: Db, usu: string | undefined): Promise<number | undefined> {
  if (!usu) return undefined;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.login})`, sql`lower(${usu})`));
  return user?.id;
}

/**
 * `usu` (the login the entry kept, or its user's: `userId`), `entidad` and `accion`, each on
 * an index of its own (schema/audit.ts).
 */
function auditFilters(
  { usu, entidad, accion }: AuditFilter,
  userId: number | undefined,
): (SQL | undefined)[] {
  const keptLogin = usu ? eq(sql`lower(${auditEntries.login})`, sql`lower(${usu})`) : undefined;
  return [
    userId === undefined ? keptLogin : or(keptLogin, eq(auditEntries.id_usu, userId)),
    entidad ? eq(auditEntries.entidad, entidad) : undefined,
    accion ? eq(auditEntries.accion, accion) : undefined,
  ];
}

type AuditRow = Omit<AuditEntry, 'at'> & { at: Date };

/** Rows read per query of an export: a keyset walk, never the whole log in memory. */
const EXPORT_BATCH = 500;

/** Every entry the filter selects, newest first, in keyset batches. */
async function* entriesOf(db: Db, filter: AuditFilter): AsyncGenerator<AuditRow> {
  const where = [
    ...commonConditions(auditList, asListQuery(filter, { page: 1, per_page: EXPORT_BATCH })),
    ...auditFilters(filter, await userIdOf(db, filter.usu)),
  ];
  let last: AuditRow | undefined;
  for (;;) {
    const batch = (await db
      .select(auditFields)
      .from(auditEntries)
      .where(
        and(
          ...where,
          last
            ? sql`(${auditEntries.at}, ${auditEntries.id}) < (${last.at.toISOString()}::timestamptz, ${last.id})`
            : undefined,
        ),
      )
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(EXPORT_BATCH)) as AuditRow[];
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    last = batch.at(-1);
  }
}

const CSV_HEADER = ['Fecha', 'Usuario', 'IP', 'Acción', 'Entidad', 'ID', 'Cambios', 'Detalle'];

const csvRow = (row: AuditRow): CsvCell[] => [
  limaDateTimeText(row.at),
  row.login,
  row.ip,
  auditActionLabel(row.accion),
  auditEntityLabel(row.entidad),
  row.entidad_id,
  auditChangesText(row.cambios),
  auditDetail(row),
];

/** The filters an export was asked with, for its own entry in the log. */
const filterText = (filter: AuditFilter) =>
  Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(', ') || 'sin filtros';

export const auditModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, AUDIT_ENDPOINTS.list, async (request) => {
    const { page, per_page, after, ...filter } = request.query;
    const query = asListQuery(filter, { page, per_page, after });
    const filters = auditFilters(filter, await userIdOf(db, filter.usu));
    const entries = await listPage<AuditEntry>(db, auditList, query, filters);
    // An ordinary write keeps no note: its detail is read from its changes (audit-detail.ts).
    const data = entries.data.map((entry) => ({ ...entry, detalle: auditDetail(entry) }));
    return ok({ ...entries, data });
  });

  route(app, AUDIT_ENDPOINTS.export, async (request, reply) => {
    holdHeavySlot(request, reply, 'exportacion');
    const filter = request.query;
    // An export of the log is itself recorded (who took a copy, of what).
    await recordAudit(db, {
      ...actorOf(request),
      accion: 'exportar',
      entidad: 'auditoria',
      detalle: filterText(filter),
    });
    const entries = entriesOf(db, filter);
    // The first batch is read before the headers go: a failure there is still an error answer.
    const first = await entries.next();
    async function* rows() {
      if (first.done) return;
      yield csvRow(first.value);
      for await (const row of entries) yield csvRow(row);
    }
    return sendCsv(reply, `auditoria-${limaToday()}.csv`, CSV_HEADER, rows());
  });
};
