import dayjs from 'dayjs';
import { formatDate } from '../../lib/format';

/** How the reports write their figures and periods, in es-PE as the rest of the app. */

const counts = new Intl.NumberFormat('es-PE');
const shares = new Intl.NumberFormat('es-PE', { style: 'percent', maximumFractionDigits: 1 });
const decimals = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 1 });

/** 1200 → '1,200'. */
export const formatCount = (value: number) => counts.format(value);

/** The API's share in percent: 12.5 → '12.5%'; null (nothing to divide by) → '—'. */
export const formatPercent = (value: number | null) =>
  value === null ? '—' : shares.format(value / 100);

/** 2.5 → '2.5 días', 1 → '1 día'; null → '—'. */
export const formatDays = (value: number | null) =>
  value === null ? '—' : `${decimals.format(value)} ${value === 1 ? 'día' : 'días'}`;

/** '2026-11-05' → '05/11/2026'; '2026-11' → '11/2026'. */
export const periodText = (period: string) =>
  period.length === 7 ? `${period.slice(5, 7)}/${period.slice(0, 4)}` : formatDate(period);

/** The chart's shorter label: '05/11', 'nov. 2026'. */
export const periodTick = (period: string) =>
  period.length === 7
    ? dayjs(`${period}-01`).format('MMM YYYY')
    : `${period.slice(8, 10)}/${period.slice(5, 7)}`;
