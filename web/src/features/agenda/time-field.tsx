import type { FieldRenderProps } from '../../crud';
import { TimeInput } from '../../crud/date-inputs';

export interface TimeFieldProps extends FieldRenderProps {
  label: string;
}

/** An 'HH:MM' time of day, 24 h whatever the browser's language (issue 30 §8). */
export function TimeField({ field, error, disabled, label }: TimeFieldProps) {
  return (
    <TimeInput
      fullWidth
      required
      id={`field-${field.name}`}
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      disabled={disabled}
      error={error}
      hint=" "
      minutesStep={15}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
