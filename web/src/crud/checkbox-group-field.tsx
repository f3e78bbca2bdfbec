import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { ReactNode } from 'react';
import type { FieldRenderProps } from './resource-form';

export interface CheckboxOption {
  value: string | number;
  label: string;
}

export interface CheckboxGroupFieldProps extends FieldRenderProps {
  /** The group's legend, which names it for a screen reader. */
  label: string;
  options: readonly CheckboxOption[];
  /** The legend's asterisk. */
  required?: boolean;
  /** The boxes side by side (the weekdays) instead of one under another. */
  row?: boolean;
  /** More of the group under its boxes: the report card's 'Otro trabajo'. */
  children?: ReactNode;
}

/**
 * A field whose value is the ticked options' values, in the options' order: native checkboxes in a
 * fieldset named by its legend, with the field's error under them describing the group. The first
 * box takes the field's ref, so a refused submit focuses it.
 */
export function CheckboxGroupField({
  field,
  error,
  disabled,
  label,
  options,
  required = false,
  row = false,
  children,
}: CheckboxGroupFieldProps) {
  const value: unknown = field.value;
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const toggle = (ticked: CheckboxOption['value'], on: boolean) =>
    field.onChange(
      options
        .filter((option) => (option.value === ticked ? on : chosen.includes(option.value)))
        .map((option) => option.value),
    );
  const helperId = `field-${field.name}-helper-text`;
  return (
    <FormControl
      component="fieldset"
      fullWidth
      error={Boolean(error)}
      disabled={disabled}
      aria-describedby={error ? helperId : undefined}
    >
      <FormLabel component="legend" required={required}>
        {label}
      </FormLabel>
      <FormGroup row={row}>
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                name={field.name}
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
                sx={{ '@media (pointer: coarse)': { minWidth: 44, minHeight: 44 } }}
              />
            }
          />
        ))}
      </FormGroup>
      {children}
      <FormHelperText id={helperId} sx={{ mx: 0 }}>
        {error ?? ' '}
      </FormHelperText>
    </FormControl>
  );
}
