import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef } from 'react';
import { useController } from 'react-hook-form';
import {
  BOLETA_ID_THRESHOLD_CENTS,
  RECEIPT_TYPE_IDS,
  RECEIPT_TYPES,
  SALE_MESSAGES,
  type ReceiptType,
  type SaleTotals,
} from '@app/domain';
import { fullName } from '../../lib/format';
import { CLIENT_LOOKUP_TEXTS, useClientByDni } from '../../lookups';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { NO_BUYER, type Buyer, type CheckoutFormMethods } from './checkout-values';

interface BuyerFieldsProps {
  form: CheckoutFormMethods;
  buyer: Buyer;
  /** A walk-in sale finds its client by DNI; a cita's client is the cita's. */
  walkIn: boolean;
  totals: SaleTotals;
  /**
   * Why the sale takes a nota de venta only (it sells a gift card, or bonos cover it whole), said
   * under the receipt types; null when it may take any.
   */
  noteOnly: string | null;
  disabled: boolean;
}

/** What each receipt type's document field holds, at most. */
const DOC_CHARS: Record<ReceiptType, (value: string) => string> = {
  B: (value) => value.replace(/[^A-Za-z0-9]/g, '').slice(0, 12),
  F: (value) => value.replace(/\D/g, '').slice(0, 11),
  T: (value) => value.slice(0, 20),
};

/** The receipt's type and the buyer it names: a DNI (or RUC) and a name. */
export function BuyerFields({ form, buyer, walkIn, totals, noteOnly, disabled }: BuyerFieldsProps) {
  const { control, setValue, clearErrors } = form;
  const type = useController({ control, name: 'tipo_comp' });
  const doc = useController({ control, name: 'doc' });
  const name = useController({ control, name: 'nombre' });
  const receipt = type.field.value;
  const factura = receipt === 'F';
  const lookup = useWalkInClient(form, walkIn, factura ? '' : doc.field.value.trim());
  const dniRequired = receipt === 'B' && totals.cents.total > BOLETA_ID_THRESHOLD_CENTS;

  const lookupText =
    lookup.state === 'found'
      ? CLIENT_LOOKUP_TEXTS.found(lookup.client.nom_cli, lookup.client.ape_cli)
      : lookup.state === 'not-found'
        ? CLIENT_LOOKUP_TEXTS.notFound
        : lookup.state === 'error'
          ? CLIENT_LOOKUP_TEXTS.failed
          : undefined;
  const docHint = dniRequired ? SALE_MESSAGES.boletaDniRequired : lookupText;

  return (
    <Stack spacing={1}>
      <FormControl disabled={disabled}>
        <FormLabel id="checkout-receipt-type">{CHECKOUT_TEXTS.receiptType}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="checkout-receipt-type"
          aria-describedby={noteOnly !== null ? 'checkout-receipt-type-hint' : undefined}
          name={type.field.name}
          value={receipt}
          onChange={(_, value) => {
            const next = value as ReceiptType;
            type.field.onChange(next);
            // A factura names a company by RUC; the client's DNI does not fit there.
            if (next === 'F' || receipt === 'F') {
              const fill = next === 'F' ? NO_BUYER : buyer;
              setValue('doc', fill.doc);
              setValue('nombre', fill.nombre);
              clearErrors(['doc', 'nombre']);
            }
          }}
        >
          {RECEIPT_TYPE_IDS.map((id) => (
            <FormControlLabel
              key={id}
              value={id}
              label={RECEIPT_TYPES[id]}
              disabled={disabled || (noteOnly !== null && id !== 'T')}
              control={
                <Radio
                  slotProps={{ input: { ref: id === receipt ? type.field.ref : undefined } }}
                  sx={{ '@media (pointer: coarse)': { minWidth: 44, minHeight: 44 } }}
                />
              }
            />
          ))}
        </RadioGroup>
        {noteOnly !== null && (
          <FormHelperText id="checkout-receipt-type-hint" sx={{ mx: 0 }}>
            {noteOnly}
          </FormHelperText>
        )}
      </FormControl>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField
            fullWidth
            id="field-doc"
            label={factura ? 'RUC' : 'DNI'}
            name={doc.field.name}
            inputRef={doc.field.ref}
            value={doc.field.value}
            required={factura || dniRequired}
            disabled={disabled}
            error={Boolean(doc.fieldState.error)}
            helperText={doc.fieldState.error?.message ?? docHint ?? ' '}
            onChange={(e) => doc.field.onChange(DOC_CHARS[receipt](e.target.value))}
            onBlur={doc.field.onBlur}
            slotProps={{ htmlInput: { inputMode: factura ? 'numeric' : 'text', maxLength: 20 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <TextField
            fullWidth
            id="field-nombre"
            label={factura ? 'Razón social' : 'Nombre'}
            name={name.field.name}
            inputRef={name.field.ref}
            value={name.field.value}
            required={factura}
            disabled={disabled}
            error={Boolean(name.fieldState.error)}
            helperText={name.fieldState.error?.message ?? ' '}
            onChange={name.field.onChange}
            onBlur={name.field.onBlur}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}

/**
 * A walk-in buyer's DNI looked up (lookups/client-by-dni): a client found becomes the sale's
 * client and fills the name, unless the cashier typed another; one not found is a sale to nobody
 * registered.
 */
function useWalkInClient(form: CheckoutFormMethods, walkIn: boolean, dni: string) {
  const lookup = useClientByDni(walkIn ? dni : '');
  const found = lookup.state === 'found' ? lookup.client : undefined;
  /** The name this lookup wrote, so that it only ever replaces its own. */
  const filled = useRef<string | null>(null);
  useEffect(() => {
    if (!walkIn) return;
    const name = found ? fullName(found.nom_cli, found.ape_cli) : null;
    const current = form.getValues('nombre');
    form.setValue('id_cliente', found?.id_cli ?? null);
    if (name !== null && (current.trim() === '' || current === filled.current)) {
      form.setValue('nombre', name);
      filled.current = name;
    } else if (name === null && filled.current !== null && current === filled.current) {
      form.setValue('nombre', '');
      filled.current = null;
    }
  }, [found, walkIn, form]);
  return lookup;
}
