import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { creditNotes, sales, sendingAttempts } from '../../db/schema';
import type { CdrState } from './cdr';

/**
 * The sender (DESIGN §11.2): every electronic document issued at the counter waits, `pendiente`,
 * with its next attempt due (`cpe_siguiente`); a sender claims the due ones in a transaction of
 * its own (`cpe_reclamado`, `FOR UPDATE SKIP LOCKED`, so two processes never take the same),
 * sends them outside any transaction and records each answer. A sale never waits for SUNAT.
 *
 * A claim older than CLAIM_TTL_MS belongs to a sender that died mid-send (kill -9, a crash): the
 * document is taken again, flagged `resend`, and its transport asks SUNAT whether the first
 * send arrived before sending it again, so a document SUNAT accepted is never sent twice.
 */

/** A document a sender took: what its transport needs. */
export interface OutgoingDocument {
  kind: 'venta' | 'nota';
  id: number;
  /** The sale it is (venta) or voids (nota). */
  id_venta: number;
  /** Catálogo 01: 01 factura, 03 boleta, 07 nota de crédito. */
  tipo: '01' | '03' | '07';
  serie: string;
  numero: number;
  ruc: string;
  /** The signed XML; null when a PSE builds and signs the document on its side. */
  xml: string | null;
  /** Attempts made before this one. */
  attempts: number;
  /** A sender claimed it before and never recorded an answer: SUNAT may have it already. */
  resend: boolean;
}

/** What SUNAT (or the PSE) made of one document. */
export interface SendOutcome {
  state: CdrState;
  /** SUNAT's return code (0 accepted, 4000+ observed, 2000–3999 rejected, 0100–1999 error). */
  code: number | null;
  /** In Spanish, for the screen: SUNAT's description and notes, or what went wrong. */
  message: string;
  /** The CDR zip, base64: kept and downloadable. */
  cdr?: string;
  /** A PSE signs on its side: the hash and QR text it answered. */
  hash?: string;
  qr?: string;
}

/** Sends one document; never throws for SUNAT's or the network's faults (they are outcomes). */
export type Transport = (document: OutgoingDocument) => Promise<SendOutcome>;

/**
 * Longer than any send may take (SUNAT_TIMEOUT_MS is 30 s): a live sender always records its
 * answer before its claim runs out, so only a dead sender's claim is ever taken over.
 */
export const CLAIM_TTL_MS = 2 * 60_000;

/** Documents one round claims at most: a long queue drains over several rounds. */
const BATCH = 20;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** After an error, the next attempt: 1, 3, 9, 27 minutes... never more than a day apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MINUTE_MS * 3 ** Math.max(0, attempts - 1), DAY_MS);
}

const TABLES = {
  venta: { table: sales, id: sales.id_venta },
  nota: { table: creditNotes, id: creditNotes.id_nota },
} as const;

/** The documents due, claimed for this sender in one transaction of their own. */
export async function claimDue(db: Db, now: Date): Promise<OutgoingDocument[]> {
  const expired = new Date(now.getTime() - CLAIM_TTL_MS);
  return db.transaction(async (tx) => {
    const due = (table: typeof sales | typeof creditNotes) =>
      and(
        isNotNull(table.cpe_siguiente),
        lte(table.cpe_siguiente, now),
        or(isNull(table.cpe_reclamado), lt(table.cpe_reclamado, expired)),
      );
    const saleRows = await tx
      .select({
        id: sales.id_venta,
        cod_sunat: sales.cod_sunat,
        serie: sales.serie,
        numero: sales.numero,
        ruc: sales.emisor_ruc,
        xml: sales.cpe_xml,
        attempts: sales.cpe_intentos,
        claimed: sales.cpe_reclamado,
      })
      .from(sales)
      .where(due(sales))
      .orderBy(asc(sales.cpe_siguiente))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const noteRows = await tx
      .select({
        id: creditNotes.id_nota,
        id_venta: creditNotes.id_venta,
        serie: creditNotes.serie,
        numero: creditNotes.numero,
        ruc: sales.emisor_ruc,
        xml: creditNotes.cpe_xml,
        attempts: creditNotes.cpe_intentos,
        claimed: creditNotes.cpe_reclamado,
      })
      .from(creditNotes)
      .innerJoin(sales, eq(sales.id_venta, creditNotes.id_venta))
      .where(due(creditNotes))
      .orderBy(asc(creditNotes.cpe_siguiente))
      .limit(BATCH)
      .for('update', { of: creditNotes, skipLocked: true });

    const invoiceType = (code: string | null): '01' | '03' | null =>
      code === '01' || code === '03' ? code : null;
    const documents: OutgoingDocument[] = [
      // Only boletas and facturas carry a SUNAT code: a nota de venta is never sent.
      ...saleRows.flatMap(({ cod_sunat, claimed, ...row }) => {
        const tipo = invoiceType(cod_sunat);
        return tipo
          ? [{ ...row, kind: 'venta' as const, id_venta: row.id, tipo, resend: claimed !== null }]
          : [];
      }),
      ...noteRows.map(({ claimed, ...row }) => ({
        ...row,
        kind: 'nota' as const,
        tipo: '07' as const,
        resend: claimed !== null,
      })),
    ];
    // One update per table for the whole batch.
    for (const kind of ['venta', 'nota'] as const) {
      const ids = documents.filter((d) => d.kind === kind).map((d) => d.id);
      if (ids.length === 0) continue;
      const { table, id } = TABLES[kind];
      await tx
        .update(table)
        .set({ cpe_reclamado: now, cpe_intentos: sql`${table.cpe_intentos} + 1` })
        .where(inArray(id, ids));
    }
    return documents;
  });
}

/**
 * Records what a send answered, unless the claim was lost meanwhile (a sender that outlived its
 * claim: the newer claim's answer counts). An error is retried later; any other state is final.
 */
export async function recordOutcome(
  db: Db,
  document: OutgoingDocument,
  claimedAt: Date,
  outcome: SendOutcome,
  now = new Date(),
): Promise<void> {
  const { table, id } = TABLES[document.kind];
  await db.transaction(async (tx: Tx) => {
    await tx
      .update(table)
      .set({
        cpe_estado: outcome.state,
        cpe_codigo: outcome.code,
        cpe_mensaje: outcome.message,
        cpe_reclamado: null,
        cpe_siguiente:
          outcome.state === 'error'
            ? new Date(now.getTime() + retryDelayMs(document.attempts + 1))
            : null,
        ...(outcome.cdr !== undefined && { cpe_cdr: outcome.cdr }),
        ...(outcome.hash !== undefined && { cpe_hash: outcome.hash }),
        ...(outcome.qr !== undefined && { cpe_qr: outcome.qr }),
      })
      .where(and(eq(id, document.id), eq(table.cpe_reclamado, claimedAt)));
    await tx.insert(sendingAttempts).values({
      ...(document.kind === 'venta' ? { id_venta: document.id } : { id_nota: document.id }),
      at: now,
      estado: outcome.state,
      codigo: outcome.code,
      mensaje: outcome.message,
    });
  });
}

/** A transport that broke its promise (threw): the attempt is an error, retried later. */
const thrownOutcome = (error: unknown): SendOutcome => ({
  state: 'error',
  code: null,
  message: `Error inesperado al enviar: ${error instanceof Error ? error.message : String(error)}`,
});

/**
 * One round: the due documents claimed, sent one by one (SUNAT's billService takes one
 * document per call) and their answers recorded. Answers how many were sent.
 */
export async function sendDue(db: Db, transport: Transport, now = new Date()): Promise<number> {
  const documents = await claimDue(db, now);
  for (const document of documents) {
    const outcome = await transport(document).catch(thrownOutcome);
    await recordOutcome(db, document, now, outcome, now);
  }
  return documents.length;
}

/** How often a sender looks for due documents when nothing wakes it. */
const ROUND_EVERY_MS = 30_000;

export interface ReceiptSender {
  /** Sends what is due soon, without waiting for the next round (a sale just issued one). */
  wake(): void;
  stop(): void;
}

/**
 * Starts this process's sender: a round now, then every ROUND_EVERY_MS and whenever woken.
 * `transportOf` answers the transport of the current settings, or null when receipts are not
 * electronic. A failed round (database restarting) is logged and tried again.
 */
export function startReceiptSender(
  db: Db,
  transportOf: () => Promise<Transport | null>,
  log: Pick<FastifyBaseLogger, 'error'>,
): ReceiptSender {
  let running = false;
  let again = false;
  const round = async () => {
    const transport = await transportOf();
    if (!transport) return;
    // A full batch may leave more due: go on until a round finds less.
    while ((await sendDue(db, transport)) === BATCH);
  };
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    round()
      .catch((error: unknown) =>
        log.error({ err: error }, 'Falló el envío de comprobantes electrónicos'),
      )
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, ROUND_EVERY_MS);
  timer.unref();
  tick();
  return { wake: tick, stop: () => clearInterval(timer) };
}
