import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { ELECTRONIC_RECEIPT_ENDPOINTS, type ElectronicReceipt } from '@app/domain';
import { call, queryKey } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { RECEIPTS_TEXTS as T } from './receipts-texts';
import { StateChip } from './state-chip';

export interface AttemptsDialogProps {
  /** The document whose attempts are shown; null closes the dialog. */
  receipt: ElectronicReceipt | null;
  onClose(): void;
}

/** 'Historial': each attempt to send a document, newest first, with SUNAT's code and answer. */
export function AttemptsDialog({ receipt, onClose }: AttemptsDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={receipt !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      {receipt && (
        <>
          <DialogTitle>{T.historyTitle(receipt)}</DialogTitle>
          <DialogContent dividers>
            <Attempts receipt={receipt} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {T.close}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function Attempts({ receipt }: { receipt: ElectronicReceipt }) {
  const params = { tipo: receipt.kind, id: receipt.id };
  const attempts = useQuery({
    queryKey: queryKey(ELECTRONIC_RECEIPT_ENDPOINTS.attempts, { params }),
    queryFn: ({ signal }) => call(ELECTRONIC_RECEIPT_ENDPOINTS.attempts, { params, signal }),
    staleTime: 0,
  });
  if (attempts.isError) {
    return <Alert severity="error">{attempts.error.message || T.historyError}</Alert>;
  }
  if (!attempts.data) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label={T.historyLoading} />
      </Stack>
    );
  }
  if (attempts.data.length === 0) return <Typography>{T.historyEmpty}</Typography>;
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            {T.historyColumns.map((header) => (
              <TableCell key={header} sx={{ fontWeight: 700 }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {attempts.data.map((attempt) => (
            <TableRow key={attempt.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(attempt.at)}</TableCell>
              <TableCell>
                <StateChip state={attempt.estado} />
              </TableCell>
              <TableCell>{attempt.codigo ?? '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{attempt.mensaje ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
