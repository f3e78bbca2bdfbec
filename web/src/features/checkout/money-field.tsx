import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useController } from 'react-hook-form';
import { formatPriceOnBlur, keepPriceChars } from '@app/domain';
import type { CheckoutControl } from './checkout-values';

interface MoneyFieldProps {
  control: CheckoutControl;
  name: 'descuento' | 'propina' | `pagos.${number}.monto`;
  label: string;
  disabled: boolean;
  required?: boolean;
  /** Said under the field while it has no error. */
  hint?: string;
  /** Shown, never typed: an amount the sale must carry as it is (the cita's deposit). */
  readOnly?: boolean;
}

interface SolesInputProps {
  id: string;
  label: string;
  name: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  /** Said under the field while it has no error. */
  hint?: string;
  /** Shown, never typed: the field keeps its value and its place in the tab order. */
  readOnly?: boolean;
}

/**
 * An amount in soles: 'S/.' before it, digits and one point or comma while typing, two decimals
 * once left. The checkout's fields (MoneyField) and the till's (AmountInput) draw it.
 */
export function SolesInput({ onChange, onBlur, error, hint, readOnly, ...props }: SolesInputProps) {
  return (
    <TextField
      {...props}
      fullWidth
      error={Boolean(error)}
      // Always present, so the field's description is its error (aria-describedby).
      helperText={error ?? hint ?? ' '}
      onChange={(e) => onChange(keepPriceChars(e.target.value))}
      onBlur={() => {
        if (props.value !== '') onChange(formatPriceOnBlur(props.value));
        onBlur();
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', maxLength: 14, autoComplete: 'off', readOnly },
        input: {
          startAdornment: <InputAdornment position="start">S/.</InputAdornment>,
          sx: readOnly ? { bgcolor: 'action.hover' } : undefined,
        },
        // The hint says why the field is disabled: it keeps a readable colour.
        formHelperText:
          hint && !error ? { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } : undefined,
      }}
    />
  );
}

/** A checkout amount of the sale's form. */
export function MoneyField({
  control,
  name,
  label,
  disabled,
  required,
  hint,
  readOnly,
}: MoneyFieldProps) {
  const { field, fieldState } = useController({ control, name });
  return (
    <SolesInput
      id={`field-${name}`}
      label={`${label} (S/.)`}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      required={required}
      disabled={disabled}
      error={fieldState.error?.message}
      hint={hint}
      readOnly={readOnly}
    />
  );
}
