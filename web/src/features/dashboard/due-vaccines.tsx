import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import { useQuery } from '@tanstack/react-query';
import { VACCINE_ENDPOINTS, VACCINE_STATES } from '@app/domain';
import { call, queryKey } from '../../lib/api';
import { formatDate, upper } from '../../lib/format';
import { SectionTable } from './section-table';

export const DUE_VACCINES_TEXTS = {
  title: 'Vacunas por vencer este mes',
  hint: (total: number) =>
    total === 1
      ? '1 vacuna vencida o que vence este mes'
      : `${total} vacunas vencidas o que vencen este mes`,
  empty: 'Ninguna vacuna vence este mes.',
  columns: ['Mascota', 'Dueño', 'Celular', 'Vacuna', 'Vence', 'Estado'],
} as const;

/**
 * Decisions §vaccines: the pets whose vaccines expire this month or already have, soonest first.
 */
export function DueVaccinesTable() {
  const due = useQuery({
    queryKey: queryKey(VACCINE_ENDPOINTS.due),
    queryFn: ({ signal }) => call(VACCINE_ENDPOINTS.due, { signal }),
  });
  return (
    <SectionTable
      title={DUE_VACCINES_TEXTS.title}
      hint={DUE_VACCINES_TEXTS.hint(due.data?.total ?? 0)}
      columns={DUE_VACCINES_TEXTS.columns}
      rows={due.data?.vacunas ?? []}
      rowKey={(row) => `${row.id_perro}-${row.nombre}`}
      empty={due.isPending ? 'Cargando...' : DUE_VACCINES_TEXTS.empty}
      cells={(row) => {
        const state = VACCINE_STATES.find((s) => s.id === row.estado);
        return (
          <>
            <TableCell>{upper(row.nom_perro)}</TableCell>
            <TableCell>{row.cliente}</TableCell>
            <TableCell>{row.tel1_cli}</TableCell>
            <TableCell>{row.nombre}</TableCell>
            <TableCell>{formatDate(row.fecha_vence)}</TableCell>
            <TableCell>
              {state && <Chip size="small" color={state.color} label={state.nombre} />}
            </TableCell>
          </>
        );
      }}
    />
  );
}
