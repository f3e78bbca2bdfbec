import type { ReportQuery } from '@app/domain';
import { dayText } from '../../crud/export';

/**
 * What Reporte Citas and Reporte Reservaciones share: a share in percent, and the period a Lima
 * day falls in ('YYYY-MM-DD' by day, 'YYYY-MM' by month) with its column header and its text.
 */

/** A share in percent with one decimal, or null when there is nothing to divide by. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

export const periodOf = (day: string, agrupar: ReportQuery['agrupar']) =>
  agrupar === 'mes' ? day.slice(0, 7) : day;

export const periodHeader = (agrupar: ReportQuery['agrupar']) =>
  agrupar === 'mes' ? 'Mes' : 'Día';
export const periodText = (periodo: string) =>
  periodo.length === 7 ? `${periodo.slice(5)}/${periodo.slice(0, 4)}` : dayText(periodo);
