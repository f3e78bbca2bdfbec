/** The kinds of date and time input (crud/date-inputs.tsx). */
export type PickerKind = 'date' | 'time' | 'datetime';

/** The text each kind gives and takes: what the API reads (Lima's wall clock). */
export const PICKER_FORMATS: Record<PickerKind, string> = {
  date: 'YYYY-MM-DD',
  time: 'HH:mm',
  datetime: 'YYYY-MM-DDTHH:mm',
};

/**
 * The value of a date or time input left half typed ('25/11/aaaa'): no schema takes it, so the
 * form says so instead of reading the field as empty.
 */
export const INCOMPLETE_DATE = 'incompleta';

/** A whole 'YYYY-MM-DD' from a date input (not empty, not half typed). */
export const isWholeDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A whole day, or nothing: what a date filter may search with. */
export const isDayOrEmpty = (value: string) => value === '' || isWholeDay(value);
