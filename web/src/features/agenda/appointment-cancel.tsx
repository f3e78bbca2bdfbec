import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  APPOINTMENT_MESSAGES,
  AppointmentCancelSchema,
  AppointmentStatus,
  appointmentStatusAccess,
  appointmentsResource,
  appointmentTransitions,
  CANCEL_REASON_MAX,
  mayChangeAppointment,
  mayChangeStatus,
  type AppointmentCancel,
  type Permission,
} from '@app/domain';
import { showErrorDialog, toast } from '../../lib/alerts';
import { ApiError, callWithMessage } from '../../lib/api';
import { formatDateTime, upper } from '../../lib/format';

const M = APPOINTMENT_MESSAGES;
const { Cancelada } = AppointmentStatus;

/** What 'Cancelar' needs: booking's permission (decisions §roles). */
export const CANCEL_ACCESS: Permission = appointmentStatusAccess(Cancelada);

/**
 * The statuses a cita's menus offer besides 'Cancelar' (statuses §transitions), in the spec's
 * order: Eliminar, then No Asistió, En Proceso, Completada and Programada. A charged cita offers
 * none: it stays Completada until its sale is voided.
 */
const MENU_ORDER = [
  AppointmentStatus.Eliminada,
  AppointmentStatus.NoAsistio,
  AppointmentStatus.EnProceso,
  AppointmentStatus.Completada,
  AppointmentStatus.Programada,
];

export function offeredStatuses(cita: { id_est: number; id_venta: number | null }): number[] {
  if (!mayChangeStatus(cita)) return [];
  const allowed = appointmentTransitions(cita.id_est);
  return MENU_ORDER.filter((status) => allowed.includes(status));
}

/** Whether the cita may be cancelled now: the table allows it and it was not charged. */
export const mayCancel = (cita: { id_est: number; id_venta: number | null }) =>
  mayChangeStatus(cita) && mayChangeAppointment(cita.id_est, Cancelada);

/** The cita 'Cancelar' was chosen for. */
export interface CancelTarget {
  id_cita: number;
  /** The pet's name, as the dialog names the cita. */
  mascota: string;
  /** The visit's time (ISO): the freed time offered to the waitlist. */
  fec_cita: string;
}

export interface AppointmentCancelDialogProps {
  /** Null closes the dialog. */
  target: CancelTarget | null;
  onClose(): void;
  /** Once the server has cancelled it: its time is free (the waitlist is offered it). */
  onCancelled?(target: CancelTarget): void;
}

/**
 * 'Cancelar cita': the reason, required and at most 200 characters, then `PATCH /cita/estado`
 * with 11 Cancelada and `motivo` (statuses §transitions). The reason is kept and shown.
 */
export function AppointmentCancelDialog({
  target,
  onClose,
  onCancelled,
}: AppointmentCancelDialogProps) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="appointment-cancel-title"
    >
      <DialogTitle id="appointment-cancel-title">{M.cancelTitle}</DialogTitle>
      {target && (
        <CancelForm
          key={target.id_cita}
          target={target}
          onClose={onClose}
          onCancelled={onCancelled}
        />
      )}
    </Dialog>
  );
}

interface CancelFormProps {
  target: CancelTarget;
  onClose(): void;
  onCancelled?(target: CancelTarget): void;
}

function CancelForm({ target, onClose, onCancelled }: CancelFormProps) {
  const client = useQueryClient();
  const { control, handleSubmit, setError, formState } = useForm<AppointmentCancel>({
    resolver: zodResolver(AppointmentCancelSchema),
    defaultValues: { motivo: '' },
    mode: 'onTouched',
  });
  const submit = handleSubmit(async ({ motivo }) => {
    try {
      const answer = await callWithMessage(appointmentsResource.endpoints.status, {
        body: { cita: target.id_cita, est: Cancelada, motivo },
      });
      if (answer.message) toast.success(answer.message);
      onClose();
      onCancelled?.(target);
    } catch (error) {
      const message = error instanceof ApiError ? error.fieldError('motivo') : undefined;
      if (message) setError('motivo', { message });
      else await showErrorDialog(M.cancelErrorTitle, error);
    } finally {
      // The lists, the calendar (keyed under 'citas') and the details show what happened.
      await client.invalidateQueries({ queryKey: [appointmentsResource.plural] });
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          La cita de {upper(target.mascota)} del {formatDateTime(target.fec_cita)} quedará cancelada
          y su horario, libre.
        </DialogContentText>
        <Controller
          name="motivo"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="appointment-cancel-motivo"
              label={M.cancelReason}
              required
              fullWidth
              multiline
              minRows={3}
              autoFocus
              disabled={formState.isSubmitting}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? `${field.value.length}/${CANCEL_REASON_MAX}`}
              slotProps={{ htmlInput: { maxLength: CANCEL_REASON_MAX } }}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={formState.isSubmitting}>
          {M.cancelBack}
        </Button>
        <Button type="submit" variant="contained" color="error" loading={formState.isSubmitting}>
          {M.cancelConfirm}
        </Button>
      </DialogActions>
    </form>
  );
}

/** 'Cancelar' for a screen: `cancel(target)` opens the dialog, which the screen renders. */
export function useAppointmentCancel(onCancelled?: (target: CancelTarget) => void): {
  cancel(target: CancelTarget): void;
  dialog: ReactNode;
} {
  const [target, setTarget] = useState<CancelTarget | null>(null);
  const close = useCallback(() => setTarget(null), []);
  const dialog = useMemo(
    () => <AppointmentCancelDialog target={target} onClose={close} onCancelled={onCancelled} />,
    [target, close, onCancelled],
  );
  return useMemo(() => ({ cancel: setTarget, dialog }), [dialog]);
}
