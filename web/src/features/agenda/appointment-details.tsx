import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUSES,
  AppointmentStatus,
  appointmentsResource,
  appointmentStatusAccess,
  FREEING_APPOINTMENT_STATUSES,
  WAITLIST_MESSAGES,
  waitlistResource,
  mayCharge,
  mayTakeDeposits,
  NOTIFICATION_LINKS,
  type AgendaEntry,
  type Appointment,
} from '@app/domain';
import { AppointmentDepositsSection, useSaleDialogs } from '../checkout';
import { StatusBadge } from '../../crud';
import { showErrorDialog } from '../../lib/alerts';
import { useLastShown } from '../../lib/use-last-shown';
import { call, queryKey } from '../../lib/api';
import { formatDateTime, formatMoney, TIME_ZONE, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';
import { changeQuestion, statusActions } from './agenda-list';
import {
  CANCEL_ACCESS,
  mayCancel,
  offeredStatuses,
  useAppointmentCancel,
} from './appointment-cancel';
import {
  AppointmentConsentsSection,
  UnsignedConsentsChip,
  useStatusChangeAskingConsent,
} from './appointment-consents';
import { clientName } from './calendar-event';
import { PetCareChips } from '../../lookups';
import { AppointmentPhotos, PHOTOS_TEXTS } from '../../lookups/appointment-photos';
import { useAttends } from './groomers';
import { useAppointmentLoader } from './use-agenda';
import { useWaitlistOffer } from './waitlist-offer-dialog';
import { DetailsList } from '../../app/details-list';

export interface AppointmentDetailsProps {
  /** The card opened; null closes the dialog. */
  entry: AgendaEntry | null;
  groomerName: string;
  onClose(): void;
  onEdit(appointment: Appointment): void;
  onTriage(appointment: Appointment): void;
}

/**
 * A calendar card opened: the visit's details and what the user may do with it. Charging it
 * ('Cobrar') and its receipt ('Ver comprobante') take the details' place (decisions §checkout).
 */
export function AppointmentDetails({ entry, onClose, ...props }: AppointmentDetailsProps) {
  const sale = useSaleDialogs();
  const waitlist = useWaitlistOffer();
  // 'Cancelar' asks for the reason over the details, which then show it.
  const cancel = useAppointmentCancel((target) => waitlist.offer(target.id_cita, target.fec_cita));
  const shown = useLastShown(entry);
  return (
    <>
      {/* The status change's confirmation opens over this dialog and must keep the focus. */}
      <Dialog open={entry !== null} onClose={onClose} maxWidth="sm" fullWidth disableEnforceFocus>
        {shown && (
          <DetailsContent
            entry={shown}
            onClose={onClose}
            onCharge={(id) => {
              onClose();
              sale.charge(id);
            }}
            onReceipt={(id) => {
              onClose();
              sale.showReceipt(id);
            }}
            onFreed={waitlist.offer}
            onCancel={() =>
              cancel.cancel({
                id_cita: shown.id_cita,
                mascota: shown.perro.nom_perro,
                fec_cita: shown.inicio,
              })
            }
            {...props}
          />
        )}
      </Dialog>
      {sale.dialogs}
      {cancel.dialog}
      {waitlist.dialog}
    </>
  );
}

interface DetailsContentProps extends AppointmentDetailsProps {
  entry: AgendaEntry;
  /** 'Cobrar': the cita's checkout, in place of the details. */
  onCharge(appointmentId: number): void;
  /** 'Ver comprobante': the receipt of the sale that charged it. */
  onReceipt(saleId: number): void;
  /** A status that frees the cita's time: it is offered to the waitlist (`asked` by a button). */
  onFreed(cita: number, at: string, asked?: boolean): void;
  /** 'Cancelar': the reason, then 11 Cancelada. */
  onCancel(): void;
}

function DetailsContent({
  entry,
  groomerName,
  onClose,
  onEdit,
  onTriage,
  onCharge,
  onReceipt,
  onFreed,
  onCancel,
}: DetailsContentProps) {
  const { can } = usePermissions();
  const attendsTo = useAttends();
  // A start refused for a missing signature asks for the reason ('Iniciar sin firma').
  const { changeStatus, dialog: startDialog } = useStatusChangeAskingConsent();
  const loadAppointment = useAppointmentLoader();
  const attends = attendsTo(entry.id_emp);
  const saleId = entry.id_venta;
  // Attending the visit, as the transitions table allows it from its status (statuses
  // §transitions): a Completada cita offers none of these. A charged cita stays Completada
  // until its sale is voided.
  const offered = offeredStatuses(entry);
  const statuses = statusActions(
    entry.id_est,
    APPOINTMENT_STATUSES,
    [AppointmentStatus.EnProceso, AppointmentStatus.Completada, AppointmentStatus.NoAsistio]
      .filter((status) => offered.includes(status))
      .map((status) => ({ status })),
  ).filter((action) => {
    const access = appointmentStatusAccess(action.status);
    return can(access) && (access !== 'agenda.atender' || attends);
  });
  const cancellable = mayCancel(entry) && can(CANCEL_ACCESS);
  // A freed time still ahead can be offered again, e.g. one a client cancelled themselves.
  const [openedAt] = useState(() => Date.now());
  const offersFreedTime =
    FREEING_APPOINTMENT_STATUSES.includes(entry.id_est) &&
    Date.parse(entry.inicio) > openedAt &&
    can(waitlistResource.access.write);
  const reason = useCancelReason(entry);

  /** Triaje and Editar work on the whole appointment, fetched when asked for. */
  const withAppointment = (open: (appointment: Appointment) => void) => async () => {
    try {
      const appointment = await loadAppointment(entry.id_cita);
      onClose();
      open(appointment);
    } catch (error) {
      await showErrorDialog(APPOINTMENT_MESSAGES.loadWarning, error);
    }
  };

  const limaTime = (iso: string) => dayjs(iso).tz(TIME_ZONE).format('HH:mm');
  const details: [string, ReactNode][] = [
    ['Fecha', `${formatDateTime(entry.inicio)} – ${limaTime(entry.fin)}`],
    ['Cliente', `${clientName(entry)} (DNI ${entry.cliente.dni_cli})`],
    [
      'Mascota',
      <>
        {upper(entry.perro.nom_perro)}
        <PetCareChips care={entry.perro} showNotes />
      </>,
    ],
    [entry.item.tipo === 'servicio' ? 'Servicio' : 'Paquete', entry.item.nombre],
    ['Groomer', groomerName],
    ['Duración', `${entry.duracion} min`],
    // A groomer's agenda carries no price (issue 30 §5): the row only when the server sent one.
    ...(entry.precio === undefined
      ? []
      : [['Precio', formatMoney(entry.precio)] satisfies [string, ReactNode]]),
    ['Estado', <StatusBadge key="estado" id={entry.id_est} catalogue={APPOINTMENT_STATUSES} />],
    ...(reason === undefined
      ? []
      : [[APPOINTMENT_MESSAGES.cancelReasonShown, reason] satisfies [string, ReactNode]]),
    ['Triaje', entry.triaje ? 'Registrado' : 'Pendiente'],
    ['Observaciones', entry.obs || '—'],
  ];

  return (
    <>
      <DialogTitle>
        Cita de {upper(entry.perro.nom_perro)}
        <UnsignedConsentsChip appointmentId={entry.id_cita} />
      </DialogTitle>
      <DialogContent>
        <DetailsList items={details} />
        {/* Money is for who charges: a groomer sees no deposit. */}
        {can('caja.cobrar') && (
          <AppointmentDepositsSection appointmentId={entry.id_cita} open={mayTakeDeposits(entry)} />
        )}
        <AppointmentConsentsSection
          appointmentId={entry.id_cita}
          clientName={`${entry.cliente.nom_cli} ${entry.cliente.ape_cli}`}
        />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
          {PHOTOS_TEXTS.title}
        </Typography>
        <AppointmentPhotos
          id_cita={entry.id_cita}
          id_cli={entry.cliente.id_cli}
          petName={upper(entry.perro.nom_perro)}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {statuses.map((action) => (
          <Button
            key={action.status}
            variant="outlined"
            onClick={() =>
              void changeStatus({
                id: entry.id_cita,
                status: action.status,
                question: changeQuestion(action.status, APPOINTMENT_STATUSES),
                errorTitle: APPOINTMENT_MESSAGES.statusErrorTitle,
              }).then((changed) => {
                if (changed && FREEING_APPOINTMENT_STATUSES.includes(action.status)) {
                  onFreed(entry.id_cita, entry.inicio);
                }
              })
            }
          >
            {action.label}
          </Button>
        ))}
        {entry.id_est === AppointmentStatus.PorConfirmar && can('agenda.escribir') && (
          // Approved or declined where the client is told: AGENDA › 'Solicitudes en línea'.
          <Button variant="outlined" component={RouterLink} to={NOTIFICATION_LINKS.onlineRequests}>
            Ver solicitud
          </Button>
        )}
        {offersFreedTime && (
          <Button variant="outlined" onClick={() => onFreed(entry.id_cita, entry.inicio, true)}>
            {WAITLIST_MESSAGES.offerTitle}
          </Button>
        )}
        {cancellable && (
          <Button variant="outlined" color="error" onClick={onCancel}>
            {APPOINTMENT_MESSAGES.cancelAction}
          </Button>
        )}
        {can('agenda.atender') && attends && (
          <Button variant="outlined" onClick={() => void withAppointment(onTriage)()}>
            Triaje
          </Button>
        )}
        {can('agenda.escribir') && (
          <Button variant="outlined" onClick={() => void withAppointment(onEdit)()}>
            Editar
          </Button>
        )}
        {can('caja.cobrar') && mayCharge(entry) && (
          <Button variant="outlined" onClick={() => onCharge(entry.id_cita)}>
            Cobrar
          </Button>
        )}
        {can('caja.cobrar') && saleId !== null && (
          <Button variant="outlined" onClick={() => onReceipt(saleId)}>
            Ver comprobante
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
      {startDialog}
    </>
  );
}

/**
 * A cancelled cita's reason, read with the cita (the calendar's cards do not carry it): undefined
 * while the cita is not Cancelada, 'Cargando…' until it arrives.
 */
function useCancelReason(entry: AgendaEntry): string | undefined {
  const cancelled = entry.id_est === AppointmentStatus.Cancelada;
  const params = { id: entry.id_cita };
  const one = appointmentsResource.endpoints.one;
  const cita = useQuery({
    queryKey: queryKey(one, { params }),
    queryFn: ({ signal }) => call(one, { params, signal }),
    enabled: cancelled,
  });
  if (!cancelled) return undefined;
  const motivo = cita.data?.motivo_cancelacion;
  if (motivo) return motivo;
  if (cita.isError) return APPOINTMENT_MESSAGES.loadWarning;
  // A copy read before the cancellation has none: the fresh one is on its way.
  return cita.isFetching || cita.isPending ? 'Cargando…' : '—';
}
