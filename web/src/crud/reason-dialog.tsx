import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { Key, ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showErrorDialog, toast } from '../lib/alerts';
import { ApiError } from '../lib/api';

/** What a reason dialog's form says: what the answer does, the field and the buttons. */
export interface ReasonDialogTexts {
  text: ReactNode;
  label: string;
  back: string;
  confirm: string;
  errorTitle: string;
}

/** The body every reason dialog sends: the reason alone. */
type ReasonSchema = z.ZodType<{ motivo: string }, { motivo: string }>;

export interface ReasonDialogProps<T> {
  /** Null closes the dialog. */
  target: T | null;
  /** One form per target: a new target starts from an empty reason. */
  keyOf(target: T): Key;
  /** The ids' prefix: `<prefix>-title`, `<prefix>-text`, `<prefix>-motivo`. */
  idPrefix: string;
  /** Kept while the dialog closes: a dialog without its name fails axe meanwhile. */
  title: string;
  schema: ReasonSchema;
  max: number;
  texts(target: T): ReasonDialogTexts;
  /** Sends the reason; answers the server's message. */
  send(target: T, motivo: string): Promise<{ message?: string }>;
  /** What the answer changes, reloaded whatever it was. */
  refresh(): Promise<unknown>;
  onClose(): void;
}

/**
 * A refusal that needs its reason (declining an online request, rejecting a vaccine card): the
 * reason is required and limited, a field error lands on it, any other failure (answered
 * meanwhile, 409) closes the dialog and is said in an error dialog, and the list reloads.
 */
export function ReasonDialog<T>(props: ReasonDialogProps<T>) {
  const { target, keyOf, idPrefix, title, onClose } = props;
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${idPrefix}-title`}
      aria-describedby={`${idPrefix}-text`}
    >
      <DialogTitle id={`${idPrefix}-title`}>{title}</DialogTitle>
      {target !== null && <ReasonForm key={keyOf(target)} {...props} target={target} />}
    </Dialog>
  );
}

function ReasonForm<T>({
  target,
  idPrefix,
  schema,
  max,
  texts,
  send,
  refresh,
  onClose,
}: ReasonDialogProps<T> & { target: T }) {
  const { control, handleSubmit, setError, formState } = useForm<
    z.input<ReasonSchema>,
    unknown,
    z.output<ReasonSchema>
  >({
    resolver: zodResolver(schema),
    defaultValues: { motivo: '' },
    mode: 'onTouched',
  });
  const T = texts(target);
  const submit = handleSubmit(async ({ motivo }) => {
    try {
      const answer = await send(target, motivo);
      if (answer.message) toast.success(answer.message);
      onClose();
    } catch (error) {
      const message = error instanceof ApiError ? error.fieldError('motivo') : undefined;
      if (message) {
        setError('motivo', { message });
        return;
      }
      onClose();
      await showErrorDialog(T.errorTitle, error);
    } finally {
      await refresh();
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <DialogContent>
        <DialogContentText id={`${idPrefix}-text`} sx={{ mb: 2 }}>
          {T.text}
        </DialogContentText>
        <Controller
          name="motivo"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id={`${idPrefix}-motivo`}
              label={T.label}
              required
              fullWidth
              multiline
              minRows={3}
              autoFocus
              disabled={formState.isSubmitting}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? `${field.value.length}/${max}`}
              slotProps={{ htmlInput: { maxLength: max } }}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={formState.isSubmitting}>
          {T.back}
        </Button>
        <Button type="submit" variant="contained" color="error" loading={formState.isSubmitting}>
          {T.confirm}
        </Button>
      </DialogActions>
    </form>
  );
}
