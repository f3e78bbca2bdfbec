import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_ENDPOINTS,
  ACCOUNT_MESSAGES,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  HOME_PAGE_LABELS,
  HOME_PAGE_SAVED,
  HOME_PAGES,
  ProfileHomeSchema,
  ProfilePasswordSchema,
  ProfileUpdateSchema,
  type DataOf,
  type Profile,
  type ProfilePasswordInput,
  type OwnSession,
  TWO_FACTOR_MESSAGES,
  TwoFactorConfirmSchema,
  type TwoFactorConfirmInput,
  TwoFactorDisableSchema,
  type TwoFactorEnrolment,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useState, type ReactNode } from 'react';
import { PageContainer } from '../../app/page-container';
import {
  ImageChooser,
  ResourceForm,
  useImageChoice,
  type FieldDef,
  type ImageRules,
} from '../../crud';
import { confirm, toast } from '../../lib/alerts';
import { ApiError, call, callWithMessage, jsonField, queryKey, request } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useProfile } from '../../lib/use-profile';
import { SESSION_QUERY_KEY } from '../../lib/use-session';

export const PROFILE_TEXTS = {
  about: 'About me',
  name: 'Name',
  email: 'Email',
  select: 'Select Image',
  remove: 'Remove',
  change: 'Change',
  submit: 'Submit Changes',
  changePassword: 'Change Password',
  current: 'Current Password',
  password: 'New Password',
  confirm: 'Confirm Password',
  emailPassword: 'Your Password',
  emailPasswordHint: 'Needed only to change the e-mail',
} as const;

const PICTURE_RULES: ImageRules = {
  types: AVATAR_TYPES,
  maxBytes: AVATAR_MAX_BYTES,
  typeMessage: ACCOUNT_MESSAGES.pictureType,
  sizeMessage: ACCOUNT_MESSAGES.pictureSize,
};

/** The English screens' 'Oops' toast; the form shows the message no field carries. */
const showFailure = () => toast.error(ACCOUNT_MESSAGES.failure);

/**
 * The profile form: its password field has a name of its own, since the Change Password form
 * beside it has a `current_password` too (field ids come from names); it is sent as that.
 */
const ProfileFormSchema = ProfileUpdateSchema.omit({ current_password: true }).extend({
  email_password: ProfileUpdateSchema.shape.current_password,
});
type ProfileForm = z.infer<typeof ProfileFormSchema>;

const profileFields: FieldDef<keyof ProfileForm>[] = [
  { name: 'name', label: PROFILE_TEXTS.name, autoComplete: 'name' },
  { name: 'email', label: PROFILE_TEXTS.email, kind: 'email', autoComplete: 'email' },
  // Issue 28 §3: the address the reset links go to changes only with the password.
  {
    name: 'email_password',
    serverName: 'current_password',
    label: PROFILE_TEXTS.emailPassword,
    kind: 'password',
    autoComplete: 'current-password',
    hint: PROFILE_TEXTS.emailPasswordHint,
  },
];

const homePageFields: FieldDef<'inicio'>[] = [
  {
    name: 'inicio',
    label: 'Página de inicio',
    kind: 'select',
    options: HOME_PAGES.map((page) => ({ value: page, label: HOME_PAGE_LABELS[page] })),
    hint: 'La pantalla que se abre al iniciar sesión',
  },
];

const passwordFields: FieldDef<keyof ProfilePasswordInput>[] = [
  // Decisions §own-password: a borrowed session is not enough to change the password behind it.
  {
    name: 'current_password',
    label: PROFILE_TEXTS.current,
    kind: 'password',
    autoComplete: 'current-password',
  },
  {
    name: 'password',
    label: PROFILE_TEXTS.password,
    kind: 'password',
    autoComplete: 'new-password',
    hint: ACCOUNT_MESSAGES.passwordHint,
  },
  {
    name: 'password_confirmation',
    label: PROFILE_TEXTS.confirm,
    kind: 'password',
    autoComplete: 'new-password',
  },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function AboutMe({ profile }: { profile: Profile }) {
  const client = useQueryClient();
  const picture = useImageChoice(PICTURE_RULES);

  // One call: the picture travels with the fields, so a refusal (an e-mail taken, say) saves
  // neither.
  const save = async (input: ProfileForm) => {
    const { file } = picture;
    const removing = picture.removed && !file && profile.profile_image !== null;
    const fields = {
      name: input.name,
      email: input.email,
      ...(input.email_password ? { current_password: input.email_password } : {}),
      ...(removing ? { profile_image: null } : {}),
    };
    let body: unknown = jsonField(fields);
    if (file) {
      const form = new FormData();
      form.append('json', JSON.stringify(fields));
      form.append('attachment', file);
      body = form;
    }
    // Multipart or JSON: the contract declares no body, so its path and method go as they are.
    const { method, path } = ACCOUNT_ENDPOINTS.updateProfile;
    const answer = await request<DataOf<typeof ACCOUNT_ENDPOINTS.updateProfile>>(method, path, {
      body,
    });
    toast.success(answer.message ?? ACCOUNT_MESSAGES.profileUpdated);
    // A refused pick's message stays until the next pick.
    picture.reset(picture.error);
    await client.invalidateQueries({ queryKey: [ACCOUNT_ENDPOINTS.profile.feature] });
    await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };

  return (
    <Section title={PROFILE_TEXTS.about}>
      <ResourceForm<typeof ProfileFormSchema>
        fields={profileFields}
        schema={ProfileFormSchema}
        defaultValues={{ name: profile.name, email: profile.email ?? '', email_password: '' }}
        submitLabel={PROFILE_TEXTS.submit}
        fieldWidth={12}
        showUnplacedMessage
        onSubmit={save}
        onFailure={(error) => {
          if (error instanceof ApiError) picture.showError(error.fieldError('attachment'));
          showFailure();
        }}
      >
        {(submitting) => (
          // Select Image; once an image shows, Remove and Change (spec §000-2).
          <ImageChooser
            shape="avatar"
            choice={picture}
            rules={PICTURE_RULES}
            stored={profile.profile_image}
            label={PROFILE_TEXTS.select}
            texts={PROFILE_TEXTS}
            disabled={submitting}
          />
        )}
      </ResourceForm>
    </Section>
  );
}

/**
 * Decisions §home-page: where signing in takes this user, the Dashboard unless they choose the
 * Agenda.
 */
function HomePageChoice({ profile }: { profile: Profile }) {
  const client = useQueryClient();
  return (
    <Section title="Página de inicio">
      <ResourceForm<typeof ProfileHomeSchema>
        fields={homePageFields}
        schema={ProfileHomeSchema}
        defaultValues={{ inicio: profile.inicio }}
        submitLabel="Guardar"
        fieldWidth={12}
        showUnplacedMessage
        onSubmit={async (input) => {
          const answer = await callWithMessage(ACCOUNT_ENDPOINTS.homePage, { body: input });
          toast.success(answer.message ?? HOME_PAGE_SAVED);
          await client.invalidateQueries({ queryKey: [ACCOUNT_ENDPOINTS.homePage.feature] });
        }}
        onFailure={showFailure}
      />
    </Section>
  );
}

function ChangePassword() {
  return (
    <Section title={PROFILE_TEXTS.changePassword}>
      <ResourceForm<typeof ProfilePasswordSchema>
        fields={passwordFields}
        schema={ProfilePasswordSchema}
        defaultValues={{ current_password: '', password: '', password_confirmation: '' }}
        submitLabel={PROFILE_TEXTS.changePassword}
        fieldWidth={12}
        showUnplacedMessage
        resetOnSuccess
        onSubmit={async (input) => {
          const answer = await callWithMessage(ACCOUNT_ENDPOINTS.password, { body: input });
          toast.success(answer.message ?? ACCOUNT_MESSAGES.passwordUpdated);
        }}
        onFailure={showFailure}
      />
    </Section>
  );
}

const TWO_FACTOR_TEXTS = {
  title: 'Verificación en dos pasos',
  intro:
    'Además de su contraseña, al iniciar sesión se le pedirá un código de una aplicación de ' +
    'autenticación de su celular (Google Authenticator, Microsoft Authenticator u otra).',
  start: 'Activar verificación en dos pasos',
  scan: 'Escanee este código QR con su aplicación. Si no puede escanearlo, ingrese la clave a mano.',
  qrAlt: 'Código QR para agregar su cuenta a la aplicación de autenticación',
  key: 'Clave para ingresar a mano',
  code: 'Código de verificación',
  confirm: 'Activar',
  active: (left: number) => `Activa. Le quedan ${left} códigos de recuperación sin usar.`,
  codesTitle: 'Guarde sus códigos de recuperación',
  codesText:
    'Cada código sirve una sola vez para ingresar si pierde su celular. Guárdelos en un lugar ' +
    'seguro: no se volverán a mostrar.',
  codesDone: 'Ya los guardé',
  disable: 'Desactivar',
  disableHint: 'Para desactivarla, confirme su contraseña actual.',
} as const;

const TWO_FACTOR_KEY = queryKey(ACCOUNT_ENDPOINTS.twoFactor);
const SESSIONS_KEY = queryKey(ACCOUNT_ENDPOINTS.sessions);

const confirmCodeFields: FieldDef<keyof TwoFactorConfirmInput>[] = [
  { name: 'codigo', label: TWO_FACTOR_TEXTS.code, autoComplete: 'one-time-code' },
];

const disableFields: FieldDef<'current_password'>[] = [
  {
    name: 'current_password',
    label: PROFILE_TEXTS.current,
    kind: 'password',
    autoComplete: 'current-password',
  },
];

/** The recovery codes, shown once right after turning the second factor on. */
function RecoveryCodesNotice({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <Alert severity="warning" role="status">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {TWO_FACTOR_TEXTS.codesTitle}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {TWO_FACTOR_TEXTS.codesText}
      </Typography>
      <Box
        component="ul"
        aria-label={TWO_FACTOR_TEXTS.codesTitle}
        sx={{ fontFamily: 'monospace', fontSize: '1rem', columns: 2, pl: 2.5, my: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button variant="contained" onClick={onDone}>
        {TWO_FACTOR_TEXTS.codesDone}
      </Button>
    </Alert>
  );
}

/** Issue 28 §5: the second factor, for admins: the QR and key once, a code confirms. */
function TwoFactorSection() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: TWO_FACTOR_KEY,
    queryFn: ({ signal }) => call(ACCOUNT_ENDPOINTS.twoFactor, { signal }),
  });
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: TWO_FACTOR_KEY });

  // Shown to whoever may turn it on, and to whoever has it on (an admin given another role).
  if (!status.data || (!status.data.disponible && !status.data.activo)) return null;

  const start = async () => {
    setStarting(true);
    try {
      const answer = await callWithMessage(ACCOUNT_ENDPOINTS.startTwoFactor, {});
      setEnrolment(answer.data);
    } catch {
      showFailure();
    } finally {
      setStarting(false);
    }
  };

  let body: ReactNode;
  if (codes) {
    body = <RecoveryCodesNotice codes={codes} onDone={() => setCodes(null)} />;
  } else if (status.data.activo) {
    body = (
      <Stack spacing={2}>
        <Alert severity="success">{TWO_FACTOR_TEXTS.active(status.data.codigos_restantes)}</Alert>
        <Typography variant="body2">{TWO_FACTOR_TEXTS.disableHint}</Typography>
        <ResourceForm<typeof TwoFactorDisableSchema>
          fields={disableFields}
          schema={TwoFactorDisableSchema}
          defaultValues={{ current_password: '' }}
          submitLabel={TWO_FACTOR_TEXTS.disable}
          fieldWidth={12}
          showUnplacedMessage
          resetOnSuccess
          onSubmit={async (input) => {
            const answer = await callWithMessage(ACCOUNT_ENDPOINTS.disableTwoFactor, {
              body: input,
            });
            toast.success(answer.message ?? TWO_FACTOR_MESSAGES.deactivated);
            await refresh();
          }}
          onFailure={showFailure}
        />
      </Stack>
    );
  } else if (enrolment) {
    body = (
      <Stack spacing={2}>
        <Typography variant="body2">{TWO_FACTOR_TEXTS.scan}</Typography>
        <Box
          component="img"
          src={enrolment.qr}
          alt={TWO_FACTOR_TEXTS.qrAlt}
          sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff', p: 1 }}
        />
        <TextField
          label={TWO_FACTOR_TEXTS.key}
          value={enrolment.clave}
          slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
          fullWidth
        />
        <ResourceForm<typeof TwoFactorConfirmSchema>
          fields={confirmCodeFields}
          schema={TwoFactorConfirmSchema}
          defaultValues={{ codigo: '' }}
          submitLabel={TWO_FACTOR_TEXTS.confirm}
          fieldWidth={12}
          showUnplacedMessage
          onSubmit={async (input) => {
            const answer = await callWithMessage(ACCOUNT_ENDPOINTS.confirmTwoFactor, {
              body: input,
            });
            toast.success(answer.message ?? TWO_FACTOR_MESSAGES.activated);
            // The key is not needed any more: it stays only in the app.
            setEnrolment(null);
            setCodes(answer.data.codigos);
            await refresh();
          }}
          onFailure={showFailure}
        />
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2">{TWO_FACTOR_TEXTS.intro}</Typography>
        <Button variant="contained" loading={starting} onClick={() => void start()}>
          {TWO_FACTOR_TEXTS.start}
        </Button>
      </Stack>
    );
  }
  return <Section title={TWO_FACTOR_TEXTS.title}>{body}</Section>;
}

const SESSION_TEXTS = {
  title: 'Sesiones abiertas',
  current: 'Esta sesión',
  closeOthers: 'Cerrar las demás sesiones',
  question: '¿Está seguro de cerrar todas sus demás sesiones?',
  details: (session: OwnSession) =>
    [
      session.ip ? `IP ${session.ip}` : undefined,
      `Inició ${formatDateTime(session.creada)}`,
      `Última actividad ${formatDateTime(session.ultima_actividad)}`,
    ]
      .filter(Boolean)
      .join(' · '),
} as const;

/** Issue 28 §5: where this account is signed in; the others can be closed from here. */
function OpenSessions() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => call(ACCOUNT_ENDPOINTS.sessions, { signal }),
  });
  const [closing, setClosing] = useState(false);
  const sessions = list.data ?? [];

  const closeOthers = async () => {
    if (!(await confirm(SESSION_TEXTS.question))) return;
    setClosing(true);
    try {
      const answer = await callWithMessage(ACCOUNT_ENDPOINTS.closeOtherSessions, {});
      toast.success(answer.message ?? TWO_FACTOR_MESSAGES.othersClosed);
      await client.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch {
      showFailure();
    } finally {
      setClosing(false);
    }
  };

  return (
    <Section title={SESSION_TEXTS.title}>
      {list.isPending ? (
        <CircularProgress />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <List dense disablePadding aria-label={SESSION_TEXTS.title} sx={{ width: '100%' }}>
            {sessions.map((session) => (
              <ListItem key={`${session.creada}|${session.ip ?? ''}`} disableGutters divider>
                <ListItemText
                  primary={
                    <>
                      {session.dispositivo}
                      {session.actual && (
                        <Chip
                          label={SESSION_TEXTS.current}
                          color="success"
                          size="small"
                          sx={{ ml: 1 }}
                        />
                      )}
                    </>
                  }
                  secondary={SESSION_TEXTS.details(session)}
                />
              </ListItem>
            ))}
          </List>
          <Button
            variant="outlined"
            color="error"
            loading={closing}
            disabled={sessions.length < 2}
            onClick={() => void closeOthers()}
          >
            {SESSION_TEXTS.closeOthers}
          </Button>
        </Stack>
      )}
    </Section>
  );
}

/** Spec §000-2 'User Profile' (/user-profile, and the sidenav's Perfil at /mi-perfil). */
export function AccountPage() {
  const profile = useProfile();
  return (
    <PageContainer>
      {profile.isPending ? (
        <CircularProgress />
      ) : profile.isError ? (
        <Alert severity="error">{ACCOUNT_MESSAGES.failure}</Alert>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 6 }}>
            {/* Keyed by the saved data: the form restarts from what the server now holds. */}
            <AboutMe
              key={`${profile.data.name}|${profile.data.email}|${profile.data.profile_image}`}
              profile={profile.data}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChangePassword />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <HomePageChoice profile={profile.data} />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <TwoFactorSection />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <OpenSessions />
          </Grid>
        </Grid>
      )}
    </PageContainer>
  );
}
