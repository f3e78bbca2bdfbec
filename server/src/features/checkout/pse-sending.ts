import type { Sale } from '@app/domain';
import type { Db } from '../../db/client';
import {
  consultPse,
  sendToPse,
  type OutgoingDocument,
  type PseResult,
  type SendOutcome,
  type Transport,
} from '../electronic-receipts';
import { findSale } from './sale-read';

/**
 * Sending in modo pse (DESIGN §11.2): the sender's documents carry no XML, so the PSE is sent the
 * sale itself, read from its stored snapshot (or, for a nota de crédito, the sale it voids and
 * the note), and builds, signs and sends the document to SUNAT on its side. Its answer becomes
 * the sender's outcome, with the hash and QR text the PSE made.
 */

/** What the sender records while the PSE waits for SUNAT: asked again later, never regenerated. */
export const PSE_PENDING_MESSAGE = 'El PSE aún no tiene la respuesta de SUNAT.';

/**
 * The PSE's errors for data it will not take however often it is sent (Nubefact: 20 the format,
 * 21 the operation could not be completed with what was sent, 22 out of the period allowed):
 * final, as SUNAT's rejections are. Any other (10 the token, 40 internal...) is tried again.
 */
const BAD_DATA_FAULTS: readonly number[] = [20, 21, 22];

/** The PSE's error for a document it does not have: the consult of one never generated. */
const UNKNOWN_DOCUMENT = 24;

/** 'NNNN - text', as a PSE passes SUNAT's observations on: its leading code. */
const observationCode = (note: string) => {
  const code = /^\s*(\d{4})\b/.exec(note)?.[1];
  return code === undefined ? null : Number(code);
};

/** The hash and QR text the PSE answered, when it did. */
const marks = (answer: { hash: string | null; qr: string | null }) => ({
  ...(answer.hash !== null && { hash: answer.hash }),
  ...(answer.qr !== null && { qr: answer.qr }),
});

/** What the PSE answered, as the sender records it. */
export function outcomeOfPse(result: PseResult): SendOutcome {
  switch (result.kind) {
    case 'accepted':
      return result.note
        ? {
            state: 'observado',
            code: observationCode(result.note) ?? result.code,
            message: `${result.message}\n${result.note}`,
            ...marks(result),
          }
        : { state: 'aceptado', code: result.code, message: result.message, ...marks(result) };
    case 'rejected':
      return { state: 'rechazado', code: result.code, message: result.message, ...marks(result) };
    case 'pending':
      // An exception of SUNAT's (0100–1999) the PSE passed on says why; else nothing came yet.
      return {
        state: 'error',
        code: result.code,
        message:
          result.code === null ? PSE_PENDING_MESSAGE : `${PSE_PENDING_MESSAGE} ${result.message}`,
        ...marks(result),
      };
    case 'fault':
      // The PSE's own error code is not SUNAT's: it is named in the message, never as the code.
      return {
        state:
          result.code !== null && BAD_DATA_FAULTS.includes(result.code) ? 'rechazado' : 'error',
        code: null,
        message: `El PSE no aceptó el envío${result.code === null ? '' : ` (error ${result.code})`}: ${result.message}`,
      };
    case 'network':
      return { state: 'error', code: null, message: result.message };
  }
}

/** The nota de crédito a document is, as the PSE is sent it, from the sale it voids. */
function creditNoteOf(sale: Sale, document: OutgoingDocument) {
  const note = sale.nota_credito;
  if (!note || note.serie !== document.serie || note.numero !== document.numero) {
    throw new Error(`${sale.comprobante} has no credit note ${document.serie}-${document.numero}`);
  }
  return {
    serie: note.serie,
    numero: note.numero,
    fecha: note.fecha,
    motivo: note.motivo,
    cod_motivo: note.cod_motivo,
  };
}

/**
 * The transport of modo pse (the sender's Transport), posting to the PSE at `url` with `token`.
 * A document sent before (an attempt that ended in an error: the PSE may have generated it, or
 * was still waiting for SUNAT) or claimed from a sender that died (`resend`) is first asked for
 * (consultar_comprobante), and generated only when the PSE does not have it; sendToPse itself
 * consults one the PSE already has. So a receipt is generated once whatever the network did.
 */
export function pseTransport(db: Db, { url, token }: { url: string; token: string }): Transport {
  return async (document) => {
    const sale = await findSale(db, document.id_venta);
    const creditNote = document.kind === 'nota' ? creditNoteOf(sale, document) : undefined;
    if (document.resend || document.attempts > 0) {
      const known = await consultPse({
        url,
        token,
        tipo: document.tipo,
        serie: document.serie,
        numero: document.numero,
      });
      if (known.kind !== 'fault' || known.code !== UNKNOWN_DOCUMENT) return outcomeOfPse(known);
    }
    return outcomeOfPse(await sendToPse({ url, token, sale, creditNote }));
  };
}
