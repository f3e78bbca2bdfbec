import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { APPOINTMENT_STATUSES, type Dashboard } from '@app/domain';
import { StatusBadge } from '../../crud';
import { formatDateTime, fullName, upper } from '../../lib/format';
import { SectionTable } from './section-table';

export const UPCOMING_TEXTS = {
  title: 'Próximas citas',
  hint: 'Programadas o en proceso, desde ahora',
  empty: 'No hay citas programadas.',
  columns: ['Fecha', 'Cliente', 'Mascota', 'Servicio/Paquete', 'Estado'],
} as const;

/** The next appointments, scheduled or in progress, from now on. */
export function UpcomingTable({ data }: { data: Dashboard }) {
  return (
    <SectionTable
      title={UPCOMING_TEXTS.title}
      hint={UPCOMING_TEXTS.hint}
      columns={UPCOMING_TEXTS.columns}
      rows={data.upcoming}
      rowKey={(cita) => cita.id_cita}
      empty={UPCOMING_TEXTS.empty}
      cells={(cita) => (
        <>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(cita.fec_cita)}</TableCell>
          <TableCell>{fullName(cita.cliente.nom_cli, cita.cliente.ape_cli)}</TableCell>
          <TableCell>{upper(cita.perro.nom_perro)}</TableCell>
          <TableCell>
            {upper(cita.item)}
            {cita.tipo === 'paquete' && (
              <Typography variant="caption" color="text.secondary" component="span">
                {' '}
                (paquete)
              </Typography>
            )}
          </TableCell>
          <TableCell>
            <StatusBadge id={cita.id_est} catalogue={APPOINTMENT_STATUSES} />
          </TableCell>
        </>
      )}
    />
  );
}
