import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ACCOUNT_ENDPOINTS, ACCOUNT_MESSAGES, SignupSchema, type SignupInput } from '@app/domain';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AuthCard } from '../../app/layout/auth-card';
// The form alone, not the crud barrel: a screen used without a session loads no tables.
import { ResourceForm, type FieldDef } from '../../crud/resource-form';
import { notice, toast } from '../../lib/alerts';
import { callWithMessage } from '../../lib/api';

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

const fields: FieldDef<keyof SignupInput>[] = [
  { name: 'name', label: SIGNUP_TEXTS.name, autoComplete: 'name', autoFocus: true },
  { name: 'email', label: SIGNUP_TEXTS.email, kind: 'email', autoComplete: 'email' },
  {
    name: 'password',
    label: SIGNUP_TEXTS.password,
    kind: 'password',
    autoComplete: 'new-password',
    hint: ACCOUNT_MESSAGES.passwordHint,
  },
  {
    name: 'confirmPassword',
    label: SIGNUP_TEXTS.confirmPassword,
    kind: 'password',
    autoComplete: 'new-password',
  },
  { name: 'terms', label: SIGNUP_TEXTS.terms, kind: 'checkbox' },
];

/**
 * Spec §000-2 'Signup' (English). The account waits, suspended, until an administrator
 * activates it in Usuarios (decisions §signup); so the result says so and leads to Login. The
 * answer is the same whether or not the address already had an account: the login goes by e-mail.
 */
export function SignupPage() {
  const navigate = useNavigate();
  return (
    <AuthCard title={SIGNUP_TEXTS.title} subtitle={SIGNUP_TEXTS.subtitle}>
      <ResourceForm<typeof SignupSchema>
        fields={fields}
        schema={SignupSchema}
        defaultValues={{ name: '', email: '', password: '', confirmPassword: '' }}
        submitLabel={SIGNUP_TEXTS.submit}
        wideSubmit
        fieldWidth={12}
        onSubmit={async (input) => {
          const answer = await callWithMessage(ACCOUNT_ENDPOINTS.signup, { body: input });
          await notice({
            icon: 'success',
            title: answer.message ?? ACCOUNT_MESSAGES.registered,
            text: SIGNUP_TEXTS.pending,
            button: SIGNUP_TEXTS.login,
          });
          void navigate('/login');
        }}
        onFailure={() => toast.error(ACCOUNT_MESSAGES.failure)}
      />
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        {SIGNUP_TEXTS.haveAccount}{' '}
        <Link component={RouterLink} to="/login" underline="always">
          {SIGNUP_TEXTS.login}
        </Link>
      </Typography>
    </AuthCard>
  );
}
