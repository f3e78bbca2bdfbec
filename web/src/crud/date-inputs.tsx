import TextField from '@mui/material/TextField';
import { lazy, Suspense, type ComponentType } from 'react';
import type { PickerInputProps } from './pickers';

export type { PickerInputProps } from './pickers';

/**
 * The date and time inputs of every screen (crud/pickers.tsx): MUI X's pickers load with the
 * first screen that shows one, not with the forms and lists that have none (the login page).
 */
const pickers = () => import('./pickers');

/** The field's place while the pickers load: same label and size, nothing to type into yet. */
function Loading({ label, size, fullWidth, hint, sx }: PickerInputProps) {
  return (
    <TextField
      label={label}
      size={size}
      fullWidth={fullWidth}
      helperText={hint}
      sx={sx}
      value=""
      slotProps={{ htmlInput: { readOnly: true, 'aria-busy': true } }}
    />
  );
}

function suspended(Input: ComponentType<PickerInputProps>) {
  return function SuspendedInput(props: PickerInputProps) {
    return (
      <Suspense fallback={<Loading {...props} />}>
        <Input {...props} />
      </Suspense>
    );
  };
}

/** A day: dd/mm/aaaa; the value 'YYYY-MM-DD'. */
export const DateInput = suspended(lazy(() => pickers().then((m) => ({ default: m.DateInput }))));

/** A time of day, 24 h; the value 'HH:mm'. */
export const TimeInput = suspended(lazy(() => pickers().then((m) => ({ default: m.TimeInput }))));

/** A day and time: dd/mm/aaaa hh:mm; the value 'YYYY-MM-DDTHH:mm'. */
export const DateTimeInput = suspended(
  lazy(() => pickers().then((m) => ({ default: m.DateTimeInput }))),
);
