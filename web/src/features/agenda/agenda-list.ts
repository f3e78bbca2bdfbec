import { statusName, type Permission, type StatusItem } from '@app/domain';
import {
  registrationDayFilters,
  statusOptions,
  type FilterDef,
  type FilterValues,
  type StatusAction,
} from '../../crud';

/**
 * What the reservation and appointment lists share (spec §001-2: 'Same basic and advanced
 * filters').
 */

export const ADVANCED_FILTER_LABELS = {
  show: 'Mostrar filtros avanzados',
  hide: 'Ocultar filtros avanzados',
} as const;

export const CHANGE_STATUS_SECTION = 'Cambiar Estado';

/**
 * Basic search by client and pet (and a list's own, such as the groomer); user, status and
 * registration days behind the toggle.
 */
export function agendaFilters(
  statuses: readonly StatusItem[],
  basic: FilterDef[] = [],
): FilterDef[] {
  return [
    { name: 'cli', label: 'Cliente (nombre, apellido o DNI)' },
    { name: 'pe', label: 'Mascota' },
    ...basic,
    { name: 'usu', label: 'Usuario', advanced: true },
    {
      name: 'est',
      label: 'Estado',
      type: 'select',
      options: statusOptions(statuses),
      advanced: true,
    },
    ...registrationDayFilters({ advanced: true }),
  ];
}

/**
 * Every filter empty: the registration days too, not the spec's current month (decisions
 * §departures), which hid next week's visits booked last month.
 */
export function agendaFilterDefaults(): FilterValues {
  return { cli: '', pe: '', usu: '', est: '', ficial: '', final: '' };
}

/** Spec §001-4: '¿Está seguro de cambiar la cita a: {status}?'. */
export function changeQuestion(status: number, catalogue: readonly StatusItem[]): string {
  return `¿Está seguro de cambiar la cita a: ${statusName(status, catalogue)}?`;
}

/**
 * Status actions labelled by the catalogue, without the one the row already has. An action
 * without `access` needs the resource's write permission.
 */
export function statusActions(
  current: number,
  catalogue: readonly StatusItem[],
  actions: { status: number; label?: string; section?: string; access?: Permission }[],
): StatusAction[] {
  return actions
    .filter((action) => action.status !== current)
    .map(({ status, label, section, access }) => ({
      status,
      label: label ?? statusName(status, catalogue),
      verb: 'cambiar',
      section,
      access,
    }));
}
