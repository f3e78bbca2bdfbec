import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { WEEKDAYS } from '@app/domain';
import type { FieldRenderProps } from '../../crud';

export interface WeekdaysFieldProps extends FieldRenderProps {
  label: string;
}

/** Weekdays as checkboxes (1 Lunes … 7 Domingo); the value is the ticked days' numbers in order. */
export function WeekdaysField({ field, error, disabled, label }: WeekdaysFieldProps) {
  const chosen = Array.isArray(field.value) ? (field.value as number[]) : [];
  const toggle = (dia: number, on: boolean) =>
    field.onChange((on ? [...chosen, dia] : chosen.filter((d) => d !== dia)).sort((a, b) => a - b));
  const helperId = `field-${field.name}-helper-text`;
  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      disabled={disabled}
      aria-describedby={error ? helperId : undefined}
    >
      <FormLabel component="legend" required>
        {label}
      </FormLabel>
      <FormGroup row>
        {WEEKDAYS.map(({ dia, nombre }) => (
          <FormControlLabel
            key={dia}
            label={nombre}
            control={
              <Checkbox
                name={field.name}
                checked={chosen.includes(dia)}
                onChange={(event) => toggle(dia, event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: dia === 1 ? field.ref : undefined } }}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={helperId}>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
