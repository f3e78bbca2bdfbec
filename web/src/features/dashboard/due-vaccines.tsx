import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { VACCINE_STATES, type DueVaccine } from '@app/domain';
import { SectionCard } from '../../app/cards/section-card';
import { api } from '../../lib/api';
import { formatDate, upper } from '../../lib/format';

export const DUE_VACCINES_TEXTS = {
  title: 'Vacunas por vencer este mes',
  hint: (total: number) =>
    total === 1
      ? '1 vacuna vencida o que vence este mes'
      : `${total} vacunas vencidas o que vencen este mes`,
  empty: 'Ninguna vacuna vence este mes.',
  columns: ['Mascota', 'Dueño', 'Celular', 'Vacuna', 'Vence', 'Estado'],
} as const;

/** DESIGN §10.5: the pets whose vaccines expire this month or already have, soonest first. */
export function DueVaccinesTable() {
  const due = useQuery({
    queryKey: ['vacunas-por-vencer'],
    queryFn: ({ signal }) =>
      api.get<{ total: number; vacunas: DueVaccine[] }>('/vacunas/por-vencer', undefined, {
        signal,
      }),
  });
  const total = due.data?.total ?? 0;
  const rows = due.data?.vacunas ?? [];
  return (
    <SectionCard title={DUE_VACCINES_TEXTS.title} hint={DUE_VACCINES_TEXTS.hint(total)}>
      <TableContainer>
        <Table size="small" aria-label={DUE_VACCINES_TEXTS.title}>
          <TableHead>
            <TableRow>
              {DUE_VACCINES_TEXTS.columns.map((label) => (
                <TableCell
                  key={label}
                  sx={{ color: 'text.secondary', fontWeight: 700, fontSize: '0.75rem' }}
                >
                  {upper(label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} sx={{ textAlign: 'center', color: 'text.secondary', py: 4 }}>
                  {due.isPending ? 'Cargando...' : DUE_VACCINES_TEXTS.empty}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => {
                const state = VACCINE_STATES.find((s) => s.id === row.estado);
                return (
                  <TableRow key={`${row.id_perro}-${row.nombre}`} hover>
                    <TableCell>{upper(row.nom_perro)}</TableCell>
                    <TableCell>{row.cliente}</TableCell>
                    <TableCell>{row.tel1_cli}</TableCell>
                    <TableCell>{row.nombre}</TableCell>
                    <TableCell>{formatDate(row.fecha_vence)}</TableCell>
                    <TableCell>
                      {state && <Chip size="small" color={state.color} label={state.nombre} />}
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}
