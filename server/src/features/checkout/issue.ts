import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  AppointmentStatus,
  BONO_MESSAGES,
  can,
  CHARGE_MESSAGES as C,
  customerDocCode,
  DEFAULT_MAX_DISCOUNT,
  formatCents,
  formatReceiptNumber,
  igvOf,
  limaToday,
  mayCharge,
  parseCents,
  SALE_MESSAGES as M,
  SALE_SERIES,
  saleAdjustments,
  saleIssues,
  saleTotals,
  Status,
  SUNAT_CURRENCY,
  SUNAT_IGV_AFFECTATION,
  SUNAT_OPERATION_TYPE,
  SUNAT_RECEIPT_CODES,
  SUNAT_UNIT_CODES,
  type PricedLine,
  type Sale,
  type SaleInput,
  type SaleLine,
  type SaleRulesInput,
  type SaleTotals,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import { inTurn, type Tx } from '../../db/client';
import {
  appointments,
  bonos,
  clients,
  packages,
  products,
  saleLines,
  salePayments,
  sales,
  services,
  settings,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import {
  conflict,
  describeUniqueIndex,
  HttpError,
  INVALID_INPUT,
  invalid,
  type FieldErrors,
} from '../../http/errors';
import { moveStocks, type StockMove } from '../products';
import { issueElectronicReceipt, type ReceiptIssuer } from './electronic-receipt';
import { nextNumber } from './receipt-numbers';
import { findSale, receiptNumberSql, saleOfAppointment } from './sale-read';
import {
  giftCardLine,
  issueGiftCards,
  newGiftCardCodes,
  spendGiftCards,
  type PaymentDraft,
} from './gift-cards';
import { assertTillOpen } from './till';
import { applyDeposits, takeDeposits } from './deposits';
import { coverLines, saleHasBonos, sellBonos, useBonos, type CoverableLine } from './bonos';

/**
 * Issuing a sale (decisions §numbering): it takes the next number of its series, under the series
 * row's lock so numbers are gapless and never repeat; it is never edited or deleted, only voided
 * (void.ts).
 */

// A cita charged twice at once: the row lock makes the second wait and see the first, and the
// partial unique index is the last guard.
describeUniqueIndex('ventas_id_cita_key', 'id_cita', C.appointmentCharged('otro comprobante'));

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

type CatalogueKind = Exclude<SaleInput['items'][number]['tipo'], 'otro' | 'tarjeta_regalo'>;
type CatalogueEntry = { name: string; precio: string };

/** The named and priced catalogue items the lines ask for; a product must be active to be sold. */
async function catalogueOf(tx: Tx, items: SaleInput['items']) {
  const ids = (kind: CatalogueKind) =>
    items.filter((item) => item.tipo === kind).map((item) => item.id as number);
  const [serviceIds, packageIds, productIds, bonoIds] = [
    ids('servicio'),
    ids('paquete'),
    ids('producto'),
    ids('bono'),
  ];
  const [serviceRows, packageRows, productRows, bonoRows] = await inTurn(tx, [
    () =>
      serviceIds.length
        ? tx
            .select({ id: services.id_srv, name: services.nom_srv, precio: services.precio_srv })
            .from(services)
            .where(inArray(services.id_srv, serviceIds))
        : [],
    () =>
      packageIds.length
        ? tx
            .select({ id: packages.id_paq, name: packages.nom_paq, precio: packages.precio_paq })
            .from(packages)
            .where(inArray(packages.id_paq, packageIds))
        : [],
    () =>
      productIds.length
        ? tx
            .select({ id: products.id_prod, name: products.nom_prod, precio: products.precio })
            .from(products)
            .where(and(inArray(products.id_prod, productIds), eq(products.id_est, Status.Activo)))
        : [],
    () =>
      bonoIds.length
        ? tx
            .select({ id: bonos.id_bono, name: bonos.nombre, precio: bonos.precio })
            .from(bonos)
            .where(and(inArray(bonos.id_bono, bonoIds), eq(bonos.id_est, Status.Activo)))
        : [],
  ]);
  const byId = (rows: ({ id: number } & CatalogueEntry)[]) =>
    new Map(rows.map(({ id, ...entry }) => [id, entry]));
  return {
    servicio: byId(serviceRows),
    paquete: byId(packageRows),
    producto: byId(productRows),
    bono: byId(bonoRows),
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
): Promise<CoverableLine[]> {
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
    if (item.tipo === 'otro' || item.tipo === 'tarjeta_regalo') {
      // The schema wants both on a free line, and a gift card's amount.
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
function assertSaleRules(
  input: Omit<SaleRulesInput, 'items'>,
  items: readonly PricedLine[],
  totals: SaleTotals,
) {
  const issues = saleIssues({ ...input, items }, totals);
  if (issues.length === 0) return;
  const errors: FieldErrors = {};
  for (const { path, message } of issues) (errors[path.join('.')] ??= []).push(message);
  throw new HttpError(422, INVALID_INPUT, errors);
}

/**
 * The stock a sale's product lines move, one move per product (a product on two lines moves
 * once, by their sum), each refusal naming the first line of its product.
 */
export function productMoves(
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

/**
 * A priced line as the receipt keeps it (SaleLine, what `GET /api/venta/{id}` answers), with what
 * SUNAT's UBL needs: the unit value without IGV, and the line's base, IGV and total.
 */
function receiptLine(item: PricedLine & { id: number | null }, index: number): SaleLine {
  const unit = parseCents(item.precio) ?? 0;
  const total = unit * item.cantidad;
  const { subtotal, igv } = igvOf(total);
  return {
    linea: index + 1,
    tipo: item.tipo,
    id_item: item.id,
    descripcion: item.descripcion,
    cantidad: item.cantidad,
    unidad: SUNAT_UNIT_CODES[item.tipo],
    afectacion_igv: SUNAT_IGV_AFFECTATION,
    precio_unitario: item.precio,
    valor_unitario: formatCents(igvOf(unit).subtotal),
    base: formatCents(subtotal),
    igv: formatCents(igv),
    total: formatCents(total),
  };
}

/** The company as Ajustes holds it: the issuer a receipt names, and the discount it allows. */
async function companySettings(tx: Tx) {
  const [company] = await tx
    .select({
      ruc: settings.rucEmp,
      nombre: settings.nomEmp,
      direccion: settings.dirEmp,
      descuento_max: settings.descuento_max,
    })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return company;
}

/** A sale checked and priced, ready to be written (writeSale). */
interface SaleDraft {
  input: Pick<SaleInput, 'tipo_comp' | 'doc' | 'nombre' | 'descuento' | 'propina'> & {
    id_cita: number | null;
    pagos: PaymentDraft[];
  };
  items: CoverableLine[];
  /** Computed once: the rules and the stored amounts read them. */
  totals: SaleTotals;
  /** The cita it charges, locked (chargeableAppointment). */
  cita: Awaited<ReturnType<typeof chargeableAppointment>> | null;
  clientId: number | null;
  company: Awaited<ReturnType<typeof companySettings>>;
  /** What its audit entry says besides the sale: its adjustments, or the receipt it replaces. */
  audited: Record<string, unknown>;
}

/**
 * Writes a checked sale in the caller's transaction: the rules held, the next number taken;
 * lines, payments, stock, the cita's status, the electronic receipt (electronic-receipt.ts, as
 * `issuer` makes it) and the audit entry written. Answers the sale as `GET /api/venta/{id}`
 * reads it.
 */
async function writeSale(
  tx: Tx,
  request: FastifyRequest,
  issuer: ReceiptIssuer | null,
  { input, items, totals, cita, clientId, company, audited }: SaleDraft,
): Promise<Sale> {
  assertSaleRules(input, items, totals);
  // A nota de venta is internal; a boleta or factura names its issuer.
  if (input.tipo_comp !== 'T' && !company?.ruc) throw conflict(C.issuerMissing);
  const deducted = await takeDeposits(tx, input.id_cita, clientId, input.pagos);
  const { text } = totals;
  const { serie, numero } = await nextNumber(tx, SALE_SERIES[input.tipo_comp], input.tipo_comp);
  const [{ id_venta }] = await tx
    .insert(sales)
    .values({
      tipo_comp: input.tipo_comp,
      serie,
      numero,
      cod_sunat: SUNAT_RECEIPT_CODES[input.tipo_comp],
      moneda: SUNAT_CURRENCY,
      tipo_operacion: SUNAT_OPERATION_TYPE,
      id_cita: input.id_cita,
      id_cli: clientId,
      cliente_doc_tipo: customerDocCode(input.tipo_comp, input.doc),
      cliente_doc: input.doc ?? '',
      cliente_nombre: input.nombre ?? '',
      emisor_ruc: company?.ruc ?? '',
      emisor_nombre: company?.nombre ?? '',
      emisor_direccion: company?.direccion ?? '',
      gravadas: text.subtotal,
      descuento: text.discount,
      igv: text.igv,
      total: text.total,
      propina: text.tip,
      pagado: text.paid,
      vuelto: text.change,
      monto_letras: totals.words,
      id_usu: sessionOf(request).userId,
    })
    .returning({ id_venta: sales.id_venta });
  // A gift card's line names the end of its code, made here; the code itself is answered once.
  const codes = newGiftCardCodes(items.filter((item) => item.tipo === 'tarjeta_regalo').length);
  const cards: { codigo: string; monto: string }[] = [];
  const soldBonos = await sellBonos(tx, id_venta, clientId, items);
  const lines = items.map((item, index) => {
    const bono = soldBonos.get(index);
    if (bono !== undefined) return { ...item, descripcion: bono };
    if (item.tipo !== 'tarjeta_regalo') return item;
    const codigo = codes[cards.length];
    cards.push({ codigo, monto: item.precio });
    return { ...item, descripcion: giftCardLine(codigo.slice(-4)) };
  });
  await tx
    .insert(saleLines)
    .values(lines.map((item, index) => ({ id_venta, ...receiptLine(item, index) })));
  await useBonos(tx, id_venta, items);
  await applyDeposits(tx, id_venta, deducted);
  const issued = await issueGiftCards(tx, id_venta, cards);
  const cardIds = await spendGiftCards(tx, id_venta, input.pagos);
  // None when bonos cover everything and there is no tip.
  if (input.pagos.length > 0) {
    await tx.insert(salePayments).values(
      input.pagos.map((pago, index) => ({
        id_venta,
        metodo: pago.metodo,
        monto: pago.monto,
        id_tarjeta: cardIds[index],
      })),
    );
  }
  const comprobante = formatReceiptNumber(serie, numero);
  await moveStocks(
    tx,
    request,
    productMoves(items, -1, { tipo: 'venta', motivo: `Venta ${comprobante}`, id_venta }),
  );

  if (input.id_cita !== null && cita && cita.id_est !== AppointmentStatus.Completada) {
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
  // Built from the sale as stored (decisions §sunat-snapshot), in its transaction: a receipt
  // that cannot be signed is not issued either.
  const sale = await issueElectronicReceipt(tx, issuer, await findSale(tx, id_venta));
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
      ...(sale.cpe_hash !== null && { cpe_hash: sale.cpe_hash }),
      ...audited,
    },
  });
  return issued.length > 0 ? { ...sale, tarjetas_regalo: issued } : sale;
}

/**
 * Issues a sale in the caller's transaction: the cita and the client checked, the lines priced,
 * the adjustments allowed, then written (writeSale). Answers the sale as `GET /api/venta/{id}`
 * reads it.
 */
export async function registerSale(
  tx: Tx,
  request: FastifyRequest,
  issuer: ReceiptIssuer | null,
  input: SaleInput,
): Promise<Sale> {
  await assertTillOpen(tx, limaToday());
  const idCliente = input.id_cliente ?? null;
  const cita = input.id_cita ? await chargeableAppointment(tx, input.id_cita, idCliente) : null;
  if (idCliente !== null && !cita) {
    const [client] = await tx
      .select({ id: clients.id_cli })
      .from(clients)
      .where(eq(clients.id_cli, idCliente));
    if (!client) throw invalid('id_cliente', C.clientNotFound);
  }
  const clientId = idCliente ?? cita?.id_cli ?? null;
  const items = await coverLines(tx, clientId, await priceLines(tx, input.items, cita));
  const totals = saleTotals({ ...input, items });
  // The visit a bono covers was receipted when the bono was sold (decisions §bonos).
  if (totals.cents.total === 0 && input.tipo_comp !== 'T' && items.some((item) => item.uso)) {
    throw invalid('tipo_comp', BONO_MESSAGES.zeroSaleNeedsNote);
  }
  const company = await companySettings(tx);
  const adjustments = saleAdjustments(
    { items, descuento: input.descuento, propina: input.propina },
    company?.descuento_max ?? DEFAULT_MAX_DISCOUNT,
    totals,
  );
  if (adjustments.length > 0) {
    if (!can(sessionOf(request).role, 'caja.ajustar')) throw new HttpError(403, M.adjustForbidden);
    if (!input.motivo_ajuste) throw invalid('motivo_ajuste', M.adjustReasonRequired);
  }
  return writeSale(tx, request, issuer, {
    input: {
      ...input,
      id_cita: input.id_cita ?? null,
      pagos: input.pagos.map((pago) => ({ ...pago, id_tarjeta: null })),
    },
    items,
    totals,
    cita,
    clientId,
    company,
    // What was charged off the server's prices, and why (decisions §server-prices).
    audited:
      adjustments.length > 0 ? { ajustes: adjustments, motivo_ajuste: input.motivo_ajuste } : {},
  });
}

/**
 * Issues `replaced` again as a new sale, in the caller's transaction, once it is voided (a receipt
 * SUNAT rejected, reissue.ts): today's till open, the same customer, cita, discount, tip and
 * payments, and the same lines as stored (kind, item, description, quantity and price: what was
 * charged then, allowed then, so nothing is priced again nor counts as an adjustment), on the
 * next number of its series. Answers the new sale.
 */
export async function registerAgain(
  tx: Tx,
  request: FastifyRequest,
  issuer: ReceiptIssuer | null,
  replaced: Sale,
): Promise<Sale> {
  await assertTillOpen(tx, limaToday());
  if (await saleHasBonos(tx, replaced.id_venta)) throw conflict(BONO_MESSAGES.noReissue);
  // Its customer is the replaced sale's, whoever the cita names now.
  const cita =
    replaced.id_cita !== null ? await chargeableAppointment(tx, replaced.id_cita, null) : null;
  const items = replaced.items.map((line) => ({
    tipo: line.tipo,
    id: line.id_item,
    descripcion: line.descripcion,
    cantidad: line.cantidad,
    precio: line.precio_unitario,
    precio_lista: line.precio_unitario,
  }));
  // Its gift cards are spent again by id: the void gave their amounts back.
  const pagos = await tx
    .select({
      metodo: salePayments.metodo,
      monto: salePayments.monto,
      id_tarjeta: salePayments.id_tarjeta,
    })
    .from(salePayments)
    .where(eq(salePayments.id_venta, replaced.id_venta))
    .orderBy(asc(salePayments.id));
  const input = {
    tipo_comp: replaced.tipo_comp,
    id_cita: replaced.id_cita,
    doc: replaced.cliente_doc || null,
    nombre: replaced.cliente_nombre || null,
    descuento: replaced.descuento,
    propina: replaced.propina,
    pagos: pagos.map((pago) => ({ ...pago, codigo: null })),
  };
  return writeSale(tx, request, issuer, {
    input,
    items,
    totals: saleTotals({ ...input, items }),
    cita,
    clientId: replaced.id_cli,
    company: await companySettings(tx),
    audited: { reemite: replaced.comprobante },
  });
}
