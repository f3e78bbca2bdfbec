import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { DemoAuthLayout } from './demo-auth-layout';
import { GRADIENTS } from '../app/cards/gradient-box';

/** Demonstration screen (spec §000-1): Material Dashboard's English sign-up. It submits nothing. */

export function DemoSignUpPage() {
  const [agreed, setAgreed] = useState(false);
  const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

  return (
    <DemoAuthLayout title="Join us today" subtitle="Enter your email and password to register">
      <Stack component="form" noValidate spacing={2} onSubmit={ignoreSubmit}>
        <TextField label="Name" name="name" autoComplete="name" fullWidth />
        <TextField label="Email" type="email" name="email" autoComplete="email" fullWidth />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          fullWidth
        />
        <FormControlLabel
          control={
            <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          }
          label={
            <Typography variant="body2" color="text.secondary">
              I agree the{' '}
              <Box component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
                Terms and Conditions
              </Box>
            </Typography>
          }
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          sx={{ backgroundImage: GRADIENTS.info, color: '#fff', mt: 2 }}
        >
          Sign up
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', pt: 1 }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/sign-in" sx={{ fontWeight: 700 }}>
            Sign in
          </Link>
        </Typography>
      </Stack>
    </DemoAuthLayout>
  );
}
