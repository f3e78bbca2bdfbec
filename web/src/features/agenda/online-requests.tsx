import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  appointmentsResource,
  DeclineSchema,
  isPeruMobile,
  NOTIFICATION_ENDPOINTS,
  ONLINE_BOOKING_ENDPOINTS,
  ONLINE_BOOKING_QUERY_KEY,
  PET_SIZE_LABELS,
  whatsappUrl,
  type OnlineRequestRow as Row,
} from '@app/domain';
import { PageContainer } from '../../app/page-container';
import { listErrorMessage, ReasonDialog } from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDateTime, upper } from '../../lib/format';

const REASON_MAX = 200;

export const ONLINE_REQUESTS_TEXTS = {
  title: 'Solicitudes en línea',
  caption:
    'Reservas hechas desde la página pública que esperan su aprobación, la más antigua primero',
  empty: 'No hay solicitudes pendientes',
  loading: 'Cargando las solicitudes',
  loadError: 'No se pudieron cargar las solicitudes',
  when: 'Fecha y hora',
  client: 'Cliente',
  dni: 'DNI',
  phone: 'Teléfono',
  pet: 'Mascota',
  service: 'Servicio',
  groomer: 'Groomer',
  received: 'Recibida',
  actions: 'Acciones',
  unassigned: 'Sin asignar',
  noSize: 'Tamaño no indicado',
  approve: 'Aprobar',
  decline: 'Rechazar',
  approveLabel: (pet: string, when: string) => `Aprobar la solicitud de ${pet} del ${when}`,
  declineLabel: (pet: string, when: string) => `Rechazar la solicitud de ${pet} del ${when}`,
  whatsappLabel: (client: string, phone: string) => `Escribir por WhatsApp a ${client} (${phone})`,
  whatsappText: (client: string, when: string) =>
    `Hola ${client}, le escribimos por su solicitud de cita en línea del ${when}.`,
  declineTitle: 'Rechazar solicitud',
  declineText: (pet: string, when: string) =>
    `La solicitud de ${pet} del ${when} quedará cancelada y su horario, libre. Le enviaremos el motivo al cliente por correo.`,
  reason: 'Motivo',
  back: 'Volver',
  confirmDecline: 'Rechazar solicitud',
  errorTitle: 'Error en la solicitud',
} as const;

const T = ONLINE_REQUESTS_TEXTS;

const COLUMNS = [
  T.when,
  T.client,
  T.dni,
  T.phone,
  T.pet,
  T.service,
  T.groomer,
  T.received,
  T.actions,
];

const REQUESTS_KEY = queryKey(ONLINE_BOOKING_ENDPOINTS.requests);

/** What an answer changes: the requests, the citas (list and calendar) and the bell. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [ONLINE_BOOKING_QUERY_KEY] }),
      client.invalidateQueries({ queryKey: [appointmentsResource.plural] }),
      client.invalidateQueries({ queryKey: [NOTIFICATION_ENDPOINTS.list.feature] }),
    ]);
}

interface RequestRowProps {
  row: Row;
  approving: boolean;
  busy: boolean;
  onApprove(row: Row): void;
  onDecline(row: Row): void;
}

/** One request: when, who, what; the phone a WhatsApp link when it is a mobile. */
function RequestRow({ row, approving, busy, onApprove, onDecline }: RequestRowProps) {
  const when = formatDateTime(row.inicio);
  const client = upper(row.cliente);
  const pet = upper(row.mascota);
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>{when}</TableCell>
      <TableCell>
        <Typography variant="body2">{client}</Typography>
        {/* An address breaks anywhere rather than widen the table past the screen. */}
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.email_cli}
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.dni_cli}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {isPeruMobile(row.tel1_cli) ? (
          <Link
            href={whatsappUrl(row.tel1_cli, T.whatsappText(row.cliente, when))}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={T.whatsappLabel(client, row.tel1_cli)}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <WhatsAppIcon sx={{ fontSize: 18 }} aria-hidden />
            {row.tel1_cli}
          </Link>
        ) : (
          row.tel1_cli
        )}
      </TableCell>
      <TableCell>
        <Typography variant="body2">{pet}</Typography>
        <Typography variant="caption" color="text.secondary">
          {row.talla ? PET_SIZE_LABELS[row.talla] : T.noSize}
        </Typography>
      </TableCell>
      <TableCell>{row.item}</TableCell>
      <TableCell>{row.groomer ?? T.unassigned}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</TableCell>
      <TableCell>
        {/* Side by side where they fit, one under the other where they do not. */}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            loading={approving}
            disabled={busy && !approving}
            aria-label={T.approveLabel(pet, when)}
            onClick={() => onApprove(row)}
          >
            {T.approve}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<CloseIcon />}
            disabled={busy}
            aria-label={T.declineLabel(pet, when)}
            onClick={() => onDecline(row)}
          >
            {T.decline}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/**
 * AGENDA › 'Solicitudes en línea' (DESIGN §11.4): the citas clients booked from the public page
 * while the salon approves them. 'Aprobar' makes one Programada; 'Rechazar' asks for the reason
 * and cancels it, freeing its time. The client is e-mailed either way.
 */
export function OnlineRequestsPage() {
  const refresh = useRefresh();
  const [approving, setApproving] = useState<number | null>(null);
  const [declining, setDeclining] = useState<Row | null>(null);
  const list = useQuery({
    queryKey: REQUESTS_KEY,
    queryFn: ({ signal }) => call(ONLINE_BOOKING_ENDPOINTS.requests, { signal }),
  });

  const approve = async (row: Row) => {
    setApproving(row.id_cita);
    try {
      const answer = await callWithMessage(ONLINE_BOOKING_ENDPOINTS.approve, {
        params: { id: row.id_cita },
      });
      if (answer.message) toast.success(answer.message);
    } catch (error) {
      await showErrorDialog(T.errorTitle, error);
    } finally {
      setApproving(null);
      await refresh();
    }
  };

  const rows = list.data;
  return (
    <PageContainer title={T.title}>
      {list.isError ? (
        <Alert severity="warning">{listErrorMessage(list.error, T.loadError)}</Alert>
      ) : rows && rows.length === 0 ? (
        <Alert severity="info">{T.empty}</Alert>
      ) : (
        <Paper>
          {list.isFetching && <LinearProgress aria-label={T.loading} />}
          <TableContainer>
            <Table size="small" aria-busy={list.isFetching}>
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
                {rows ? (
                  rows.map((row) => (
                    <RequestRow
                      key={row.id_cita}
                      row={row}
                      approving={approving === row.id_cita}
                      busy={approving !== null}
                      onApprove={(r) => void approve(r)}
                      onDecline={setDeclining}
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
      <ReasonDialog
        target={declining}
        keyOf={(row) => row.id_cita}
        idPrefix="online-decline"
        title={T.declineTitle}
        schema={DeclineSchema}
        max={REASON_MAX}
        texts={(row) => ({
          text: T.declineText(upper(row.mascota), formatDateTime(row.inicio)),
          label: T.reason,
          back: T.back,
          confirm: T.confirmDecline,
          errorTitle: T.errorTitle,
        })}
        send={(row, motivo) =>
          callWithMessage(ONLINE_BOOKING_ENDPOINTS.decline, {
            params: { id: row.id_cita },
            body: { motivo },
          })
        }
        refresh={refresh}
        onClose={() => setDeclining(null)}
      />
    </PageContainer>
  );
}
