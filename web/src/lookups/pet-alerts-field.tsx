import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { PET_ALERTS, type PetAlert } from '@app/domain';
import type { FieldRenderProps } from '../crud';

/**
 * The pet's safety alerts (decisions §pet-alerts) as a group of checkboxes: each reached with Tab
 * and toggled with Space, and the group named by its legend for a screen reader.
 */
export function PetAlertsField({ field, error, disabled }: FieldRenderProps) {
  const chosen: PetAlert[] = Array.isArray(field.value) ? (field.value as PetAlert[]) : [];
  const toggle = (id: PetAlert, on: boolean) =>
    field.onChange(on ? [...chosen, id] : chosen.filter((a) => a !== id));
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend">Alertas</FormLabel>
      <FormGroup row>
        {PET_ALERTS.map((alert, index) => (
          <FormControlLabel
            key={alert.id}
            label={alert.nombre}
            control={
              <Checkbox
                checked={chosen.includes(alert.id)}
                onChange={(e) => toggle(alert.id, e.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
                name={field.name}
                value={alert.id}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
