import {
  PET_ALERTS,
  PET_SEX_LABELS,
  PET_SEXES,
  PET_SIZE_LABELS,
  PET_SIZES,
  type ClientInput,
  type PetInput,
} from '@app/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { CheckboxGroupField, type FieldDef, type FieldRenderProps } from '../../crud';
import { ClientDniField } from '../../lookups';

const ALERT_OPTIONS = PET_ALERTS.map(({ id, nombre }) => ({ value: id, label: nombre }));

/**
 * The client's and the pet's registration fields, declared once: the Clientes and Mascotas
 * screens and the booking forms' 'Nuevo cliente' and 'Nueva mascota' dialogs (issue 30 §2) use
 * them with the domain's ClientInputSchema and PetInputSchema.
 */

const digits = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

export const clientFields: FieldDef<keyof ClientInput>[] = [
  { name: 'dni', label: 'DNI', maxLength: 8, sanitize: digits(8), width: 4 },
  { name: 'name', label: 'Nombre', maxLength: 100, width: 4 },
  { name: 'surname', label: 'Apellido', maxLength: 100, width: 4 },
  { name: 'tel1', label: 'Teléfono principal', maxLength: 9, sanitize: digits(9), width: 4 },
  { name: 'tel2', label: 'Teléfono secundario', maxLength: 9, sanitize: digits(9), width: 4 },
  { name: 'email', label: 'Email', kind: 'email', maxLength: 150, width: 4 },
  { name: 'direccion', label: 'Dirección', maxLength: 200, width: 12 },
  // Issue 35 §5: two separate choices; each change is kept as a consent given at the counter.
  {
    name: 'recordatorios',
    label: 'Recibe recordatorios',
    width: 6,
    render: (props) => <SwitchField {...props} label="Recibe recordatorios" />,
  },
  {
    name: 'marketing',
    label: 'Acepta publicidad',
    width: 6,
    render: (props) => <SwitchField {...props} label="Acepta publicidad" />,
  },
];

/** A yes/no choice of the client, as a switch. */
function SwitchField({ field, disabled, label }: FieldRenderProps & { label: string }) {
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Switch
          name={field.name}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
        />
      }
    />
  );
}

/** An empty client form: a new client takes reminders and no publicity until they say. */
export const clientDefaults = () => ({
  dni: '',
  name: '',
  surname: '',
  tel1: '',
  tel2: '',
  email: '',
  direccion: '',
  recordatorios: true,
  marketing: false,
});

const lettersOnly = (value: string) => value.replace(/[^A-Za-zÁÉÍÓÚÜÑáéíóúüñ\s]/g, '');

/** The choice that clears an optional select. */
const NOT_GIVEN = { value: '', label: 'Sin indicar' };

export const petFields: FieldDef<keyof PetInput>[] = [
  { name: 'nombre', label: 'Nombre', maxLength: 60, sanitize: lettersOnly, width: 4 },
  { name: 'raza', label: 'Raza', maxLength: 60, sanitize: lettersOnly, width: 4 },
  {
    name: 'dniCliente',
    label: 'DNI del dueño',
    width: 4,
    render: (props) => <ClientDniField {...props} label="DNI del dueño" />,
  },
  // DESIGN §11.4: the size sets how long a visit lasts; the rest describes the pet.
  {
    name: 'talla',
    label: 'Tamaño',
    kind: 'select',
    options: [
      NOT_GIVEN,
      ...PET_SIZES.map((size) => ({ value: size, label: PET_SIZE_LABELS[size] })),
    ],
    width: 3,
  },
  {
    name: 'sexo',
    label: 'Sexo',
    kind: 'select',
    options: [NOT_GIVEN, ...PET_SEXES.map((sex) => ({ value: sex, label: PET_SEX_LABELS[sex] }))],
    width: 3,
  },
  { name: 'fec_nac', label: 'Fecha de nacimiento', kind: 'date', width: 3 },
  { name: 'pelaje', label: 'Pelaje', maxLength: 60, width: 3, hint: 'Corto, largo, rizado…' },
  {
    name: 'alertas',
    label: 'Alertas',
    width: 12,
    // Each alert reached with Tab and toggled with Space (decisions §pet-alerts).
    render: (props) => (
      <CheckboxGroupField {...props} label="Alertas" options={ALERT_OPTIONS} row />
    ),
  },
  {
    name: 'notas_cuidado',
    label: 'Notas de cuidado',
    kind: 'textarea',
    maxLength: 500,
    width: 12,
    hint: 'Lo que el groomer debe saber antes de atenderla: manejo, alergias, medicación.',
  },
];

/** An empty pet form, for the owner with this DNI ('' when not known yet). */
export const petDefaults = (dniCliente = '') => ({
  nombre: '',
  raza: '',
  dniCliente,
  alertas: [] as string[],
  notas_cuidado: '',
  talla: '',
  sexo: '',
  fec_nac: '',
  pelaje: '',
});
