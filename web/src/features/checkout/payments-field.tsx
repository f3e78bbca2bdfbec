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
import {
  formatCents,
  normalizeGiftCardCode,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  type SaleTotals,
} from '@app/domain';
import { BONO_COVER_TEXTS } from './bono-cover';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { arrayError, type CheckoutFormMethods } from './checkout-values';
import {
  GIFT_CARD_TEXTS,
  GiftCardCodeInput,
  lookupOutcome,
  parseCode,
  useGiftCardLookup,
} from './gift-card-parts';
import { MoneyField } from './money-field';

const MAX_PAYMENTS = 5;

interface PaymentsFieldProps {
  form: CheckoutFormMethods;
  totals: SaleTotals;
  /** The sale sells a gift card, which another gift card does not pay. */
  sellsGiftCard: boolean;
  /** The client's bonos cover the sale whole and there is no tip: nothing is paid. */
  nothingDue: boolean;
  disabled: boolean;
}

/**
 * The sale's payments, one row each; the change shows once they pay more than is due. A gift
 * card pays with its code, whose balance the cashier may ask first. A sale the client's bonos
 * cover whole asks for none (it is registered with `pagos: []`).
 */
export function PaymentsField({
  form,
  totals,
  sellsGiftCard,
  nothingDue,
  disabled,
}: PaymentsFieldProps) {
  const { control, getValues, formState } = form;
  const payments = useFieldArray({ control, name: 'pagos' });
  const error = arrayError(formState.errors.pagos);
  if (nothingDue) return <Alert severity="success">{BONO_COVER_TEXTS.nothingDue}</Alert>;
  return (
    <>
      <Stack>
        {payments.fields.map((payment, index) => (
          <PaymentRow
            key={payment.id}
            index={index}
            form={form}
            sellsGiftCard={sellsGiftCard}
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
            // A gift card is chosen, never proposed: it needs its code.
            const metodo =
              PAYMENT_METHOD_IDS.find((m) => m !== 'tarjeta_regalo' && !used.has(m)) ?? 'efectivo';
            // The new payment covers what is still missing; the cashier may change it.
            const missing = totals.cents.missing;
            payments.append({ metodo, monto: missing > 0 ? formatCents(missing) : '', codigo: '' });
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
  form: CheckoutFormMethods;
  sellsGiftCard: boolean;
  disabled: boolean;
  onRemove(): void;
}

function PaymentRow({ index, form, sellsGiftCard, disabled, onRemove }: PaymentRowProps) {
  const n = index + 1;
  const { control, setValue } = form;
  const method = useController({ control, name: `pagos.${index}.metodo` });
  const current = method.field.value;
  // A sale of gift cards is not paid with one; the option stays while chosen, to show the error.
  const methods = PAYMENT_METHOD_IDS.filter(
    (id) => id !== 'tarjeta_regalo' || !sellsGiftCard || id === current,
  );
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
          value={current}
          disabled={disabled}
          error={Boolean(method.fieldState.error)}
          helperText={method.fieldState.error?.message ?? ' '}
          onChange={(e) => {
            const next = PAYMENT_METHOD_IDS.find((id) => id === e.target.value) ?? 'efectivo';
            method.field.onChange(next);
            // Only a gift card carries a code: another method drops what was typed.
            if (next !== 'tarjeta_regalo') setValue(`pagos.${index}.codigo`, '');
          }}
          onBlur={method.field.onBlur}
        >
          {methods.map((id) => (
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
      {current === 'tarjeta_regalo' && (
        <Grid size={12}>
          <GiftCardCodeField index={index} form={form} disabled={disabled} />
        </Grid>
      )}
    </Grid>
  );
}

interface GiftCardCodeFieldProps {
  index: number;
  form: CheckoutFormMethods;
  disabled: boolean;
}

/** The code of the gift card that pays, and its balance on demand ('Consultar saldo'). */
function GiftCardCodeField({ index, form, disabled }: GiftCardCodeFieldProps) {
  const n = index + 1;
  const name = `pagos.${index}.codigo` as const;
  const { field, fieldState } = useController({ control: form.control, name });
  const lookup = useGiftCardLookup();
  // The answer is about the code asked; once the code is changed it says nothing.
  const outcome = lookup.code === normalizeGiftCardCode(field.value) ? lookupOutcome(lookup) : null;
  const check = () => {
    const parsed = parseCode(field.value);
    if ('error' in parsed) {
      form.setError(name, { type: 'validate', message: parsed.error }, { shouldFocus: true });
      return;
    }
    form.clearErrors(name);
    lookup.lookup(parsed.code);
  };
  const error = fieldState.error?.message;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'flex-start' }}>
      <GiftCardCodeInput
        id={`field-pagos-${index}-codigo`}
        label={GIFT_CARD_TEXTS.paymentCode(n)}
        name={field.name}
        inputRef={field.ref}
        value={field.value}
        required
        disabled={disabled}
        error={Boolean(error) || Boolean(outcome?.bad)}
        helperText={error ?? outcome?.text ?? ' '}
        onChange={field.onChange}
        onBlur={field.onBlur}
        onEnter={check}
        // The balance is told as it arrives.
        slotProps={{ formHelperText: { 'aria-live': 'polite' } }}
        sx={{ flex: '1 1 14rem' }}
      />
      <Button
        variant="outlined"
        onClick={check}
        disabled={disabled}
        loading={lookup.query.isFetching}
        sx={{ mt: 1, mb: 2 }}
      >
        {GIFT_CARD_TEXTS.checkBalance}
      </Button>
    </Stack>
  );
}
