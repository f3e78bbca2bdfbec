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
import { useController, useFieldArray, type UseControllerReturn } from 'react-hook-form';
import {
  DEPOSIT_MESSAGES,
  formatCents,
  normalizeGiftCardCode,
  parseCents,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type SaleTotals,
} from '@app/domain';
import { DEPOSIT_TEXTS } from './appointment-deposits';
import { BONO_COVER_TEXTS } from './bono-cover';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { arrayError, type CheckoutFormMethods, type CheckoutValues } from './checkout-values';
import {
  GIFT_CARD_TEXTS,
  GiftCardCodeInput,
  lookupOutcome,
  parseCode,
  useGiftCardLookup,
} from './gift-card-parts';
import { MoneyField } from './money-field';

const MAX_PAYMENTS = 5;

/**
 * Methods chosen, never proposed by 'Agregar pago': a gift card needs its code, the client's
 * credit is spent on purpose, and the cita's deposit is its own fixed row.
 */
const CHOSEN_ONLY: readonly PaymentMethod[] = ['tarjeta_regalo', 'adelanto', 'credito'];

/** The deposit a cita's sale must deduct whole (DESIGN §11.6): its fixed 'Adelanto' payment. */
export interface HeldDeposit {
  amount: string;
  /** Every deposit held is verified: the server deducts only then. */
  verified: boolean;
  /** Turns what is held into the client's credit: for a deposit more than what is charged. */
  onCredit(): void;
}

interface PaymentsFieldProps {
  form: CheckoutFormMethods;
  totals: SaleTotals;
  /** The sale sells a gift card, which another gift card does not pay. */
  sellsGiftCard: boolean;
  /** The client's bonos cover the sale whole and there is no tip: nothing is paid. */
  nothingDue: boolean;
  /** The cita's deposit held to deduct, or null. */
  deposit: HeldDeposit | null;
  /** The sale's client's credit (saldo a favor), or null without a client. */
  credit: string | null;
  disabled: boolean;
}

/**
 * The sale's payments, one row each; the change shows once they pay more than is due. A gift
 * card pays with its code, whose balance the cashier may ask first. A sale the client's bonos
 * cover whole asks for none (it is registered with `pagos: []`). A cita's deposit is a fixed
 * 'Adelanto' row of its amount; the client's credit is offered while they have some.
 */
export function PaymentsField({
  form,
  totals,
  sellsGiftCard,
  nothingDue,
  deposit,
  credit,
  disabled,
}: PaymentsFieldProps) {
  const { control, getValues, formState } = form;
  const payments = useFieldArray({ control, name: 'pagos' });
  const error = arrayError(formState.errors.pagos);
  if (nothingDue) return <Alert severity="success">{BONO_COVER_TEXTS.nothingDue}</Alert>;
  const hasCredit = credit !== null && (parseCents(credit) ?? 0) > 0;
  return (
    <>
      {(deposit || hasCredit) && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          {deposit && (
            <Typography sx={{ fontWeight: 700 }}>
              {DEPOSIT_TEXTS.deducted(deposit.amount)}
            </Typography>
          )}
          {deposit && !deposit.verified && (
            <Alert severity="warning">{DEPOSIT_MESSAGES.paymentUnverified}</Alert>
          )}
          {deposit && (parseCents(deposit.amount) ?? 0) > totals.cents.due && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" disabled={disabled} onClick={deposit.onCredit}>
                  {DEPOSIT_TEXTS.creditHeld}
                </Button>
              }
            >
              {DEPOSIT_MESSAGES.paymentOverDue(deposit.amount)}
            </Alert>
          )}
          {hasCredit && <Typography>{DEPOSIT_TEXTS.creditAvailable(credit)}</Typography>}
        </Stack>
      )}
      <Stack>
        {payments.fields.map((payment, index) => (
          <PaymentRow
            key={payment.id}
            index={index}
            form={form}
            sellsGiftCard={sellsGiftCard}
            offersCredit={hasCredit}
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
            const metodo =
              PAYMENT_METHOD_IDS.find((m) => !CHOSEN_ONLY.includes(m) && !used.has(m)) ??
              'efectivo';
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
  /** The sale's client has credit to spend. */
  offersCredit: boolean;
  disabled: boolean;
  onRemove(): void;
}

function PaymentRow({
  index,
  form,
  sellsGiftCard,
  offersCredit,
  disabled,
  onRemove,
}: PaymentRowProps) {
  const n = index + 1;
  const { control, setValue } = form;
  const method = useController({ control, name: `pagos.${index}.metodo` });
  const current = method.field.value;
  if (current === 'adelanto') {
    return <HeldDepositRow index={index} form={form} method={method} disabled={disabled} />;
  }
  // A sale of gift cards is not paid with one, nor a client without credit with it; the cita's
  // deposit is its own row. An option stays while chosen, to show the error.
  const methods = PAYMENT_METHOD_IDS.filter(
    (id) =>
      id === current ||
      (id !== 'adelanto' &&
        (id !== 'tarjeta_regalo' || !sellsGiftCard) &&
        (id !== 'credito' || offersCredit)),
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

/** The cita's deposit, deducted whole: its method and amount are shown, not typed nor removed. */
function HeldDepositRow({
  index,
  form,
  method,
  disabled,
}: {
  index: number;
  form: CheckoutFormMethods;
  method: UseControllerReturn<CheckoutValues, `pagos.${number}.metodo`>;
  disabled: boolean;
}) {
  const n = index + 1;
  return (
    <Grid container columnSpacing={1} sx={{ alignItems: 'flex-start' }}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          id={`field-pagos-${index}-metodo`}
          label={`Método de pago ${n}`}
          name={method.field.name}
          inputRef={method.field.ref}
          value={PAYMENT_METHODS.adelanto}
          error={Boolean(method.fieldState.error)}
          helperText={method.fieldState.error?.message ?? ' '}
          slotProps={{ htmlInput: { readOnly: true }, input: { sx: { bgcolor: 'action.hover' } } }}
        />
      </Grid>
      <Grid size={{ xs: 10, sm: 5 }}>
        <MoneyField
          control={form.control}
          name={`pagos.${index}.monto`}
          label={`Monto del pago ${n}`}
          disabled={disabled}
          required
          readOnly
        />
      </Grid>
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
