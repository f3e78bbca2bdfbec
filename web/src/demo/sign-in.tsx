import FacebookIcon from '@mui/icons-material/Facebook';
import GitHubIcon from '@mui/icons-material/GitHub';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { DemoAuthLayout } from './demo-auth-layout';
import { GRADIENTS } from '../app/cards/gradient-box';

/** Demonstration screen (spec §000-1): Material Dashboard's English sign-in. It submits nothing. */

const SOCIAL = [
  { label: 'Facebook', icon: <FacebookIcon /> },
  { label: 'GitHub', icon: <GitHubIcon /> },
  { label: 'Google', icon: <GoogleIcon /> },
] as const;

export function DemoSignInPage() {
  const [rememberMe, setRememberMe] = useState(false);
  const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

  return (
    <DemoAuthLayout
      title="Sign in"
      headerExtra={
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 1 }}>
          {SOCIAL.map((social) => (
            <IconButton key={social.label} aria-label={social.label} sx={{ color: '#fff' }}>
              {social.icon}
            </IconButton>
          ))}
        </Stack>
      }
    >
      <Stack component="form" noValidate spacing={2} onSubmit={ignoreSubmit}>
        <TextField label="Email" type="email" name="email" autoComplete="email" fullWidth />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          fullWidth
        />
        <FormControlLabel
          control={
            <Switch
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
            />
          }
          label={
            <Typography variant="body2" color="text.secondary">
              Remember me
            </Typography>
          }
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          sx={{ backgroundImage: GRADIENTS.info, color: '#fff', mt: 2 }}
        >
          Sign in
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', pt: 1 }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/sign-up" sx={{ fontWeight: 700 }}>
            Sign up
          </Link>
        </Typography>
      </Stack>
    </DemoAuthLayout>
  );
}
