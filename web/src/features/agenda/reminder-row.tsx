import EmailIcon from '@mui/icons-material/Email';
import PhoneDisabledIcon from '@mui/icons-material/PhoneDisabled';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { ReminderChannel, ReminderRow as Row } from '@app/domain';
import { fullName } from '../../lib/format';
import { REMINDERS_TEXTS as T, sentText } from './reminder-texts';

export interface ReminderRowProps {
  row: Row;
  /** The channel being recorded for this row, if any: its button shows progress. */
  sending: ReminderChannel | null;
  onRemind(row: Row, canal: ReminderChannel): void;
}

/**
 * One cita of the Recordatorios screen. 'WhatsApp' is a real link to wa.me (the browser opens
 * it; the click also records the reminder), so it works with the keyboard and any reader.
 * A phone that is not a mobile says so in words and an icon, not in colour alone.
 */
export function ReminderRow({ row, sending, onRemind }: ReminderRowProps) {
  const client = fullName(row.cliente.nom_cli, row.cliente.ape_cli);
  const pet = row.perro.nom_perro;
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>{row.hora}</TableCell>
      <TableCell>
        <Typography variant="body2">{client}</Typography>
        {/* An address breaks anywhere rather than widen the table past the screen. */}
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.cliente.email_cli ?? T.noEmail}
        </Typography>
      </TableCell>
      <TableCell>{pet}</TableCell>
      <TableCell>{row.servicio}</TableCell>
      <TableCell>{row.groomer ?? T.unassigned}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="body2">{row.cliente.tel1_cli}</Typography>
        {!row.telefono_valido && (
          <Typography
            variant="caption"
            color="error"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700 }}
          >
            <PhoneDisabledIcon sx={{ fontSize: 16 }} aria-hidden />
            {T.invalidPhone}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {row.enviados.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {T.notSent}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {row.enviados.map((reminder) => (
              <Typography key={reminder.id_rec} component="li" variant="body2">
                {sentText(reminder)}
              </Typography>
            ))}
          </Box>
        )}
      </TableCell>
      <TableCell>
        {/* Side by side where they fit, one under the other where they do not. */}
        {!row.cliente.recordatorios ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {T.optedOut}
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
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
                loading={sending === 'whatsapp'}
                onClick={() => onRemind(row, 'whatsapp')}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {T.whatsapp}
                <Box component="span" sx={visuallyHidden}>
                  {` a ${client} por ${pet} ${T.newTab}`}
                </Box>
              </Button>
            ) : (
              <Button
                size="small"
                variant="contained"
                disabled
                startIcon={<WhatsAppIcon />}
                aria-label={T.whatsappLabel(client, pet)}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {T.whatsapp}
              </Button>
            )}
            <Button
              size="small"
              variant="outlined"
              startIcon={<EmailIcon />}
              disabled={!row.cliente.email_cli}
              loading={sending === 'email'}
              aria-label={T.emailLabel(client, pet)}
              onClick={() => onRemind(row, 'email')}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {T.email}
            </Button>
          </Stack>
        )}
      </TableCell>
    </TableRow>
  );
}
