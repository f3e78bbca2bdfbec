import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDays,
  can,
  CLIENT_MESSAGES,
  DEPOSIT_ENDPOINTS as E,
  DEPOSIT_MESSAGES as M,
  DEPOSIT_METHOD_IDS,
  DEPOSIT_PATHS,
  DepositInputSchema,
  depositAsked,
  formatCents,
  limaDayStart,
  limaToday,
  mayTakeDeposits,
  parseCents,
  type AppointmentDeposits,
  type DepositState,
  type PublicDepositInput,
  type UnverifiedDeposit,
  type SalesReport,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import { qualified } from '../../crud/sql';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  clients,
  deposits,
  packages,
  pets,
  salePayments,
  sales,
  services,
} from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, HttpError, invalid, notFound } from '../../http/errors';
import { imageExtension, readMultipart, sendUpload, storeUpload } from '../../http/uploads';
import type { PaymentDraft } from './gift-cards';
import { loginOf, receiptNumberSql, saleOfAppointment } from './sale-read';
import { centsSum } from './sale-sums';
import { assertTillOpen, tillClosed } from './till';

/**
 * Deposits (DESIGN §11.6, decisions §deposits): paid on a cita before the visit, deducted by the
 * sale that charges it, kept or turned into credit as the cita ends (migration 0025's trigger);
 * a client's credit is what their credited deposits add up to less what sales in force took.
 */

const proofUrl = (file: string | null) => (file ? `/api${DEPOSIT_PATHS.proof}/${file}` : null);

/** Deposits that count against the cita's price: all but voided and credited ones. */
const COUNTED: readonly DepositState[] = ['recibido', 'aplicado', 'retenido'];

/** `GET /api/cita/{id}/adelantos`: what the cita asks, holds and has received. */
export async function appointmentDeposits(
  executor: Db | Tx,
  idCita: number,
): Promise<AppointmentDeposits> {
  const [cita] = await executor
    .select({
      precio: appointments.precio,
      serviceRule: services.adelanto,
      packageRule: packages.adelanto,
    })
    .from(appointments)
    .leftJoin(services, eq(services.id_srv, appointments.id_srv))
    .leftJoin(packages, eq(packages.id_paq, appointments.id_paq))
    .where(eq(appointments.id_cita, idCita));
  if (!cita) throw notFound(M.appointmentNotFound);
  const rows = await executor
    .select({
      id: deposits.id,
      id_cita: deposits.id_cita,
      monto: deposits.monto,
      metodo: deposits.metodo,
      operacion: deposits.operacion,
      comprobante: deposits.comprobante,
      verificado_at: deposits.verificado_at,
      verificado_por: loginOf(deposits.verificado_por),
      estado: deposits.estado,
      venta: sql<
        string | null
      >`(select ${receiptNumberSql} from ${sales} where ${qualified(sales.id_venta)} = ${qualified(deposits.id_venta)})`,
      motivo: deposits.motivo,
      usuario: loginOf(deposits.id_usu),
      created_at: deposits.created_at,
    })
    .from(deposits)
    .where(eq(deposits.id_cita, idCita))
    .orderBy(asc(deposits.id));
  const held = rows.filter((row) => row.estado === 'recibido');
  const rule = cita.serviceRule ?? cita.packageRule;
  return {
    id_cita: idCita,
    requerido: depositAsked(rule, cita.precio),
    por_descontar: formatCents(held.reduce((sum, row) => sum + (parseCents(row.monto) ?? 0), 0)),
    verificado: held.every((row) => row.verificado_at !== null),
    adelantos: rows.map(({ comprobante, verificado_at, created_at, ...row }) => ({
      ...row,
      comprobante_url: proofUrl(comprobante),
      verificado: verificado_at !== null,
      created_at: created_at.toISOString(),
    })),
  };
}

/**
 * What a client's link says of the cita's deposit (DESIGN §11.6): what it asks, what was paid
 * (verified or not, not voided nor credited) and what is left; null when it asks nothing.
 */
export async function depositOwed(executor: Db | Tx, idCita: number) {
  const { requerido, adelantos } = await appointmentDeposits(executor, idCita);
  const asked = parseCents(requerido) ?? 0;
  if (asked === 0) return null;
  const paid = adelantos
    .filter((row) => COUNTED.includes(row.estado))
    .reduce((sum, row) => sum + (parseCents(row.monto) ?? 0), 0);
  return {
    requerido,
    pagado: formatCents(paid),
    pendiente: formatCents(Math.max(asked - paid, 0)),
  };
}

/**
 * A deposit the client reports from their link, in the caller's transaction with the cita
 * locked: what the cita still asks, by Yape, Plin or transfer, with its proof, waiting for the
 * counter to verify it (409 when nothing is left to pay). Answers its id. Once the day's till is
 * closed it counts in the next day's (decisions §deposits): a closed day's figures stay as closed.
 */
export async function registerClientDeposit(
  tx: Tx,
  idCita: number,
  input: PublicDepositInput,
  proof: { ext: string; bytes: Buffer },
): Promise<number> {
  const owed = await depositOwed(tx, idCita);
  if (owed === null || owed.pendiente === '0.00') throw conflict(M.nothingPending);
  const today = limaToday();
  const [cita] = await tx
    .select({ id_cli: appointments.id_cli })
    .from(appointments)
    .where(eq(appointments.id_cita, idCita));
  const comprobante = await storeUpload(tx, 'adelanto', proof.ext, proof.bytes);
  const [created] = await tx
    .insert(deposits)
    .values({
      id_cita: idCita,
      id_cli: cita.id_cli,
      monto: owed.pendiente,
      metodo: input.metodo,
      operacion: input.operacion,
      comprobante,
      fecha: (await tillClosed(tx, today)) ? addDays(today, 1) : today,
    })
    .returning({ id: deposits.id });
  return created.id;
}

/** The deposit `id`, locked for its change: 404 when there is none. */
async function lockDeposit(tx: Tx, id: number) {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  if (!row) throw notFound(M.notFound);
  return row;
}

/** A client's credit: credited deposits less the credit sales in force took. */
export async function clientCredit(executor: Db | Tx, idCliente: number): Promise<number> {
  const [[credited], [spent]] = [
    await executor
      .select({ monto: centsSum(deposits.monto) })
      .from(deposits)
      .where(and(eq(deposits.id_cli, idCliente), eq(deposits.estado, 'credito'))),
    await executor
      .select({ monto: centsSum(salePayments.monto) })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id_venta, salePayments.id_venta))
      .where(
        and(
          eq(sales.id_cli, idCliente),
          isNull(sales.anulada_at),
          eq(salePayments.metodo, 'credito'),
        ),
      ),
  ];
  return (parseCents(credited.monto) ?? 0) - (parseCents(spent.monto) ?? 0);
}

const paymentTotal = (pagos: readonly PaymentDraft[], metodo: PaymentDraft['metodo']) =>
  pagos
    .filter((pago) => pago.metodo === metodo)
    .reduce((sum, pago) => sum + (parseCents(pago.monto) ?? 0), 0);

/**
 * A sale's deposit and credit payments, checked and taken in its transaction before it is written:
 * the cita's held deposits (locked) are deducted whole and verified, or the sale is refused; the
 * client's credit (its row locked, so two sales spending it wait for each other) covers what the
 * sale takes of it. Answers the deposits to mark applied once the sale has its id.
 */
export async function takeDeposits(
  tx: Tx,
  idCita: number | null,
  clientId: number | null,
  pagos: readonly PaymentDraft[],
): Promise<number[]> {
  const depositIndex = pagos.findIndex((pago) => pago.metodo === 'adelanto');
  const held =
    idCita === null
      ? []
      : await tx
          .select({ id: deposits.id, monto: deposits.monto, verificado_at: deposits.verificado_at })
          .from(deposits)
          .where(and(eq(deposits.id_cita, idCita), eq(deposits.estado, 'recibido')))
          .for('update');
  const heldCents = held.reduce((sum, row) => sum + (parseCents(row.monto) ?? 0), 0);
  if (heldCents === 0 && depositIndex >= 0) {
    throw invalid(`pagos.${depositIndex}.metodo`, M.paymentNone);
  }
  if (heldCents > 0) {
    const heldText = formatCents(heldCents);
    if (depositIndex < 0) throw invalid('pagos', M.paymentMissing(heldText));
    if (paymentTotal(pagos, 'adelanto') !== heldCents) {
      throw invalid(`pagos.${depositIndex}.monto`, M.paymentMismatch(heldText));
    }
    if (held.some((row) => row.verificado_at === null)) {
      throw conflict(M.paymentUnverified, {
        [`pagos.${depositIndex}.metodo`]: [M.paymentUnverified],
      });
    }
  }
  const credit = paymentTotal(pagos, 'credito');
  if (credit > 0) {
    const creditIndex = pagos.findIndex((pago) => pago.metodo === 'credito');
    if (clientId === null) throw invalid(`pagos.${creditIndex}.metodo`, M.creditNeedsClient);
    await tx
      .select({ id: clients.id_cli })
      .from(clients)
      .where(eq(clients.id_cli, clientId))
      .for('update');
    const left = await clientCredit(tx, clientId);
    if (credit > left) {
      const short = M.creditShort(formatCents(Math.max(left, 0)));
      throw conflict(short, { [`pagos.${creditIndex}.monto`]: [short] });
    }
  }
  return held.map((row) => row.id);
}

/** The deposits a sale deducted, marked applied by it. */
export async function applyDeposits(tx: Tx, idVenta: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .update(deposits)
    .set({ estado: 'aplicado', id_venta: idVenta, resuelto_at: new Date() })
    .where(inArray(deposits.id, [...ids]));
}

/** A voided sale's deposits are held again by their cita; its credit payments count no more. */
export async function releaseDepositsOf(tx: Tx, idVenta: number) {
  await tx
    .update(deposits)
    .set({ estado: 'recibido', id_venta: null, resuelto_at: null })
    .where(and(eq(deposits.id_venta, idVenta), eq(deposits.estado, 'aplicado')));
}

/** Deposits received on the Lima day `fecha`, per method, voided ones apart: the till's. */
export async function depositsReceived(executor: Db | Tx, fecha: string) {
  const rows = await executor
    .select({
      metodo: deposits.metodo,
      cantidad: sql<number>`count(*)::int`,
      monto: centsSum(deposits.monto),
    })
    .from(deposits)
    .where(and(eq(deposits.fecha, fecha), sql`${deposits.estado} <> 'anulado'`))
    .groupBy(deposits.metodo);
  return DEPOSIT_METHOD_IDS.flatMap((metodo) => {
    const row = rows.find((r) => r.metodo === metodo);
    return row ? [{ metodo, cantidad: row.cantidad, monto: row.monto }] : [];
  });
}

/** Reporte Ventas' deposits over the Lima days [desde, hasta], and the credit clients hold. */
export async function depositFigures(
  executor: Db | Tx,
  desde: string,
  hasta: string,
): Promise<SalesReport['adelantos']> {
  const from = limaDayStart(desde);
  const to = new Date(limaDayStart(hasta).getTime() + 86_400_000);
  const settledIn = (estado: DepositState): SQL =>
    sql`${deposits.monto}) filter (where ${deposits.estado} = ${estado} and ${deposits.resuelto_at} >= ${from} and ${deposits.resuelto_at} < ${to}`;
  const [[figures], [spent]] = [
    await executor
      .select({
        recibidos: centsSum(
          sql`${deposits.monto}) filter (where ${deposits.estado} <> 'anulado' and ${deposits.fecha} between ${desde} and ${hasta}`,
        ),
        descontados: centsSum(settledIn('aplicado')),
        retenidos: centsSum(settledIn('retenido')),
        acreditados: centsSum(settledIn('credito')),
        credito: centsSum(sql`${deposits.monto}) filter (where ${deposits.estado} = 'credito'`),
      })
      .from(deposits),
    await executor
      .select({ monto: centsSum(salePayments.monto) })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id_venta, salePayments.id_venta))
      .where(and(isNull(sales.anulada_at), eq(salePayments.metodo, 'credito'))),
  ];
  const { credito, ...period } = figures;
  return {
    ...period,
    saldo_a_favor: formatCents((parseCents(credito) ?? 0) - (parseCents(spent.monto) ?? 0)),
  };
}

/** Deposits by Yape, Plin or transfer no one has verified, held by a cita: the counter's queue. */
const awaitingCheck = and(isNull(deposits.verificado_at), eq(deposits.estado, 'recibido'));

/** How many deposits wait for the counter to verify them: the bell's notice. */
export async function unverifiedDepositsCount(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(deposits).where(awaitingCheck);
  return row?.total ?? 0;
}

/** `GET /api/adelantos/por-verificar`: the queue, the oldest first. */
async function unverifiedDeposits(db: Db): Promise<UnverifiedDeposit[]> {
  const rows = await db
    .select({
      id: deposits.id,
      id_cita: deposits.id_cita,
      monto: deposits.monto,
      metodo: deposits.metodo,
      operacion: deposits.operacion,
      comprobante: deposits.comprobante,
      created_at: deposits.created_at,
      inicio: appointments.fec_cita,
      cliente: sql<string>`${clients.nom_cli} || ' ' || ${clients.ape_cli}`,
      mascota: pets.nom_perro,
    })
    .from(deposits)
    .innerJoin(appointments, eq(appointments.id_cita, deposits.id_cita))
    .innerJoin(clients, eq(clients.id_cli, deposits.id_cli))
    .innerJoin(pets, eq(pets.id_perro, appointments.id_perro))
    .where(awaitingCheck)
    .orderBy(asc(deposits.id));
  return rows.map(({ comprobante, created_at, inicio, ...row }) => ({
    ...row,
    comprobante_url: proofUrl(comprobante),
    created_at: created_at.toISOString(),
    inicio: inicio.toISOString(),
  }));
}

export const depositsModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, E.unverified, async () => ok(await unverifiedDeposits(db)));

  route(app, E.ofAppointment, async (request) =>
    ok(await appointmentDeposits(db, request.params.id)),
  );

  route(app, E.register, async (request, reply) => {
    const { fields, files } = await readMultipart(request, {
      fileFields: ['comprobante'],
      tooLarge: M.proofTooLarge,
    });
    const input = DepositInputSchema.parse(fields);
    const proof = files.get('comprobante');
    const ext = proof ? await imageExtension(proof, 'comprobante', M.proofNotImage) : null;
    const answer = await db.transaction(async (tx) => {
      const today = limaToday();
      await assertTillOpen(tx, today);
      const [cita] = await tx
        .select({
          id_cli: appointments.id_cli,
          id_est: appointments.id_est,
          precio: appointments.precio,
          id_venta: saleOfAppointment(appointments.id_cita),
        })
        .from(appointments)
        .where(eq(appointments.id_cita, input.id_cita))
        .for('update', { of: appointments });
      if (!cita) throw invalid('id_cita', M.appointmentNotFound);
      if (!mayTakeDeposits(cita)) {
        throw conflict(M.appointmentClosed);
      }
      const [counted] = await tx
        .select({ monto: centsSum(deposits.monto) })
        .from(deposits)
        .where(and(eq(deposits.id_cita, input.id_cita), inArray(deposits.estado, [...COUNTED])));
      const after = (parseCents(counted.monto) ?? 0) + (parseCents(input.monto) ?? 0);
      if (after > (parseCents(cita.precio) ?? 0)) throw invalid('monto', M.overPrice(cita.precio));
      const userId = sessionOf(request).userId;
      const comprobante = proof && ext ? await storeUpload(tx, 'adelanto', ext, proof) : null;
      const [created] = await tx
        .insert(deposits)
        .values({
          id_cita: input.id_cita,
          id_cli: cita.id_cli,
          monto: input.monto,
          metodo: input.metodo,
          operacion: input.operacion,
          comprobante,
          verificado_at: input.verificado ? new Date() : null,
          verificado_por: input.verificado ? userId : null,
          id_usu: userId,
          fecha: today,
        })
        .returning({ id: deposits.id });
      await recordChange(tx, request, {
        accion: 'crear',
        entidad: 'adelanto',
        id: created.id,
        before: null,
        after: {
          id_cita: input.id_cita,
          monto: input.monto,
          metodo: input.metodo,
          operacion: input.operacion,
          verificado: input.verificado,
        },
      });
      return appointmentDeposits(tx, input.id_cita);
    });
    return reply.status(201).send(ok(answer, M.registered));
  });

  route(app, E.verify, async (request) => {
    const answer = await db.transaction(async (tx) => {
      const row = await lockDeposit(tx, request.body.id);
      if (row.verificado_at !== null) throw conflict(M.alreadyVerified);
      if (row.estado === 'anulado') throw conflict(M.notHeld);
      await tx
        .update(deposits)
        .set({ verificado_at: new Date(), verificado_por: sessionOf(request).userId })
        .where(eq(deposits.id, row.id));
      await recordChange(tx, request, {
        accion: 'estado',
        entidad: 'adelanto',
        id: row.id,
        before: { verificado: false },
        after: { verificado: true },
      });
      return appointmentDeposits(tx, row.id_cita);
    });
    return ok(answer, M.verified);
  });

  route(app, E.void, async (request) => {
    const answer = await db.transaction(async (tx) => {
      const row = await lockDeposit(tx, request.body.id);
      if (row.estado !== 'recibido') throw conflict(M.notHeld);
      const today = limaToday();
      // The money goes back from today's drawer: a deposit of an earlier day becomes credit. One
      // never verified may be voided any day: the money never came (a proof that was not one).
      if (row.fecha !== today && row.verificado_at !== null) throw conflict(M.voidOnlyToday);
      await assertTillOpen(tx, today);
      await settle(tx, request, row, 'anulado', request.body.motivo);
      return appointmentDeposits(tx, row.id_cita);
    });
    return ok(answer, M.voided);
  });

  route(app, E.credit, async (request) => {
    const answer = await db.transaction(async (tx) => {
      const row = await lockDeposit(tx, request.body.id);
      if (row.estado !== 'recibido' && row.estado !== 'retenido') throw conflict(M.notCreditable);
      // Waiving a fee the salon kept is an adjustment; a deposit still held is the client's.
      if (row.estado === 'retenido' && !can(sessionOf(request).role, 'caja.ajustar')) {
        throw new HttpError(403, M.creditRetainedForbidden);
      }
      await settle(tx, request, row, 'credito', request.body.motivo);
      return appointmentDeposits(tx, row.id_cita);
    });
    return ok(answer, M.credited);
  });

  route(app, E.proof, async (request, reply) => {
    const missing = () => notFound(M.proofNotFound);
    const [row] = await db
      .select({ file: deposits.comprobante })
      .from(deposits)
      .where(eq(deposits.comprobante, request.params.file))
      .limit(1);
    if (!row?.file) throw missing();
    return sendUpload(request, reply, db, row.file, missing);
  });

  route(app, E.clientCredit, async (request) => {
    const [client] = await db
      .select({ id: clients.id_cli })
      .from(clients)
      .where(eq(clients.id_cli, request.params.id));
    if (!client) throw notFound(CLIENT_MESSAGES.notFound);
    return ok({ saldo: formatCents(await clientCredit(db, client.id)) });
  });
};

/** A deposit voided or credited by hand, with the reason, audited. */
async function settle(
  tx: Tx,
  request: Parameters<typeof recordChange>[1],
  row: { id: number; estado: DepositState },
  estado: 'anulado' | 'credito',
  motivo: string,
) {
  await tx
    .update(deposits)
    .set({ estado, motivo, resuelto_at: new Date() })
    .where(eq(deposits.id, row.id));
  await recordChange(tx, request, {
    accion: estado === 'anulado' ? 'anular' : 'estado',
    entidad: 'adelanto',
    id: row.id,
    before: { estado: row.estado },
    after: { estado, motivo },
  });
}
