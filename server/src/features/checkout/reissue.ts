import type { FastifyRequest } from 'fastify';
import { CHARGE_MESSAGES as C, REJECTED_STATE, type Sale, type SaleReissue } from '@app/domain';
import type { Tx } from '../../db/client';
import { conflict } from '../../http/errors';
import type { ReceiptIssuer } from './electronic-receipt';
import { registerAgain } from './issue';
import { lockSaleToVoid, voidLockedSale } from './void';

/**
 * `POST /api/venta/reemitir` (issue 32 §2), in the caller's transaction: a receipt SUNAT rejected
 * spent its number and never existed for SUNAT, so the sale is issued again on a new one. The
 * rejected sale is voided ('Rechazado por SUNAT' and its code) without a nota de crédito, its
 * stock returned as a void returns it, and the same sale registered anew on the next number of
 * its series (registerAgain), electronic as receipts are now (`issuer`, read before the
 * transaction). Both are audited. Answers the new sale; 409 unless the receipt was rejected.
 */
export async function reissueSale(
  tx: Tx,
  request: FastifyRequest,
  issuer: ReceiptIssuer | null,
  { id }: SaleReissue,
): Promise<Sale> {
  const stored = await lockSaleToVoid(tx, id);
  if (stored.cpe_estado !== REJECTED_STATE) throw conflict(C.reissueNotRejected);
  const rejected = await voidLockedSale(
    tx,
    request,
    stored,
    C.rejectedVoidReason(stored.cpe_codigo),
    null,
  );
  return registerAgain(tx, request, issuer, rejected);
}
