import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GRADIENTS } from '../app/cards/gradient-box';
import { DemoBanner } from './demo-banner';

/** Demonstration screen (spec §000-1): Material Dashboard's alerts and toasts page. */

const ALERT_COLORS = ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const;
type AlertColor = (typeof ALERT_COLORS)[number];

const TOAST_KINDS = ['success', 'info', 'warning', 'error'] as const;
type ToastKind = (typeof TOAST_KINDS)[number];

interface DemoAlertProps {
  color: AlertColor;
  onClose?: () => void;
}

function DemoAlert({ color, onClose }: DemoAlertProps) {
  return (
    <Alert
      icon={false}
      variant="filled"
      onClose={onClose}
      sx={{
        backgroundImage: GRADIENTS[color],
        color: '#fff',
        borderRadius: 2,
        alignItems: 'center',
        '& .MuiAlert-action': { color: '#fff' },
      }}
    >
      A simple {color} alert with{' '}
      <Link
        component="button"
        type="button"
        color="inherit"
        sx={{ fontWeight: 700, verticalAlign: 'baseline' }}
      >
        an example link
      </Link>
      . Give it a click if you like.
    </Alert>
  );
}

function AlertsCard() {
  return (
    <Card>
      <Box sx={{ p: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Alerts
        </Typography>
      </Box>
      <Stack spacing={2} sx={{ px: 2, pb: 2 }}>
        {ALERT_COLORS.map((color) => (
          <DemoAlert key={color} color={color} />
        ))}
      </Stack>
    </Card>
  );
}

function DismissibleAlertsCard() {
  const [dismissed, setDismissed] = useState<readonly AlertColor[]>([]);
  const shown = ALERT_COLORS.filter((color) => !dismissed.includes(color));
  return (
    <Card>
      <Stack
        direction="row"
        sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
      >
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Dismissible Alerts
        </Typography>
        {dismissed.length > 0 && (
          <Button size="small" variant="outlined" onClick={() => setDismissed([])}>
            Show all again
          </Button>
        )}
      </Stack>
      <Stack spacing={2} sx={{ px: 2, pb: 2 }}>
        {shown.map((color) => (
          <DemoAlert
            key={color}
            color={color}
            onClose={() => setDismissed((current) => [...current, color])}
          />
        ))}
        {shown.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            All alerts were dismissed.
          </Typography>
        )}
      </Stack>
    </Card>
  );
}

interface ToastState {
  kind: ToastKind;
  open: boolean;
  /** Changes on every click so a second click restarts the toast. */
  key: number;
}

function NotificationsCard() {
  const [toast, setToast] = useState<ToastState>({ kind: 'success', open: false, key: 0 });

  const show = (kind: ToastKind) =>
    setToast((current) => ({ kind, open: true, key: current.key + 1 }));
  const close = () => setToast((current) => ({ ...current, open: false }));
  const closeUnlessClickaway = (_event: unknown, reason: SnackbarCloseReason) => {
    if (reason !== 'clickaway') close();
  };

  return (
    <Card>
      <Box sx={{ p: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Notifications
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Notifications on this page use toasts. Click a button to show one.
        </Typography>
      </Box>
      <Grid container spacing={3} sx={{ p: 2 }}>
        {TOAST_KINDS.map((kind) => (
          <Grid key={kind} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Button
              variant="contained"
              color={kind}
              fullWidth
              onClick={() => show(kind)}
              sx={{ backgroundImage: GRADIENTS[kind], color: '#fff' }}
            >
              {kind} notification
            </Button>
          </Grid>
        ))}
      </Grid>
      <Snackbar
        key={toast.key}
        open={toast.open}
        autoHideDuration={5000}
        onClose={closeUnlessClickaway}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert
          severity={toast.kind}
          variant={toast.kind === 'info' ? 'filled' : 'standard'}
          onClose={close}
          sx={{ width: '100%', minWidth: 300, boxShadow: 6 }}
        >
          <AlertTitle sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>Material Dashboard</span>
            <Typography component="span" variant="caption" sx={{ opacity: 0.8 }}>
              11 mins ago
            </Typography>
          </AlertTitle>
          Hello, world! This is a notification message
        </Alert>
      </Snackbar>
    </Card>
  );
}

export function NotificationsPage() {
  return (
    <Grid container spacing={3} sx={{ py: 3, justifyContent: 'center' }}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <DemoBanner />
      </Grid>
      <Grid size={{ xs: 12, lg: 8 }}>
        <AlertsCard />
      </Grid>
      <Grid size={{ xs: 12, lg: 8 }}>
        <DismissibleAlertsCard />
      </Grid>
      <Grid size={{ xs: 12, lg: 8 }}>
        <NotificationsCard />
      </Grid>
    </Grid>
  );
}
