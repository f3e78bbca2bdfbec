import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { SALE_ENDPOINTS, type CashDay } from '@app/domain';
import type { FieldRenderProps } from '../../crud';
import { queryKey } from '../../lib/api';
import { TIME_ZONE } from '../../lib/format';
import { SolesInput } from './money-field';

/** What the till's cards share: the day's query, its refresh, an amount field, a figure line. */

export const cashKey = (day: string) => queryKey(SALE_ENDPOINTS.cash, { query: { fecha: day } });

/**
 * After a write that answers the day: shows the answer at once and refetches the day, so every
 * card reads the server's figures.
 */
export function useShowCashDay() {
  const client = useQueryClient();
  return (day: CashDay) => {
    client.setQueryData(cashKey(day.fecha), day);
    void client.invalidateQueries({ queryKey: cashKey(day.fecha) });
  };
}

/** A write refused because the day changed meanwhile (opened, closed): read it again. */
export function useRefetchCashDay() {
  const client = useQueryClient();
  return (fecha: string) => void client.invalidateQueries({ queryKey: cashKey(fecha) });
}

/** Closed and not reopened: the day takes no sale, float or movement (decisions §till). */
export const isClosed = (day: CashDay) => day.cierre !== null && day.cierre.reabierta_at === null;

/** 'hh:mm' in Lima, 24 h: when the float or a movement was recorded. */
export const limaTime = (at: string) => dayjs(at).tz(TIME_ZONE).format('HH:mm');

interface AmountInputProps extends FieldRenderProps {
  id: string;
  label: string;
}

/** An amount in soles for a ResourceForm: 'S/.' before it, two decimals once left. */
export function AmountInput({ id, label, field, error, disabled }: AmountInputProps) {
  return (
    <SolesInput
      required
      id={id}
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={disabled}
      error={error}
    />
  );
}

export interface LineProps {
  term: string;
  value: string;
  /** Red where cash is missing: then in large type, as the dark theme's red needs. */
  missing?: boolean;
}

/** One figure of a card's list of terms (`<dl>`): its name left, its value right. */
export function Line({ term, value, missing = false }: LineProps) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography
        component="dd"
        variant={missing ? 'h6' : 'body1'}
        sx={{
          m: 0,
          fontWeight: 700,
          textAlign: 'right',
          color: missing ? 'error.main' : undefined,
        }}
      >
        {value}
      </Typography>
    </>
  );
}
