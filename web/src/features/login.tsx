import { zodResolver } from '@hookform/resolvers/zod';
import PetsIcon from '@mui/icons-material/Pets';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOGIN_MESSAGES, LoginSchema, type LoginInput } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useBrand } from '../app/brand';
import { ACCENTS } from '../app/theme';
import { toast } from '../lib/alerts';
import { loginErrorMessage, signIn } from '../lib/auth';

export const LOGIN_TEXTS = {
  login: 'Usuario',
  password: 'Contraseña',
  remember: 'Recordarme',
  submit: 'Iniciar Sesión',
  forgot: 'Recuperar Contraseña',
} as const;

type LoginForm = z.input<typeof LoginSchema>;

/** Spec 000 §2 'Login': the staff's way in. */
export function LoginPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [remember, setRemember] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm, unknown, LoginInput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { login: '', password: '' },
  });

  const { mutate, isPending } = useMutation({
    mutationFn: (input: LoginInput) => signIn(input, remember),
    onSuccess: () => {
      toast.success(LOGIN_MESSAGES.welcome);
      void navigate('/dashboard', { replace: true });
    },
    onError: (error) => toast.error(loginErrorMessage(error)),
  });

  const { ref: loginRef, ...loginField } = register('login');
  const { ref: passwordRef, ...passwordField } = register('password');

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
        <Stack
          component="form"
          noValidate
          spacing={2.5}
          onSubmit={(event) => void handleSubmit((input) => mutate(input))(event)}
        >
          <TextField
            {...loginField}
            inputRef={loginRef}
            label={LOGIN_TEXTS.login}
            autoComplete="username"
            autoFocus
            fullWidth
            error={Boolean(errors.login)}
            helperText={errors.login?.message}
          />
          <TextField
            {...passwordField}
            inputRef={passwordRef}
            type="password"
            label={LOGIN_TEXTS.password}
            autoComplete="current-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
          />
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
    </Card>
  );
}
