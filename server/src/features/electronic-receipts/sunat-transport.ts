import { sunatMessage } from './cdr';
import type { OutgoingDocument, SendOutcome, Transport } from './sender';
import {
  getStatusCdr,
  isConsultable,
  sendBill,
  sunatConsultUrl,
  sunatUrl,
  type CdrAnswer,
  type SunatFault,
  type SunatMode,
  type SunatNetworkError,
} from './sunat-soap';
import { receiptFileName, zipDocument } from './sunat-zip';

/** SUNAT's fault for a document it holds already: the first send arrived, its answer did not. */
const ALREADY_REGISTERED = 1033;
/** SUNAT's fault for a document it holds already, rejected or voided. */
const ALREADY_REFUSED = 1032;

export interface SunatCredentials {
  modo: SunatMode;
  usuarioSol: string;
  claveSol: string;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function outcomeOfCdr({ cdr, cdrZip }: CdrAnswer): SendOutcome {
  const notes = cdr.notes.map((note) => `${note.code} - ${note.text}`);
  return {
    state: cdr.state,
    code: cdr.code,
    message: [cdr.description || sunatMessage(cdr.code), ...notes].join('\n'),
    cdr: base64(cdrZip),
  };
}

/** A fault names SUNAT's code: rejections (2000–3999) are final, anything else is retried. */
function outcomeOfFault({ code, message }: SunatFault): SendOutcome {
  const rejected = code !== null && code >= 2000 && code < 4000;
  return {
    state: rejected ? 'rechazado' : 'error',
    code,
    message: message || (code !== null ? sunatMessage(code) : 'SUNAT rechazó el envío.'),
  };
}

const outcomeOfNetwork = ({ message }: SunatNetworkError): SendOutcome => ({
  state: 'error',
  code: null,
  message,
});

/**
 * Sends to SUNAT's billService (sunat_beta, sunat): the signed XML zipped as
 * RUC-TT-SERIE-NUMERO.zip. A factura (or its note) a dead sender may have sent already is first
 * looked up with getStatusCdr, and so is one SUNAT says it holds (1033): its CDR is taken, not a
 * second send. A boleta cannot be looked up: SUNAT's 1033 on its resend means it had arrived.
 */
export function sunatTransport({ modo, usuarioSol, claveSol }: SunatCredentials): Transport {
  return async (document: OutgoingDocument) => {
    const call = { ruc: document.ruc, usuarioSol, claveSol };
    const key = {
      ruc: document.ruc,
      tipo: document.tipo,
      serie: document.serie,
      numero: document.numero,
    };
    const held = async (): Promise<SendOutcome | null> => {
      const status = await getStatusCdr({ ...call, ...key, url: sunatConsultUrl(modo) });
      if (status.kind === 'cdr') return outcomeOfCdr(status);
      if (status.kind === 'not-found') return null;
      return status.kind === 'fault' ? outcomeOfFault(status) : outcomeOfNetwork(status);
    };

    // Only facturas and their notes can be looked up (isConsultable); a boleta is sent again
    // and SUNAT's 1033 tells that the first send had arrived.
    const consultable = isConsultable(key);
    if (document.resend && consultable) {
      const known = await held();
      // SUNAT could not say: better to ask again later than to send twice.
      if (known) return known;
    }
    if (document.xml === null) {
      return { state: 'error', code: null, message: 'El comprobante no tiene su XML firmado.' };
    }
    const fileName = receiptFileName(key);
    const answer = await sendBill({
      ...call,
      url: sunatUrl(modo),
      fileName,
      zip: zipDocument(fileName, document.xml),
    });
    if (answer.kind === 'cdr') return outcomeOfCdr(answer);
    if (answer.kind === 'network') return outcomeOfNetwork(answer);
    if (answer.code === ALREADY_REGISTERED) {
      if (consultable) return (await held()) ?? outcomeOfFault(answer);
      return {
        state: 'aceptado',
        code: answer.code,
        message: 'SUNAT ya tenía este comprobante: lo recibió en un envío anterior.',
      };
    }
    if (answer.code === ALREADY_REFUSED) return { ...outcomeOfFault(answer), state: 'rechazado' };
    return outcomeOfFault(answer);
  };
}
