import TextField from '@mui/material/TextField';
import type { FieldRenderProps } from '../../crud';

export interface TimeFieldProps extends FieldRenderProps {
  label: string;
}

/** An 'HH:MM' time of day, with the browser's time input. */
export function TimeField({ field, error, disabled, label }: TimeFieldProps) {
  return (
    <TextField
      fullWidth
      required
      type="time"
      id={`field-${field.name}`}
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | undefined) ?? ''}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? ' '}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
    />
  );
}
