import type { Sale } from '@app/domain';

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
} as const;

/** The tabs of a voided electronic receipt: the receipt, and the nota de crédito that voided it. */
export const documentTabLabels = (sale: Pick<Sale, 'comprobante' | 'nota_credito'>) => ({
  comprobante: `Comprobante ${sale.comprobante}`,
  nota: sale.nota_credito ? `Nota de crédito ${sale.nota_credito.comprobante}` : null,
});
