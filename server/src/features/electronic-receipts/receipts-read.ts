import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  ELECTRONIC_STATES,
  formatReceiptNumber,
  limaDayStart,
  limaToday,
  MAX_LIST_OFFSET,
  MAX_PER_PAGE,
  UNACCEPTED_FILTER,
  UNACCEPTED_STATES,
  UNACCEPTED_WARNING_HOURS,
  type ElectronicDocumentKind,
  type ElectronicDocumentType,
  type ElectronicReceipt,
  type ElectronicReceiptListQuery,
  type ElectronicState,
  type ElectronicStateCount,
  type Page,
  type SendingAttempt,
} from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import { creditNotes, sales, sendingAttempts } from '../../db/schema';

/**
 * Reading the electronic documents (DESIGN §11.2): the boletas and facturas of `ventas` that carry
 * a `cpe_estado`, and the notas de crédito, as one list newest first; each one's attempts; the
 * bell's count of those SUNAT has not accepted a day after their issue, and today's by state.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * A list's total is counted up to here: past the deepest page one can ask for (MAX_LIST_OFFSET)
 * nobody reads it, and the count would cost as much as the whole table.
 */
const COUNT_LIMIT = MAX_LIST_OFFSET + MAX_PER_PAGE;

/** 'pendiente' as the database holds it, checked: a state SUNAT's flow does not know is a bug. */
function electronicState(value: string): ElectronicState {
  const state = ELECTRONIC_STATES.find((known) => known === value);
  if (!state) throw new Error(`Unknown electronic state: ${value}`);
  return state;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The list's row as both branches of its union select it. */
interface DocumentRow {
  kind: ElectronicDocumentKind;
  id: number;
  id_venta: number;
  serie: string;
  numero: number;
  tipo: ElectronicDocumentType;
  fecha: Date | string;
  cliente: string;
  cliente_doc: string;
  total: string;
  estado: string;
  codigo: number | null;
  mensaje: string | null;
  intentos: number;
  siguiente: Date | string | null;
  has_xml: boolean;
  has_cdr: boolean;
  anulada: boolean;
}

function documentOf(row: DocumentRow): ElectronicReceipt {
  const { serie, numero, ...rest } = row;
  return {
    ...rest,
    comprobante: formatReceiptNumber(serie, numero),
    fecha: iso(row.fecha),
    total: String(row.total),
    estado: electronicState(row.estado),
    siguiente: isoOrNull(row.siguiente),
  };
}

/** Both tables' state and sending columns, and whether the sale was voided. */
const stateFields = (table: typeof sales | typeof creditNotes) =>
  sql`${table.cpe_estado} as estado, ${table.cpe_codigo} as codigo, ${table.cpe_mensaje} as mensaje,
    ${table.cpe_intentos}::int as intentos, ${table.cpe_siguiente} as siguiente,
    ${table.cpe_xml} is not null as has_xml, ${table.cpe_cdr} is not null as has_cdr,
    ${sales.anulada_at} is not null as anulada`;

/** The sale's receipt as a row of the list: only boletas and facturas ever carry a state. */
const saleFields = sql`'venta' as kind, ${sales.id_venta} as id, ${sales.id_venta} as id_venta,
  ${sales.serie} as serie, ${sales.numero} as numero, ${sales.cod_sunat} as tipo,
  ${sales.fecha} as fecha, ${sales.cliente_nombre} as cliente, ${sales.cliente_doc} as cliente_doc,
  ${sales.total}::text as total, ${stateFields(sales)}`;

/** A nota de crédito as a row of the list, with its sale's customer and total. */
const noteFields = sql`'nota' as kind, ${creditNotes.id_nota} as id,
  ${creditNotes.id_venta} as id_venta, ${creditNotes.serie} as serie,
  ${creditNotes.numero} as numero, '07' as tipo, ${creditNotes.fecha} as fecha,
  ${sales.cliente_nombre} as cliente, ${sales.cliente_doc} as cliente_doc,
  ${sales.total}::text as total, ${stateFields(creditNotes)}`;

/** Lima days `desde`..`hasta` on the issue time, as bounds its index serves. */
function issuedWithin(
  column: typeof sales.fecha | typeof creditNotes.fecha,
  from?: string,
  to?: string,
) {
  return [
    from ? gte(column, limaDayStart(from)) : undefined,
    to ? lt(column, new Date(limaDayStart(to).getTime() + DAY_MS)) : undefined,
  ];
}

function stateCondition(
  column: typeof sales.cpe_estado | typeof creditNotes.cpe_estado,
  estado: ElectronicReceiptListQuery['estado'],
): SQL | undefined {
  if (estado === undefined) return isNotNull(column);
  if (estado === UNACCEPTED_FILTER) return inArray(column, [...UNACCEPTED_STATES]);
  return eq(column, estado);
}

/**
 * Each table's WHERE, or null when the type filter leaves the table out. A sale's type is its
 * `tipo_comp` (B boleta 03, F factura 01), which leads the `(tipo_comp, fecha)` index.
 */
function listConditions(query: ElectronicReceiptListQuery) {
  const { tipo, estado, desde, hasta } = query;
  const saleType = tipo === '01' ? 'F' : tipo === '03' ? 'B' : undefined;
  const saleWhere =
    tipo === '07'
      ? null
      : and(
          ...(saleType ? [eq(sales.tipo_comp, saleType)] : []),
          ...issuedWithin(sales.fecha, desde, hasta),
          stateCondition(sales.cpe_estado, estado),
          isNotNull(sales.cod_sunat),
        );
  const noteWhere =
    tipo === '01' || tipo === '03'
      ? null
      : and(
          ...issuedWithin(creditNotes.fecha, desde, hasta),
          stateCondition(creditNotes.cpe_estado, estado),
        );
  return { saleWhere, noteWhere };
}

/**
 * `GET /api/comprobantes-electronicos`: a page of the documents, newest first. Each table gives
 * its newest `offset + per_page` matches on its own (ventas along its `fecha` index, so a page
 * reads about its rows, not the table) and the union keeps the page of them; the total counts
 * each table's matches up to COUNT_LIMIT.
 */
export async function electronicReceiptsPage(
  db: Db,
  query: ElectronicReceiptListQuery,
): Promise<Page<ElectronicReceipt>> {
  const { page, per_page } = query;
  const offset = (page - 1) * per_page;
  const { saleWhere, noteWhere } = listConditions(query);
  const saleBranch = saleWhere
    ? sql`(select ${saleFields} from ${sales} where ${saleWhere}
        order by ${sales.fecha} desc, ${sales.id_venta} desc limit ${offset + per_page})`
    : undefined;
  const noteBranch = noteWhere
    ? sql`(select ${noteFields} from ${creditNotes}
        join ${sales} on ${sales.id_venta} = ${creditNotes.id_venta} where ${noteWhere}
        order by ${creditNotes.fecha} desc, ${creditNotes.id_nota} desc limit ${offset + per_page})`
    : undefined;
  const branches = [saleBranch, noteBranch].filter((branch) => branch !== undefined);
  const counted = (table: typeof sales | typeof creditNotes, where: SQL | null | undefined) =>
    where
      ? sql`(select count(*)::int from (select 1 from ${table} where ${where} limit ${COUNT_LIMIT}) as matches)`
      : sql`0`;

  const [rows, counts] = await Promise.all([
    db.execute(
      sql`select * from (${sql.join(branches, sql` union all `)}) as documents
        order by fecha desc, id desc, kind limit ${per_page} offset ${offset}`,
    ),
    db.execute(
      sql`select ${counted(sales, saleWhere)} as sales, ${counted(creditNotes, noteWhere)} as notes`,
    ),
  ]);
  const [count] = rowsOf<{ sales: number; notes: number }>(counts);
  const salesTotal = Number(count?.sales ?? 0);
  const notesTotal = Number(count?.notes ?? 0);
  const total = salesTotal + notesTotal;
  return {
    current_page: page,
    data: rowsOf<DocumentRow>(rows).map(documentOf),
    per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / per_page)),
    total_is_estimate: salesTotal >= COUNT_LIMIT || notesTotal >= COUNT_LIMIT || undefined,
    next_cursor: null,
  };
}

/** One document as a row of the list; undefined when it is not an electronic one. */
export async function findElectronicReceipt(
  executor: Db | Tx,
  kind: ElectronicDocumentKind,
  id: number,
): Promise<ElectronicReceipt | undefined> {
  const statement =
    kind === 'venta'
      ? sql`select ${saleFields} from ${sales}
          where ${sales.id_venta} = ${id} and ${sales.cpe_estado} is not null and ${sales.cod_sunat} is not null`
      : sql`select ${noteFields} from ${creditNotes}
          join ${sales} on ${sales.id_venta} = ${creditNotes.id_venta}
          where ${creditNotes.id_nota} = ${id} and ${creditNotes.cpe_estado} is not null`;
  const [row] = rowsOf<DocumentRow>(await executor.execute(statement));
  return row ? documentOf(row) : undefined;
}

/** A document's attempts, newest first. */
export async function sendingAttemptsOf(
  db: Db,
  kind: ElectronicDocumentKind,
  id: number,
): Promise<SendingAttempt[]> {
  const rows = await db
    .select({
      id: sendingAttempts.id,
      at: sendingAttempts.at,
      estado: sendingAttempts.estado,
      codigo: sendingAttempts.codigo,
      mensaje: sendingAttempts.mensaje,
    })
    .from(sendingAttempts)
    .where(kind === 'venta' ? eq(sendingAttempts.id_venta, id) : eq(sendingAttempts.id_nota, id))
    .orderBy(desc(sendingAttempts.at), desc(sendingAttempts.id));
  return rows.map((row) => ({ ...row, at: iso(row.at), estado: electronicState(row.estado) }));
}

/**
 * The states SUNAT has not accepted, as literals: a partial index on that predicate can serve the
 * bell's count whatever plan the statement gets.
 */
const UNACCEPTED_SQL = sql.raw(`(${UNACCEPTED_STATES.map((state) => `'${state}'`).join(', ')})`);

/**
 * The bell's count (DESIGN §11.2): documents SUNAT has not accepted UNACCEPTED_WARNING_HOURS after
 * their issue, pendiente, error or rechazado. A rejected receipt whose sale was voided has been
 * seen to and no longer counts.
 */
export async function unacceptedCount(db: Db, now = new Date()): Promise<number> {
  const issuedBefore = new Date(now.getTime() - UNACCEPTED_WARNING_HOURS * HOUR_MS);
  const [row] = rowsOf<{ sales: number; notes: number }>(
    await db.execute(sql`select
      (select count(*)::int from ${sales} where ${sales.cpe_estado} in ${UNACCEPTED_SQL}
        and ${sales.fecha} < ${issuedBefore.toISOString()}
        and (${sales.anulada_at} is null or ${sales.cpe_estado} <> 'rechazado')) as sales,
      (select count(*)::int from ${creditNotes} where ${creditNotes.cpe_estado} in ${UNACCEPTED_SQL}
        and ${creditNotes.fecha} < ${issuedBefore.toISOString()}) as notes`),
  );
  return Number(row?.sales ?? 0) + Number(row?.notes ?? 0);
}

/**
 * Today's electronic documents by state (Lima's day), for the dashboard: a range of the `fecha`
 * index of ventas, and of the few notas de crédito. Only states that have any, in
 * ELECTRONIC_STATES' order.
 */
export async function todaysElectronicReceipts(
  db: Db,
  now = new Date(),
): Promise<ElectronicStateCount[]> {
  const start = limaDayStart(limaToday(now));
  const end = new Date(start.getTime() + DAY_MS);
  const byState = (table: typeof sales | typeof creditNotes) =>
    db
      .select({ estado: table.cpe_estado, total: sql<number>`count(*)::int` })
      .from(table)
      .where(and(gte(table.fecha, start), lt(table.fecha, end), isNotNull(table.cpe_estado)))
      .groupBy(table.cpe_estado);
  const rows = (await Promise.all([byState(sales), byState(creditNotes)])).flat();
  const totals = new Map<ElectronicState, number>();
  for (const row of rows) {
    if (row.estado === null) continue;
    const state = electronicState(row.estado);
    totals.set(state, (totals.get(state) ?? 0) + Number(row.total));
  }
  return ELECTRONIC_STATES.flatMap((estado) => {
    const total = totals.get(estado);
    return total ? [{ estado, total }] : [];
  });
}
