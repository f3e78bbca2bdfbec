import { and, asc, count, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  addWorkingDays,
  COMPLAINT_DOC_TYPES,
  COMPLAINT_GOODS,
  COMPLAINT_KINDS,
  COMPLAINT_MESSAGES as M,
  COMPLAINT_WARNING_WORKING_DAYS,
  limaToday,
  workingDaysBetween,
  type Complaint,
  type ComplaintCompany,
  type ComplaintListQuery,
  type ComplaintSummary,
  type ListQuery,
} from '@app/domain';
import type { ListDefinition } from '../../crud/list';
import { qualified } from '../../crud/sql';
import type { Db, Tx } from '../../db/client';
import { complaints, settings, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { holidaySet } from './holidays';

/** How hojas are read: the staff's list and export, one hoja whole, the bell's count. */

/** A stored value of a closed set (written only through the input schema): typed back. */
function known<T extends string>(values: readonly T[], value: string | null): T {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new Error(`Valor inesperado en una hoja de reclamación: ${value}`);
  return found;
}

/** '2026-000001', in SQL: what the list's rows carry. */
const numberSql = sql<string>`${complaints.anio}::text || '-' || lpad(${complaints.numero}::text, 6, '0')`;

const summaryFields = {
  id: complaints.id,
  numero: numberSql,
  fecha: complaints.fecha,
  nombres: complaints.nombres,
  apellidos: complaints.apellidos,
  tipo_doc: complaints.tipo_doc,
  doc: complaints.doc,
  tipo: complaints.tipo,
  bien: complaints.bien,
  vence: complaints.vence,
  respondido_at: complaints.respondido_at,
};

/** The export's columns: the list's and the hoja's texts. */
const exportFields = {
  ...summaryFields,
  direccion: complaints.direccion,
  telefono: complaints.telefono,
  email: complaints.email,
  menor: complaints.menor,
  apoderado_nombre: complaints.apoderado_nombre,
  apoderado_tipo_doc: complaints.apoderado_tipo_doc,
  apoderado_doc: complaints.apoderado_doc,
  monto: complaints.monto,
  descripcion: complaints.descripcion,
  detalle: complaints.detalle,
  pedido: complaints.pedido,
  respuesta: complaints.respuesta,
  respondido_por: sql<
    string | null
  >`(select coalesce(nullif(trim(${users.name} || ' ' || ${users.surname}), ''), ${users.login}) from ${users} where ${users.id} = ${qualified(complaints.respondido_por)})`,
};

interface StoredSummary {
  id: number;
  numero: string;
  fecha: Date;
  nombres: string;
  apellidos: string;
  tipo_doc: string;
  doc: string;
  tipo: string;
  bien: string;
  vence: string;
  respondido_at: Date | null;
}

export interface StoredComplaint extends StoredSummary {
  direccion: string;
  telefono: string;
  email: string;
  menor: boolean;
  apoderado_nombre: string | null;
  apoderado_tipo_doc: string | null;
  apoderado_doc: string | null;
  monto: string | null;
  descripcion: string;
  detalle: string;
  pedido: string;
  respuesta: string | null;
  respondido_por: string | null;
}

/** The list (and its export): newest first; hojas have no status column, their answer says it. */
export const complaintsList: ListDefinition = {
  table: complaints,
  fields: summaryFields,
  id: complaints.id,
  createdAt: complaints.fecha,
  // The list's query has no `est` (crud/list.ts reads this only for it); ListDefinition needs one.
  status: complaints.id,
};

export const complaintsExportList: ListDefinition = { ...complaintsList, fields: exportFields };

/** The list's filters as the lists' common query: `desde`/`hasta` are the filing days. */
export const asListQuery = ({ page, per_page, desde, hasta }: ComplaintListQuery): ListQuery => ({
  page,
  per_page,
  ficial: desde,
  final: hasta,
});

export function complaintFilters({ estado, tipo }: ComplaintListQuery): (SQL | undefined)[] {
  return [
    estado === 'pendiente' ? isNull(complaints.respondido_at) : undefined,
    estado === 'respondido' ? isNotNull(complaints.respondido_at) : undefined,
    tipo ? eq(complaints.tipo, tipo) : undefined,
  ];
}

/** Where the due dates stand today (Lima): the holidays and the red line of the list. */
export interface DueContext {
  today: string;
  holidays: ReadonlySet<string>;
  /** An open hoja due on or before this day is shown red and rings the bell. */
  warnUntil: string;
}

export async function dueContext(executor: Db | Tx, now = new Date()): Promise<DueContext> {
  const today = limaToday(now);
  const holidays = await holidaySet(executor);
  return {
    today,
    holidays,
    warnUntil: addWorkingDays(today, COMPLAINT_WARNING_WORKING_DAYS, holidays),
  };
}

/** A row of the list: its due date told in working days from today. */
export function summaryOf(row: StoredSummary, due: DueContext): ComplaintSummary {
  const open = row.respondido_at === null;
  return {
    id: row.id,
    numero: row.numero,
    fecha: row.fecha.toISOString(),
    consumidor: `${row.nombres} ${row.apellidos}`,
    tipo_doc: known(COMPLAINT_DOC_TYPES, row.tipo_doc),
    doc: row.doc,
    tipo: known(COMPLAINT_KINDS, row.tipo),
    bien: known(COMPLAINT_GOODS, row.bien),
    vence: row.vence,
    dias_habiles_restantes: open ? workingDaysBetween(due.today, row.vence, due.holidays) : null,
    vencido: open && row.vence < due.today,
    por_vencer: open && row.vence <= due.warnUntil,
    estado: open ? 'pendiente' : 'respondido',
    respondido_at: row.respondido_at?.toISOString() ?? null,
  };
}

/** The whole hoja, as `GET /api/reclamo/{id}` answers it. */
export function complaintOf(row: StoredComplaint, due: DueContext): Complaint {
  const { consumidor: _name, ...summary } = summaryOf(row, due);
  return {
    ...summary,
    nombres: row.nombres,
    apellidos: row.apellidos,
    direccion: row.direccion,
    telefono: row.telefono,
    email: row.email,
    menor: row.menor,
    apoderado:
      row.apoderado_nombre === null
        ? null
        : {
            nombre: row.apoderado_nombre,
            tipo_doc: known(COMPLAINT_DOC_TYPES, row.apoderado_tipo_doc),
            doc: row.apoderado_doc ?? '',
          },
    monto: row.monto,
    descripcion: row.descripcion,
    detalle: row.detalle,
    pedido: row.pedido,
    respuesta: row.respuesta,
    respondido_por: row.respondido_por,
  };
}

/** One hoja's stored fields; 404 when there is none. `lock` holds it for its answer. */
export async function findStoredComplaint(
  executor: Db | Tx,
  id: number,
  lock = false,
): Promise<StoredComplaint> {
  const select = executor.select(exportFields).from(complaints).where(eq(complaints.id, id));
  const [row] = lock ? await select.for('update', { of: complaints }) : await select;
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function findComplaint(executor: Db | Tx, id: number): Promise<Complaint> {
  const row = await findStoredComplaint(executor, id);
  return complaintOf(row, await dueContext(executor));
}

/** The company as the book's header shows it: Ajustes' razón social, RUC and address. */
export async function complaintCompany(
  executor: Db | Tx,
): Promise<ComplaintCompany & { email: string | null }> {
  const [row] = await executor
    .select({
      razon_social: settings.nomEmp,
      ruc: settings.rucEmp,
      direccion: settings.dirEmp,
      email: settings.emailEmp,
    })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return row ?? { razon_social: null, ruc: null, direccion: null, email: null };
}

/**
 * Open hojas due within COMPLAINT_WARNING_WORKING_DAYS working days or late (the bell's notice):
 * a range of the partial index on the open hojas' due dates.
 */
export async function complaintsDueCount(db: Db, now = new Date()): Promise<number> {
  const { warnUntil } = await dueContext(db, now);
  const [row] = await db
    .select({ total: count() })
    .from(complaints)
    .where(and(isNull(complaints.respondido_at), lte(complaints.vence, warnUntil)));
  return row?.total ?? 0;
}
