import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
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
}

/** An amount in soles: digits and one point or comma while typing, two decimals once left. */
export function MoneyField({ control, name, label, disabled, required, hint }: MoneyFieldProps) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      fullWidth
      id={`field-${name}`}
      label={`${label} (S/.)`}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      required={required}
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? hint ?? ' '}
      onChange={(e) => field.onChange(keepPriceChars(e.target.value))}
      onBlur={() => {
        field.onChange(formatPriceOnBlur(field.value));
        field.onBlur();
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', maxLength: 14 },
        input: { startAdornment: <InputAdornment position="start">S/.</InputAdornment> },
        // The hint says why the field is disabled: it keeps a readable colour.
        formHelperText:
          hint && !fieldState.error
            ? { sx: { '&.Mui-disabled': { color: 'text.secondary' } } }
            : undefined,
      }}
    />
  );
}
