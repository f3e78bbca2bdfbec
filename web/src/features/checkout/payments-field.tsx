import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, useFieldArray } from 'react-hook-form';
import { formatCents, PAYMENT_METHOD_IDS, PAYMENT_METHODS, type SaleTotals } from '@app/domain';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { arrayError, type CheckoutControl, type CheckoutFormMethods } from './checkout-values';
import { MoneyField } from './money-field';

const MAX_PAYMENTS = 5;

interface PaymentsFieldProps {
  form: CheckoutFormMethods;
  totals: SaleTotals;
  disabled: boolean;
}

/** The sale's payments, one row each; the change shows once they pay more than is due. */
export function PaymentsField({ form, totals, disabled }: PaymentsFieldProps) {
  const { control, getValues, formState } = form;
  const payments = useFieldArray({ control, name: 'pagos' });
  const error = arrayError(formState.errors.pagos);
  return (
    <>
      <Stack>
        {payments.fields.map((payment, index) => (
          <PaymentRow
            key={payment.id}
            index={index}
            control={control}
            disabled={disabled}
            onRemove={() => payments.remove(index)}
          />
        ))}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Button
          startIcon={<AddIcon />}
          disabled={disabled || payments.fields.length >= MAX_PAYMENTS}
          onClick={() => {
            const used = new Set(getValues('pagos').map((p) => p.metodo));
            const metodo = PAYMENT_METHOD_IDS.find((m) => !used.has(m)) ?? 'efectivo';
            // The new payment covers what is still missing; the cashier may change it.
            const missing = totals.cents.missing;
            payments.append({ metodo, monto: missing > 0 ? formatCents(missing) : '' });
          }}
        >
          {CHECKOUT_TEXTS.addPayment}
        </Button>
        {totals.cents.change > 0 && (
          <Typography sx={{ fontWeight: 700 }}>
            {CHECKOUT_TEXTS.change(totals.text.change)}
          </Typography>
        )}
      </Stack>
    </>
  );
}

interface PaymentRowProps {
  index: number;
  control: CheckoutControl;
  disabled: boolean;
  onRemove(): void;
}

function PaymentRow({ index, control, disabled, onRemove }: PaymentRowProps) {
  const n = index + 1;
  const method = useController({ control, name: `pagos.${index}.metodo` });
  return (
    <Grid container columnSpacing={1} sx={{ alignItems: 'flex-start' }}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          fullWidth
          id={`field-pagos-${index}-metodo`}
          label={`Método de pago ${n}`}
          name={method.field.name}
          inputRef={method.field.ref}
          value={method.field.value}
          disabled={disabled}
          error={Boolean(method.fieldState.error)}
          helperText={method.fieldState.error?.message ?? ' '}
          onChange={method.field.onChange}
          onBlur={method.field.onBlur}
        >
          {PAYMENT_METHOD_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {PAYMENT_METHODS[id]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 10, sm: 5 }}>
        <MoneyField
          control={control}
          name={`pagos.${index}.monto`}
          label={`Monto del pago ${n}`}
          disabled={disabled}
          required
        />
      </Grid>
      <Grid size={{ xs: 2, sm: 1 }}>
        <IconButton
          aria-label={`Quitar pago ${n}`}
          onClick={onRemove}
          disabled={disabled}
          sx={{ mt: 1 }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Grid>
    </Grid>
  );
}
