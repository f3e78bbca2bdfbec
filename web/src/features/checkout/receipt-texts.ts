import type { ReceiptType } from '@app/domain';

/** What the receipt and its dialogs say. */
export const RECEIPT_TEXTS = {
  title: 'Comprobante',
  printA4: 'Imprimir A4',
  print80: 'Imprimir 80 mm',
  whatsapp: 'Enviar por WhatsApp',
  void: 'Anular',
  voidTitle: 'Anular venta',
  voidSubmit: 'Anular venta',
  voidErrorTitle: 'Error al anular la venta',
  close: 'Cerrar',
  loadError: 'No se pudo cargar el comprobante',
  voided: 'ANULADA',
  thanks: 'Gracias por su preferencia',
} as const;

/** The receipt's heading: its kind in words, as SUNAT's representation prints it. */
export const RECEIPT_TITLES: Record<ReceiptType, string> = {
  B: 'BOLETA DE VENTA ELECTRÓNICA',
  F: 'FACTURA ELECTRÓNICA',
  T: 'NOTA DE VENTA',
};
