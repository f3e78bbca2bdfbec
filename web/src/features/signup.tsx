import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, SignupSchema, type SignupInput } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '../app/layout/auth-card';
import { notice, toast } from '../lib/alerts';
import { api, ApiError, jsonField } from '../lib/api';

export const SIGNUP_TEXTS = {
  title: 'Join us today',
  subtitle: 'Enter your name, email and password to register',
  name: 'Name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  terms: 'I agree the Terms and Conditions',
  submit: 'Sign up',
  haveAccount: 'Already have an account?',
  login: 'Login',
  pending:
    'We have sent your user name to your email. An administrator must activate your account before you can sign in.',
} as const;

type SignupForm = z.input<typeof SignupSchema>;
const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'terms'] as const;

/**
 * Spec 000 §2 'Signup' (English). The account waits, suspended, until an administrator
 * activates it in Usuarios (DESIGN §5); so the result says so and leads to Login. The answer
 * is the same whether or not the address already had an account: the login goes by e-mail.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupForm, unknown, SignupInput>({
    resolver: zodResolver(SignupSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const signup = useMutation({
    mutationFn: (input: SignupInput) =>
      api.request<null>('POST', '/signup', { body: jsonField(input) }),
    onSuccess: async (answer) => {
      await notice({
        icon: 'success',
        title: answer.message ?? ACCOUNT_MESSAGES.registered,
        text: SIGNUP_TEXTS.pending,
        button: SIGNUP_TEXTS.login,
      });
      void navigate('/login');
    },
    onError: (error) => {
      toast.error(ACCOUNT_MESSAGES.failure);
      if (!(error instanceof ApiError)) return;
      for (const field of FIELDS) {
        const message = error.fieldError(field);
        if (message) setError(field, { message });
      }
    },
  });
  return (
    <AuthCard title={SIGNUP_TEXTS.title} subtitle={SIGNUP_TEXTS.subtitle}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => void handleSubmit((input) => signup.mutate(input))(event)}
      >
        <TextField
          {...register('name')}
          label={SIGNUP_TEXTS.name}
          autoComplete="name"
          autoFocus
          fullWidth
          error={Boolean(errors.name)}
          helperText={errors.name?.message ?? ' '}
        />
        <TextField
          {...register('email')}
          label={SIGNUP_TEXTS.email}
          type="email"
          autoComplete="email"
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message ?? ' '}
        />
        <TextField
          {...register('password')}
          label={SIGNUP_TEXTS.password}
          type="password"
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? ACCOUNT_MESSAGES.passwordHint}
        />
        <TextField
          {...register('confirmPassword')}
          label={SIGNUP_TEXTS.confirmPassword}
          type="password"
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword?.message ?? ' '}
        />
        <div>
          <Controller
            name="terms"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label={SIGNUP_TEXTS.terms}
                control={
                  <Checkbox
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
              />
            )}
          />
          {errors.terms && <FormHelperText error>{errors.terms.message}</FormHelperText>}
        </div>
        <Button type="submit" variant="contained" size="large" fullWidth loading={signup.isPending}>
          {SIGNUP_TEXTS.submit}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {SIGNUP_TEXTS.haveAccount}{' '}
          <Link component={RouterLink} to="/login" underline="hover">
            {SIGNUP_TEXTS.login}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
