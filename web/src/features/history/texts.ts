import { AGENDA_MESSAGES, HISTORY_TEXTS, type HistoryRow } from '@app/domain';
import { fullName, upper } from '../../lib/format';

/** What the Historial de Citas screen says beyond the domain's `HISTORY_TEXTS`. */
export const HISTORY_PAGE_TEXTS = {
  detail: 'Ver detalle',
  detailTitle: (pet: string) => `Cita de ${pet}`,
  petHistory: HISTORY_TEXTS.petTitle,
  triage: 'Triaje',
  noTriage: 'La cita no tiene triaje registrado.',
  sale: 'Venta',
  noSale: 'La cita no tiene una venta vigente.',
  receipt: 'Ver comprobante',
  close: 'Cerrar',
  no: 'No',
} as const;

/** What was booked: the service's and/or the package's name, upper-cased as lists show names. */
export const itemName = (row: HistoryRow) =>
  upper([row.servicio?.nom_srv, row.paquete?.nom_paq].filter(Boolean).join(', ')) || '—';

export const groomerName = (row: HistoryRow) =>
  row.empleado ? fullName(row.empleado.nom_emp, row.empleado.ape_emp) : AGENDA_MESSAGES.unassigned;
