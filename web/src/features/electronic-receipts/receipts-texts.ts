import type { ElectronicReceipt } from '@app/domain';

/** The screen's Spanish texts (CAJA › 'Comprobantes electrónicos'). */
export const RECEIPTS_TEXTS = {
  title: 'Comprobantes electrónicos',
  empty: 'No se encontraron comprobantes electrónicos con los criterios de búsqueda.',
  loadError: 'No se pudieron cargar los comprobantes electrónicos',
  all: 'Todos',
  walkIn: 'Cliente varios',
  voided: 'Venta anulada',
  resend: 'Reenviar',
  resendError: 'No se pudo reenviar el comprobante',
  history: 'Historial',
  downloads: 'Descargas',
  downloadXml: 'Descargar XML',
  downloadCdr: 'Descargar CDR',
  downloadPdf: 'Descargar PDF',
  downloadError: 'No se pudo descargar el archivo',
  /** 'Código 2800'. */
  code: (code: number) => `Código ${code}`,
  noAnswer: 'Sin respuesta de SUNAT todavía',
  /** 'Próximo intento: 14/03/2026 10:30'. */
  nextAttempt: (when: string) => `Próximo intento: ${when}`,
  attempts: (n: number) => (n === 1 ? '1 intento' : `${n} intentos`),
  historyTitle: (receipt: ElectronicReceipt) => `Historial de envíos de ${receipt.comprobante}`,
  historyEmpty: 'Todavía no se ha intentado enviar este comprobante a SUNAT.',
  historyLoading: 'Cargando historial',
  historyError: 'No se pudo cargar el historial de envíos',
  historyColumns: ['Fecha', 'Estado', 'Código', 'Respuesta de SUNAT'],
  close: 'Cerrar',
} as const;
