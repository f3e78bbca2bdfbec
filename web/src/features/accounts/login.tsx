import PetsIcon from '@mui/icons-material/Pets';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { LOGIN_MESSAGES, LoginSchema, type LoginInput } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBrand } from '../../app/brand';
import { ACCENTS } from '../../app/theme';
import { toast } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import { loginErrorMessage, signIn } from '../../lib/auth';

export const LOGIN_TEXTS = {
  login: 'Usuario',
  password: 'Contraseña',
  remember: 'Recordarme',
  submit: 'Iniciar Sesión',
  forgot: 'Recuperar Contraseña',
  complaints: 'Libro de Reclamaciones',
  code: 'Código de verificación',
  codeHint: 'Los 6 dígitos de su aplicación, o uno de sus códigos de recuperación',
} as const;

/**
 * PUBLIC_COMPLAINTS_PATH of the domain, written out: importing it would bring the complaints
 * book's schemas (3.5 KB gzip) into the first page. e2e/complaints.spec.ts follows this link.
 */
const COMPLAINTS_BOOK_PATH = '/libro-reclamaciones';

type LoginErrors = Partial<Record<keyof LoginInput, string>>;
const FIELDS = ['login', 'password', 'codigo'] as const;

/**
 * The form read through the shared schema: the parsed input, or the first message per field.
 * Two fields do not need react-hook-form, which would be the largest library of the first page
 * (decisions §budgets: the login page loads under 250 KB of gzipped JavaScript).
 */
function readLogin(form: HTMLFormElement): { input: LoginInput } | { errors: LoginErrors } {
  const data = new FormData(form);
  const parsed = LoginSchema.safeParse({
    login: data.get('login'),
    password: data.get('password'),
    // Only once the server asked for it (issue 28 §5).
    codigo: data.get('codigo') ?? undefined,
  });
  if (parsed.success) return { input: parsed.data };
  const errors: LoginErrors = {};
  for (const { path, message } of parsed.error.issues) {
    const field = FIELDS.find((name) => name === path[0]);
    if (field) errors[field] ??= message;
  }
  return { errors };
}

interface LoginFieldProps {
  name: keyof LoginInput;
  label: string;
  type?: 'password';
  autoComplete: string;
  autoFocus?: boolean;
  error: string | undefined;
  hint?: string;
}

/**
 * An outlined text field as TextField draws it, from its parts: TextField also brings Select,
 * Menu and Popover, some 18 KB the first page does not need.
 */
function LoginField({ name, label, error, hint, ...input }: LoginFieldProps) {
  const id = useId();
  const help = error ?? hint;
  return (
    <FormControl fullWidth error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        name={name}
        label={label}
        aria-describedby={help ? `${id}-help` : undefined}
      />
      {help && <FormHelperText id={`${id}-help`}>{help}</FormHelperText>}
    </FormControl>
  );
}

/** Spec §000-2 'Login': the staff's way in. */
export function LoginPage() {
  const brand = useBrand();
  const [remember, setRemember] = useState(false);
  // null until the first submit; from then on every change checks the fields again.
  const [errors, setErrors] = useState<LoginErrors | null>(null);
  // The password was right and the account's second factor is on: the code field shows.
  const [askCode, setAskCode] = useState(false);

  const { mutate, isPending } = useMutation({
    mutationFn: (input: LoginInput) => signIn(input, remember),
    // The stored credential makes GuestOnly take the user to their home page.
    onSuccess: () => toast.success(LOGIN_MESSAGES.welcome),
    onError: (error, input) => {
      const asked = error instanceof ApiError && error.secondFactor;
      if (asked) setAskCode(true);
      // A first ask is no error: the code field, focused, says what to do.
      if (!asked || input.codigo) toast.error(loginErrorMessage(error));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = readLogin(form);
    if ('input' in result) {
      setErrors({});
      mutate(result.input);
      return;
    }
    setErrors(result.errors);
    const invalid = FIELDS.find((name) => result.errors[name]);
    const field = invalid && form.elements.namedItem(invalid);
    if (field instanceof HTMLInputElement) field.focus();
  };

  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (!errors) return;
    const result = readLogin(event.currentTarget);
    setErrors('errors' in result ? result.errors : {});
  };

  return (
    <Card sx={{ width: '100%', maxWidth: 400, overflow: 'visible', mt: 4 }}>
      <Box
        sx={{
          mx: 2,
          mt: -3,
          py: 3,
          borderRadius: 2,
          background: ACCENTS.info.gradient,
          boxShadow: '0 4px 20px rgba(0,0,0,0.14), 0 7px 10px -5px rgba(26,115,232,0.4)',
          color: '#fff',
          textAlign: 'center',
        }}
      >
        {brand.logoUrl ? (
          <Box component="img" src={brand.logoUrl} alt="" sx={{ height: 48, maxWidth: '60%' }} />
        ) : (
          <PetsIcon sx={{ fontSize: 40 }} />
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
          {brand.name}
        </Typography>
      </Box>
      <CardContent sx={{ p: 3 }}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={submit} onChange={recheck}>
          <LoginField
            name="login"
            label={LOGIN_TEXTS.login}
            autoComplete="username"
            autoFocus
            error={errors?.login}
          />
          <LoginField
            name="password"
            type="password"
            label={LOGIN_TEXTS.password}
            autoComplete="current-password"
            error={errors?.password}
          />
          {askCode && (
            <LoginField
              name="codigo"
              label={LOGIN_TEXTS.code}
              autoComplete="one-time-code"
              autoFocus
              error={errors?.codigo}
              hint={LOGIN_TEXTS.codeHint}
            />
          )}
          <FormControlLabel
            control={
              <Switch checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            }
            label={LOGIN_TEXTS.remember}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={isPending}
            sx={{ background: ACCENTS.info.gradient }}
          >
            {LOGIN_TEXTS.submit}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/password-forgot" underline="hover">
              {LOGIN_TEXTS.forgot}
            </Link>
          </Typography>
        </Stack>
      </CardContent>
      {/* The law asks any business with a web page to link its complaints book (DESIGN §11.3):
          a page of its own, loaded whole, outside this app. */}
      <Box component="footer" sx={{ px: 3, pb: 2, textAlign: 'center' }}>
        <Typography variant="body2">
          <Link href={COMPLAINTS_BOOK_PATH} underline="hover">
            {LOGIN_TEXTS.complaints}
          </Link>
        </Typography>
      </Box>
    </Card>
  );
}
