import {
  COMPLAINT_DOC_TYPE_LABELS,
  COMPLAINT_GOOD_LABELS,
  COMPLAINT_KIND_LABELS,
  COMPLAINT_STATE_LABELS,
} from '@app/domain';
import type { ExportDefinition } from '../../crud/export';
import { summaryOf, type DueContext, type StoredComplaint } from './complaint-read';

/** A label of a closed set, or the stored text itself. */
const label = (labels: Readonly<Record<string, string>>, value: string | null) =>
  value === null ? null : (Object.entries(labels).find(([key]) => key === value)?.[1] ?? value);

/** The book as a file: every field of each hoja, its state and working days left as of `due`. */
export function complaintsExport(due: DueContext): ExportDefinition<StoredComplaint> {
  const docLabel = (value: string | null) => label(COMPLAINT_DOC_TYPE_LABELS, value);
  return {
    sheet: 'Libro de Reclamaciones',
    columns: [
      { header: 'N°', value: (r) => r.numero },
      { header: 'Fecha', value: (r) => r.fecha, kind: 'time' },
      { header: 'Tipo', value: (r) => label(COMPLAINT_KIND_LABELS, r.tipo) },
      { header: 'Consumidor', value: (r) => `${r.nombres} ${r.apellidos}` },
      { header: 'Tipo de documento', value: (r) => docLabel(r.tipo_doc) },
      { header: 'Documento', value: (r) => r.doc },
      { header: 'Domicilio', value: (r) => r.direccion },
      { header: 'Teléfono', value: (r) => r.telefono },
      { header: 'Email', value: (r) => r.email },
      { header: 'Menor de edad', value: (r) => (r.menor ? 'Sí' : 'No') },
      { header: 'Apoderado', value: (r) => r.apoderado_nombre },
      {
        header: 'Documento del apoderado',
        value: (r) =>
          r.apoderado_doc === null ? null : `${docLabel(r.apoderado_tipo_doc)} ${r.apoderado_doc}`,
      },
      { header: 'Bien', value: (r) => label(COMPLAINT_GOOD_LABELS, r.bien) },
      { header: 'Monto (S/.)', value: (r) => r.monto, kind: 'money' },
      { header: 'Descripción', value: (r) => r.descripcion },
      { header: 'Detalle', value: (r) => r.detalle },
      { header: 'Pedido', value: (r) => r.pedido },
      { header: 'Vence', value: (r) => r.vence, kind: 'day' },
      {
        header: 'Días hábiles restantes',
        value: (r) => summaryOf(r, due).dias_habiles_restantes,
      },
      { header: 'Estado', value: (r) => COMPLAINT_STATE_LABELS[summaryOf(r, due).estado] },
      { header: 'Respondido', value: (r) => r.respondido_at, kind: 'time' },
      { header: 'Respondido por', value: (r) => r.respondido_por },
      { header: 'Respuesta', value: (r) => r.respuesta },
    ],
  };
}
