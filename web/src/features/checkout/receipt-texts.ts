import { isElectronicReceipt, type ReceiptType, type Sale } from '@app/domain';

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
  pet: 'Mascota',
  groomer: 'Groomer',
  cashier: 'Cajero',
} as const;

/** The receipt's kind in words, as SUNAT's representation prints it. */
const RECEIPT_KINDS: Record<ReceiptType, string> = {
  B: 'BOLETA DE VENTA',
  F: 'FACTURA',
  T: 'NOTA DE VENTA',
};

/**
 * The receipt's heading: 'BOLETA DE VENTA', or 'BOLETA DE VENTA ELECTRÓNICA' once it is an
 * electronic receipt (DESIGN §11.9).
 */
export const receiptTitle = (sale: Pick<Sale, 'tipo_comp' | 'cpe_estado'>) =>
  isElectronicReceipt(sale)
    ? `${RECEIPT_KINDS[sale.tipo_comp]} ELECTRÓNICA`
    : RECEIPT_KINDS[sale.tipo_comp];
