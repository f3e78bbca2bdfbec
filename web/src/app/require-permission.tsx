import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { Permission } from '@app/domain';
import type { ReactNode } from 'react';
import { usePermissions } from '../lib/use-profile';
import { ForbiddenPage } from './forbidden-page';

export const PERMISSION_GATE_TEXTS = {
  loading: 'Cargando permisos',
  failed: 'No se pudieron cargar los permisos de su usuario. Recargue la página.',
} as const;

export interface RequirePermissionProps {
  /** What the screen's route needs; none lets every signed-in user in. */
  permission: Permission | undefined;
  children: ReactNode;
}

/**
 * A screen whose route needs a permission (decisions §roles) shows once the profile says the user
 * has it; otherwise the 'Sin permiso' page, inside the shell. Nothing of the screen shows while
 * the profile loads.
 */
export function RequirePermission({ permission, children }: RequirePermissionProps) {
  const { ready, failed, can } = usePermissions();
  if (permission === undefined) return children;
  if (failed) {
    return (
      <Alert severity="error" sx={{ mt: 3 }}>
        {PERMISSION_GATE_TEXTS.failed}
      </Alert>
    );
  }
  if (!ready) {
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label={PERMISSION_GATE_TEXTS.loading} />
      </Stack>
    );
  }
  return can(permission) ? children : <ForbiddenPage />;
}
