import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUSES,
  AppointmentFormSchema,
  AppointmentStatus,
  limaToday,
  type Appointment,
  type Permission,
  appointmentsResource,
  appointmentStatusAccess,
} from '@app/domain';
import { CrudPage, StatusBadge, type CrudConfig, type FieldDef } from '../../crud';
import { formatDate, fullName, TIME_ZONE, upper } from '../../lib/format';
import {
  ADVANCED_FILTER_LABELS,
  agendaFilterDefaults,
  agendaFilters,
  CHANGE_STATUS_SECTION,
  changeQuestion,
  statusActions,
} from './agenda-list';
import { appointmentBooked, BOOKED } from './booked';
import { clientPetFields } from './client-pet-fields';
import { ItemTabsField } from './item-tabs-field';
import { TriageDialog } from './triage-dialog';

/** What starting, completing and recording the triage of a visit need. */
const ATTEND: Permission = 'agenda.atender';

/** json (id), fec_cita, dni_cli, id_perro, id_cliente, id_servicio, id_paquete, fech_reg, obs. */
const fields: FieldDef[] = [
  { name: 'fec_cita', label: 'Fecha y hora de la cita', kind: 'datetime', width: 4 },
  ...clientPetFields({ dni: 'dni_cli', client: 'id_cliente', pet: 'id_perro' }, 4),
  {
    name: 'tipo',
    label: 'Servicio o paquete',
    width: 12,
    render: (props) => <ItemTabsField {...props} />,
  },
  {
    name: 'obs',
    label: 'Observaciones',
    kind: 'textarea',
    maxLength: 500,
    width: 8,
  },
  { name: 'fech_reg', label: 'Fecha de registro', kind: 'date', width: 4 },
];

/** The stored time as the form's `datetime-local` value, in Lima time. */
const toLocalInput = (iso: string) => dayjs(iso).tz(TIME_ZONE).format('YYYY-MM-DDTHH:mm');

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
  return (
    <Tooltip title={row.obs_perro} arrow>
      <IconButton size="small" aria-label={`Observaciones: ${row.obs_perro}`}>
        <VisibilityIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function appointmentsConfig(openTriage: (row: Appointment) => void): CrudConfig<Appointment> {
  return {
    resource: appointmentsResource,
    title: 'Lista de Citas',
    addLabel: 'Añadir Cita',
    rowLabel: (c) => `${upper(c.perro.nom_perro)} ${formatDate(c.fec_cita)}`,
    columns: [
      {
        header: 'FECHA',
        render: (c) => (
          <>
            {formatDate(c.fec_cita)}
            <Typography component="div" variant="caption" color="text.secondary">
              {dayjs(c.fec_cita).tz(TIME_ZONE).format('HH:mm')}
            </Typography>
          </>
        ),
      },
      { header: 'CLIENTE', render: (c) => fullName(c.cliente.nom_cli, c.cliente.ape_cli) },
      { header: 'MASCOTA', render: (c) => upper(c.perro.nom_perro) },
      { header: 'SERVICIOS', render: (c) => <ItemsCell row={c} /> },
      { header: 'OBERVACIONES', align: 'center', render: (c) => <ObservationsCell row={c} /> },
      { header: 'USUARIO', render: (c) => c.usuario.login },
      {
        header: 'ESTADO',
        render: (c) => <StatusBadge id={c.id_est} catalogue={APPOINTMENT_STATUSES} />,
      },
    ],
    actionsHeader: 'ACCIONES',
    loadingText: 'CARGANDO...',
    loadErrorText: APPOINTMENT_MESSAGES.loadWarning,
    filters: agendaFilters(APPOINTMENT_STATUSES),
    filterDefaults: agendaFilterDefaults,
    advancedLabels: ADVANCED_FILTER_LABELS,
    create: {
      title: 'Registrar Cita',
      fields,
      schema: AppointmentFormSchema,
      errorTitle: APPOINTMENT_MESSAGES.registerErrorTitle,
      defaults: () => ({
        fec_cita: '',
        dni_cli: '',
        id_cliente: '',
        id_perro: '',
        tipo: 'servicio',
        id_servicio: '',
        id_paquete: '',
        obs: '',
        // Spec 001 §9: the registration date defaults to today.
        fech_reg: limaToday(),
      }),
    },
    // DESIGN §5: Editar opens a real edit form (PUT /cita).
    edit: {
      title: 'Editar Cita',
      fields,
      schema: AppointmentFormSchema,
      errorTitle: APPOINTMENT_MESSAGES.updateErrorTitle,
      fromRow: (c) => ({
        fec_cita: toLocalInput(c.fec_cita),
        dni_cli: c.cliente.dni_cli,
        id_cliente: c.id_cli,
        id_perro: c.id_perro,
        tipo: c.id_paq !== null ? 'paquete' : 'servicio',
        id_servicio: c.id_srv ?? '',
        id_paquete: c.id_paq ?? '',
        obs: c.obs_perro,
        fech_reg: c.fech_reg,
        [BOOKED]: appointmentBooked(c),
      }),
    },
    // DESIGN §10.1: attending a visit (triage, En Proceso, Completada) is the groomer's work
    // too; editing, cancelling and the other statuses are booking's (the resource's write).
    menuItems: (c) => [{ label: 'Triaje', access: ATTEND, onClick: () => openTriage(c) }],
    status: {
      current: (c) => c.id_est,
      subject: 'esta cita',
      errorTitle: APPOINTMENT_MESSAGES.statusErrorTitle,
      // Spec 001 §2: Eliminar (8) and Cambiar Estado with 4, 5, 6; Programada undoes them.
      actions: (c) =>
        statusActions(c.id_est, APPOINTMENT_STATUSES, [
          { status: AppointmentStatus.Eliminada, label: 'Eliminar' },
          { status: AppointmentStatus.NoAsistio, section: CHANGE_STATUS_SECTION },
          { status: AppointmentStatus.EnProceso, section: CHANGE_STATUS_SECTION },
          { status: AppointmentStatus.Completada, section: CHANGE_STATUS_SECTION },
          { status: AppointmentStatus.Programada, section: CHANGE_STATUS_SECTION },
        ]).map((action) => ({ ...action, access: appointmentStatusAccess(action.status) })),
      question: (action) => changeQuestion(action.status, APPOINTMENT_STATUSES),
    },
  };
}

export function AppointmentsPage() {
  const [triageFor, setTriageFor] = useState<Appointment | null>(null);
  const config = useMemo(
    () => ({
      ...appointmentsConfig(setTriageFor),
      children: <TriageDialog appointment={triageFor} onClose={() => setTriageFor(null)} />,
    }),
    [triageFor],
  );
  return <CrudPage config={config} />;
}
