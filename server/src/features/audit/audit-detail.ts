import {
  APPOINTMENT_STATUSES,
  auditChangeText,
  auditFieldLabel,
  auditValueText,
  RECORD_STATUSES,
  RESERVATION_STATUSES,
  statusName,
  WAITLIST_STATUSES,
  type AuditChanges,
  type AuditEntry,
  type StatusItem,
} from '@app/domain';

/**
 * The 'Detalle' of an entry (decisions §audit), one line a person reads in the list and the
 * CSV. A note written with the entry (the route refused, why a sign-in failed, what an export
 * held) is the detail; an ordinary write keeps no note, only its changes, so its detail is
 * read from them: the record it named, its status before and after, or the fields it changed.
 */

type Entry = Pick<AuditEntry, 'accion' | 'entidad' | 'cambios' | 'detalle'>;

/** Longer than this, a detail is cut: the dialog of the changes shows them whole. */
const MAX_LENGTH = 160;

const STATUS_CATALOGUES: Partial<Record<AuditEntry['entidad'], readonly StatusItem[]>> = {
  cita: APPOINTMENT_STATUSES,
  reservacion: RESERVATION_STATUSES,
  lista_espera: WAITLIST_STATUSES,
};

type Values = Record<string, unknown>;

const isValues = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** 'Nombre Apellido' from the parts present, first name first. */
const person = (values: Values, first: string, last: string): string | undefined =>
  [text(values[first]), text(values[last])].filter(Boolean).join(' ') || undefined;

/** The name a record goes by, from its fields (`nom_cli`…) or the records it carries. */
function nameOf(values: Values): string | undefined {
  const own =
    person(values, 'nom_cli', 'ape_cli') ??
    person(values, 'nom_emp', 'ape_emp') ??
    person(values, 'name', 'surname') ??
    text(values.nom_perro) ??
    text(values.nom_srv) ??
    text(values.nom_paq) ??
    text(values.nom_prod) ??
    text(values.login) ??
    text(values.nomEmp);
  if (own) return own;
  // A cita, a reservation or a waitlist entry: the pet and its owner.
  const pet = isValues(values.perro) ? text(values.perro.nom_perro) : undefined;
  const owner = isValues(values.cliente) ? nameOf(values.cliente) : undefined;
  return [pet, owner].filter(Boolean).join(' de ') || undefined;
}

/** The record's values as they ended (or, for a deletion, as they were). */
function valuesOf(changes: AuditChanges, side: 'antes' | 'despues'): Values {
  return Object.fromEntries(Object.entries(changes).map(([field, c]) => [field, c[side]]));
}

function statusText(entidad: AuditEntry['entidad'], value: unknown): string {
  const catalogue = STATUS_CATALOGUES[entidad] ?? RECORD_STATUSES;
  return typeof value === 'number' ? statusName(value, catalogue) : '—';
}

function derived({ accion, entidad, cambios }: Entry): string | null {
  if (!cambios) return null;
  const fields = Object.keys(cambios);
  if (fields.length === 0) return null;
  const status = cambios.id_est;
  const after = (field: string) => text(cambios[field]?.despues);
  if (accion === 'estado' && status) {
    const reason = after('motivo_cancelacion');
    const change = `Estado: ${statusText(entidad, status.antes)} → ${statusText(entidad, status.despues)}`;
    return reason ? `${change} (${reason})` : change;
  }
  const receipt = after('comprobante');
  if (accion === 'vender' && receipt) {
    const total = after('total');
    return total ? `${receipt} por S/. ${total}` : receipt;
  }
  if (accion === 'anular' && receipt) {
    const reason = after('motivo_anulacion');
    return reason ? `${receipt}: ${reason}` : receipt;
  }
  if (accion === 'stock' && cambios.stock) {
    const reason = after('motivo');
    const change = `Stock: ${auditValueText(cambios.stock.antes)} → ${auditValueText(cambios.stock.despues)}`;
    return reason ? `${change} (${reason})` : change;
  }
  if (accion === 'crear' || accion === 'eliminar') {
    const values = valuesOf(cambios, accion === 'eliminar' ? 'antes' : 'despues');
    const name = nameOf(values);
    if (name) return name;
    // A record without a name (a triage, a reminder): its first few plain values.
    const plain = Object.entries(values).filter(
      ([field, value]) => !/^id(_|$)/.test(field) && value !== null && typeof value !== 'object',
    );
    if (plain.length > 0) {
      return plain
        .slice(0, 4)
        .map(([field, value]) => `${auditFieldLabel(field)}: ${auditValueText(value)}`)
        .join(' · ');
    }
  }
  if (fields.length === 1) return auditChangeText(fields[0], cambios[fields[0]]);
  return `Cambió: ${fields.map(auditFieldLabel).join(', ')}`;
}

/** The entry's detail: its own note, else what its changes say; null when neither says anything. */
export function auditDetail(entry: Entry): string | null {
  const detail = entry.detalle ?? derived(entry);
  if (detail === null || detail.length <= MAX_LENGTH) return detail;
  return `${detail.slice(0, MAX_LENGTH - 1)}…`;
}
