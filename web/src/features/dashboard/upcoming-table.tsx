import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { APPOINTMENT_STATUSES, type Dashboard } from '@app/domain';
import { SectionCard } from '../../app/cards/section-card';
import { StatusBadge } from '../../crud';
import { formatDateTime, fullName, upper } from '../../lib/format';

export const UPCOMING_TEXTS = {
  title: 'Próximas citas',
  hint: 'Programadas o en proceso, desde ahora',
  empty: 'No hay citas programadas.',
  columns: ['Fecha', 'Cliente', 'Mascota', 'Servicio/Paquete', 'Estado'],
} as const;

/** The next appointments, scheduled or in progress, from now on. */
export function UpcomingTable({ data }: { data: Dashboard }) {
  return (
    <SectionCard title={UPCOMING_TEXTS.title} hint={UPCOMING_TEXTS.hint}>
      <TableContainer>
        <Table size="small" aria-label={UPCOMING_TEXTS.title}>
          <TableHead>
            <TableRow>
              {UPCOMING_TEXTS.columns.map((label) => (
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
            {data.upcoming.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} sx={{ textAlign: 'center', color: 'text.secondary', py: 4 }}>
                  {UPCOMING_TEXTS.empty}
                </TableCell>
              </TableRow>
            ) : (
              data.upcoming.map((cita) => (
                <TableRow key={cita.id_cita} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(cita.fec_cita)}
                  </TableCell>
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
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}
