import EmailIcon from '@mui/icons-material/Email';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { visuallyHidden } from '@mui/utils';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  limaToday,
  REMINDER_ENDPOINTS,
  type ReminderChannel,
  type ReminderRow as Row,
} from '@app/domain';
import { PageContainer } from '../../app/page-container';
import { DateInput } from '../../crud/date-inputs';
import { isWholeDay } from '../../crud/picker-values';
import { listErrorMessage } from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { ReminderRow } from './reminder-row';
import { REMINDERS_TEXTS as T } from './reminder-texts';
import { ComeBackList } from './come-back-list';

/** Tomorrow in Lima: the day reminders are usually for. */
const tomorrow = () => limaToday(new Date(Date.now() + 86_400_000));

/** The day the page shows: `?fecha=` in the address (a reload keeps it), tomorrow by default. */
function useDay(): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const day = params.get('fecha') || tomorrow();
  return [day, (next) => setParams(next ? { fecha: next } : {}, { replace: true })];
}

const COLUMNS = [T.hour, T.client, T.pet, T.service, T.groomer, T.phone, T.sent, T.actions];

/**
 * 'Recordatorios' (decisions §reminders): a day's Programada citas (tomorrow's by default) with the
 * company's message filled in for each; the desk opens it in WhatsApp or e-mails it, and the
 * table shows who reminded whom, how and when.
 */
export function RemindersPage() {
  const [day, setDay] = useDay();
  const client = useQueryClient();
  const [sending, setSending] = useState<{ id: number; canal: ReminderChannel } | null>(null);
  const [sendingAll, setSendingAll] = useState(false);
  const list = useQuery({
    queryKey: queryKey(REMINDER_ENDPOINTS.day, { query: { fecha: day } }),
    queryFn: ({ signal }) => call(REMINDER_ENDPOINTS.day, { query: { fecha: day }, signal }),
  });

  // The WhatsApp link opens by itself; the call only records it. An e-mail is sent by the call.
  const remind = async (row: Row, canal: ReminderChannel) => {
    setSending({ id: row.id_cita, canal });
    try {
      const answer = await callWithMessage(REMINDER_ENDPOINTS.record, {
        body: { id_cita: row.id_cita, canal },
      });
      if (canal === 'email' && answer.message) toast.success(answer.message);
    } catch (error) {
      await showErrorDialog(T.errorTitle, error);
    } finally {
      setSending(null);
      await client.invalidateQueries({ queryKey: [REMINDER_ENDPOINTS.day.feature] });
    }
  };

  // 'Enviar todos': one call e-mails every reminder of the day not e-mailed yet.
  const remindAll = async () => {
    setSendingAll(true);
    try {
      const answer = await callWithMessage(REMINDER_ENDPOINTS.sendAll, { body: { fecha: day } });
      if (answer.message) toast.success(answer.message);
    } catch (error) {
      await showErrorDialog(T.sendAllError, error);
    } finally {
      setSendingAll(false);
      await client.invalidateQueries({ queryKey: [REMINDER_ENDPOINTS.day.feature] });
    }
  };

  const citas = list.data?.citas;
  return (
    <PageContainer
      title={T.title}
      actions={
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Button
            // Contained: the page's grey background leaves outlined blue text under AA contrast.
            variant="contained"
            startIcon={<EmailIcon />}
            loading={sendingAll}
            disabled={!citas || citas.length === 0}
            onClick={() => void remindAll()}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {T.sendAll}
            <Box component="span" sx={visuallyHidden}>
              {T.sendAllHidden}
            </Box>
          </Button>
          <DateInput
            size="small"
            label={T.date}
            value={day}
            // Only a whole day changes the page; a half-typed one says so under the field.
            onChange={(next) => {
              if (isWholeDay(next)) setDay(next);
            }}
            sx={{ width: 190 }}
          />
        </Stack>
      }
    >
      {list.isError ? (
        // A refused date names itself ('La fecha debe tener el formato AAAA-MM-DD').
        <Alert severity="warning">{listErrorMessage(list.error, T.loadError)}</Alert>
      ) : citas && citas.length === 0 ? (
        <Alert severity="info">{T.empty(day)}</Alert>
      ) : (
        <Paper>
          {list.isFetching && <LinearProgress aria-label={T.loading} />}
          <TableContainer>
            <Table size="small" aria-busy={list.isFetching}>
              <caption style={{ captionSide: 'top', textAlign: 'left' }}>{T.caption(day)}</caption>
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
                {citas ? (
                  citas.map((row) => (
                    <ReminderRow
                      key={row.id_cita}
                      row={row}
                      sending={sending?.id === row.id_cita ? sending.canal : null}
                      onRemind={(r, canal) => void remind(r, canal)}
                    />
                  ))
                ) : (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4 }}>
                      {T.loading}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <ComeBackList rows={list.data?.por_volver ?? []} />
    </PageContainer>
  );
}
