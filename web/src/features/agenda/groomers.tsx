import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AGENDA_ENDPOINTS, AGENDA_MESSAGES, mayAttend, type AgendaGroomer } from '@app/domain';
import type { FieldRenderProps } from '../../crud';
import { call, queryKey } from '../../lib/api';
import { usePermissions, useProfile } from '../../lib/use-profile';
import { bookedOf } from './booked';

/** What a select holds for 'Sin asignar': the API reads 0 as no groomer. */
export const UNASSIGNED = 0;

/**
 * The active bookable employees (GET /agenda/groomers): the form's choice, the filters and the
 * calendar's columns. Keyed under the employees so editing one refreshes them.
 */
export function useGroomers() {
  return useQuery({
    queryKey: ['empleados', ...queryKey(AGENDA_ENDPOINTS.groomers)],
    queryFn: ({ signal }) => call(AGENDA_ENDPOINTS.groomers, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Decisions §roles: whether the user may start, complete and triage a visit assigned to `assigned`:
 * those who book may attend any; a groomer only their own visits and unassigned ones.
 */
export function useAttends(): (assigned: number | null) => boolean {
  const { can } = usePermissions();
  const ownEmployee = useProfile().data?.id_emp ?? null;
  const attend = can('agenda.atender');
  const book = can('agenda.escribir');
  return useCallback(
    (assigned) => attend && mayAttend({ book, ownEmployee }, assigned),
    [attend, book, ownEmployee],
  );
}

/** The filters' options: Todos, then each groomer. */
export function groomerFilterOptions(groomers: AgendaGroomer[] | undefined) {
  return [
    { value: '', label: 'Todos' },
    ...(groomers ?? []).map((g) => ({ value: String(g.id_emp), label: g.nombre })),
  ];
}

/**
 * The form's 'Groomer': 'Sin asignar' or a bookable groomer. An edit keeps showing the groomer
 * it has even if they are no longer bookable.
 */
export function GroomerSelect({ field, error, form, disabled }: FieldRenderProps) {
  const groomers = useGroomers();
  const booked = bookedOf(form)?.groomer;
  const options = [
    { id: UNASSIGNED, label: AGENDA_MESSAGES.unassigned },
    ...(groomers.data ?? []).map((g) => ({ id: g.id_emp, label: g.nombre })),
  ];
  if (booked && !options.some((o) => o.id === booked.id_emp)) {
    options.push({ id: booked.id_emp, label: `${booked.nom_emp} ${booked.ape_emp}` });
  }
  const value = Number(field.value) || UNASSIGNED;
  return (
    <TextField
      select
      fullWidth
      id={`field-${field.name}`}
      label="Groomer"
      name={field.name}
      inputRef={field.ref}
      // A groomer the options do not hold yet (still loading) shows as empty, not as a warning.
      value={options.some((o) => o.id === value) ? value : ''}
      disabled={disabled}
      error={Boolean(error) || groomers.isError}
      helperText={error ?? (groomers.isError ? 'No se pudieron cargar los groomers' : ' ')}
      onChange={(e) => field.onChange(Number(e.target.value))}
      onBlur={field.onBlur}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
