import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  COMPLAINT_LIMITS,
  COMPLAINT_MESSAGES,
  COMPLAINTS_QUERY_KEY,
  HOLIDAY_ENDPOINTS,
  HOLIDAYS_QUERY_KEY,
  HolidayInputSchema,
  limaToday,
  type Holiday,
} from '@app/domain';
import { ResourceForm, type FieldDef } from '../../crud';
import { confirm, showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { COMPLAINTS_TEXTS as T } from './complaints-texts';

export interface HolidaysDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * 'Feriados': the public holidays the due dates skip, a year at a time; the admin adds a regional
 * one or a new year's, and removes one declared by mistake. A change moves the working days left
 * of the open hojas, so the book's list is read again.
 */
export function HolidaysDialog({ open, onClose }: HolidaysDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    // The removal's confirmation opens over this dialog and must keep the focus.
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      disableEnforceFocus
    >
      <DialogTitle>{T.holidaysTitle}</DialogTitle>
      <DialogContent dividers>{open && <Holidays />}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The year before, this one and the next: the seeded years and the one just gone. */
function yearsAround(year: number): number[] {
  return [year - 1, year, year + 1];
}

const holidayFields: FieldDef<'fecha' | 'nombre'>[] = [
  { name: 'fecha', label: T.holidayDate, kind: 'date', width: 5 },
  { name: 'nombre', label: T.holidayName, maxLength: COMPLAINT_LIMITS.holidayName, width: 7 },
];

function useRefreshAfterHolidays() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [HOLIDAYS_QUERY_KEY] }),
      client.invalidateQueries({ queryKey: [COMPLAINTS_QUERY_KEY] }),
    ]);
}

function Holidays() {
  const thisYear = Number(limaToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const query = { anio: year };
  const holidays = useQuery({
    queryKey: queryKey(HOLIDAY_ENDPOINTS.list, { query }),
    queryFn: ({ signal }) => call(HOLIDAY_ENDPOINTS.list, { query, signal }),
  });
  const refresh = useRefreshAfterHolidays();
  const remove = useMutation({
    mutationFn: (holiday: Holiday) =>
      callWithMessage(HOLIDAY_ENDPOINTS.remove, { params: { fecha: holiday.fecha } }),
    onSuccess: (answer) => toast.success(answer.message ?? COMPLAINT_MESSAGES.holidayDeleted),
    onError: (error) => showErrorDialog(T.holidayRemoveError, error),
    onSettled: refresh,
  });
  const removeConfirmed = async (holiday: Holiday) => {
    const day = formatDate(holiday.fecha);
    if (await confirm(T.holidayRemoveConfirm(day, holiday.nombre))) remove.mutate(holiday);
  };

  return (
    <Stack spacing={2.5}>
      <Typography variant="body2">{T.holidaysIntro}</Typography>
      <ResourceForm<typeof HolidayInputSchema>
        fields={holidayFields}
        schema={HolidayInputSchema}
        defaultValues={{ fecha: '', nombre: '' }}
        submitLabel={T.holidayAdd}
        errorTitle={T.holidayAddError}
        resetOnSuccess
        onSubmit={async (body) => {
          const answer = await callWithMessage(HOLIDAY_ENDPOINTS.create, { body });
          toast.success(answer.message ?? COMPLAINT_MESSAGES.holidaySaved);
          setYear(Number(body.fecha.slice(0, 4)));
          await refresh();
        }}
      />
      <TextField
        select
        size="small"
        label={T.year}
        value={year}
        onChange={(event) => setYear(Number(event.target.value))}
        sx={{ maxWidth: 160 }}
      >
        {yearsAround(thisYear).map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
      {holidays.isPending ? (
        <Stack sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress aria-label={T.holidaysLoading} />
        </Stack>
      ) : holidays.isError ? (
        <Alert severity="warning">{T.holidaysError}</Alert>
      ) : holidays.data.length === 0 ? (
        <Typography>{T.holidaysEmpty}</Typography>
      ) : (
        <Table size="small" aria-label={`${T.holidaysTitle} ${year}`}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{T.holidayDate}</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>{T.holidayName}</TableCell>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                {T.holidayRemove}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {holidays.data.map((holiday) => (
              <TableRow key={holiday.fecha}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(holiday.fecha)}</TableCell>
                <TableCell>{holiday.nombre}</TableCell>
                <TableCell align="right" sx={{ py: 0 }}>
                  <IconButton
                    aria-label={T.holidayRemoveOf(formatDate(holiday.fecha), holiday.nombre)}
                    disabled={remove.isPending}
                    onClick={() => void removeConfirmed(holiday)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
