import Chip from '@mui/material/Chip';
import {
  RECORD_STATUSES,
  Status,
  type BadgeColor,
  type Permission,
  type StatusItem,
} from '@app/domain';
import { upper } from '../lib/format';

export interface StatusBadgeProps {
  id: number;
  catalogue?: readonly StatusItem[];
}

/** The status as a coloured badge; an id the catalogue does not know reads 'Desconocido'. */
export function StatusBadge({ id, catalogue = RECORD_STATUSES }: StatusBadgeProps) {
  const status = catalogue.find((s) => s.id_est === id);
  return <StatusChip label={status?.nom_est ?? 'Desconocido'} color={status?.color} />;
}

export interface StatusChipProps {
  label: string;
  color?: BadgeColor;
}

/** A state's badge where it is not a catalogue status (a sale: Emitida, Anulada). */
export function StatusChip({ label, color = 'default' }: StatusChipProps) {
  return (
    <Chip size="small" label={upper(label)} color={color} sx={{ fontWeight: 700, minWidth: 96 }} />
  );
}

/** A status change the row menu offers: the label, the target status and the question's verb. */
export interface StatusAction {
  label: string;
  status: number;
  verb: string;
  /** Groups the action under a menu heading ('Cambiar Estado'). */
  section?: string;
  /** What the change needs; the resource's write permission when left out (decisions §roles). */
  access?: Permission;
}

/**
 * Spec §000-4, §001-4: an Activo record offers Eliminar and Suspender; a Suspendido or Eliminado
 * one offers Reactivar (to 1).
 */
export function recordStatusActions(current: number): StatusAction[] {
  return current === Status.Activo
    ? [
        { label: 'Eliminar', status: Status.Eliminado, verb: 'eliminar' },
        { label: 'Suspender', status: Status.Suspendido, verb: 'suspender' },
      ]
    : [{ label: 'Reactivar', status: Status.Activo, verb: 'reactivar' }];
}

/** Filter options: Todos, then the catalogue (ids as the API expects them). */
export function statusOptions(catalogue: readonly StatusItem[] = RECORD_STATUSES) {
  return [
    { value: '', label: 'Todos' },
    ...catalogue.map((s) => ({ value: String(s.id_est), label: s.nom_est })),
  ];
}
