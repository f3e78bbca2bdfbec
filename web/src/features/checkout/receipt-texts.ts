import { REJECTED_STATE, type CreditNote, type Sale } from '@app/domain';

/**
 * What the receipt's dialogs say; what the receipt itself prints is the domain's
 * (RECEIPT_PRINT_TEXTS, receiptTitle), shared with its PDF.
 */
export const RECEIPT_TEXTS = {
  title: 'Comprobante',
  printA4: 'Imprimir A4',
  print80: 'Imprimir 80 mm',
  whatsapp: 'Enviar por WhatsApp',
  downloadXml: 'Descargar XML',
  downloadPdf: 'Descargar PDF',
  downloadErrorTitle: 'No se pudo descargar el archivo',
  documents: 'Documentos de la venta',
  void: 'Anular',
  voidTitle: 'Anular venta',
  voidSubmit: 'Anular venta',
  voidErrorTitle: 'Error al anular la venta',
  voidIssuesCreditNote: 'Al anularla se emite una nota de crédito electrónica.',
  close: 'Cerrar',
  loadError: 'No se pudo cargar el comprobante',
  reissue: 'Emitir de nuevo',
  reissueHint:
    'El número de este comprobante ya no sirve: emita la venta de nuevo en un comprobante nuevo.',
  reissueErrorTitle: 'Error al emitir de nuevo el comprobante',
} as const;

/** Where an electronic document stands with SUNAT, as the receipt's dialog says it. */
export interface ElectronicStatusText {
  severity: 'info' | 'success' | 'warning' | 'error';
  title: string;
  /** SUNAT's answer (or what went wrong), and what happens next; null when nothing to add. */
  detail: string | null;
}

type ElectronicMarks = Pick<CreditNote, 'cpe_estado' | 'cpe_codigo' | 'cpe_mensaje'>;

const withCode = (title: string, code: number | null) =>
  code === null ? title : `${title} (código ${code})`;

/**
 * The state of an electronic receipt or nota de crédito (DESIGN §11.2) in words: waiting to be
 * sent, accepted (with SUNAT's observations), rejected (with SUNAT's code and reason) or failed
 * for now (tried again on its own). Null for a document that is not electronic.
 */
export function electronicStatus({
  cpe_estado,
  cpe_codigo,
  cpe_mensaje,
}: ElectronicMarks): ElectronicStatusText | null {
  switch (cpe_estado) {
    case null:
      return null;
    case 'pendiente':
      return { severity: 'info', title: 'Pendiente de envío a SUNAT', detail: null };
    case 'aceptado':
      return { severity: 'success', title: 'Aceptado por SUNAT', detail: null };
    case 'observado':
      return {
        severity: 'success',
        title: 'Aceptado por SUNAT con observaciones',
        detail: cpe_mensaje,
      };
    case 'rechazado':
      return {
        severity: 'error',
        title: withCode('Rechazado por SUNAT', cpe_codigo),
        detail: cpe_mensaje,
      };
    case 'error':
      return {
        severity: 'warning',
        title: withCode('No se pudo enviar a SUNAT', cpe_codigo),
        detail: [cpe_mensaje, 'Se volverá a intentar automáticamente.'].filter(Boolean).join(' '),
      };
    default:
      return { severity: 'info', title: `Estado en SUNAT: ${cpe_estado}`, detail: cpe_mensaje };
  }
}

/** The dialog offers to issue again a receipt SUNAT rejected and that is still in force. */
export const mayReissue = (sale: Pick<Sale, 'cpe_estado' | 'anulada'>) =>
  sale.cpe_estado === REJECTED_STATE && !sale.anulada;

/** The tabs of a voided electronic receipt: the receipt, and the nota de crédito that voided it. */
export const documentTabLabels = (sale: Pick<Sale, 'comprobante' | 'nota_credito'>) => ({
  comprobante: `Comprobante ${sale.comprobante}`,
  nota: sale.nota_credito ? `Nota de crédito ${sale.nota_credito.comprobante}` : null,
});
