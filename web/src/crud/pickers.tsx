import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { esES } from '@mui/x-date-pickers/locales';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { FieldRef } from '@mui/x-date-pickers/models';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { formatDate } from '../lib/format';
import { INCOMPLETE_DATE, PICKER_FORMATS, type PickerKind } from './picker-values';

dayjs.extend(customParseFormat);

/**
 * Issue 30 §8: dates read dd/mm/aaaa and times 24 h whatever the browser's language, with MUI X's
 * pickers and dayjs 'es'. The value on each side stays the text
 * the API takes: 'YYYY-MM-DD', 'HH:mm' or 'YYYY-MM-DDTHH:mm' (Lima's wall clock), '' when empty,
 * and INCOMPLETE_DATE while what is typed is not a whole date, so the form's schema answers with
 * its own message instead of taking the field as empty.
 *
 * The picker holds that wall clock as a date of the browser's own zone, as the native inputs did:
 * read and written back in the same zone, the text comes back as it went. (MUI X's `timezone`
 * with dayjs's zone plugin shifted a typed day by one in a browser far east of Lima.)
 */

/** MUI X's texts in Spanish: 'Elige fecha', and 'DD/MM/AAAA' in an empty field (with accents). */
const PICKER_TEXTS = {
  ...esES.components.MuiLocalizationProvider.defaultProps.localeText,
  day: 'Día',
  weekDay: 'Día de la semana',
};

/**
 * dayjs 'es' for MUI X. Here rather than at the app's root: the adapter and its dayjs plugins
 * (10 KB gzip) load with the pickers, not with the login page (decisions §budgets).
 */
function SpanishDates({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={PICKER_TEXTS}>
      {children}
    </LocalizationProvider>
  );
}

/** What each kind shows: the es locale's order, 24 h. */
const DISPLAY: Record<PickerKind, string> = {
  date: 'DD/MM/YYYY',
  time: 'HH:mm',
  datetime: 'DD/MM/YYYY HH:mm',
};

const INCOMPLETE_MESSAGE: Record<PickerKind, string> = {
  date: 'Fecha incompleta o inválida (dd/mm/aaaa)',
  time: 'Hora incompleta o inválida (hh:mm)',
  datetime: 'Fecha y hora incompletas o inválidas (dd/mm/aaaa hh:mm)',
};

/** The picker's value from the API's text; null when empty or not a whole date. */
function parse(text: string, kind: PickerKind): Dayjs | null {
  if (!text) return null;
  // A time of day on a fixed day; a stored 'HH:mm:ss' is read to the minute.
  const [input, format] =
    kind === 'time'
      ? [`2000-01-01 ${text.slice(0, 5)}`, 'YYYY-MM-DD HH:mm']
      : kind === 'datetime'
        ? [text.slice(0, 16).replace(' ', 'T'), 'YYYY-MM-DDTHH:mm']
        : [text, 'YYYY-MM-DD'];
  const value = dayjs(input, format, true);
  return value.isValid() ? value : null;
}

/** The API's text from the picker's value. */
function toText(value: Dayjs | null, kind: PickerKind): string {
  if (value === null) return '';
  return value.isValid() ? value.format(PICKER_FORMATS[kind]) : INCOMPLETE_DATE;
}

export interface PickerInputProps {
  label: string;
  /** 'YYYY-MM-DD', 'HH:mm' or 'YYYY-MM-DDTHH:mm' as the input's kind is; '' when empty. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The form's message for the field (its schema's); the picker's own shows when there is none. */
  error?: string;
  /** Shown under the field while it has no error (' ' keeps a form's rows aligned). */
  hint?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** The last day that can be chosen, 'YYYY-MM-DD' (a date input). */
  max?: string;
  /** Minutes between the clock's choices (the typed minutes are free). */
  minutesStep?: number;
  sx?: SxProps<Theme>;
}

/**
 * The value as the picker keeps it: the same object until the value from outside changes, since
 * a new object (even of the same date) resets what the user is typing. A parent may ignore what
 * it is given (a page that follows whole days only): the field then keeps what was typed.
 */
function usePickerValue({ value, onChange, onBlur }: PickerInputProps, kind: PickerKind) {
  const [state, setState] = useState(() => ({
    seen: value,
    text: value,
    date: parse(value, kind),
  }));
  let current = state;
  if (value !== state.seen) {
    // Either the parent took the typed value, or it set one of its own.
    current =
      value === state.text
        ? { ...state, seen: value }
        : { seen: value, text: value, date: parse(value, kind) };
    setState(current);
  }
  const fieldRef = useRef<FieldRef<Dayjs | null>>(null);
  const change = (date: Dayjs | null) => {
    const text = toText(date, kind);
    setState((previous) => ({ ...previous, text, date }));
    if (text !== current.text) onChange(text);
  };
  /**
   * A field left half typed keeps no date (MUI X publishes nothing until every part is there):
   * its value becomes INCOMPLETE_DATE, which no schema takes, instead of staying empty.
   */
  const markHalfTyped = () => {
    const sections = fieldRef.current?.getSections() ?? [];
    const filled = sections.filter((section) => section.value !== '').length;
    const halfTyped = current.text === '' && filled > 0 && filled < sections.length;
    if (halfTyped) {
      setState((previous) => ({ ...previous, text: INCOMPLETE_DATE }));
      onChange(INCOMPLETE_DATE);
    }
    return halfTyped;
  };
  const blur = () => {
    markHalfTyped();
    onBlur?.();
  };
  /**
   * Enter submits the field's form (MUI X asks the form itself); on a half-typed field it says so
   * instead, since the form would go without the date. `defaultMuiPrevented` is MUI's way to stop it.
   */
  const keyDown = (event: KeyboardEvent & { defaultMuiPrevented?: boolean }) => {
    if (event.key === 'Enter' && markHalfTyped()) event.defaultMuiPrevented = true;
  };
  return {
    date: current.date,
    incomplete: current.text === INCOMPLETE_DATE,
    fieldRef,
    change,
    blur,
    keyDown,
  };
}

/** The picker's message for a value it refuses, for a field whose form has none. */
function ownMessage(reason: string | null, kind: PickerKind, max: string | undefined) {
  if (reason === null) return undefined;
  if (reason === 'maxDate' && max) return `La fecha no puede ser posterior al ${formatDate(max)}`;
  return INCOMPLETE_MESSAGE[kind];
}

/** The props every kind of picker shares: label, field, message. */
function usePickerProps(props: PickerInputProps, kind: PickerKind) {
  const { date, incomplete, fieldRef, change, blur, keyDown } = usePickerValue(props, kind);
  const [reason, setReason] = useState<string | null>(null);
  const message =
    props.error ?? ownMessage(reason ?? (incomplete ? 'invalidDate' : null), kind, props.max);
  return {
    label: props.label,
    value: date,
    onChange: change,
    onError: (error: string | null) => setReason(error),
    name: props.name,
    inputRef: props.inputRef,
    disabled: props.disabled,
    autoFocus: props.autoFocus,
    format: DISPLAY[kind],
    sx: props.sx,
    slotProps: {
      field: { fieldRef, onBlur: blur, onKeyDown: keyDown },
      textField: {
        id: props.id,
        required: props.required,
        size: props.size,
        fullWidth: props.fullWidth,
        // Red with a message; otherwise as MUI X judges (red once left half typed).
        error: message ? true : undefined,
        helperText: message ?? props.hint,
      },
    },
  };
}

/** A day, typed as dd/mm/aaaa or chosen on the calendar. */
export function DateInput(props: PickerInputProps) {
  const common = usePickerProps(props, 'date');
  const max = props.max ? parse(props.max, 'date') : null;
  return (
    <SpanishDates>
      <DatePicker {...common} maxDate={max ?? undefined} />
    </SpanishDates>
  );
}

/** A time of day, 24 h. */
export function TimeInput(props: PickerInputProps) {
  const common = usePickerProps(props, 'time');
  return (
    <SpanishDates>
      <TimePicker
        {...common}
        ampm={false}
        timeSteps={props.minutesStep ? { minutes: props.minutesStep } : undefined}
      />
    </SpanishDates>
  );
}

/** A day and a time, dd/mm/aaaa hh:mm, 24 h. */
export function DateTimeInput(props: PickerInputProps) {
  const common = usePickerProps(props, 'datetime');
  return (
    <SpanishDates>
      <DateTimePicker
        {...common}
        ampm={false}
        timeSteps={props.minutesStep ? { minutes: props.minutesStep } : undefined}
      />
    </SpanishDates>
  );
}
