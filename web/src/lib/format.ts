import dayjs from 'dayjs';
import 'dayjs/locale/es';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('es');

/** Peru has one zone and no daylight saving time (decisions §lima). */
export const TIME_ZONE = 'America/Lima';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

type DateInput = string | Date | null | undefined;

/** Today in Lima, whatever the browser's zone. */
export function now(): dayjs.Dayjs {
  return dayjs().tz(TIME_ZONE);
}

/** `dd/mm/yyyy` (es-ES). A bare `YYYY-MM-DD` (birth dates) is a calendar day: no zone shift. */
export function formatDate(value: DateInput): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = dayjs(value);
  return date.isValid() ? date.tz(TIME_ZONE).format('DD/MM/YYYY') : '';
}

/** `dd/mm/yyyy hh:mm` (es-ES, 24 h) in Lima time. */
export function formatDateTime(value: DateInput): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.tz(TIME_ZONE).format('DD/MM/YYYY HH:mm') : '';
}

/** `YYYY-MM-DD`, the API's date format for filters. */
export function toApiDate(value: dayjs.Dayjs): string {
  return value.format('YYYY-MM-DD');
}

/** A point and any decimals, or a decimal comma and at most two ('1,250' is left as it is). */
const DECIMAL = /^(-?)(\d*)(?:\.(\d*)|,(\d{0,2}))?$/;

/**
 * 'S/. 45.00' from the API's numeric string (or a typed '12,5'): the one money format of every
 * screen, the spec's 'S/.'. Done on digits with BigInt, never in floating point, so 0.1 + 0.2
 * problems cannot creep into a price.
 */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  const match = DECIMAL.exec(text);
  if (!match) return text;
  const [, sign, whole = '', point, comma] = match;
  const fraction = point ?? comma ?? '';
  let cents = BigInt((whole || '0') + fraction.slice(0, 2).padEnd(2, '0'));
  // Round half up on the third decimal; numeric(10,2) never has one, but a typed number might.
  if (fraction.length > 2 && fraction.charCodeAt(2) >= '5'.charCodeAt(0)) cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const negative = sign === '-' && cents !== 0n ? '-' : '';
  // Thousands grouped with commas, as prices are written in Peru: S/. 10,200.00.
  const soles = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `S/. ${negative}${soles}.${digits.slice(-2)}`;
}

/** Spec §000-9: names are shown upper-cased in lists. */
export function upper(value: string | null | undefined): string {
  return (value ?? '').toLocaleUpperCase('es-PE');
}

/** 'NOMBRE APELLIDO' from the parts that are present. */
export function fullName(...parts: (string | null | undefined)[]): string {
  return upper(parts.filter(Boolean).join(' '));
}

/** The current Lima month, first to last day: the filters' 'Este mes' (decisions §date-filters). */
export function monthDateRange(): { ficial: string; final: string } {
  const today = now();
  return { ficial: toApiDate(today.startOf('month')), final: toApiDate(today.endOf('month')) };
}
