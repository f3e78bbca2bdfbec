import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CASH_MESSAGES,
  PENDING_STATE,
  SALE_ENDPOINTS,
  SALE_MESSAGES as M,
  type Sale,
  type SaleSummary,
} from '@app/domain';
import { actorOf, recordAudit } from '../../audit/record';
import type { SecretBox } from '../../auth/secrets';
import { listRows, sendExport, sendTables } from '../../crud/export';
import { keptPage } from '../../crud/kept-pages';
import { listPage } from '../../crud/list';
import type { Db, Tx } from '../../db/client';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { holdHeavySlot } from '../../http/heavy-work';
import { receiptIssuer, type ReceiptIssuer } from './electronic-receipt';
import { registerSale } from './issue';
import { reissueSale } from './reissue';
import { sendReceiptPdf, sendReceiptXml } from './receipt-files';
import { asListQuery, findSale, saleFilters, salesExport, salesList } from './sale-read';
import { reportTables, salesReport } from './sales-report';
import { giftCardOf } from './gift-cards';
import { closeDay, cashDay, openDay, recordMovement, reopenDay } from './till';
import { voidSale } from './void';

export interface SalesModuleOptions {
  db: Db;
  secrets: SecretBox;
  /**
   * Called once a sale, a void or a re-issue has committed leaving an electronic document
   * pendiente, so the sender sends it now rather than on its next round.
   */
  onReceiptIssued?: () => void;
}

/** Whether the sale as written leaves a document for the sender: its receipt, or its new note. */
const leavesPending = (sale: Sale) =>
  sale.cpe_estado === PENDING_STATE || sale.nota_credito?.cpe_estado === PENDING_STATE;

/**
 * Checkout's routes (decisions §checkout): a sale is issued (issue.ts), read, listed and
 * exported (sale-read.ts) and voided (void.ts), never edited nor deleted, and a receipt SUNAT
 * rejected is issued again (reissue.ts); an electronic one is signed with the certificate
 * `secrets` opens or left to the PSE (electronic-receipt.ts) and downloads as XML, and any as a
 * PDF (receipt-files.ts); the till of a day is read, closed and reopened (till.ts); the sales
 * report (sales-report.ts).
 */
export const salesModule: FastifyPluginAsyncZod<SalesModuleOptions> = async (
  app,
  { db, secrets, onReceiptIssued },
) => {
  const E = SALE_ENDPOINTS;

  /**
   * Runs `write` in a transaction with the receipts' issuer of the moment, read before it opens
   * (electronic-receipt.ts says why), and wakes the sender once it has committed a pending
   * document.
   */
  const issuing = async (write: (tx: Tx, issuer: ReceiptIssuer | null) => Promise<Sale>) => {
    const issuer = await receiptIssuer(db, secrets);
    const sale = await db.transaction((tx) => write(tx, issuer));
    if (leavesPending(sale)) onReceiptIssued?.();
    return sale;
  };

  route(app, E.register, async (request, reply) => {
    const created = await issuing((tx, issuer) => registerSale(tx, request, issuer, request.body));
    return reply.status(201).send(ok(created, M.registered));
  });

  route(app, E.list, async (request) =>
    ok(
      await keptPage(db, request.url, () =>
        listPage<SaleSummary>(
          db,
          salesList,
          asListQuery(request.query),
          saleFilters(request.query),
        ),
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

  route(app, E.xml, async (request, reply) =>
    sendReceiptXml(db, reply, request.params.id, request.query.documento),
  );

  route(app, E.pdf, async (request, reply) =>
    sendReceiptPdf(db, reply, request.params.id, request.query.documento, request.query.formato),
  );

  route(app, E.void, async (request) =>
    ok(await issuing((tx, issuer) => voidSale(tx, request, issuer, request.body)), M.voided),
  );

  route(app, E.reissue, async (request, reply) => {
    const created = await issuing((tx, issuer) => reissueSale(tx, request, issuer, request.body));
    return reply.status(201).send(ok(created, M.reissued));
  });

  route(app, E.cash, async (request) => ok(await cashDay(db, request.query.fecha)));

  route(app, E.giftCard, async (request) => ok(await giftCardOf(db, request.params.codigo)));

  route(app, E.close, async (request, reply) =>
    reply.status(201).send(ok(await closeDay(db, request, request.body), CASH_MESSAGES.closed)),
  );

  route(app, E.open, async (request, reply) =>
    reply.status(201).send(ok(await openDay(db, request, request.body), CASH_MESSAGES.opened)),
  );

  route(app, E.movement, async (request, reply) => {
    const day = await recordMovement(db, request, request.body);
    return reply.status(201).send(ok(day, CASH_MESSAGES.movementRecorded(request.body.tipo)));
  });

  route(app, E.reopen, async (request) =>
    ok(await reopenDay(db, request, request.body), CASH_MESSAGES.reopened),
  );
};
