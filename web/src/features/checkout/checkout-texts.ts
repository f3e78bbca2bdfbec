import { formatMoney } from '../../lib/format';

/** What the checkout dialog's parts say. */
export const CHECKOUT_TEXTS = {
  chargeTitle: 'Cobrar',
  quickSaleTitle: 'Venta rápida',
  errorTitle: 'Error al registrar la venta',
  loadError: 'No se pudo cargar la cita',
  items: 'Ítems',
  addItem: 'Agregar ítem',
  payments: 'Pagos',
  addPayment: 'Agregar pago',
  receipt: 'Comprobante',
  receiptType: 'Tipo de comprobante',
  totals: 'Totales',
  cancel: 'Cancelar',
  close: 'Cerrar',
  submit: (due: string) => `Cobrar ${formatMoney(due)}`,
  change: (change: string) => `Vuelto: ${formatMoney(change)}`,
  noCatalogue: 'No se pudieron cargar las opciones',
  stock: (units: number) => `Stock: ${units}`,
  listPrice: (price: string) => `Precio de lista: ${formatMoney(price)}`,
  adjustReason: 'Motivo del ajuste',
  adjustReasonHint:
    'Obligatorio si cambia un precio, da un descuento mayor al permitido o una propina mayor al total',
} as const;
