import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  ProfilePasswordSchema,
  ProfileUpdateSchema,
  type Profile,
  type ProfilePasswordInput,
  type ProfileUpdateInput,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { PageContainer } from '../app/page-container';
import { ImageChooser, useImageChoice, type ImageRules } from '../crud';
import { toast } from '../lib/alerts';
import { api, ApiError, jsonField } from '../lib/api';
import { SESSION_QUERY_KEY } from '../lib/use-session';

const PROFILE_KEY = ['profile'] as const;

export const PROFILE_TEXTS = {
  about: 'About me',
  name: 'Name',
  email: 'Email',
  select: 'Select Image',
  remove: 'Remove',
  change: 'Change',
  submit: 'Submit Changes',
  changePassword: 'Change Password',
  password: 'New Password',
  confirm: 'Confirm Password',
} as const;

const PICTURE_RULES: ImageRules = {
  types: AVATAR_TYPES,
  maxBytes: AVATAR_MAX_BYTES,
  typeMessage: ACCOUNT_MESSAGES.pictureType,
  sizeMessage: ACCOUNT_MESSAGES.pictureSize,
};

/**
 * A failed call: field errors under their fields (spec 000 §5), the red 'Oops' toast, and the
 * server's message when no field carries it (the default-user refusal).
 */
function reportFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | undefined {
  toast.error(ACCOUNT_MESSAGES.failure);
  if (!(error instanceof ApiError)) return undefined;
  let placed = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) {
      setError(field, { message });
      placed = true;
    }
  }
  return placed ? undefined : error.message || undefined;
}

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
  const [notice, setNotice] = useState<string>();
  const form = useForm<z.input<typeof ProfileUpdateSchema>, unknown, ProfileUpdateInput>({
    resolver: zodResolver(ProfileUpdateSchema),
    defaultValues: { name: profile.name, email: profile.email },
  });
  const { register, handleSubmit, setError, formState } = form;

  const save = useMutation({
    // One call: the picture travels with the fields, so a refusal (an e-mail taken, say)
    // saves neither.
    mutationFn: (input: ProfileUpdateInput) => {
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
      return api.request<Profile>('PATCH', '/profile', { body });
    },
    onSuccess: async (answer) => {
      toast.success(answer.message ?? ACCOUNT_MESSAGES.profileUpdated);
      // A refused pick's message stays until the next pick.
      picture.reset(picture.error);
      setNotice(undefined);
      await client.invalidateQueries({ queryKey: PROFILE_KEY });
      await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError) picture.showError(error.fieldError('attachment'));
      setNotice(reportFailure(error, setError, ['name', 'email']));
    },
  });

  const busy = save.isPending || formState.isSubmitting;
  return (
    <Section title={PROFILE_TEXTS.about}>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => void handleSubmit((input) => save.mutate(input))(event)}
      >
        {notice && <Alert severity="error">{notice}</Alert>}
        {/* Select Image; once an image shows, Remove and Change (spec 000 §2). */}
        <ImageChooser
          shape="avatar"
          choice={picture}
          rules={PICTURE_RULES}
          stored={profile.profile_image}
          label={PROFILE_TEXTS.select}
          texts={PROFILE_TEXTS}
          disabled={busy}
        />
        <TextField
          {...register('name')}
          label={PROFILE_TEXTS.name}
          fullWidth
          autoComplete="name"
          error={Boolean(formState.errors.name)}
          helperText={formState.errors.name?.message ?? ' '}
        />
        <TextField
          {...register('email')}
          label={PROFILE_TEXTS.email}
          type="email"
          fullWidth
          autoComplete="email"
          error={Boolean(formState.errors.email)}
          helperText={formState.errors.email?.message ?? ' '}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={busy}>
            {PROFILE_TEXTS.submit}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

function ChangePassword() {
  const [notice, setNotice] = useState<string>();
  const { register, handleSubmit, setError, reset, formState } = useForm<
    z.input<typeof ProfilePasswordSchema>,
    unknown,
    ProfilePasswordInput
  >({
    resolver: zodResolver(ProfilePasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const change = useMutation({
    mutationFn: (input: ProfilePasswordInput) =>
      api.request<null>('PATCH', '/profile/password', { body: jsonField(input) }),
    onSuccess: (answer) => {
      toast.success(answer.message ?? ACCOUNT_MESSAGES.passwordUpdated);
      setNotice(undefined);
      reset();
    },
    onError: (error) =>
      setNotice(reportFailure(error, setError, ['password', 'password_confirmation'])),
  });
  return (
    <Section title={PROFILE_TEXTS.changePassword}>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => void handleSubmit((input) => change.mutate(input))(event)}
      >
        {notice && <Alert severity="error">{notice}</Alert>}
        <TextField
          {...register('password')}
          label={PROFILE_TEXTS.password}
          type="password"
          fullWidth
          autoComplete="new-password"
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message ?? ACCOUNT_MESSAGES.passwordHint}
        />
        <TextField
          {...register('password_confirmation')}
          label={PROFILE_TEXTS.confirm}
          type="password"
          fullWidth
          autoComplete="new-password"
          error={Boolean(formState.errors.password_confirmation)}
          helperText={formState.errors.password_confirmation?.message ?? ' '}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={change.isPending}>
            {PROFILE_TEXTS.changePassword}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

/** Spec 000 §2 'User Profile' (/user-profile, and the sidenav's Perfil at /mi-perfil). */
export function AccountPage() {
  const profile = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => api.get<Profile>('/profile', undefined, { signal }),
  });
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
        </Grid>
      )}
    </PageContainer>
  );
}
