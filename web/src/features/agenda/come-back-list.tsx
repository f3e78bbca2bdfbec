import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { ComeBackRow } from '@app/domain';
import { formatDate, fullName, upper } from '../../lib/format';
import { REMINDERS_TEXTS } from './reminder-texts';

export const COME_BACK_TEXTS = {
  title: 'Le toca volver',
  caption: 'Mascotas cuya ficha sugirió volver en estos días y que aún no tienen cita',
  suggested: 'Sugerido para',
  noWhatsapp: 'Sin WhatsApp',
} as const;

const T = COME_BACK_TEXTS;
const COLUMNS = [
  REMINDERS_TEXTS.pet,
  REMINDERS_TEXTS.client,
  REMINDERS_TEXTS.service,
  T.suggested,
  REMINDERS_TEXTS.actions,
];

/**
 * Recordatorios' 'Le toca volver' (DESIGN §11.8): the pets a report card suggested to come back
 * by the day, with no visit booked, each with a WhatsApp invitation to book.
 */
export function ComeBackList({ rows }: { rows: readonly ComeBackRow[] }) {
  if (rows.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="come-back-title" sx={{ mt: 3 }}>
      <Typography id="come-back-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {T.title}
      </Typography>
      <TableContainer>
        <Table size="small">
          <caption style={{ captionSide: 'top', textAlign: 'left' }}>{T.caption}</caption>
          <TableHead>
            <TableRow>
              {COLUMNS.map((header) => (
                <TableCell key={header} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const client = fullName(row.cliente.nom_cli, row.cliente.ape_cli);
              const pet = upper(row.nom_perro);
              return (
                <TableRow key={row.id_perro}>
                  <TableCell>{pet}</TableCell>
                  <TableCell>{client}</TableCell>
                  <TableCell>{row.servicio}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(row.proxima_fecha)}
                  </TableCell>
                  <TableCell>
                    {row.whatsapp_url ? (
                      <Button
                        size="small"
                        variant="contained"
                        color="success"
                        component="a"
                        href={row.whatsapp_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        startIcon={<WhatsAppIcon />}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {REMINDERS_TEXTS.whatsapp}
                        <Box component="span" sx={visuallyHidden}>
                          {` a ${client} por ${pet} ${REMINDERS_TEXTS.newTab}`}
                        </Box>
                      </Button>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {T.noWhatsapp}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
