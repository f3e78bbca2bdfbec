import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { WEEKDAYS, type OpeningDay } from '@app/domain';
import { TimeInput } from './date-inputs';
import type { FieldRenderProps } from './resource-form';

export const OPENING_HOURS_TEXTS = {
  open: 'Abierto',
  opens: 'Abre',
  closes: 'Cierra',
} as const;

export interface OpeningHoursInputProps extends FieldRenderProps {
  /** The week's heading: 'Horario de atención', 'Horario del groomer'. */
  legend: string;
}

type TimeField = 'abre' | 'cierra';

/**
 * Decisions §opening-hours: a week of hours, a row per weekday: open or not, and from when to
 * when. A closed day keeps its times, greyed out, for the day it opens again. The company's
 * (Ajustes) and a groomer's own (Empleados) alike; each day's errors sit under its times.
 */
export function OpeningHoursInput({
  field,
  error,
  form,
  disabled,
  legend,
}: OpeningHoursInputProps) {
  const week = field.value as OpeningDay[];
  const change = (index: number, changes: Partial<OpeningDay>) =>
    field.onChange(week.map((day, i) => (i === index ? { ...day, ...changes } : day)));
  const dayError = (index: number, name: TimeField) =>
    form.getFieldState(`${field.name}.${index}.${name}`, form.formState).error?.message;

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        {legend}
      </Typography>
      {WEEKDAYS.map(({ nombre }, index) => {
        const day = week[index];
        const nameId = `${field.name}-${index}`;
        const timeInput = (name: TimeField, label: string) => (
          <TimeInput
            size="small"
            label={label}
            value={day[name]}
            disabled={disabled || !day.abierto}
            error={dayError(index, name)}
            hint=" "
            minutesStep={15}
            onChange={(text) => change(index, { [name]: text })}
            onBlur={field.onBlur}
            sx={{ width: 150 }}
          />
        );
        return (
          <Box
            key={day.dia}
            role="group"
            aria-labelledby={nameId}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}
          >
            <Typography id={nameId} sx={{ width: 90, pt: 1 }}>
              {nombre}
            </Typography>
            <FormControlLabel
              label={OPENING_HOURS_TEXTS.open}
              disabled={disabled}
              sx={{ width: 110 }}
              control={
                <Checkbox
                  checked={day.abierto}
                  onChange={(event) => change(index, { abierto: event.target.checked })}
                  onBlur={field.onBlur}
                />
              }
            />
            {timeInput('abre', OPENING_HOURS_TEXTS.opens)}
            {timeInput('cierra', OPENING_HOURS_TEXTS.closes)}
          </Box>
        );
      })}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
