import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_FIELD_MESSAGES,
  ACCOUNT_MESSAGES,
  PasswordForgotFormSchema,
  PasswordResetFormSchema,
  type PasswordResetForm,
} from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '../app/layout/auth-card';
import { toast } from '../lib/alerts';
import { api, ApiError } from '../lib/api';

export const PASSWORD_TEXTS = {
  forgotTitle: 'Password Forgot',
  forgotHint: 'You will receive an e-mail in maximum 60 seconds',
  email: 'Email',
  reset: 'Reset',
  resetTitle: 'Password Reset',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  change: 'Change Password',
  login: 'Login',
  askAgain: 'Ask for a new link',
} as const;

type ForgotForm = z.input<typeof PasswordForgotFormSchema>;

/** Spec 000 §2 'Password Forgot': the answer is the same whether or not the address exists. */
export function PasswordForgotPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotForm, unknown, z.output<typeof PasswordForgotFormSchema>>({
    resolver: zodResolver(PasswordForgotFormSchema),
    defaultValues: { email: '' },
  });
  const send = useMutation({
    // The link of the e-mail leads back to this app's Password Reset page.
    mutationFn: (email: string) =>
      api.post('/password-forgot', {
        redirect_url: `${window.location.origin}/password-reset`,
        email,
      }),
    onSuccess: () => {
      toast.success(ACCOUNT_MESSAGES.emailSent);
      void navigate('/login');
    },
    onError: (error) => {
      toast.error(ACCOUNT_MESSAGES.failure);
      const message = error instanceof ApiError ? error.fieldError('email') : undefined;
      if (message) setError('email', { message });
    },
  });
  return (
    <AuthCard title={PASSWORD_TEXTS.forgotTitle} subtitle={PASSWORD_TEXTS.forgotHint}>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => void handleSubmit(({ email }) => send.mutate(email))(event)}
      >
        <TextField
          {...register('email')}
          label={PASSWORD_TEXTS.email}
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message ?? ' '}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending}>
          {PASSWORD_TEXTS.reset}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" underline="hover">
            {PASSWORD_TEXTS.login}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}

/** Spec 000 §2 'Password Reset': email and token come from the address of the e-mail's link. */
export function PasswordResetPage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  const token = query.get('token') ?? '';
  const [linkError, setLinkError] = useState<string | undefined>(
    email && token ? undefined : ACCOUNT_FIELD_MESSAGES.token,
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof PasswordResetFormSchema>, unknown, PasswordResetForm>({
    resolver: zodResolver(PasswordResetFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const reset = useMutation({
    mutationFn: (input: PasswordResetForm) =>
      api.post('/password-reset', {
        password: input.newPassword,
        password_confirmation: input.confirmPassword,
        email,
        token,
      }),
    onSuccess: () => {
      toast.success(ACCOUNT_MESSAGES.passwordChanged);
      void navigate('/login');
    },
    onError: (error) => {
      toast.error(ACCOUNT_MESSAGES.failure);
      if (!(error instanceof ApiError)) return;
      // The call's names, mapped onto the screen's fields (spec 000 §3).
      const password = error.fieldError('password');
      const confirmation = error.fieldError('password_confirmation');
      if (password) setError('newPassword', { message: password });
      if (confirmation) setError('confirmPassword', { message: confirmation });
      setLinkError(error.fieldError('token') ?? error.fieldError('email'));
    },
  });
  return (
    <AuthCard title={PASSWORD_TEXTS.resetTitle}>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => void handleSubmit((input) => reset.mutate(input))(event)}
      >
        {linkError && (
          <Alert
            severity="error"
            action={
              <Button component={RouterLink} to="/password-forgot" color="inherit" size="small">
                {PASSWORD_TEXTS.askAgain}
              </Button>
            }
          >
            {linkError}
          </Alert>
        )}
        <TextField
          {...register('newPassword')}
          label={PASSWORD_TEXTS.newPassword}
          type="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword?.message ?? ACCOUNT_MESSAGES.passwordHint}
        />
        <TextField
          {...register('confirmPassword')}
          label={PASSWORD_TEXTS.confirmPassword}
          type="password"
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword?.message ?? ' '}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={reset.isPending}
          disabled={!email || !token}
        >
          {PASSWORD_TEXTS.change}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" underline="hover">
            {PASSWORD_TEXTS.login}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
