import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import {
  AGENDA_MESSAGES,
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUSES,
  AppointmentStatus,
  FREEING_APPOINTMENT_STATUSES,
  type AgendaGroomer,
  type Appointment,
  type Permission,
  appointmentsResource,
  appointmentStatusAccess,
  mayCharge,
  SERIES_MESSAGES,
} from '@app/domain';
import { useSaleDialogs } from '../checkout';
import { CrudPage, dayRangeFilters, StatusBadge, type CrudConfig } from '../../crud';
import { formatDate, fullName, TIME_ZONE, upper } from '../../lib/format';
import { PetCareChips } from '../../lookups';
import {
  ADVANCED_FILTER_LABELS,
  agendaFilterDefaults,
  agendaFilters,
  CHANGE_STATUS_SECTION,
  changeQuestion,
  statusActions,
} from './agenda-list';
import {
  CANCEL_ACCESS,
  mayCancel,
  offeredStatuses,
  useAppointmentCancel,
  type CancelTarget,
} from './appointment-cancel';
import { appointmentCreate, appointmentEdit } from './appointment-form';
import { groomerFilterOptions, useAttends, useGroomers } from './groomers';
import { useSeriesCancel } from './series-cancel';
import { TriageDialog } from './triage-dialog';
import { useWaitlistOffer } from './waitlist-offer-dialog';
import { UnsignedChip, useStatusChangeAskingConsent } from './appointment-consents';
import { CARD_TEXTS } from './calendar-event';

/** What starting, completing and recording the triage of a visit need. */
const ATTEND: Permission = 'agenda.atender';
/** What charging a visit and seeing its receipt need (decisions §roles). */
const CHARGE: Permission = 'caja.cobrar';

/** The dialogs a row's menu opens. */
interface RowActions {
  triage(row: Appointment): void;
  /** 'Cobrar': the checkout of the cita. */
  charge(appointmentId: number): void;
  /** 'Ver comprobante': the receipt of the sale that charged it. */
  receipt(saleId: number): void;
  /** 'Cancelar serie desde esta fecha', for a cita of a recurring series. */
  cancelSeries(row: Appointment): void;
  /** 'Cancelar': the reason, then 11 Cancelada (statuses §transitions). */
  cancel(target: CancelTarget): void;
  /**
   * A status of the 'Cambiar Estado' menu, confirmed; a start refused for a missing consent
   * signature asks for the reason (decisions §consents).
   */
  changeStatus(row: Appointment, status: number): void;
}

/** What the spec's SERVICIOS column lists: the service and/or the package, as bullets. */
function ItemsCell({ row }: { row: Appointment }) {
  const names = [row.servicio?.nom_srv, row.paquete?.nom_paq].filter(Boolean);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {names.map((name) => (
        <li key={name}>{upper(name)}</li>
      ))}
    </Box>
  );
}

function ObservationsCell({ row }: { row: Appointment }) {
  // Observaciones are optional (issue 30 §2): no eye to open an empty note.
  if (!row.obs_perro.trim()) return '—';
  return (
    <Tooltip title={row.obs_perro} arrow>
      <IconButton size="small" aria-label={`Observaciones: ${row.obs_perro}`}>
        <VisibilityIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * The status; 'Sin firmar' beside it while a consent the cita asks lacks its signature (DESIGN
 * §11.8); a cancelled cita's reason under it, whole in its tooltip.
 */
function StatusCell({ row }: { row: Appointment }) {
  const reason = row.motivo_cancelacion;
  return (
    <>
      <StatusBadge id={row.id_est} catalogue={APPOINTMENT_STATUSES} />
      {row.sin_firmar && <UnsignedChip sx={{ ml: 0.5 }} />}
      {row.confirmada_en && (
        <CheckCircleIcon
          titleAccess={CARD_TEXTS.confirmed}
          color="success"
          fontSize="small"
          sx={{ ml: 0.5, verticalAlign: 'middle' }}
        />
      )}
      {reason && (
        <Tooltip title={`${APPOINTMENT_MESSAGES.cancelReasonShown}: ${reason}`} arrow>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              maxWidth: 180,
              mt: 0.5,
            }}
          >
            {reason}
          </Typography>
        </Tooltip>
      )}
    </>
  );
}

function appointmentsConfig(
  open: RowActions,
  groomers: AgendaGroomer[] | undefined,
  attends: (assigned: number | null) => boolean,
): CrudConfig<Appointment> {
  return {
    resource: appointmentsResource,
    title: 'Lista de Citas',
    addLabel: 'Añadir Cita',
    rowLabel: (c) => `${upper(c.perro.nom_perro)} ${formatDate(c.fec_cita)}`,
    columns: [
      {
        header: 'Fecha',
        render: (c) => (
          <>
            {formatDate(c.fec_cita)}
            <Typography component="div" variant="caption" color="text.secondary">
              {dayjs(c.fec_cita).tz(TIME_ZONE).format('HH:mm')}
            </Typography>
          </>
        ),
      },
      { header: 'Cliente', render: (c) => fullName(c.cliente.nom_cli, c.cliente.ape_cli) },
      {
        header: 'Mascota',
        render: (c) => (
          <>
            {upper(c.perro.nom_perro)}
            <PetCareChips care={c.perro} />
          </>
        ),
      },
      {
        header: 'Groomer',
        render: (c) =>
          c.empleado
            ? fullName(c.empleado.nom_emp, c.empleado.ape_emp)
            : AGENDA_MESSAGES.unassigned,
      },
      { header: 'Servicios', render: (c) => <ItemsCell row={c} /> },
      { header: 'Obervaciones', align: 'center', render: (c) => <ObservationsCell row={c} /> },
      { header: 'Usuario', render: (c) => c.usuario.login },
      { header: 'Estado', render: (c) => <StatusCell row={c} /> },
    ],
    loadingText: 'CARGANDO...',
    loadErrorText: APPOINTMENT_MESSAGES.loadWarning,
    // The visit's own days stay in sight: the counter looks for next Tuesday's visits, not for
    // the day they were booked.
    filters: agendaFilters(APPOINTMENT_STATUSES, [
      { name: 'emp', label: 'Groomer', type: 'select', options: groomerFilterOptions(groomers) },
      ...dayRangeFilters(
        { name: 'desde', label: 'Cita desde' },
        { name: 'hasta', label: 'Cita hasta' },
      ),
    ]),
    filterDefaults: () => ({ ...agendaFilterDefaults(), emp: '', desde: '', hasta: '' }),
    advancedLabels: ADVANCED_FILTER_LABELS,
    create: appointmentCreate,
    edit: appointmentEdit,
    // Decisions §roles: attending a visit (triage, En Proceso, Completada) is the groomer's work
    // too; editing, cancelling and the other statuses are booking's (the resource's write).
    // 'Cancelar' asks for the reason (statuses §transitions).
    // Decisions §checkout: a visit not charged yet is charged here; a charged one shows its
    // receipt.
    // The status changes come last, as the crud's would, but through the cita's own change
    // (open.changeStatus): starting an unsigned cita asks for the reason.
    menuItems: (c) => {
      const saleId = c.id_venta;
      return [
        ...(attends(c.id_emp)
          ? [{ label: 'Triaje', access: ATTEND, onClick: () => open.triage(c) }]
          : []),
        ...(mayCharge(c)
          ? [{ label: 'Cobrar', access: CHARGE, onClick: () => open.charge(c.id_cita) }]
          : []),
        ...(saleId !== null
          ? [{ label: 'Ver comprobante', access: CHARGE, onClick: () => open.receipt(saleId) }]
          : []),
        ...(mayCancel(c)
          ? [
              {
                label: APPOINTMENT_MESSAGES.cancelAction,
                access: CANCEL_ACCESS,
                onClick: () =>
                  open.cancel({
                    id_cita: c.id_cita,
                    mascota: c.perro.nom_perro,
                    fec_cita: c.fec_cita,
                  }),
              },
            ]
          : []),
        ...(c.id_serie !== null && c.id_est === AppointmentStatus.Programada
          ? [
              {
                label: SERIES_MESSAGES.cancelAction,
                access: 'agenda.escribir' as const,
                onClick: () => open.cancelSeries(c),
              },
            ]
          : []),
        ...statusItems(c, attends).map((action) => ({
          label: action.label,
          section: action.section,
          access: action.access,
          onClick: () => open.changeStatus(c, action.status),
        })),
      ];
    },
  };
}

/**
 * Spec §001-2: Eliminar (8) and Cambiar Estado with 4, 5, 6; Programada undoes them. Only what
 * the transitions table allows from the cita's status (a Completada one offers Programada
 * alone); a charged cita stays Completada until its sale is voided.
 */
function statusItems(c: Appointment, attends: (assigned: number | null) => boolean) {
  return statusActions(
    c.id_est,
    APPOINTMENT_STATUSES,
    offeredStatuses(c).map((status) =>
      status === AppointmentStatus.Eliminada
        ? { status, label: 'Eliminar' }
        : { status, section: CHANGE_STATUS_SECTION },
    ),
  )
    .map((action) => ({ ...action, access: appointmentStatusAccess(action.status) }))
    .filter((action) => action.access !== ATTEND || attends(c.id_emp));
}

export function AppointmentsPage() {
  const [triageFor, setTriageFor] = useState<Appointment | null>(null);
  const sale = useSaleDialogs();
  const groomers = useGroomers().data;
  const attends = useAttends();
  const cancelSeries = useSeriesCancel();
  const waitlist = useWaitlistOffer();
  const { offer } = waitlist;
  const cancelled = useCallback(
    (target: CancelTarget) => offer(target.id_cita, target.fec_cita),
    [offer],
  );
  const cancel = useAppointmentCancel(cancelled);
  const status = useStatusChangeAskingConsent();
  const { changeStatus } = status;
  const config = useMemo(
    () => ({
      ...appointmentsConfig(
        {
          triage: setTriageFor,
          charge: sale.charge,
          receipt: sale.showReceipt,
          cancelSeries: (row) => void cancelSeries(row),
          cancel: cancel.cancel,
          changeStatus: (row, est) =>
            void changeStatus({
              id: row.id_cita,
              status: est,
              question: changeQuestion(est, APPOINTMENT_STATUSES),
              errorTitle: APPOINTMENT_MESSAGES.statusErrorTitle,
            }).then((changed) => {
              // A cita cancelled or missed: its time is offered to the waitlist.
              if (changed && FREEING_APPOINTMENT_STATUSES.includes(est)) {
                waitlist.offer(row.id_cita, row.fec_cita);
              }
            }),
        },
        groomers,
        attends,
      ),
      children: (
        <>
          <TriageDialog appointment={triageFor} onClose={() => setTriageFor(null)} />
          {sale.dialogs}
          {cancel.dialog}
          {waitlist.dialog}
          {status.dialog}
        </>
      ),
    }),
    [
      triageFor,
      sale.charge,
      sale.showReceipt,
      sale.dialogs,
      groomers,
      attends,
      cancelSeries,
      cancel,
      waitlist,
      changeStatus,
      status.dialog,
    ],
  );
  return <CrudPage config={config} />;
}
