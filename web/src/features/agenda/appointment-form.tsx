import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import dayjs from 'dayjs';
import {
  APPOINTMENT_ENDPOINTS,
  APPOINTMENT_MESSAGES,
  AppointmentFormSchema,
  AppointmentSeriesFormSchema,
  appointmentsResource,
  isSeriesPayload,
  DEFAULT_DURATION,
  limaToday,
  type Appointment,
  type CrudEndpoints,
} from '@app/domain';
import {
  ResourceForm,
  useResourceMutation,
  type CreateConfig,
  type EditConfig,
  type FieldDef,
  type FormValues,
} from '../../crud';
import { toast } from '../../lib/alerts';
import { callWithMessage, jsonField } from '../../lib/api';
import { TIME_ZONE } from '../../lib/format';
import { appointmentBooked, BOOKED } from './booked';
import { clientPetFields } from './client-pet-fields';
import { GroomerSelect, UNASSIGNED } from './groomers';
import { ItemTabsField } from './item-tabs-field';

/**
 * The one appointment form (json id, fec_cita, id_emp, duracion, dni_cli, id_perro, id_cliente,
 * id_servicio, id_paquete, fech_reg, obs): the Citas list opens it through its CRUD page, the
 * calendar through AppointmentFormDialog.
 */
const fields: FieldDef[] = [
  { name: 'fec_cita', label: 'Fecha y hora de la cita', kind: 'datetime', width: 4 },
  { name: 'id_emp', label: 'Groomer', width: 4, render: (props) => <GroomerSelect {...props} /> },
  { name: 'duracion', label: 'Duración (min)', kind: 'number', step: '15', width: 4 },
  ...clientPetFields(
    { dni: 'dni_cli', client: 'id_cliente', pet: 'id_perro', duration: 'duracion' },
    6,
  ),
  {
    name: 'tipo',
    label: 'Servicio o paquete',
    width: 12,
    render: (props) => <ItemTabsField {...props} durationField="duracion" />,
  },
  { name: 'obs', label: 'Observaciones', kind: 'textarea', maxLength: 500, width: 8 },
  { name: 'fech_reg', label: 'Fecha de registro', kind: 'date', width: 4 },
];

/** Registration only: 'Repetir cada N semanas, M veces' (decisions §series). */
const seriesFields: FieldDef[] = [
  { name: 'repetir', label: 'Repetir', kind: 'checkbox', width: 4 },
  { name: 'cada_semanas', label: 'Cada cuántas semanas (1 a 12)', kind: 'number', width: 4 },
  { name: 'veces', label: 'Cuántas veces (2 a 26)', kind: 'number', width: 4 },
];

/** A series goes to its own route, which books every date or none. */
const createEndpoint = (payload: object): CrudEndpoints<Appointment>['register'] =>
  isSeriesPayload(payload)
    ? APPOINTMENT_ENDPOINTS.seriesRegister
    : appointmentsResource.endpoints.register;

/** The stored time as the date-time input's 'YYYY-MM-DDTHH:mm' value, in Lima time. */
const toLocalInput = (iso: string) => dayjs(iso).tz(TIME_ZONE).format('YYYY-MM-DDTHH:mm');

export const appointmentCreate: CreateConfig<Appointment> = {
  title: 'Registrar Cita',
  fields: [...fields, ...seriesFields],
  schema: AppointmentSeriesFormSchema,
  endpoint: createEndpoint,
  errorTitle: APPOINTMENT_MESSAGES.registerErrorTitle,
  defaults: () => ({
    fec_cita: '',
    id_emp: UNASSIGNED,
    // Replaced by the chosen service's or package's own, unless the user types one.
    duracion: DEFAULT_DURATION,
    dni_cli: '',
    id_cliente: '',
    id_perro: '',
    tipo: 'servicio',
    id_servicio: '',
    id_paquete: '',
    obs: '',
    // Spec §001-9: the registration date defaults to today.
    fech_reg: limaToday(),
    repetir: false,
    cada_semanas: 1,
    veces: 4,
  }),
};

/** The edit form's values from the stored appointment. */
function editValues(c: Appointment): FormValues {
  return {
    fec_cita: toLocalInput(c.fec_cita),
    id_emp: c.id_emp ?? UNASSIGNED,
    duracion: c.duracion,
    dni_cli: c.cliente.dni_cli,
    id_cliente: c.id_cli,
    id_perro: c.id_perro,
    tipo: c.id_paq !== null ? 'paquete' : 'servicio',
    id_servicio: c.id_srv ?? '',
    id_paquete: c.id_paq ?? '',
    obs: c.obs_perro,
    fech_reg: c.fech_reg,
    [BOOKED]: appointmentBooked(c),
  };
}

// Decisions §appointment-edit: Editar opens a real edit form (PUT /cita).
export const appointmentEdit: EditConfig<Appointment> = {
  title: 'Editar Cita',
  fields,
  schema: AppointmentFormSchema,
  errorTitle: APPOINTMENT_MESSAGES.updateErrorTitle,
  fromRow: editValues,
};

/** What the dialog shows: a new appointment from these values, or the edit of one. */
export type AppointmentFormTarget = { prefill: FormValues } | { appointment: Appointment };

export interface AppointmentFormDialogProps {
  /** Null closes the dialog. */
  target: AppointmentFormTarget | null;
  onClose(): void;
}

/** The appointment form in a dialog, for screens other than the Citas list (the calendar). */
export function AppointmentFormDialog({ target, onClose }: AppointmentFormDialogProps) {
  const mutation = useResourceMutation(appointmentsResource.plural);
  const { paths } = appointmentsResource;
  const editing = target && 'appointment' in target ? target.appointment : undefined;
  const config = editing ? appointmentEdit : appointmentCreate;
  const save = async (values: FormValues) => {
    const answer = await mutation.mutateAsync(
      editing
        ? { method: 'PUT', path: paths.update, body: jsonField({ ...values, id: editing.id_cita }) }
        : () => callWithMessage(createEndpoint(values), { body: values }),
    );
    if (answer.message) toast.success(answer.message);
    onClose();
  };
  return (
    <Dialog open={target !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{config.title}</DialogTitle>
      <DialogContent>
        {target && (
          <Stack sx={{ pt: 1 }}>
            <ResourceForm
              fields={config.fields}
              schema={config.schema}
              defaultValues={
                'appointment' in target
                  ? editValues(target.appointment)
                  : { ...appointmentCreate.defaults(), ...target.prefill }
              }
              submitLabel={editing ? 'Guardar Cambios' : 'Registrar'}
              errorTitle={config.errorTitle}
              onSubmit={save}
              onCancel={onClose}
            />
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
