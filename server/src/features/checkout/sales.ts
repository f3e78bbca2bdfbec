import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppointmentStatus,
  CASH_MESSAGES,
  CHARGE_MESSAGES,
  PAYMENT_METHOD_IDS,
  SALE_MESSAGES,
  SALE_ENDPOINTS,
  SALE_SERIES,
  SUNAT_CURRENCY,
  SUNAT_IGV_AFFECTATION,
  SUNAT_OPERATION_TYPE,
  SUNAT_RECEIPT_CODES,
  SUNAT_UNIT_CODES,
  PAYMENT_METHODS,
  RECEIPT_TYPES,
  SALE_ITEM_KIND_LABELS,
  DEFAULT_MAX_DISCOUNT,
  Status,
  can,
  customerDocCode,
  formatCents,
  formatReceiptNumber,
  igvOf,
  limaDayStart,
  limaToday,
  mayCharge,
  parseCents,
  saleAdjustments,
  saleIssues,
  saleTotals,
  type CashDay,
  type ListQuery,
  type PaymentMethod,
  type PricedLine,
  type SaleInput,
  type SaleListQuery,
  type SaleSummary,
  type SalesReport,
  type SalesReportQuery,
} from '@app/domain';
import { actorOf, recordAudit, recordChange } from '../../audit/record';
import { listPage, type ListDefinition } from '../../crud/list';
import { qualified } from '../../crud/sql';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  cashCloses,
  clients,
  employees,
  packages,
  products,
  receiptSeries,
  saleLines,
  salePayments,
  sales,
  services,
  settings,
  users,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { moveStocks, type StockMove } from '../products';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { holdHeavySlot } from '../../http/heavy-work';
import type { XlsxSheet } from '../../http/xlsx';
import {
  dayText,
  listRows,
  sendExport,
  sendTables,
  type ExportDefinition,
} from '../../crud/export';
import {
  conflict,
  describeUniqueIndex,
  HttpError,
  INVALID_INPUT,
  invalid,
  notFound,
  type FieldErrors,
} from '../../http/errors';

/**
 * Checkout (decisions §numbering): a sale is issued with the next number of its series, under the
 * series row's lock so numbers are gapless and never repeat; it is never edited or deleted,
 * only voided. The till and the sales report read the same tables.
 */

const M = SALE_MESSAGES;
const C = CHARGE_MESSAGES;

// A cita charged twice at once: the row lock makes the second wait and see the first, and the
// partial unique index is the last guard.
describeUniqueIndex('ventas_id_cita_key', 'id_cita', C.appointmentCharged('otro comprobante'));

const loginOf = (column: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${users.login} from ${users} where ${users.id} = ${qualified(column)})`;

/** The sale in force (not voided) of the cita in `column`, or null: at most one, by its index. */
export const saleOfAppointment = (column: AnyPgColumn) =>
  sql<
    number | null
  >`(select ${qualified(sales.id_venta)} from ${sales} where ${qualified(sales.id_cita)} = ${qualified(column)} and ${qualified(sales.anulada_at)} is null)`;

const receiptNumberSql = sql<string>`${sales.serie} || '-' || lpad(${sales.numero}::text, 8, '0')`;

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
function asListQuery({ desde, hasta, search, page, per_page, after }: SaleListQuery): ListQuery {
  return { page, per_page, after, search, ficial: desde, final: hasta };
}

function saleFilters({ tipo, metodo }: SaleListQuery): (SQL | undefined)[] {
  return [
    tipo ? eq(sales.tipo_comp, tipo) : undefined,
    metodo
      ? sql`exists (select 1 from ${salePayments} where ${qualified(salePayments.id_venta)} = ${qualified(sales.id_venta)} and ${salePayments.metodo} = ${metodo})`
      : undefined,
  ];
}

const salesExport: ExportDefinition<SaleSummary> = {
  sheet: 'Ventas',
  columns: [
    { header: 'Fecha', value: (s) => s.fecha, kind: 'time' },
    { header: 'Comprobante', value: (s) => s.comprobante },
    { header: 'Tipo', value: (s) => RECEIPT_TYPES[s.tipo_comp] },
    { header: 'Documento', value: (s) => s.cliente_doc },
    { header: 'Cliente', value: (s) => s.cliente_nombre },
    { header: 'Total (S/)', value: (s) => s.total, kind: 'money' },
    { header: 'Propina (S/)', value: (s) => s.propina, kind: 'money' },
    { header: 'Pago', value: (s) => s.metodos.map((m) => PAYMENT_METHODS[m]).join(' + ') },
    { header: 'Usuario', value: (s) => s.usuario },
    { header: 'Estado', value: (s) => (s.anulada ? 'Anulada' : 'Emitida') },
  ],
};

async function findSale(executor: Db | Tx, id: number) {
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
      cpe_estado: sales.cpe_estado,
      groomer: sql<
        string | null
      >`(select ${employees.nom_emp} || ' ' || ${employees.ape_emp} from ${appointments} join ${employees} on ${qualified(employees.id_emp)} = ${qualified(appointments.id_emp)} where ${qualified(appointments.id_cita)} = ${qualified(sales.id_cita)})`,
    })
    .from(sales)
    .where(eq(sales.id_venta, id));
  if (!header) throw notFound(M.notFound);
  const [items, pagos] = await Promise.all([
    executor
      .select({
        linea: saleLines.linea,
        tipo: saleLines.tipo,
        id_item: saleLines.id_item,
        descripcion: saleLines.descripcion,
        cantidad: saleLines.cantidad,
        unidad: saleLines.unidad,
        afectacion_igv: saleLines.afectacion_igv,
        precio_unitario: saleLines.precio_unitario,
        valor_unitario: saleLines.valor_unitario,
        base: saleLines.base,
        igv: saleLines.igv,
        total: saleLines.total,
      })
      .from(saleLines)
      .where(eq(saleLines.id_venta, id))
      .orderBy(asc(saleLines.linea)),
    executor
      .select({ metodo: salePayments.metodo, monto: salePayments.monto })
      .from(salePayments)
      .where(eq(salePayments.id_venta, id))
      .orderBy(asc(salePayments.id)),
  ]);
  return {
    ...header,
    fecha: header.fecha.toISOString(),
    anulada_at: header.anulada_at?.toISOString() ?? null,
    items,
    pagos,
  };
}

/**
 * The cita a sale charges, locked for the transaction: it must be chargeable and not charged
 * yet; its client is the sale's unless another is named, which is refused.
 */
async function chargeableAppointment(tx: Tx, idCita: number, idCliente: number | null) {
  const [cita] = await tx
    .select({
      id_est: appointments.id_est,
      id_cli: appointments.id_cli,
      id_srv: appointments.id_srv,
      id_paq: appointments.id_paq,
      precio: appointments.precio,
      id_venta: saleOfAppointment(appointments.id_cita),
    })
    .from(appointments)
    .where(eq(appointments.id_cita, idCita))
    .for('update', { of: appointments });
  if (!cita) throw invalid('id_cita', C.appointmentNotFound);
  if (cita.id_venta !== null) {
    const [charged] = await tx
      .select({ comprobante: receiptNumberSql })
      .from(sales)
      .where(eq(sales.id_venta, cita.id_venta));
    throw conflict(C.appointmentCharged(charged?.comprobante ?? ''), {
      id_cita: [C.appointmentCharged(charged?.comprobante ?? '')],
    });
  }
  if (!mayCharge(cita)) throw invalid('id_cita', C.appointmentNotChargeable);
  if (idCliente !== null && idCliente !== cita.id_cli) {
    throw invalid('id_cliente', C.clientMismatch);
  }
  return cita;
}

type CatalogueKind = Exclude<SaleInput['items'][number]['tipo'], 'otro'>;
type CatalogueEntry = { name: string; precio: string };

/** The named and priced catalogue items the lines ask for; a product must be active to be sold. */
async function catalogueOf(tx: Tx, items: SaleInput['items']) {
  const ids = (kind: CatalogueKind) =>
    items.filter((item) => item.tipo === kind).map((item) => item.id as number);
  const [serviceIds, packageIds, productIds] = [ids('servicio'), ids('paquete'), ids('producto')];
  const [serviceRows, packageRows, productRows] = await Promise.all([
    serviceIds.length
      ? tx
          .select({ id: services.id_srv, name: services.nom_srv, precio: services.precio_srv })
          .from(services)
          .where(inArray(services.id_srv, serviceIds))
      : [],
    packageIds.length
      ? tx
          .select({ id: packages.id_paq, name: packages.nom_paq, precio: packages.precio_paq })
          .from(packages)
          .where(inArray(packages.id_paq, packageIds))
      : [],
    productIds.length
      ? tx
          .select({ id: products.id_prod, name: products.nom_prod, precio: products.precio })
          .from(products)
          .where(and(inArray(products.id_prod, productIds), eq(products.id_est, Status.Activo)))
      : [],
  ]);
  const byId = (rows: ({ id: number } & CatalogueEntry)[]) =>
    new Map(rows.map(({ id, ...entry }) => [id, entry]));
  return {
    servicio: byId(serviceRows),
    paquete: byId(packageRows),
    producto: byId(productRows),
  } satisfies Record<CatalogueKind, Map<number, CatalogueEntry>>;
}

/**
 * The lines as the server prices them (decisions §server-prices): a catalogue line is named by the
 * catalogue and costs its price, the cita's own item its booked price; a line's `precio` only
 * overrides. A sale for a cita carries the cita's service or package.
 */
async function priceLines(
  tx: Tx,
  items: SaleInput['items'],
  cita: { id_srv: number | null; id_paq: number | null; precio: string } | null,
): Promise<(PricedLine & { id: number | null })[]> {
  const catalogue = await catalogueOf(tx, items);
  const booked = cita
    ? cita.id_paq !== null
      ? ({ tipo: 'paquete', id: cita.id_paq } as const)
      : ({ tipo: 'servicio', id: cita.id_srv } as const)
    : null;
  const bookedLine = booked
    ? items.findIndex((item) => item.tipo === booked.tipo && item.id === booked.id)
    : -1;
  if (booked && bookedLine < 0) {
    throw invalid('items', M.appointmentLineMissing(booked.tipo));
  }
  return items.map((item, index) => {
    if (item.tipo === 'otro') {
      // The schema wants both on a free line.
      return { ...item, precio: item.precio ?? '0.00', precio_lista: null };
    }
    const entry = catalogue[item.tipo].get(item.id as number);
    if (!entry) throw invalid(`items.${index}.id`, C.itemNotFound);
    const listed = index === bookedLine && cita ? cita.precio : entry.precio;
    return {
      ...item,
      descripcion: entry.name,
      precio: item.precio ?? listed,
      precio_lista: listed,
    };
  });
}

/** The rules across fields, checked again on the priced lines: 422 with every field in error. */
function assertSaleRules(input: SaleInput, items: readonly PricedLine[]) {
  const issues = saleIssues({ ...input, items });
  if (issues.length === 0) return;
  const errors: FieldErrors = {};
  for (const { path, message } of issues) (errors[path.join('.')] ??= []).push(message);
  throw new HttpError(422, INVALID_INPUT, errors);
}

/**
 * A sale or a void dated on a closed day is refused (decisions §till) until an admin reopens it.
 * The shared lock lets sales run together and makes a close of the day wait for them.
 */
async function assertTillOpen(tx: Tx, fecha: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('cierre_caja'), 0)`);
  const [close] = await tx
    .select({ reabierta_at: cashCloses.reabierta_at })
    .from(cashCloses)
    .where(eq(cashCloses.fecha, fecha));
  if (close && close.reabierta_at === null) throw conflict(CASH_MESSAGES.dayClosed(fecha));
}

/**
 * The stock a sale's product lines move, one move per product (a product on two lines moves
 * once, by their sum), each refusal naming the first line of its product.
 */
function productMoves(
  items: readonly { tipo: string; id: number | null; cantidad: number }[],
  sign: 1 | -1,
  move: Pick<StockMove, 'tipo' | 'motivo' | 'id_venta'>,
): StockMove[] {
  const byProduct = new Map<number, StockMove>();
  items.forEach((item, index) => {
    if (item.tipo !== 'producto' || item.id === null) return;
    const known = byProduct.get(item.id);
    if (known) known.delta += sign * item.cantidad;
    else {
      byProduct.set(item.id, {
        ...move,
        id_prod: item.id,
        delta: sign * item.cantidad,
        field: `items.${index}.cantidad`,
      });
    }
  });
  return [...byProduct.values()];
}

/** The next number of a series: the row's update locks it until the sale commits or rolls back. */
async function nextNumber(tx: Tx, input: SaleInput): Promise<{ serie: string; numero: number }> {
  const serie = SALE_SERIES[input.tipo_comp];
  const [row] = await tx
    .insert(receiptSeries)
    .values({ serie, tipo_comp: input.tipo_comp, ultimo: 1 })
    .onConflictDoUpdate({
      target: receiptSeries.serie,
      set: { ultimo: sql`${receiptSeries.ultimo} + 1` },
    })
    .returning({ numero: receiptSeries.ultimo });
  return { serie, numero: row.numero };
}

/** Per line: the unit value without IGV, and the line's base, IGV and total (SUNAT's UBL). */
function lineAmounts(item: PricedLine) {
  const unit = parseCents(item.precio) ?? 0;
  const total = unit * item.cantidad;
  const { subtotal, igv } = igvOf(total);
  return {
    precio_unitario: item.precio,
    valor_unitario: formatCents(igvOf(unit).subtotal),
    base: formatCents(subtotal),
    igv: formatCents(igv),
    total: formatCents(total),
  };
}

async function registerSale(tx: Tx, request: FastifyRequest, input: SaleInput) {
  await assertTillOpen(tx, limaToday());
  const idCliente = input.id_cliente ?? null;
  const cita = input.id_cita ? await chargeableAppointment(tx, input.id_cita, idCliente) : null;
  const clientId = idCliente ?? cita?.id_cli ?? null;
  if (idCliente !== null && !cita) {
    const [client] = await tx
      .select({ id: clients.id_cli })
      .from(clients)
      .where(eq(clients.id_cli, idCliente));
    if (!client) throw invalid('id_cliente', C.clientNotFound);
  }
  const items = await priceLines(tx, input.items, cita);

  const [issuer] = await tx
    .select({
      ruc: settings.rucEmp,
      nombre: settings.nomEmp,
      direccion: settings.dirEmp,
      descuento_max: settings.descuento_max,
    })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  const adjustments = saleAdjustments(
    { items, descuento: input.descuento, propina: input.propina },
    issuer?.descuento_max ?? DEFAULT_MAX_DISCOUNT,
  );
  if (adjustments.length > 0) {
    if (!can(sessionOf(request).role, 'caja.ajustar')) throw new HttpError(403, M.adjustForbidden);
    if (!input.motivo_ajuste) throw invalid('motivo_ajuste', M.adjustReasonRequired);
  }
  assertSaleRules(input, items);
  // A nota de venta is internal; a boleta or factura names its issuer.
  if (input.tipo_comp !== 'T' && !issuer?.ruc) throw conflict(C.issuerMissing);
  const priced = saleTotals({ ...input, items });
  const totals = priced.text;
  const { serie, numero } = await nextNumber(tx, input);
  const [{ id_venta }] = await tx
    .insert(sales)
    .values({
      tipo_comp: input.tipo_comp,
      serie,
      numero,
      cod_sunat: SUNAT_RECEIPT_CODES[input.tipo_comp],
      moneda: SUNAT_CURRENCY,
      tipo_operacion: SUNAT_OPERATION_TYPE,
      id_cita: input.id_cita ?? null,
      id_cli: clientId,
      cliente_doc_tipo: customerDocCode(input.tipo_comp, input.doc),
      cliente_doc: input.doc ?? '',
      cliente_nombre: input.nombre ?? '',
      emisor_ruc: issuer?.ruc ?? '',
      emisor_nombre: issuer?.nombre ?? '',
      emisor_direccion: issuer?.direccion ?? '',
      gravadas: totals.subtotal,
      descuento: totals.discount,
      igv: totals.igv,
      total: totals.total,
      propina: totals.tip,
      pagado: totals.paid,
      vuelto: totals.change,
      monto_letras: priced.words,
      id_usu: sessionOf(request).userId,
    })
    .returning({ id_venta: sales.id_venta });
  await tx.insert(saleLines).values(
    items.map((item, index) => ({
      id_venta,
      linea: index + 1,
      tipo: item.tipo,
      id_item: item.id,
      descripcion: item.descripcion,
      cantidad: item.cantidad,
      unidad: SUNAT_UNIT_CODES[item.tipo],
      afectacion_igv: SUNAT_IGV_AFFECTATION,
      ...lineAmounts(item),
    })),
  );
  await tx
    .insert(salePayments)
    .values(input.pagos.map((pago) => ({ id_venta, metodo: pago.metodo, monto: pago.monto })));
  const comprobante = formatReceiptNumber(serie, numero);
  await moveStocks(
    tx,
    request,
    productMoves(items, -1, { tipo: 'venta', motivo: `Venta ${comprobante}`, id_venta }),
  );

  if (input.id_cita && cita && cita.id_est !== AppointmentStatus.Completada) {
    await tx
      .update(appointments)
      .set({ id_est: AppointmentStatus.Completada, updated_at: new Date() })
      .where(eq(appointments.id_cita, input.id_cita));
    await recordChange(tx, request, {
      accion: 'estado',
      entidad: 'cita',
      id: input.id_cita,
      before: { id_est: cita.id_est },
      after: { id_est: AppointmentStatus.Completada },
    });
  }
  const sale = await findSale(tx, id_venta);
  await recordChange(tx, request, {
    accion: 'vender',
    entidad: 'venta',
    id: id_venta,
    before: null,
    after: {
      comprobante: sale.comprobante,
      id_cita: sale.id_cita,
      total: sale.total,
      propina: sale.propina,
      pagos: sale.pagos,
      // What was charged off the server's prices, and why (decisions §server-prices).
      ...(adjustments.length > 0 && { ajustes: adjustments, motivo_ajuste: input.motivo_ajuste }),
    },
  });
  return { id_venta, serie, numero, comprobante };
}

/* The till and the report */

/** The Lima days [desde, hasta] as the moments they span. */
const issuedBetween = (desde: string, hasta: string) =>
  and(
    gte(sales.fecha, limaDayStart(desde)),
    lt(sales.fecha, new Date(limaDayStart(hasta).getTime() + 86_400_000)),
  );

const centsSum = (column: SQL | AnyPgColumn) =>
  sql<string>`coalesce(sum(${column}), 0)::numeric(12,2)::text`;

/**
 * What came in by each method over the sales `where` selects, net of change: only cash gives
 * change, so the cash is the payments less the sales' `vuelto`.
 */
async function byMethod(db: Db | Tx, where: SQL | undefined) {
  const [rows, [change]] = await Promise.all([
    db
      .select({
        metodo: salePayments.metodo,
        ventas: sql<number>`count(distinct ${sales.id_venta})::int`,
        monto: sql<string>`sum(${salePayments.monto})::text`,
      })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id_venta, salePayments.id_venta))
      .where(where)
      .groupBy(salePayments.metodo),
    db
      .select({ vuelto: centsSum(sales.vuelto) })
      .from(sales)
      .where(where),
  ]);
  return PAYMENT_METHOD_IDS.map((metodo) => {
    const row = rows.find((r) => r.metodo === metodo);
    const cents =
      (parseCents(row?.monto ?? '0') ?? 0) -
      (metodo === 'efectivo' ? (parseCents(change.vuelto) ?? 0) : 0);
    return { metodo, ventas: row?.ventas ?? 0, monto: formatCents(cents) };
  });
}

async function cashDay(db: Db | Tx, fecha: string): Promise<CashDay> {
  const day = issuedBetween(fecha, fecha);
  const inForce = and(day, isNull(sales.anulada_at));
  const [[totals], metodos, [close]] = await Promise.all([
    db
      .select({
        ventas: sql<number>`(count(*) filter (where ${sales.anulada_at} is null))::int`,
        total: centsSum(sql`${sales.total}) filter (where ${sales.anulada_at} is null`),
        propinas: centsSum(sql`${sales.propina}) filter (where ${sales.anulada_at} is null`),
        anuladas: sql<number>`(count(*) filter (where ${sales.anulada_at} is not null))::int`,
        total_anulado: centsSum(sql`${sales.total}) filter (where ${sales.anulada_at} is not null`),
      })
      .from(sales)
      .where(day),
    byMethod(db, inForce),
    db
      .select({
        esperado: cashCloses.esperado,
        contado: cashCloses.contado,
        diferencia: cashCloses.diferencia,
        nota: cashCloses.nota,
        usuario: loginOf(cashCloses.id_usu),
        at: cashCloses.at,
        reabierta_at: cashCloses.reabierta_at,
        motivo_reapertura: cashCloses.motivo_reapertura,
        esperado_original: cashCloses.esperado_original,
      })
      .from(cashCloses)
      .where(eq(cashCloses.fecha, fecha)),
  ]);
  const cash = metodos.find((m) => m.metodo === 'efectivo')!;
  return {
    fecha,
    ...totals,
    metodos,
    efectivo_esperado: cash.monto,
    cierre: close
      ? {
          ...close,
          at: close.at.toISOString(),
          reabierta_at: close.reabierta_at?.toISOString() ?? null,
        }
      : null,
    diferencia_cierre: closeDrift(cash.monto, close),
  };
}

/**
 * How the day's expected cash moved since its first close, once reopened: the current expected
 * cash while it is open again, the new close's once closed again.
 */
function closeDrift(
  expectedNow: string,
  close:
    { esperado: string; reabierta_at: Date | null; esperado_original: string | null } | undefined,
): string | null {
  if (!close?.esperado_original) return null;
  const current = close.reabierta_at ? expectedNow : close.esperado;
  return formatCents((parseCents(current) ?? 0) - (parseCents(close.esperado_original) ?? 0));
}

const periodSql = (agrupar: SalesReportQuery['agrupar']) =>
  sql<string>`to_char(${sales.fecha} - interval '5 hours', ${agrupar === 'mes' ? 'YYYY-MM' : 'YYYY-MM-DD'})`;

async function salesReport(db: Db, query: SalesReportQuery): Promise<SalesReport> {
  const { desde, hasta, agrupar } = query;
  const range = issuedBetween(desde, hasta);
  const inForce = and(range, isNull(sales.anulada_at));
  // `fecha` is UTC in the database whatever its zone setting: Lima is 5 hours behind.
  const period = periodSql(agrupar);
  const groomerName = sql<string>`coalesce(${employees.nom_emp} || ' ' || ${employees.ape_emp}, 'Sin groomer')`;
  const [[totals], porPeriodo, porMetodo, porItem, porGroomer] = await Promise.all([
    db
      .select({
        ventas: sql<number>`(count(*) filter (where ${sales.anulada_at} is null))::int`,
        total: centsSum(sql`${sales.total}) filter (where ${sales.anulada_at} is null`),
        propinas: centsSum(sql`${sales.propina}) filter (where ${sales.anulada_at} is null`),
        anuladas: sql<number>`(count(*) filter (where ${sales.anulada_at} is not null))::int`,
      })
      .from(sales)
      .where(range),
    db
      .select({
        periodo: period,
        ventas: sql<number>`count(*)::int`,
        total: centsSum(sales.total),
      })
      .from(sales)
      .where(inForce)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    byMethod(db, inForce),
    db
      .select({
        tipo: saleLines.tipo,
        id_item: saleLines.id_item,
        descripcion: sql<string>`min(${saleLines.descripcion})`,
        cantidad: sql<number>`sum(${saleLines.cantidad})::int`,
        total: centsSum(saleLines.total),
      })
      .from(saleLines)
      .innerJoin(sales, eq(sales.id_venta, saleLines.id_venta))
      .where(inForce)
      // Catalogue lines by item, free lines by their text.
      .groupBy(
        saleLines.tipo,
        saleLines.id_item,
        sql`case when ${saleLines.id_item} is null then ${saleLines.descripcion} end`,
      )
      .orderBy(sql`5 desc`, sql`3`),
    db
      .select({
        id_emp: appointments.id_emp,
        groomer: sql<string>`min(${groomerName})`,
        ventas: sql<number>`count(*)::int`,
        total: centsSum(sales.total),
      })
      .from(sales)
      .leftJoin(appointments, eq(appointments.id_cita, sales.id_cita))
      .leftJoin(employees, eq(employees.id_emp, appointments.id_emp))
      .where(inForce)
      .groupBy(appointments.id_emp)
      .orderBy(sql`4 desc`),
  ]);
  return {
    desde,
    hasta,
    agrupar,
    ...totals,
    por_periodo: porPeriodo,
    por_metodo: porMetodo.map(({ metodo, ventas, monto }) => ({ metodo, ventas, total: monto })),
    por_item: porItem,
    por_groomer: porGroomer,
  };
}

/** The report's tables, as the export writes them: one sheet each, or one block each in CSV. */
function reportTables(report: SalesReport): XlsxSheet[] {
  return [
    {
      name: 'Resumen',
      header: ['Desde', 'Hasta', 'Ventas', 'Total (S/)', 'Propinas (S/)', 'Anuladas'],
      rows: [
        [
          dayText(report.desde),
          dayText(report.hasta),
          report.ventas,
          report.total,
          report.propinas,
          report.anuladas,
        ],
      ],
      money: [3, 4],
    },
    {
      name: report.agrupar === 'mes' ? 'Por mes' : 'Por día',
      header: [report.agrupar === 'mes' ? 'Mes' : 'Día', 'Ventas', 'Total (S/)'],
      rows: report.por_periodo.map((r) => [dayText(r.periodo), r.ventas, r.total]),
      money: [2],
    },
    {
      name: 'Por método de pago',
      header: ['Método de pago', 'Ventas', 'Total (S/)'],
      rows: report.por_metodo.map((r) => [PAYMENT_METHODS[r.metodo], r.ventas, r.total]),
      money: [2],
    },
    {
      name: 'Por servicio o paquete',
      header: ['Tipo', 'Descripción', 'Cantidad', 'Total (S/)'],
      rows: report.por_item.map((r) => [
        SALE_ITEM_KIND_LABELS[r.tipo],
        r.descripcion,
        r.cantidad,
        r.total,
      ]),
      money: [3],
    },
    {
      name: 'Por groomer',
      header: ['Groomer', 'Ventas', 'Total (S/)'],
      rows: report.por_groomer.map((r) => [r.groomer, r.ventas, r.total]),
      money: [2],
    },
  ];
}

/** The cash a close expects, what was counted and the difference, in exact cents. */
function closeAmounts(expected: string, counted: string) {
  const difference = (parseCents(counted) ?? 0) - (parseCents(expected) ?? 0);
  return { esperado: expected, contado: counted, diferencia: formatCents(difference) };
}

export const salesModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const E = SALE_ENDPOINTS;

  route(app, E.register, async (request, reply) => {
    const created = await db.transaction((tx) => registerSale(tx, request, request.body));
    return reply.status(201).send(ok(created, M.registered));
  });

  route(app, E.list, async (request) =>
    ok(
      await listPage<SaleSummary>(
        db,
        salesList,
        asListQuery(request.query),
        saleFilters(request.query),
      ),
    ),
  );

  route(app, E.report, async (request, reply) => {
    holdHeavySlot(request, reply, 'reporte');
    return ok(await salesReport(db, request.query));
  });

  route(app, E.reportExport, async (request, reply) => {
    holdHeavySlot(request, reply, 'exportacion');
    const { formato, ...query } = request.query;
    const report = await salesReport(db, query);
    await recordAudit(db, {
      ...actorOf(request),
      accion: 'exportar',
      entidad: 'venta',
      detalle: `Reporte de ventas ${query.desde} a ${query.hasta} (${formato})`,
    });
    const name = `reporte-ventas-${query.desde}-a-${query.hasta}.${formato}`;
    return sendTables(reply, formato, name, reportTables(report));
  });

  route(app, E.export, async (request, reply) =>
    sendExport(db, request, reply, {
      format: request.query.formato,
      file: 'ventas',
      definition: salesExport,
      rows: listRows<SaleSummary>(
        db,
        salesList,
        asListQuery(request.query),
        saleFilters(request.query),
      ),
      audit: { entidad: 'venta', query: request.query },
    }),
  );

  route(app, E.one, async (request) => ok(await findSale(db, request.params.id)));

  route(app, E.void, async (request) => {
    const { id, motivo } = request.body;
    const sale = await db.transaction(async (tx) => {
      const [stored] = await tx
        .select({
          anulada_at: sales.anulada_at,
          fecha: sales.fecha,
          comprobante: receiptNumberSql,
        })
        .from(sales)
        .where(eq(sales.id_venta, id))
        .for('update');
      if (!stored) throw notFound(M.notFound);
      if (stored.anulada_at) throw conflict(C.alreadyVoided);
      // A void counts on its sale's day, as the till adds it up.
      await assertTillOpen(tx, limaToday(stored.fecha));
      const lines = await tx
        .select({ tipo: saleLines.tipo, id: saleLines.id_item, cantidad: saleLines.cantidad })
        .from(saleLines)
        .where(eq(saleLines.id_venta, id));
      await moveStocks(
        tx,
        request,
        productMoves(lines, 1, {
          tipo: 'anulacion',
          motivo: `Anulación de ${stored.comprobante}: ${motivo}`,
          id_venta: id,
        }),
      );
      await tx
        .update(sales)
        .set({
          anulada_at: new Date(),
          anulada_por: sessionOf(request).userId,
          motivo_anulacion: motivo,
        })
        .where(eq(sales.id_venta, id));
      const voided = await findSale(tx, id);
      await recordChange(tx, request, {
        accion: 'anular',
        entidad: 'venta',
        id,
        before: { anulada: false },
        after: { anulada: true, motivo_anulacion: motivo, comprobante: voided.comprobante },
      });
      return voided;
    });
    return ok(sale, M.voided);
  });

  route(app, E.cash, async (request) => ok(await cashDay(db, request.query.fecha)));

  route(app, E.close, async (request, reply) => {
    const { fecha, contado, nota } = request.body;
    if (fecha > limaToday()) throw invalid('fecha', CASH_MESSAGES.future);
    const day = await db.transaction(async (tx) => {
      // Closes of one day wait for each other; the primary key refuses the second.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cierre_caja'), 0)`);
      const [existing] = await tx
        .select({
          esperado: cashCloses.esperado,
          contado: cashCloses.contado,
          diferencia: cashCloses.diferencia,
          nota: cashCloses.nota,
          reabierta_at: cashCloses.reabierta_at,
        })
        .from(cashCloses)
        .where(eq(cashCloses.fecha, fecha));
      if (existing && existing.reabierta_at === null) {
        throw conflict(CASH_MESSAGES.alreadyClosed);
      }
      const before = await cashDay(tx, fecha);
      const amounts = closeAmounts(before.efectivo_esperado, contado);
      const values = { ...amounts, nota, id_usu: sessionOf(request).userId };
      if (existing) {
        // Closed again after a reopening: the first close's expected cash stays beside it.
        await tx
          .update(cashCloses)
          .set({ ...values, at: new Date(), reabierta_at: null })
          .where(eq(cashCloses.fecha, fecha));
      } else {
        await tx.insert(cashCloses).values({ fecha, ...values });
      }
      await recordChange(tx, request, {
        accion: existing ? 'editar' : 'crear',
        entidad: 'caja',
        id: null,
        before: existing ? { fecha, ...existing, reabierta: true } : null,
        after: { fecha, ...amounts, nota, reabierta: false },
      });
      return cashDay(tx, fecha);
    });
    return reply.status(201).send(ok(day, CASH_MESSAGES.closed));
  });

  route(app, E.reopen, async (request) => {
    const { fecha, motivo } = request.body;
    const day = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cierre_caja'), 0)`);
      const [close] = await tx
        .select({ reabierta_at: cashCloses.reabierta_at })
        .from(cashCloses)
        .where(eq(cashCloses.fecha, fecha));
      if (!close || close.reabierta_at !== null) throw conflict(CASH_MESSAGES.notClosed);
      await tx
        .update(cashCloses)
        .set({
          reabierta_at: new Date(),
          motivo_reapertura: motivo,
          esperado_original: sql`coalesce(${cashCloses.esperado_original}, ${cashCloses.esperado})`,
        })
        .where(eq(cashCloses.fecha, fecha));
      await recordChange(tx, request, {
        accion: 'editar',
        entidad: 'caja',
        id: null,
        before: { fecha, reabierta: false },
        after: { fecha, reabierta: true, motivo_reapertura: motivo },
      });
      return cashDay(tx, fecha);
    });
    return ok(day, CASH_MESSAGES.reopened);
  });
};
