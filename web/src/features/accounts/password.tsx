import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_ENDPOINTS,
  ACCOUNT_FIELD_MESSAGES,
  ACCOUNT_MESSAGES,
  ForcedPasswordChangeSchema,
  MUST_CHANGE_PASSWORD,
  type ForcedPasswordChangeInput,
  PasswordForgotFormSchema,
  PasswordResetFormSchema,
  type PasswordResetForm,
} from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../app/layout/auth-card';
// The form alone, not the crud barrel: a screen used without a session loads no tables.
import { ResourceForm, type FieldDef } from '../../crud/resource-form';
import { toast } from '../../lib/alerts';
import { ApiError, call } from '../../lib/api';
import { signOut } from '../../lib/auth';
import { SESSION_QUERY_KEY } from '../../lib/use-session';

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

/** The screen's names, with the call's where they differ (spec §000-3). */
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

/** Spec §000-2 'Password Forgot': the answer is the same whether or not the address exists. */
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
          await call(ACCOUNT_ENDPOINTS.passwordForgot, {
            body: { redirect_url: `${window.location.origin}/password-reset`, email },
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

/** Spec §000-2 'Password Reset': email and token come from the address of the e-mail's link. */
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
          await call(ACCOUNT_ENDPOINTS.passwordReset, {
            body: {
              password: input.newPassword,
              password_confirmation: input.confirmPassword,
              email,
              token,
            },
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

export const FORCED_PASSWORD_TEXTS = {
  title: 'Cambiar contraseña',
  current: 'Contraseña actual',
  newPassword: 'Nueva contraseña',
  confirm: 'Confirmar contraseña',
  submit: 'Cambiar contraseña',
  signOut: 'Cerrar sesión',
  hint: 'Al menos 8 caracteres, con una mayúscula, una minúscula, un número y un carácter especial (@$!%*?&).',
} as const;

const forcedFields: FieldDef<keyof ForcedPasswordChangeInput>[] = [
  {
    name: 'current_password',
    label: FORCED_PASSWORD_TEXTS.current,
    kind: 'password',
    autoComplete: 'current-password',
    autoFocus: true,
  },
  {
    name: 'password',
    label: FORCED_PASSWORD_TEXTS.newPassword,
    kind: 'password',
    autoComplete: 'new-password',
    hint: FORCED_PASSWORD_TEXTS.hint,
  },
  {
    name: 'password_confirmation',
    label: FORCED_PASSWORD_TEXTS.confirm,
    kind: 'password',
    autoComplete: 'new-password',
  },
];

/**
 * Issue 28 §1: a user whose password was generated (or set by an administrator) sees only
 * this until they choose their own; then the shell shows the app.
 */
export function ForcedPasswordChangePage() {
  const client = useQueryClient();
  return (
    <AuthCard title={FORCED_PASSWORD_TEXTS.title} subtitle={MUST_CHANGE_PASSWORD}>
      <ResourceForm<typeof ForcedPasswordChangeSchema>
        fields={forcedFields}
        schema={ForcedPasswordChangeSchema}
        defaultValues={{ current_password: '', password: '', password_confirmation: '' }}
        submitLabel={FORCED_PASSWORD_TEXTS.submit}
        wideSubmit
        fieldWidth={12}
        showUnplacedMessage
        onSubmit={async (input) => {
          await call(ACCOUNT_ENDPOINTS.password, { body: input });
          toast.success('Contraseña actualizada');
          await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        }}
      />
      <Button fullWidth sx={{ mt: 2 }} onClick={() => void signOut()}>
        {FORCED_PASSWORD_TEXTS.signOut}
      </Button>
    </AuthCard>
  );
}
