import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  HOME_PAGE_LABELS,
  HOME_PAGE_SAVED,
  HOME_PAGES,
  ProfileHomeSchema,
  ProfilePasswordSchema,
  ProfileUpdateSchema,
  type Profile,
  type ProfilePasswordInput,
  type ProfileUpdateInput,
} from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageContainer } from '../app/page-container';
import {
  ImageChooser,
  ResourceForm,
  useImageChoice,
  type FieldDef,
  type ImageRules,
} from '../crud';
import { toast } from '../lib/alerts';
import { api, ApiError, jsonField } from '../lib/api';
import { PROFILE_QUERY_KEY, useProfile } from '../lib/use-profile';
import { SESSION_QUERY_KEY } from '../lib/use-session';

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
} as const;

const PICTURE_RULES: ImageRules = {
  types: AVATAR_TYPES,
  maxBytes: AVATAR_MAX_BYTES,
  typeMessage: ACCOUNT_MESSAGES.pictureType,
  sizeMessage: ACCOUNT_MESSAGES.pictureSize,
};

/** The English screens' 'Oops' toast; the form shows the message no field carries. */
const showFailure = () => toast.error(ACCOUNT_MESSAGES.failure);

const profileFields: FieldDef<keyof ProfileUpdateInput>[] = [
  { name: 'name', label: PROFILE_TEXTS.name, autoComplete: 'name' },
  { name: 'email', label: PROFILE_TEXTS.email, kind: 'email', autoComplete: 'email' },
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
  // DESIGN §10.1: a borrowed session is not enough to change the password behind it.
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
  const save = async (input: ProfileUpdateInput) => {
    const { file } = picture;
    const removing = picture.removed && !file && profile.profile_image !== null;
    const fields = {
      name: input.name,
      email: input.email,
      ...(removing ? { profile_image: null } : {}),
    };
    let body: unknown = jsonField(fields);
    if (file) {
      const form = new FormData();
      form.append('json', JSON.stringify(fields));
      form.append('attachment', file);
      body = form;
    }
    const answer = await api.request<Profile>('PATCH', '/profile', { body });
    toast.success(answer.message ?? ACCOUNT_MESSAGES.profileUpdated);
    // A refused pick's message stays until the next pick.
    picture.reset(picture.error);
    await client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };

  return (
    <Section title={PROFILE_TEXTS.about}>
      <ResourceForm<typeof ProfileUpdateSchema>
        fields={profileFields}
        schema={ProfileUpdateSchema}
        defaultValues={{ name: profile.name, email: profile.email }}
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
          // Select Image; once an image shows, Remove and Change (spec 000 §2).
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

/** DESIGN §10.2: where signing in takes this user, the Dashboard unless they choose the Agenda. */
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
          const answer = await api.request<Profile>('PATCH', '/profile/inicio', {
            body: jsonField(input),
          });
          toast.success(answer.message ?? HOME_PAGE_SAVED);
          await client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
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
          const answer = await api.request<null>('PATCH', '/profile/password', {
            body: jsonField(input),
          });
          toast.success(answer.message ?? ACCOUNT_MESSAGES.passwordUpdated);
        }}
        onFailure={showFailure}
      />
    </Section>
  );
}

/** Spec 000 §2 'User Profile' (/user-profile, and the sidenav's Perfil at /mi-perfil). */
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
        </Grid>
      )}
    </PageContainer>
  );
}
