import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SettingsSectionProps<T> {
  title: string;
  /** A line under the title, when the section explains itself. */
  intro?: string;
  /** The section's settings as read: pending, failed, or there. */
  query: { data: T | undefined; isPending: boolean; error: Error | null };
  loading: string;
  /** Said when the read failed without a message of its own. */
  loadError: string;
  /** The form, once the settings are there. */
  children(settings: T): ReactNode;
}

/**
 * One section of Ajustes (facturación, reserva en línea, WhatsApp): a card with its title, a
 * spinner while its settings load, the error if they fail, then its form.
 */
export function SettingsSection<T>({
  title,
  intro,
  query,
  loading,
  loadError,
  children,
}: SettingsSectionProps<T>) {
  const { data, isPending, error } = query;
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h3" sx={{ mb: intro ? 1 : 2 }}>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {intro}
          </Typography>
        )}
        {isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={loading} />
          </Box>
        ) : error || data === undefined ? (
          <Alert severity="error">{error?.message || loadError}</Alert>
        ) : (
          children(data)
        )}
      </CardContent>
    </Card>
  );
}
