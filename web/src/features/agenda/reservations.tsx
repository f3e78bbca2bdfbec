import {
  RESERVATION_MESSAGES,
  RESERVATION_STATUSES,
  ReservationInputSchema,
  ReservationStatus,
  ReservationUpdateSchema,
  type Reservation,
  reservationsResource,
} from '@app/domain';
import { CrudPage, StatusBadge, type CrudConfig, type FieldDef } from '../../crud';
import { formatDate, formatDateTime, fullName, upper } from '../../lib/format';
import { PetCareChips } from '../../lookups';
import {
  ADVANCED_FILTER_LABELS,
  agendaFilterDefaults,
  agendaFilters,
  CHANGE_STATUS_SECTION,
  changeQuestion,
  statusActions,
} from './agenda-list';
import { BOOKED, reservationBooked } from './booked';
import { clientPetFields } from './client-pet-fields';

const dateField = (name: string): FieldDef => ({
  name,
  label: 'Fecha de cita',
  kind: 'date',
  width: 4,
});

/** Registration: json fec_cita, dni_cli, id_perro, id_cliente (api §payloads). */
const createFields: FieldDef[] = [
  dateField('fec_cita'),
  ...clientPetFields({ dni: 'dni_cli', client: 'id_cliente', pet: 'id_perro' }, 4),
];

/** Edit: json ID, fecita, dnicli, idcli, nomPerro, id_perro; its date is the appointment's. */
const editFields: FieldDef[] = [
  dateField('fecita'),
  ...clientPetFields({ dni: 'dnicli', client: 'idcli', pet: 'id_perro', petName: 'nomPerro' }, 4),
];

const clientName = (r: Reservation) => fullName(r.cliente.nom_cli, r.cliente.ape_cli);

const reservationsConfig: CrudConfig<Reservation> = {
  resource: reservationsResource,
  title: 'Lista de Reservas',
  addLabel: 'Añadir Reserva',
  rowLabel: (r) => `${clientName(r)} ${formatDate(r.fec_cita)}`,
  columns: [
    { header: 'Fecha/hora registro', render: (r) => formatDateTime(r.fec_reg) },
    { header: 'Fecha cita', render: (r) => formatDate(r.fec_cita) },
    {
      header: 'Estado',
      render: (r) => <StatusBadge id={r.id_est} catalogue={RESERVATION_STATUSES} />,
    },
    { header: 'Cliente', render: clientName },
    {
      header: 'Mascota',
      render: (r) => (
        <>
          {upper(r.perro.nom_perro)}
          <PetCareChips care={r.perro} />
        </>
      ),
    },
  ],
  filters: agendaFilters(RESERVATION_STATUSES),
  filterDefaults: agendaFilterDefaults,
  advancedLabels: ADVANCED_FILTER_LABELS,
  create: {
    title: 'Registrar Reserva',
    fields: createFields,
    schema: ReservationInputSchema,
    errorTitle: RESERVATION_MESSAGES.formErrorTitle,
    defaults: () => ({ fec_cita: '', dni_cli: '', id_cliente: '', id_perro: '' }),
  },
  edit: {
    title: 'Editar Reserva',
    fields: editFields,
    schema: ReservationUpdateSchema,
    errorTitle: RESERVATION_MESSAGES.formErrorTitle,
    fromRow: (r) => ({
      ID: r.id_res,
      fecita: r.fec_cita,
      dnicli: r.cliente.dni_cli,
      idcli: r.id_cli,
      nomPerro: r.perro.nom_perro,
      id_perro: r.id_perro,
      [BOOKED]: reservationBooked(r),
    }),
    // The schema's output adds `id` for the server's machinery; the spec's names are enough.
    toPayload: ({ id: _id, ...values }) => values,
  },
  status: {
    current: (r) => r.id_est,
    subject: 'esta reserva',
    errorTitle: RESERVATION_MESSAGES.statusErrorTitle,
    // Spec §001-2: Confirmar, then Cambiar Estado with Cancelada, Expirada, Pendiente.
    actions: (r) =>
      statusActions(r.id_est, RESERVATION_STATUSES, [
        { status: ReservationStatus.Confirmada, label: 'Confirmar' },
        { status: ReservationStatus.Cancelada, section: CHANGE_STATUS_SECTION },
        { status: ReservationStatus.Expirada, section: CHANGE_STATUS_SECTION },
        { status: ReservationStatus.Pendiente, section: CHANGE_STATUS_SECTION },
      ]),
    question: (action) => changeQuestion(action.status, RESERVATION_STATUSES),
  },
};

export function ReservationsPage() {
  return <CrudPage config={reservationsConfig} />;
}
