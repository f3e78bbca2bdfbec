import { asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  formatReceiptNumber,
  PAYMENT_METHODS,
  RECEIPT_TYPES,
  SALE_MESSAGES as M,
  type CreditNote,
  type ListQuery,
  type PaymentMethod,
  type Sale,
  type SaleListQuery,
  type SaleSummary,
} from '@app/domain';
import type { ListDefinition } from '../../crud/list';
import type { ExportDefinition } from '../../crud/export';
import { qualified } from '../../crud/sql';
import { inTurn, type Db, type Tx } from '../../db/client';
import {
  appointments,
  creditNotes,
  employees,
  pets,
  saleLines,
  salePayments,
  sales,
  users,
} from '../../db/schema';
import { notFound } from '../../http/errors';

/** How a sale is read: one receipt whole, or the rows of the sales list and its export. */

/** The login of the user whose id is in `column`. */
export const loginOf = (column: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${users.login} from ${users} where ${users.id} = ${qualified(column)})`;

/** The sale in force (not voided) of the cita in `column`, or null: at most one, by its index. */
export const saleOfAppointment = (column: AnyPgColumn) =>
  sql<
    number | null
  >`(select ${qualified(sales.id_venta)} from ${sales} where ${qualified(sales.id_cita)} = ${qualified(column)} and ${qualified(sales.anulada_at)} is null)`;

export const receiptNumberSql = sql<string>`${sales.serie} || '-' || lpad(${sales.numero}::text, 8, '0')`;

const methodsSql = sql<
  PaymentMethod[]
>`(select coalesce(json_agg(${salePayments.metodo} order by ${salePayments.id}), '[]'::json) from ${salePayments} where ${qualified(salePayments.id_venta)} = ${qualified(sales.id_venta)})`;

const summaryFields = {
  id_venta: sales.id_venta,
  fecha: sales.fecha,
  tipo_comp: sales.tipo_comp,
  serie: sales.serie,
  numero: sales.numero,
  comprobante: receiptNumberSql,
  id_cita: sales.id_cita,
  id_cli: sales.id_cli,
  cliente_doc: sales.cliente_doc,
  cliente_nombre: sales.cliente_nombre,
  total: sales.total,
  propina: sales.propina,
  metodos: methodsSql,
  usuario: loginOf(sales.id_usu),
  anulada: sql<boolean>`${sales.anulada_at} is not null`,
};

export const salesList: ListDefinition = {
  table: sales,
  fields: summaryFields,
  id: sales.id_venta,
  createdAt: sales.fecha,
  // Sales have no status column: their list query has no `est` (crud/list.ts reads this only
  // for it). ListDefinition requires one.
  status: sales.id_venta,
  search: [{ folded: sales.search_text }],
};

/** The list's filters as the lists' common query: `desde`/`hasta` are the issue date range. */
export function asListQuery({
  desde,
  hasta,
  search,
  page,
  per_page,
  after,
}: SaleListQuery): ListQuery {
  return { page, per_page, after, search, ficial: desde, final: hasta };
}

export function saleFilters({ tipo, metodo }: SaleListQuery): (SQL | undefined)[] {
  return [
    tipo ? eq(sales.tipo_comp, tipo) : undefined,
    metodo
      ? sql`exists (select 1 from ${salePayments} where ${qualified(salePayments.id_venta)} = ${qualified(sales.id_venta)} and ${salePayments.metodo} = ${metodo})`
      : undefined,
  ];
}

export const salesExport: ExportDefinition<SaleSummary> = {
  sheet: 'Ventas',
  columns: [
    { header: 'Fecha', value: (s) => s.fecha, kind: 'time' },
    { header: 'Comprobante', value: (s) => s.comprobante },
    { header: 'Tipo', value: (s) => RECEIPT_TYPES[s.tipo_comp] },
    { header: 'Documento', value: (s) => s.cliente_doc },
    { header: 'Cliente', value: (s) => s.cliente_nombre },
    { header: 'Total (S/.)', value: (s) => s.total, kind: 'money' },
    { header: 'Propina (S/.)', value: (s) => s.propina, kind: 'money' },
    { header: 'Pago', value: (s) => s.metodos.map((m) => PAYMENT_METHODS[m]).join(' + ') },
    { header: 'Usuario', value: (s) => s.usuario },
    { header: 'Estado', value: (s) => (s.anulada ? 'Anulada' : 'Emitida') },
  ],
};

/**
 * A receipt line's columns, which SaleLineSchema answers: all the table's but the line's own key
 * and its sale's.
 */
const { id: _lineId, id_venta: _saleId, ...saleLineColumns } = getTableColumns(saleLines);

/** A sale as `GET /api/venta/{id}` answers it (SaleSchema); 404 when there is none. */
export async function findSale(executor: Db | Tx, id: number): Promise<Sale> {
  const [header] = await executor
    .select({
      ...summaryFields,
      cod_sunat: sales.cod_sunat,
      moneda: sales.moneda,
      tipo_operacion: sales.tipo_operacion,
      cliente_doc_tipo: sales.cliente_doc_tipo,
      emisor_ruc: sales.emisor_ruc,
      emisor_nombre: sales.emisor_nombre,
      emisor_direccion: sales.emisor_direccion,
      gravadas: sales.gravadas,
      descuento: sales.descuento,
      igv: sales.igv,
      pagado: sales.pagado,
      vuelto: sales.vuelto,
      monto_letras: sales.monto_letras,
      anulada_at: sales.anulada_at,
      anulada_por: loginOf(sales.anulada_por),
      motivo_anulacion: sales.motivo_anulacion,
      // Never cpe_xml: the signed XML is tens of KB that only its download reads.
      cpe_estado: sales.cpe_estado,
      cpe_codigo: sales.cpe_codigo,
      cpe_mensaje: sales.cpe_mensaje,
      cpe_hash: sales.cpe_hash,
      cpe_qr: sales.cpe_qr,
      tiene_xml: sql<boolean>`${sales.cpe_xml} is not null`,
      cajero: sql<
        string | null
      >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${qualified(sales.id_usu)})`,
      mascota: sql<
        string | null
      >`(select ${pets.nom_perro} from ${appointments} join ${pets} on ${qualified(pets.id_perro)} = ${qualified(appointments.id_perro)} where ${qualified(appointments.id_cita)} = ${qualified(sales.id_cita)})`,
      groomer: sql<
        string | null
      >`(select ${employees.nom_emp} || ' ' || ${employees.ape_emp} from ${appointments} join ${employees} on ${qualified(employees.id_emp)} = ${qualified(appointments.id_emp)} where ${qualified(appointments.id_cita)} = ${qualified(sales.id_cita)})`,
    })
    .from(sales)
    .where(eq(sales.id_venta, id));
  if (!header) throw notFound(M.notFound);
  const [items, pagos, nota_credito] = await inTurn(executor, [
    () =>
      executor
        .select(saleLineColumns)
        .from(saleLines)
        .where(eq(saleLines.id_venta, id))
        .orderBy(asc(saleLines.linea)),
    () =>
      executor
        .select({ metodo: salePayments.metodo, monto: salePayments.monto })
        .from(salePayments)
        .where(eq(salePayments.id_venta, id))
        .orderBy(asc(salePayments.id)),
    () => creditNoteOf(executor, id),
  ]);
  return {
    ...header,
    fecha: header.fecha.toISOString(),
    anulada_at: header.anulada_at?.toISOString() ?? null,
    items,
    pagos,
    nota_credito,
  };
}

/** The nota de crédito that voided the sale `id`, as SaleSchema answers it; null when none. */
async function creditNoteOf(executor: Db | Tx, id: number): Promise<CreditNote | null> {
  const [note] = await executor
    .select({
      serie: creditNotes.serie,
      numero: creditNotes.numero,
      fecha: creditNotes.fecha,
      cod_motivo: creditNotes.cod_motivo,
      motivo: creditNotes.motivo,
      cpe_estado: creditNotes.cpe_estado,
      cpe_codigo: creditNotes.cpe_codigo,
      cpe_mensaje: creditNotes.cpe_mensaje,
      cpe_hash: creditNotes.cpe_hash,
      cpe_qr: creditNotes.cpe_qr,
      tiene_xml: sql<boolean>`${creditNotes.cpe_xml} is not null`,
    })
    .from(creditNotes)
    .where(eq(creditNotes.id_venta, id));
  if (!note) return null;
  return {
    ...note,
    comprobante: formatReceiptNumber(note.serie, note.numero),
    fecha: note.fecha.toISOString(),
  };
}
