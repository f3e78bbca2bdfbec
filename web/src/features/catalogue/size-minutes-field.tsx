import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { PET_SIZE_LABELS, PET_SIZES, type PetSize } from '@app/domain';
import type { FieldRenderProps } from '../../crud';

/** What one size's input shows: the minutes as typed or as stored; none is empty. */
function shown(value: unknown, size: PetSize): string {
  if (typeof value !== 'object' || value === null) return '';
  // The field's value is the form's minutes per size: typed text or the stored numbers.
  const minutes = (value as Partial<Record<PetSize, unknown>>)[size];
  return typeof minutes === 'number' || typeof minutes === 'string' ? String(minutes) : '';
}

/** Whole minutes only: what is not a digit never reaches the field. */
const digits = (text: string) => text.replace(/\D/g, '').slice(0, 3);

/**
 * 'Minutos extra por tamaño' (DESIGN §11.4): the minutes a service or package adds to its
 * duration for each pet size, four small inputs in one group; an empty one adds none.
 */
export function SizeMinutesField({ field, form, error, disabled }: FieldRenderProps) {
  return (
    <FormControl component="fieldset" fullWidth error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 1.5 }}>
        Minutos extra por tamaño
      </FormLabel>
      <Grid container spacing={2}>
        {PET_SIZES.map((size, index) => {
          const name = `${field.name}.${size}`;
          const own = form.getFieldState(name, form.formState).error?.message;
          return (
            <Grid key={size} size={{ xs: 6, sm: 3 }}>
              <TextField
                fullWidth
                size="small"
                id={`field-${field.name}-${size}`}
                label={PET_SIZE_LABELS[size]}
                name={name}
                inputRef={index === 0 ? field.ref : undefined}
                value={shown(field.value, size)}
                disabled={disabled}
                error={Boolean(own)}
                helperText={own ?? ' '}
                onChange={(e) => {
                  const current: unknown = field.value;
                  const base = typeof current === 'object' && current !== null ? current : {};
                  field.onChange({ ...base, [size]: digits(e.target.value) });
                }}
                onBlur={field.onBlur}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: 3 },
                  input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
                }}
              />
            </Grid>
          );
        })}
      </Grid>
      <FormHelperText>
        {error ?? 'Se suman a la duración según el tamaño de la mascota; vacío = 0.'}
      </FormHelperText>
    </FormControl>
  );
}
