import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  DOCUMENT_TYPES,
  DocumentTypeId,
  OTHER_DOCUMENT_MAX,
  ROLE_LABELS,
  ROLES,
  USER_MESSAGES,
  UserEditSchema,
  UserPasswordFormSchema,
  UserRegisterSchema,
  TWO_FACTOR_MESSAGES,
  type ApiSuccess,
  type User,
  USER_ACCOUNT_ENDPOINTS,
  type UserPrefill,
  usersResource,
} from '@app/domain';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import {
  CrudPage,
  registrationDayFilters,
  ResourceForm,
  StatusBadge,
  statusOptions,
  useResourceMutation,
  type CrudConfig,
  type FieldDef,
  type FieldRenderProps,
  type FormValues,
} from '../../crud';
import { confirm, showErrorDialog, toast } from '../../lib/alerts';
import { callWithMessage } from '../../lib/api';
import { formatDate, fullName, upper } from '../../lib/format';

const ERROR_TITLE = 'Error en Usuario';

interface DocumentFieldProps extends FieldRenderProps {
  /** On edit the number is shown disabled, unless the account has none yet (a sign-up). */
  lockWhenSet?: boolean;
}

/** The document number: 8 digits when the type is DNI, otherwise up to 20 letters and digits. */
function DocumentField({ field, error, form, disabled, lockWhenSet }: DocumentFieldProps) {
  const tdoc: unknown = useWatch({ control: form.control, name: 'tdoc' });
  const isDni = Number(tdoc) === DocumentTypeId.DNI;
  const initial: unknown = form.formState.defaultValues?.doc;
  const locked = Boolean(lockWhenSet) && typeof initial === 'string' && initial !== '';
  const keep = (value: string) =>
    isDni
      ? value.replace(/\D/g, '').slice(0, 8)
      : value.replace(/[^A-Za-z0-9]/g, '').slice(0, OTHER_DOCUMENT_MAX);
  return (
    <TextField
      fullWidth
      id="field-doc"
      label="Número de Documento"
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      disabled={disabled || locked}
      error={Boolean(error)}
      helperText={error ?? ' '}
      onChange={(e) => field.onChange(keep(e.target.value))}
      onBlur={field.onBlur}
      slotProps={{
        htmlInput: {
          maxLength: isDni ? 8 : OTHER_DOCUMENT_MAX,
          inputMode: isDni ? 'numeric' : 'text',
        },
      }}
    />
  );
}

/** Under an empty type beside a number already given ('Crear Usuario de Sistema'). */
const CHOOSE_TYPE_HINT =
  'Elija el tipo de documento: el número del empleado no es un DNI de 8 dígitos';

/**
 * The document type. An employee's "DNI" of 9 to 13 digits arrives with no type (see
 * `prefillDocumentType`): the hint says why, instead of a DNI error on a number that is right.
 */
function DocumentTypeField({ field, error, form, disabled }: FieldRenderProps) {
  const doc: unknown = useWatch({ control: form.control, name: 'doc' });
  const value: unknown = field.value;
  const unset = value === null || value === undefined || value === '';
  const hint = unset && typeof doc === 'string' && doc !== '' ? CHOOSE_TYPE_HINT : ' ';
  return (
    <TextField
      select
      fullWidth
      id="field-tdoc"
      label="Tipo de Documento"
      name={field.name}
      inputRef={field.ref}
      value={unset ? '' : value}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? hint}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
    >
      {DOCUMENT_TYPES.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {t.nom}
        </MenuItem>
      ))}
    </TextField>
  );
}

const documentType: FieldDef = {
  name: 'tdoc',
  label: 'Tipo de Documento',
  width: 4,
  render: (p) => <DocumentTypeField {...p} />,
};

const personFields: FieldDef[] = [
  { name: 'name', label: 'Nombre', maxLength: 100, width: 4 },
  { name: 'surname', label: 'Apellido', maxLength: 100, width: 4 },
  { name: 'email', label: 'Email', kind: 'email', maxLength: 150, width: 4 },
];

/** Decisions §roles: what the user may do; an administrator sets it. */
const roleField: FieldDef = {
  name: 'rol',
  label: 'Rol',
  kind: 'select',
  options: ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  width: 4,
};

const registerFields: FieldDef[] = [
  documentType,
  { name: 'doc', label: 'Número de Documento', width: 4, render: (p) => <DocumentField {...p} /> },
  ...personFields,
  { name: 'login', label: 'Usuario', maxLength: 50, width: 4 },
  roleField,
  { name: 'password', label: 'Contraseña', kind: 'password', maxLength: 100, width: 4 },
  {
    name: 'password_confirmation',
    label: 'Confirmar Contraseña',
    kind: 'password',
    maxLength: 100,
    width: 4,
  },
];

const editFields: FieldDef[] = [
  documentType,
  {
    name: 'doc',
    label: 'Número de Documento',
    width: 4,
    render: (p) => <DocumentField {...p} lockWhenSet />,
  },
  ...personFields,
  { name: 'login', label: 'Usuario', disabled: true, width: 4 },
  roleField,
];

const passwordFields: FieldDef<'pwd' | 'pwd_confirmation'>[] = [
  { name: 'pwd', label: 'Nueva Contraseña', kind: 'password', maxLength: 100 },
  { name: 'pwd_confirmation', label: 'Confirmar Contraseña', kind: 'password', maxLength: 100 },
];

function usersConfig(
  changePassword: (user: User) => void,
  actions: AccountActions,
): CrudConfig<User> {
  return {
    resource: usersResource,
    title: 'Lista de Usuarios',
    addLabel: 'Añadir Usuario',
    rowLabel: (u) => fullName(u.name, u.surname),
    columns: [
      { header: 'Nombre', render: (u) => upper(u.name) },
      { header: 'Apellido', render: (u) => upper(u.surname) },
      { header: 'DNI', render: (u) => `${u.tipo_doc.nom} ${u.doc}`.trim() },
      { header: 'Email', render: (u) => u.email },
      { header: 'Usuario', render: (u) => u.login },
      { header: 'Rol', render: (u) => ROLE_LABELS[u.rol] },
      { header: 'Estado', render: (u) => <StatusBadge id={u.id_est} /> },
      { header: 'Fecha de creación', render: (u) => formatDate(u.created_at) },
    ],
    filters: [
      { name: 'search', label: 'Buscar por nombre, apellido, DNI o usuario' },
      { name: 'est', label: 'Estado de Usuario', type: 'select', options: statusOptions() },
      ...registrationDayFilters(),
    ],
    filterDefaults: () => ({ search: '', est: '', ficial: '', final: '' }),
    emptyText: 'No se encontraron usuarios.',
    create: {
      title: 'Registrar Usuario',
      fields: registerFields,
      schema: UserRegisterSchema,
      errorTitle: ERROR_TITLE,
      defaults: () => ({
        tdoc: DocumentTypeId.DNI,
        doc: '',
        name: '',
        surname: '',
        email: '',
        login: '',
        password: '',
        password_confirmation: '',
        rol: 'recepcion',
      }),
    },
    edit: {
      title: 'Editar Usuario',
      fields: editFields,
      schema: UserEditSchema,
      errorTitle: ERROR_TITLE,
      toPayload: (values, row) => ({ ...values, id: row?.id, login: row?.login }),
    },
    menuItems: (u) => [
      { label: 'Cambiar Contraseña', onClick: () => changePassword(u) },
      { label: 'Cerrar Sesiones', onClick: () => void actions.closeAllSessions(u) },
      ...(u.totp_activo
        ? [
            {
              label: 'Quitar Verificación en Dos Pasos',
              onClick: () => void actions.removeTwoFactor(u),
            },
          ]
        : []),
    ],
    status: {
      current: (u) => u.id_est,
      subject: 'este usuario',
      errorTitle: ERROR_TITLE,
    },
  };
}

interface AccountActions {
  closeAllSessions(user: User): Promise<void>;
  removeTwoFactor(user: User): Promise<void>;
}

/**
 * Issue 28 §5, in each row's menu: every session of the user ends (a shared computer, a lost
 * phone); a lost phone's second factor goes (the user signs in with the password again).
 */
function useAccountActions(): AccountActions {
  const { mutateAsync } = useResourceMutation(usersResource.plural);
  return useMemo(() => {
    const confirmed = async (
      question: string,
      write: () => Promise<ApiSuccess<unknown>>,
      fallback: string,
    ) => {
      if (!(await confirm(question))) return;
      try {
        const answer = await mutateAsync(write);
        toast.success(answer.message ?? fallback);
      } catch (error) {
        await showErrorDialog(ERROR_TITLE, error);
      }
    };
    const nameOf = (user: User) => fullName(user.name, user.surname);
    return {
      closeAllSessions: (user) =>
        confirmed(
          `¿Está seguro de cerrar todas las sesiones de ${nameOf(user)}?`,
          () => callWithMessage(USER_ACCOUNT_ENDPOINTS.closeSessions, { params: { id: user.id } }),
          TWO_FACTOR_MESSAGES.userSessionsClosed,
        ),
      removeTwoFactor: (user) =>
        confirmed(
          `¿Está seguro de quitar la verificación en dos pasos de ${nameOf(user)}?`,
          () =>
            callWithMessage(USER_ACCOUNT_ENDPOINTS.removeTwoFactor, { params: { id: user.id } }),
          TWO_FACTOR_MESSAGES.resetByAdmin,
        ),
    };
  }, [mutateAsync]);
}

interface ChangePasswordDialogProps {
  user: User | null;
  onClose(): void;
}

/** 'Cambiar Contraseña': `PATCH /user/pwd` with id, pwd, pwd_confirmation (spec §000-7). */
function ChangePasswordDialog({ user, onClose }: ChangePasswordDialogProps) {
  const mutation = useResourceMutation(usersResource.plural);
  return (
    <Dialog open={user !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Cambiar Contraseña</DialogTitle>
      <DialogContent>
        {user && (
          <ResourceForm<typeof UserPasswordFormSchema>
            fields={passwordFields}
            schema={UserPasswordFormSchema}
            defaultValues={{ pwd: '', pwd_confirmation: '' }}
            submitLabel="Cambiar Contraseña"
            errorTitle={ERROR_TITLE}
            onSubmit={async (values) => {
              const answer = await mutation.mutateAsync(() =>
                callWithMessage(USER_ACCOUNT_ENDPOINTS.password, {
                  body: { id: user.id, pwd: values.pwd, pwd_confirmation: values.pwd_confirmation },
                }),
              );
              toast.success(answer.message ?? USER_MESSAGES.passwordChanged);
              onClose();
            }}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function prefillOf(state: unknown): FormValues | undefined {
  const value = (state as { createUser?: UserPrefill } | null)?.createUser;
  if (!value || typeof value.id_emp !== 'number') return undefined;
  return { ...value };
}

/**
 * Spec §000-2 'Lista de Usuarios'. Opened by 'Crear Usuario de Sistema' with an employee's data.
 */
export function UsersPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [prefill] = useState(() => prefillOf(location.state));
  const [changing, setChanging] = useState<User | null>(null);
  const actions = useAccountActions();
  const config = useMemo(() => usersConfig(setChanging, actions), [actions]);

  // The employee's data is used once: a reload shows the list, not the form again.
  const hasState = location.state !== null && location.state !== undefined;
  useEffect(() => {
    if (hasState) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [hasState, navigate, location.pathname, location.search]);

  return (
    <CrudPage
      config={{
        ...config,
        children: <ChangePasswordDialog user={changing} onClose={() => setChanging(null)} />,
      }}
      createWith={prefill}
    />
  );
}
