import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCEPTED_STATES,
  ELECTRONIC_RECEIPT_ENDPOINTS,
  ELECTRONIC_RECEIPT_MESSAGES as M,
  RESENDABLE_STATES,
  SALE_MESSAGES,
  SUNAT_CREDIT_NOTE_CODE,
  type ElectronicDocumentKind,
  type ReceiptDocument,
} from '@app/domain';
import { actorOf, changesBetween, recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { creditNotes, sales } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';
import { documentNumber } from './ubl';
import { receiptFileName } from './sunat-zip';
import { electronicReceiptsPage, findElectronicReceipt, sendingAttemptsOf } from './receipts-read';

/**
 * Following the electronic documents (DESIGN §11.2, CAJA › 'Comprobantes electrónicos'): the list
 * (receipts-read.ts), each one's attempts, a resend of one still waiting or failed, which wakes
 * this process's sender (`wakeSender`, main.ts) so it goes at once, and SUNAT's CDR of a sale's
 * receipt or of its nota de crédito.
 */

const TABLES = {
  venta: { table: sales, id: sales.id_venta },
  nota: { table: creditNotes, id: creditNotes.id_nota },
} as const;

/**
 * `POST /api/comprobantes-electronicos/reenviar`: the document is due now. Locked while it is
 * read, so a sender recording an answer meanwhile is seen: an accepted or rejected document is
 * never put back in the queue.
 */
async function resend(
  db: Db,
  request: Parameters<typeof actorOf>[0],
  kind: ElectronicDocumentKind,
  id: number,
) {
  const { table, id: key } = TABLES[kind];
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        estado: table.cpe_estado,
        cpe_siguiente: table.cpe_siguiente,
        serie: table.serie,
        numero: table.numero,
        id_venta: table.id_venta,
      })
      .from(table)
      .where(eq(key, id))
      .for('update');
    if (!current || current.estado === null) throw notFound(M.notFound);
    const { estado } = current;
    if (ACCEPTED_STATES.some((state) => state === estado)) throw conflict(M.alreadyAccepted);
    // What is neither accepted nor still to send was rejected: its number is spent.
    if (!RESENDABLE_STATES.some((state) => state === estado)) throw conflict(M.rejected);
    const due = new Date();
    await tx.update(table).set({ cpe_siguiente: due }).where(eq(key, id));
    await recordAudit(tx, {
      ...actorOf(request),
      accion: 'editar',
      entidad: 'venta',
      entidad_id: current.id_venta,
      cambios: changesBetween({ cpe_siguiente: current.cpe_siguiente }, { cpe_siguiente: due }),
      detalle: `Reenviar a SUNAT ${documentNumber(current.serie, current.numero)}`,
    });
    const document = await findElectronicReceipt(tx, kind, id);
    if (!document) throw notFound(M.notFound);
    return document;
  });
}

/**
 * `GET /api/venta/{id}/cdr?documento=`: SUNAT's CDR of the sale's receipt or of its nota de
 * crédito, the zip as SUNAT sent it, named as SUNAT names it ('R-20131312955-03-B001-27.zip').
 */
async function sendCdr(db: Db, reply: FastifyReply, id: number, document: ReceiptDocument) {
  const [row] = await db
    .select({
      ruc: sales.emisor_ruc,
      code: sales.cod_sunat,
      serie: sales.serie,
      numero: sales.numero,
      cdr: sales.cpe_cdr,
      noteSerie: creditNotes.serie,
      noteNumero: creditNotes.numero,
      noteCdr: creditNotes.cpe_cdr,
    })
    .from(sales)
    .leftJoin(creditNotes, eq(creditNotes.id_venta, sales.id_venta))
    .where(eq(sales.id_venta, id));
  if (!row) throw notFound(SALE_MESSAGES.notFound);
  const file =
    document === 'comprobante'
      ? { tipo: row.code, serie: row.serie, numero: row.numero, cdr: row.cdr }
      : {
          tipo: SUNAT_CREDIT_NOTE_CODE,
          serie: row.noteSerie,
          numero: row.noteNumero,
          cdr: row.noteCdr,
        };
  if (file.serie === null || file.numero === null) throw notFound(SALE_MESSAGES.creditNoteNotFound);
  if (file.cdr === null || (file.tipo !== '01' && file.tipo !== '03' && file.tipo !== '07')) {
    throw notFound(M.noCdr);
  }
  const name = receiptFileName({
    ruc: row.ruc,
    tipo: file.tipo,
    serie: file.serie,
    numero: file.numero,
  });
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="R-${name}.zip"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.cdr, 'base64'));
}

export const electronicReceiptsModule: FastifyPluginAsyncZod<{
  db: Db;
  wakeSender?: () => void;
}> = async (app, { db, wakeSender }) => {
  const E = ELECTRONIC_RECEIPT_ENDPOINTS;

  route(app, E.list, async (request) => ok(await electronicReceiptsPage(db, request.query)));

  route(app, E.attempts, async (request) => {
    const { tipo, id } = request.params;
    if (!(await findElectronicReceipt(db, tipo, id))) throw notFound(M.notFound);
    return ok(await sendingAttemptsOf(db, tipo, id));
  });

  route(app, E.resend, async (request) => {
    const document = await resend(db, request, request.body.kind, request.body.id);
    // Committed: the sender's claim now finds it due.
    wakeSender?.();
    return ok(document, M.resent);
  });

  route(app, E.cdr, async (request, reply) =>
    sendCdr(db, reply, request.params.id, request.query.documento),
  );
};
