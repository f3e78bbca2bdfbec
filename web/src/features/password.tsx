import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_FIELD_MESSAGES,
  ACCOUNT_MESSAGES,
  PasswordForgotFormSchema,
  PasswordResetFormSchema,
  type PasswordResetForm,
} from '@app/domain';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../app/layout/auth-card';
// The form alone, not the crud barrel: a screen used without a session loads no tables.
import { ResourceForm, type FieldDef } from '../crud/resource-form';
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

/** The screen's names, with the call's where they differ (spec 000 §3). */
const resetFields: FieldDef<keyof PasswordResetForm>[] = [
  {
    name: 'newPassword',
    serverName: 'password',
    label: PASSWORD_TEXTS.newPassword,
    kind: 'password',
    autoComplete: 'new-password',
    autoFocus: true,
    hint: ACCOUNT_MESSAGES.passwordHint,
  },
  {
    name: 'confirmPassword',
    serverName: 'password_confirmation',
    label: PASSWORD_TEXTS.confirmPassword,
    kind: 'password',
    autoComplete: 'new-password',
  },
];

const showFailure = () => toast.error(ACCOUNT_MESSAGES.failure);

function LoginLink() {
  return (
    <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" underline="hover">
        {PASSWORD_TEXTS.login}
      </Link>
    </Typography>
  );
}

/** Spec 000 §2 'Password Forgot': the answer is the same whether or not the address exists. */
export function PasswordForgotPage() {
  const navigate = useNavigate();
  return (
    <AuthCard title={PASSWORD_TEXTS.forgotTitle} subtitle={PASSWORD_TEXTS.forgotHint}>
      <ResourceForm<typeof PasswordForgotFormSchema>
        fields={[
          {
            name: 'email',
            label: PASSWORD_TEXTS.email,
            kind: 'email',
            autoComplete: 'email',
            autoFocus: true,
          },
        ]}
        schema={PasswordForgotFormSchema}
        defaultValues={{ email: '' }}
        submitLabel={PASSWORD_TEXTS.reset}
        wideSubmit
        fieldWidth={12}
        onSubmit={async ({ email }) => {
          // The link of the e-mail leads back to this app's Password Reset page.
          await api.post('/password-forgot', {
            redirect_url: `${window.location.origin}/password-reset`,
            email,
          });
          toast.success(ACCOUNT_MESSAGES.emailSent);
          void navigate('/login');
        }}
        onFailure={showFailure}
      />
      <LoginLink />
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
  return (
    <AuthCard title={PASSWORD_TEXTS.resetTitle}>
      <ResourceForm<typeof PasswordResetFormSchema>
        fields={resetFields}
        schema={PasswordResetFormSchema}
        defaultValues={{ newPassword: '', confirmPassword: '' }}
        submitLabel={PASSWORD_TEXTS.change}
        wideSubmit
        fieldWidth={12}
        submitDisabled={!email || !token}
        onSubmit={async (input) => {
          await api.post('/password-reset', {
            password: input.newPassword,
            password_confirmation: input.confirmPassword,
            email,
            token,
          });
          toast.success(ACCOUNT_MESSAGES.passwordChanged);
          void navigate('/login');
        }}
        onFailure={(error) => {
          showFailure();
          if (error instanceof ApiError) {
            setLinkError(error.fieldError('token') ?? error.fieldError('email'));
          }
        }}
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
      </ResourceForm>
      <LoginLink />
    </AuthCard>
  );
}
