import { formatCents, MAX_CENTS } from '../../money';
import { MONEY_MESSAGES } from '../../rules';
import { SALE_MAX_CENTS } from './sale-totals';

/**
 * Checkout's messages in the spec's Spanish: a sale's fields and rules, its void, the dates its
 * queries take, and what the server answers when charging a cita or voiding a sale.
 */

export const SALE_MESSAGES = {
  receiptTypeRequired: 'Seleccione el tipo de comprobante: boleta, factura o nota de venta',
  receiptTypeInvalid: 'Tipo de comprobante inválido',
  docMax: 'El documento no puede exceder los 20 caracteres',
  nameMax: 'El nombre no puede exceder los 200 caracteres',
  itemsRequired: 'Agregue al menos un ítem a la venta',
  itemsMax: 'La venta no puede tener más de 50 ítems',
  itemKindInvalid: 'El tipo de ítem debe ser servicio, paquete, producto, otro o tarjeta de regalo',
  serviceRequired: 'Debe seleccionar un servicio',
  bonoRequired: 'Debe seleccionar un bono',
  packageRequired: 'Debe seleccionar un paquete',
  productRequired: 'Debe seleccionar un producto',
  otherWithId: 'Un ítem de tipo otro no lleva identificador',
  descriptionRequired: 'La descripción es requerida',
  descriptionMax: 'La descripción no puede exceder los 200 caracteres',
  quantityInvalid: 'La cantidad debe ser un número entero entre 1 y 999',
  priceRequired: 'El precio es requerido',
  saleMax: `El total de la venta no puede exceder S/. ${formatThousands(SALE_MAX_CENTS)}`,
  dueMax: `El total más la propina no puede exceder S/. ${formatThousands(SALE_MAX_CENTS)}`,
  paidMax: `Los pagos no pueden sumar más de S/. ${formatThousands(SALE_MAX_CENTS)}`,
  adjustForbidden:
    'No tiene permiso para cambiar precios, descuentos ni propinas fuera de lo permitido: pida a un administrador',
  adjustReasonRequired:
    'Indique el motivo del ajuste: cambió un precio, un descuento mayor al permitido o una propina mayor al total',
  adjustReasonMax: 'El motivo del ajuste no puede exceder los 200 caracteres',
  appointmentLineMissing: (item: string) =>
    `La venta de la cita debe incluir su ${item} al precio reservado`,
  priceMin: 'El precio debe ser mayor a 0',
  discountMin: 'El descuento no puede ser negativo',
  discountOverItems: 'El descuento no puede ser mayor que la suma de los ítems',
  tipMin: 'La propina no puede ser negativa',
  moneyFormat: MONEY_MESSAGES.format,
  moneyMax: MONEY_MESSAGES.max(MAX_CENTS),
  paymentsRequired: 'Registre al menos un pago',
  paymentsMax: 'No se pueden registrar más de 5 pagos',
  methodInvalid:
    'El método de pago debe ser efectivo, yape, plin, tarjeta, transferencia o tarjeta de regalo',
  amountRequired: 'El monto es requerido',
  amountMin: 'El monto debe ser mayor a 0',
  nonCashOverDue:
    'Los pagos con yape, plin, tarjeta, transferencia o tarjeta de regalo no pueden exceder el total más la propina: solo el efectivo da vuelto',
  facturaNameRequired: 'La razón social es obligatoria para una factura',
  boletaDocInvalid: 'El documento debe ser un DNI de 8 dígitos o un carné de extranjería',
  boletaDniRequired:
    'Para una boleta mayor a S/. 700.00 se requiere el DNI del comprador (8 dígitos)',
  voidReasonRequired: 'El motivo de anulación es requerido',
  voidReasonMin: 'El motivo debe tener al menos 5 caracteres',
  voidReasonMax: 'El motivo no puede exceder los 200 caracteres',
  dateRequired: 'La fecha es requerida',
  dateFormat: 'La fecha debe tener el formato AAAA-MM-DD',
  rangeOrder: 'La fecha inicial no puede ser mayor a la fecha final',
  notFound: 'Venta no encontrada',
  documentInvalid: 'El documento debe ser comprobante o nota',
  paperInvalid: 'El formato debe ser a4 u 80mm',
  notElectronic: 'Este comprobante no es electrónico: no tiene XML',
  xmlAtPse: 'El XML de este comprobante lo genera y guarda el PSE: descárguelo desde el PSE',
  creditNoteNotFound: 'Esta venta no tiene nota de crédito',
  giftCardWithId: 'Una tarjeta de regalo no lleva identificador',
  giftCardAmountRequired: 'El monto de la tarjeta de regalo es requerido',
  giftCardOnePerLine: 'Venda una tarjeta de regalo por línea (cantidad 1)',
  giftCardAlone:
    'Una tarjeta de regalo se vende sola, con nota de venta, sin cita, descuento ni propina',
  giftCardPaidByGiftCard: 'Una tarjeta de regalo no se paga con otra tarjeta de regalo',
  giftCardCodeRequired: 'Ingrese el código de la tarjeta de regalo',
  giftCardCodeInvalid: 'El código de la tarjeta de regalo tiene 12 letras y números',
  giftCardNotFound: 'Tarjeta de regalo no encontrada',
  giftCardVoided: 'La tarjeta de regalo está anulada',
  giftCardShort: (left: string) => `Saldo insuficiente en la tarjeta de regalo: quedan S/. ${left}`,
  giftCardUsed: 'La tarjeta de regalo ya se usó: su venta no se puede anular',
  registered: '¡Venta registrada exitosamente!',
  voided: 'Venta anulada correctamente',
  reissued: 'Comprobante emitido de nuevo: el rechazado quedó anulado',
} as const;

/** 'Los pagos suman S/. 100.00: faltan S/. 20.00 para cubrir el total más la propina'. */
export function paymentsShortMessage(paidCents: number, missingCents: number): string {
  return `Los pagos suman S/. ${formatCents(paidCents)}: faltan S/. ${formatCents(missingCents)} para cubrir el total más la propina`;
}

/** 99999999 → '999,999.99', as a message names an amount. */
function formatThousands(cents: number): string {
  const [whole = '0', fraction] = formatCents(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

export const CHARGE_MESSAGES = {
  chargedStatus: 'Esta cita ya fue cobrada: anule su venta antes de cambiarle el estado',
  appointmentNotFound: 'Cita no encontrada',
  appointmentNotChargeable: 'Solo se cobra una cita programada, en proceso o completada',
  appointmentCharged: (receipt: string) => `Esta cita ya fue cobrada con ${receipt}`,
  clientMismatch: 'El cliente no corresponde a la cita',
  clientNotFound: 'Cliente no encontrado',
  itemNotFound: 'El ítem seleccionado no existe',
  alreadyVoided: 'La venta ya está anulada',
  voidNeedsElectronicMode:
    'Este comprobante es electrónico: al anularlo se emite una nota de crédito electrónica. Active la facturación electrónica en Ajustes y vuelva a intentarlo',
  reissueNotRejected: 'Solo se emite de nuevo un comprobante electrónico que SUNAT rechazó',
  /** The void reason of a receipt SUNAT rejected and that was issued again. */
  rejectedVoidReason: (code: number | null) =>
    code === null ? 'Rechazado por SUNAT' : `Rechazado por SUNAT (código ${code})`,
  issuerMissing:
    'Registre los datos de la empresa en Ajustes (RUC, razón social y dirección) antes de emitir boletas o facturas',
} as const;
