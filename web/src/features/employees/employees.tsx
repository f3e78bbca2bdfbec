import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_OPENING_HOURS,
  DOCUMENT_TYPES,
  DocumentTypeId,
  EmployeeInputSchema,
  EmployeeUpdateSchema,
  GROOMER_COLORS,
  Status,
  prefillDocumentType,
  type Employee,
  type UserPrefill,
  employeesResource,
  type EmployeeInput,
  usersResource,
} from '@app/domain';
import { useId, useMemo, useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import {
  CrudPage,
  registrationDayFilters,
  StatusBadge,
  statusOptions,
  type CrudConfig,
  type FieldDef,
  type FieldRenderProps,
} from '../../crud';
import { OpeningHoursInput } from '../../crud/opening-hours-input';
import { formatDate, fullName } from '../../lib/format';
import { ABSENCE_TEXTS, AbsencesDialog } from './absences-dialog';
import {
  COMMISSION_SETTINGS_TEXTS,
  COMMISSIONS_ACCESS,
  CommissionSettingsDialog,
} from './commission-settings';

const ERROR_TITLE = 'Error en empleado';

const digits = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

const OWN_HOURS_TEXTS = {
  own: 'Horario propio',
  companyHours: 'Apagado, atiende en el horario de atención de la empresa (Ajustes)',
  ownHours: 'La agenda marca en gris las horas fuera de este horario',
  legend: 'Horario del groomer',
} as const;

const fields: FieldDef<keyof EmployeeInput>[] = [
  {
    name: 'idtDoc',
    label: 'Tipo de Documento',
    kind: 'select',
    options: DOCUMENT_TYPES.map((t) => ({ value: t.id, label: t.nom })),
    width: 4,
  },
  { name: 'dni', label: 'Número de Documento', maxLength: 13, sanitize: digits(13), width: 4 },
  { name: 'fecnac', label: 'Fecha de Nacimiento', kind: 'date', width: 4 },
  { name: 'nom', label: 'Nombre', maxLength: 100, width: 4 },
  { name: 'ape', label: 'Apellido', maxLength: 100, width: 4 },
  { name: 'telef', label: 'Teléfono', maxLength: 9, sanitize: digits(9), width: 4 },
  { name: 'email', label: 'Email', kind: 'email', maxLength: 150, width: 12 },
  // Decisions §agenda: a groomer gets a column of the agenda, their citas painted in their colour.
  { name: 'agenda', label: 'Atiende citas en la agenda', kind: 'checkbox', width: 6 },
  {
    name: 'color',
    label: 'Color en la agenda',
    width: 6,
    render: (props) => <ColorInput {...props} />,
  },
  // DESIGN §11.4: a groomer's own working hours; off, the company's (Ajustes).
  {
    name: 'horario',
    label: OWN_HOURS_TEXTS.own,
    width: 12,
    render: (props) => <OwnHoursInput {...props} />,
  },
];

/**
 * 'Horario propio': off (null), the employee works the company's hours; on, a week of their
 * own, starting from the usual week.
 */
function OwnHoursInput(props: FieldRenderProps) {
  const { field, disabled } = props;
  const hintId = useId();
  const own = Array.isArray(field.value);
  return (
    <Stack spacing={1.5}>
      <div>
        <FormControlLabel
          label={OWN_HOURS_TEXTS.own}
          disabled={disabled}
          control={
            <Switch
              checked={own}
              onChange={(event) =>
                field.onChange(
                  event.target.checked ? DEFAULT_OPENING_HOURS.map((day) => ({ ...day })) : null,
                )
              }
              onBlur={field.onBlur}
              slotProps={{ input: { 'aria-describedby': hintId } }}
            />
          }
        />
        <Typography id={hintId} variant="body2" color="text.secondary">
          {own ? OWN_HOURS_TEXTS.ownHours : OWN_HOURS_TEXTS.companyHours}
        </Typography>
      </div>
      {own && <OpeningHoursInput {...props} legend={OWN_HOURS_TEXTS.legend} />}
    </Stack>
  );
}

type GroomerColor = (typeof GROOMER_COLORS)[number];

/** What the palette's colours are called in the colour list. */
const COLOR_NAMES: Record<GroomerColor, string> = {
  '#1a73e8': 'Azul',
  '#c2185b': 'Fucsia',
  '#2e7d32': 'Verde',
  '#6a1b9a': 'Morado',
  '#b45309': 'Ámbar',
  '#00796b': 'Turquesa',
  '#c62828': 'Rojo',
  '#455a64': 'Gris azulado',
};

const inPalette = (color: string): color is GroomerColor =>
  (GROOMER_COLORS as readonly string[]).includes(color);

function ColorDot({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: color, flexShrink: 0 }}
    />
  );
}

/**
 * A list of the palette's colours, each with its swatch (the palette keeps white text readable
 * on the calendar's cards). Left empty on register, the server gives one.
 */
function ColorInput({ field, error, disabled }: FieldRenderProps) {
  const value = typeof field.value === 'string' ? field.value : '';
  // A colour from before the palette stays listed, so editing does not lose it unnoticed.
  const colors: readonly string[] =
    value === '' || inPalette(value) ? GROOMER_COLORS : [value, ...GROOMER_COLORS];
  return (
    <TextField
      select
      fullWidth
      id="field-color"
      label="Color en la agenda"
      name={field.name}
      inputRef={field.ref}
      value={value}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? (value === '' ? 'Si lo deja vacío, se asigna uno' : ' ')}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
    >
      {colors.map((color) => (
        <MenuItem key={color} value={color}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ColorDot color={color} />
            <span>{inPalette(color) ? COLOR_NAMES[color] : color}</span>
          </Stack>
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A bookable employee's colour and the word Agenda; nothing for the others. */
function AgendaBadge({ employee }: { employee: Employee }) {
  if (!employee.agenda) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <ColorDot color={employee.color} />
      <span>Agenda</span>
    </Stack>
  );
}

/** What the user registration form receives from an employee ('Crear Usuario de Sistema'). */
const userPrefill = (e: Employee): UserPrefill => ({
  id_emp: e.id_emp,
  tdoc: prefillDocumentType(e.id_tipoDoc, e.dni_emp),
  doc: e.dni_emp,
  name: e.nom_emp,
  surname: e.ape_emp,
  email: e.email_emp,
});

function employeesConfig(
  navigate: NavigateFunction,
  showAbsences: (employee: Employee) => void,
  showCommissions: (employee: Employee) => void,
): CrudConfig<Employee> {
  return {
    resource: employeesResource,
    title: 'Lista de Empleados',
    addLabel: 'Añadir Empleado',
    rowLabel: (e) => fullName(e.nom_emp, e.ape_emp),
    columns: [
      { header: 'Nombre y Apellido', render: (e) => fullName(e.nom_emp, e.ape_emp) },
      { header: 'DNI', render: (e) => e.dni_emp },
      { header: 'F. Nacimiento', render: (e) => formatDate(e.fec_nac) },
      { header: 'Email', render: (e) => e.email_emp },
      { header: 'Teléfono', render: (e) => e.tel_emp },
      { header: 'Agenda', render: (e) => <AgendaBadge employee={e} /> },
      { header: 'Estado', render: (e) => <StatusBadge id={e.id_est} /> },
      { header: 'F. Creación', render: (e) => formatDate(e.created_at) },
    ],
    filters: [
      { name: 'search', label: 'Buscar por nombre, DNI o email' },
      { name: 'est', label: 'Estado', type: 'select', options: statusOptions() },
      ...registrationDayFilters(),
    ],
    filterDefaults: () => ({ search: '', est: '', ficial: '', final: '' }),
    emptyText: 'No se encontraron empleados.',
    create: {
      title: 'Registrar Empleado',
      fields,
      schema: EmployeeInputSchema,
      errorTitle: ERROR_TITLE,
      defaults: () => ({
        idtDoc: DocumentTypeId.DNI,
        dni: '',
        nom: '',
        ape: '',
        fecnac: '',
        email: '',
        telef: '',
        agenda: false,
        horario: null,
      }),
    },
    edit: {
      title: 'Editar Empleado',
      fields,
      schema: EmployeeUpdateSchema.omit({ id: true }),
      errorTitle: ERROR_TITLE,
    },
    // An active employee without an account can get one, made from their data
    // (decisions §employee-account).
    menuItems: (e) => [
      ...(e.id_est === Status.Activo && e.id_usu === null
        ? [
            {
              label: 'Crear Usuario de Sistema',
              // It opens the users' screen: an administrator's (decisions §roles).
              access: usersResource.access.write,
              onClick: () => void navigate('/users', { state: { createUser: userPrefill(e) } }),
            },
          ]
        : []),
      // A groomer's time off (DESIGN §11.4): who reads employees sees it, who writes changes it.
      ...(e.agenda
        ? [
            {
              label: ABSENCE_TEXTS.menu,
              access: employeesResource.access.read,
              onClick: () => showAbsences(e),
            },
          ]
        : []),
      // What the employee earns of their citas' sales (DESIGN §11.7): the administrator's.
      {
        label: COMMISSION_SETTINGS_TEXTS.menu,
        access: COMMISSIONS_ACCESS,
        onClick: () => showCommissions(e),
      },
    ],
    status: {
      current: (e) => e.id_est,
      subject: 'este empleado',
      errorTitle: ERROR_TITLE,
    },
  };
}

/** Spec §000-2 'Lista de Empleados'. */
export function EmployeesPage() {
  const navigate = useNavigate();
  const [absencesOf, setAbsencesOf] = useState<Employee | null>(null);
  const [commissionsOf, setCommissionsOf] = useState<Employee | null>(null);
  const config = useMemo(
    () => ({
      ...employeesConfig(navigate, setAbsencesOf, setCommissionsOf),
      children: (
        <>
          <AbsencesDialog employee={absencesOf} onClose={() => setAbsencesOf(null)} />
          <CommissionSettingsDialog
            employee={commissionsOf}
            onClose={() => setCommissionsOf(null)}
          />
        </>
      ),
    }),
    [navigate, absencesOf, commissionsOf],
  );
  return <CrudPage config={config} />;
}
