import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSION_MESSAGES } from '@app/domain';
import { Link } from 'react-router';
import { PageContainer } from './page-container';

export const FORBIDDEN_TEXTS = {
  back: 'Volver al Dashboard',
} as const;

/**
 * What a deep link to a screen the user's role may not use shows, inside the shell: the top
 * bar keeps the route's name as the page's h1; this page's own title is an h2.
 */
export function ForbiddenPage() {
  return (
    <PageContainer>
      <Card>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <LockOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} />
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {PERMISSION_MESSAGES.pageTitle}
            </Typography>
            <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>
              {PERMISSION_MESSAGES.pageText}
            </Typography>
            <Button component={Link} to="/dashboard" variant="contained">
              {FORBIDDEN_TEXTS.back}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
