import Typography from '@mui/material/Typography';
import {
  WAITLIST_MESSAGES,
  WAITLIST_STATUSES,
  WaitlistFormSchema,
  waitlistResource,
  WaitlistStatus,
  WEEKDAYS,
  weekdaysText,
  type WaitlistEntry,
} from '@app/domain';
import {
  CheckboxGroupField,
  CrudPage,
  StatusBadge,
  statusOptions,
  type CrudConfig,
  type FieldDef,
  type FormValues,
  type StatusAction,
} from '../../crud';
import { formatDate, fullName, upper } from '../../lib/format';
import { PetCareChips } from '../../lookups';
import { ADVANCED_FILTER_LABELS } from './agenda-list';
import { BOOKED } from './booked';
import { clientPetFields } from './client-pet-fields';
import { FreedSlots } from './freed-slots';
import { ItemTabsField } from './item-tabs-field';
import { TimeField } from './time-field';

/**
 * 'Lista de espera' (decisions §waitlist): clients who want an earlier slot, with the days and
 * hours they can come. A cancelled or missed cita offers its time to them (waitlist-offer-dialog).
 */

const M = WAITLIST_MESSAGES;

const WEEKDAY_OPTIONS = WEEKDAYS.map(({ dia, nombre }) => ({ value: dia, label: nombre }));

const fields: FieldDef[] = [
  ...clientPetFields({ dni: 'dni_cli', client: 'id_cliente', pet: 'id_perro' }, 6),
  {
    name: 'tipo',
    label: 'Servicio o paquete',
    width: 12,
    render: (props) => <ItemTabsField {...props} />,
  },
  {
    name: 'dias',
    label: 'Días que puede venir',
    width: 12,
    render: (props) => (
      <CheckboxGroupField
        {...props}
        label="Días que puede venir"
        options={WEEKDAY_OPTIONS}
        required
        row
      />
    ),
  },
  {
    name: 'hora_desde',
    label: 'Desde',
    width: 3,
    render: (props) => <TimeField {...props} label="Desde (hora)" />,
  },
  {
    name: 'hora_hasta',
    label: 'Hasta',
    width: 3,
    render: (props) => <TimeField {...props} label="Hasta (hora)" />,
  },
  { name: 'notas', label: 'Notas', kind: 'textarea', maxLength: 300, width: 6 },
];

function editValues(e: WaitlistEntry): FormValues {
  return {
    dni_cli: e.cliente.dni_cli,
    id_cliente: e.id_cli,
    id_perro: e.id_perro,
    tipo: e.id_paq !== null ? 'paquete' : 'servicio',
    id_servicio: e.id_srv ?? '',
    id_paquete: e.id_paq ?? '',
    dias: e.dias,
    hora_desde: e.hora_desde,
    hora_hasta: e.hora_hasta,
    notas: e.notas,
    // The client and pet stay choices even if retired since, as on the bookings' edit.
    [BOOKED]: { client: e.cliente, pet: e.perro },
  };
}

/** Pendiente can be cancelled, Cancelada brought back; an Agendada entry is done. */
function actions(e: WaitlistEntry): StatusAction[] {
  if (e.id_est === WaitlistStatus.Pendiente) {
    return [{ label: 'Cancelar', status: WaitlistStatus.Cancelada, verb: 'cancelar' }];
  }
  if (e.id_est === WaitlistStatus.Cancelada) {
    return [{ label: 'Volver a Pendiente', status: WaitlistStatus.Pendiente, verb: 'reactivar' }];
  }
  return [];
}

const itemName = (e: WaitlistEntry) => e.servicio?.nom_srv ?? e.paquete?.nom_paq ?? '';

const waitlistConfig: CrudConfig<WaitlistEntry> = {
  resource: waitlistResource,
  title: 'Lista de espera',
  addLabel: 'Añadir a la lista',
  rowLabel: (e) => `${upper(e.perro.nom_perro)} ${formatDate(e.created_at)}`,
  columns: [
    { header: 'Registro', render: (e) => formatDate(e.created_at) },
    {
      header: 'Cliente',
      render: (e) => (
        <>
          {fullName(e.cliente.nom_cli, e.cliente.ape_cli)}
          <Typography component="div" variant="caption" color="text.secondary">
            Tel. {e.cliente.tel1_cli}
          </Typography>
        </>
      ),
    },
    {
      header: 'Mascota',
      render: (e) => (
        <>
          {upper(e.perro.nom_perro)}
          <PetCareChips care={e.perro} />
        </>
      ),
    },
    { header: 'Servicio o paquete', render: (e) => upper(itemName(e)) },
    { header: 'Días', render: (e) => weekdaysText(e.dias) },
    { header: 'Horario', render: (e) => `${e.hora_desde} – ${e.hora_hasta}` },
    { header: 'Notas', render: (e) => e.notas },
    {
      header: 'Estado',
      render: (e) => <StatusBadge id={e.id_est} catalogue={WAITLIST_STATUSES} />,
    },
  ],
  above: <FreedSlots />,
  loadErrorText: M.loadWarning,
  emptyText: 'No hay clientes en la lista de espera con estos filtros.',
  filters: [
    { name: 'cli', label: 'Cliente (nombre, apellido o DNI)' },
    { name: 'pe', label: 'Mascota' },
    { name: 'est', label: 'Estado', type: 'select', options: statusOptions(WAITLIST_STATUSES) },
    { name: 'usu', label: 'Usuario', advanced: true },
    { name: 'ficial', label: 'Registrada desde', type: 'date', advanced: true },
    { name: 'final', label: 'Registrada hasta', type: 'date', advanced: true },
  ],
  // Who is still waiting is what the list is for; any registration date.
  filterDefaults: () => ({
    cli: '',
    pe: '',
    est: String(WaitlistStatus.Pendiente),
    usu: '',
    ficial: '',
    final: '',
  }),
  advancedLabels: ADVANCED_FILTER_LABELS,
  create: {
    title: 'Añadir a la lista de espera',
    fields,
    schema: WaitlistFormSchema,
    errorTitle: M.formErrorTitle,
    defaults: () => ({
      dni_cli: '',
      id_cliente: '',
      id_perro: '',
      tipo: 'servicio',
      id_servicio: '',
      id_paquete: '',
      dias: [],
      hora_desde: '09:00',
      hora_hasta: '13:00',
      notas: '',
    }),
  },
  edit: {
    title: 'Editar entrada de la lista de espera',
    fields,
    schema: WaitlistFormSchema,
    errorTitle: M.formErrorTitle,
    fromRow: editValues,
  },
  status: {
    current: (e) => e.id_est,
    subject: 'esta entrada de la lista de espera',
    errorTitle: M.statusErrorTitle,
    actions,
  },
};

export function WaitlistPage() {
  return <CrudPage config={waitlistConfig} />;
}
