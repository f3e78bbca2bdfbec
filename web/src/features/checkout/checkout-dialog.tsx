import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useController, useForm, useWatch, type FieldPath } from 'react-hook-form';
import {
  appointmentsResource,
  BONO_MESSAGES,
  bonosResource,
  CHARGE_MESSAGES,
  mayCharge,
  SALE_ENDPOINTS,
  type Appointment,
  type AppointmentDeposits,
  type Sale,
  type SaleInput,
} from '@app/domain';
import { showErrorDialog, toast } from '../../lib/alerts';
import { ApiError, call, callWithMessage, queryKey } from '../../lib/api';
import { formatDateTime, fullName, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';
import { ClientBonosNotice, PetCareChips, useClientBonos } from '../../lookups';
import {
  DEPOSIT_TEXTS,
  useAppointmentDeposits,
  useClientCredit,
  useCreditHeldDeposits,
} from './appointment-deposits';
import { BONO_COVER_TEXTS, coveredAmount, useCheckoutContext } from './bono-cover';
import { BuyerFields } from './buyer-fields';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { GIFT_CARD_TEXTS } from './gift-card-parts';
import {
  appointmentValues,
  bonoCover,
  buyerOf,
  callItems,
  depositPayments,
  isAdjusted,
  NO_BUYER,
  resolver,
  sellsGiftCard,
  totalsOf,
  walkInValues,
  type Buyer,
  type CheckoutContext,
  type CheckoutControl,
  type CheckoutFormMethods,
  type CheckoutValues,
} from './checkout-values';
import { MoneyField } from './money-field';
import { PaymentsField } from './payments-field';
import { refreshAfterSale, useSale } from './receipt-queries';
import { SaleLines } from './sale-lines';
import { TotalsPanel } from './totals-panel';

/**
 * Charging (decisions §checkout): a cita's visit, or a walk-in sale ('Venta rápida'). One form
 * validated by the domain's SaleInputSchema, whose totals come from `saleTotals`, exact in cents,
 * as the server will store them. Prices are the server's (decisions §server-prices): a catalogue
 * line shows the price it will be charged and is sent by item and quantity; only a user with
 * `caja.ajustar` may type another price, which then travels with a reason. A sale with a client
 * uses the client's bonos (DESIGN §11.6) as the server will: the parts they cover at S/. 0.00.
 */

export interface CheckoutDialogProps {
  open: boolean;
  /** The cita charged; absent or null: a walk-in sale ('Venta rápida'). */
  appointmentId?: number | null;
  onClose(): void;
  /** The sale was registered; the dialog stays open until the caller closes it. */
  onCharged(sale: Sale): void;
}

/** 'Cobrar' a cita, or 'Venta rápida' without one. */
export function CheckoutDialog({
  open,
  appointmentId = null,
  onClose,
  onCharged,
}: CheckoutDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // While the sale is being registered the dialog stays: closing it would hide the outcome.
  const submitting = useRef(false);
  const setSubmitting = useCallback((busy: boolean) => {
    submitting.current = busy;
  }, []);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!submitting.current) onClose();
      }}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle>
        {appointmentId === null ? CHECKOUT_TEXTS.quickSaleTitle : CHECKOUT_TEXTS.chargeTitle}
      </DialogTitle>
      {open && (
        <CheckoutContent
          // A new cita, or a new sale, starts from a fresh form.
          key={appointmentId ?? 'venta'}
          appointmentId={appointmentId}
          onClose={onClose}
          onCharged={onCharged}
          onSubmitting={setSubmitting}
        />
      )}
    </Dialog>
  );
}

interface ContentProps {
  appointmentId: number | null;
  onClose(): void;
  onCharged(sale: Sale): void;
  onSubmitting(busy: boolean): void;
}

function CheckoutContent({ appointmentId, ...props }: ContentProps) {
  const appointment = useAppointment(appointmentId);
  // What the cita holds to deduct is known before its form starts: it is its first payment.
  const deposits = useAppointmentDeposits(appointmentId);
  if (appointmentId === null) {
    return <CheckoutForm defaults={walkInValues()} buyer={NO_BUYER} {...props} />;
  }
  if (appointment.isPending || appointment.isError) {
    return (
      <Notice onClose={props.onClose}>
        {appointment.isError ? (
          <Alert severity="error">{appointment.error.message || CHECKOUT_TEXTS.loadError}</Alert>
        ) : (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Cargando cita" />
          </Stack>
        )}
      </Notice>
    );
  }
  const cita = appointment.data;
  if (!mayCharge(cita)) {
    return (
      <Notice onClose={props.onClose}>
        {cita.id_venta !== null ? (
          <ChargedNotice saleId={cita.id_venta} />
        ) : (
          <Alert severity="warning">{CHARGE_MESSAGES.appointmentNotChargeable}</Alert>
        )}
      </Notice>
    );
  }
  if (deposits.isPending || deposits.isError) {
    return (
      <Notice onClose={props.onClose}>
        {deposits.isError ? (
          <Alert severity="error">{deposits.error.message || DEPOSIT_TEXTS.loadError}</Alert>
        ) : (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label={DEPOSIT_TEXTS.loading} />
          </Stack>
        )}
      </Notice>
    );
  }
  return (
    <CheckoutForm
      defaults={appointmentValues(cita, deposits.data)}
      buyer={buyerOf(cita)}
      appointment={cita}
      deposits={deposits.data}
      {...props}
    />
  );
}

/** A cita that cannot be charged (any more): why, and only 'Cerrar'. */
function Notice({ children, onClose }: { children: ReactNode; onClose(): void }) {
  return (
    <>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {CHECKOUT_TEXTS.close}
        </Button>
      </DialogActions>
    </>
  );
}

function ChargedNotice({ saleId }: { saleId: number }) {
  const sale = useSale(saleId);
  return (
    <Alert severity="info">
      {CHARGE_MESSAGES.appointmentCharged(sale.data?.comprobante ?? `la venta ${saleId}`)}
    </Alert>
  );
}

interface CheckoutFormProps extends Omit<ContentProps, 'appointmentId'> {
  defaults: CheckoutValues;
  /** Who a boleta or a nota de venta names by default; a factura starts blank. */
  buyer: Buyer;
  appointment?: Appointment;
  /** The cita's deposits as the form started: what it holds is deducted whole. */
  deposits?: AppointmentDeposits;
}

function CheckoutForm({
  defaults,
  buyer,
  appointment,
  deposits,
  onClose,
  onCharged,
  onSubmitting,
}: CheckoutFormProps) {
  const client = useQueryClient();
  const form = useForm<CheckoutValues, CheckoutContext, SaleInput>({
    resolver,
    context: useCheckoutContext(),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;
  const values = useWatch({ control });
  const clientId = values.id_cliente ?? null;
  const clientBonos = useClientBonos(clientId);
  const credit = useClientCredit(clientId);
  const [heldPayment] = depositPayments(deposits);
  const creditDeposits = useCreditHeldDeposits();
  const creditHeld = async (held: AppointmentDeposits) => {
    try {
      await creditDeposits(held);
    } catch (error) {
      await showErrorDialog(DEPOSIT_TEXTS.creditError, error);
    }
  };
  const lines = values.items ?? [];
  const cover = bonoCover(lines, clientBonos.data ?? []);
  const totals = totalsOf(values, cover.parts);
  const busy = formState.isSubmitting;
  useEffect(() => onSubmitting(busy), [busy, onSubmitting]);

  const { can } = usePermissions();
  const mayAdjust = can('caja.ajustar');
  const adjusted = isAdjusted(values, totals);
  const giftCard = sellsGiftCard(lines);
  const covers = cover.parts.some((part) => part.bono);
  // A sale the bonos cover whole is a nota de venta; with no tip either, nothing is paid.
  const coveredWhole = covers && totals.cents.total === 0;
  const nothingDue = covers && totals.cents.due === 0;
  const noteOnly = giftCard
    ? GIFT_CARD_TEXTS.receiptTypeHint
    : coveredWhole
      ? BONO_MESSAGES.zeroSaleNeedsNote
      : null;
  useNoteOnly(form, noteOnly !== null, buyer);
  useGiftCardSale(form, giftCard);
  useNothingDue(form, nothingDue);
  useHeldDeposit(form, nothingDue, deposits);

  const submit = handleSubmit(async (sale) => {
    try {
      const body = { ...sale, items: callItems(sale, form.getValues('items')) };
      const answer = await callWithMessage(SALE_ENDPOINTS.register, { body });
      if (answer.message) toast.success(answer.message);
      void refreshAfterSale(client);
      // A bono sold or used: the client's bonos (and the catalogue's) are read again.
      void client.invalidateQueries({ queryKey: [bonosResource.plural] });
      onCharged(answer.data);
    } catch (error) {
      if (error instanceof ApiError) {
        // The server's paths are the schema's, as the resolver's (`items.0.precio`, `pagos`,
        // `doc`...); one with no input here (`id_cita`) is told by the error dialog alone.
        for (const [path, [message]] of Object.entries(error.errors)) {
          if (message) setError(path as FieldPath<CheckoutValues>, { type: 'server', message });
        }
      }
      await showErrorDialog(CHECKOUT_TEXTS.errorTitle, error);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      <DialogContent dividers>
        {appointment && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {upper(appointment.perro.nom_perro)} ·{' '}
            {fullName(appointment.cliente.nom_cli, appointment.cliente.ape_cli)} ·{' '}
            {formatDateTime(appointment.fec_cita)}
            <PetCareChips care={appointment.perro} />
          </Typography>
        )}

        {clientId !== null && (
          <ClientBonosNotice bonos={clientBonos.data ?? []} failed={clientBonos.isError} />
        )}

        <Section title={CHECKOUT_TEXTS.items}>
          <SaleLines
            form={form}
            mayAdjust={mayAdjust}
            giftCards={!appointment}
            cover={cover}
            disabled={busy}
          />
        </Section>

        <Grid container spacing={3} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <MoneyField
                  control={control}
                  name="descuento"
                  label="Descuento"
                  disabled={busy || giftCard}
                  hint={giftCard ? GIFT_CARD_TEXTS.noDiscountHint : undefined}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <MoneyField
                  control={control}
                  name="propina"
                  label="Propina"
                  disabled={busy || giftCard}
                  hint={giftCard ? GIFT_CARD_TEXTS.noDiscountHint : undefined}
                />
              </Grid>
              {mayAdjust && (adjusted || totals.cents.discount > 0) && (
                <Grid size={12}>
                  <AdjustReasonField control={control} required={adjusted} disabled={busy} />
                </Grid>
              )}
            </Grid>

            <Section title={CHECKOUT_TEXTS.receipt}>
              <BuyerFields
                form={form}
                buyer={buyer}
                walkIn={!appointment}
                totals={totals}
                noteOnly={noteOnly}
                disabled={busy}
              />
            </Section>

            <Section title={CHECKOUT_TEXTS.payments}>
              <PaymentsField
                form={form}
                totals={totals}
                sellsGiftCard={giftCard}
                nothingDue={nothingDue}
                deposit={
                  heldPayment && deposits
                    ? {
                        amount: heldPayment.monto,
                        verified: deposits.verificado,
                        onCredit: () => void creditHeld(deposits),
                      }
                    : null
                }
                credit={clientId === null ? null : (credit.data?.saldo ?? null)}
                disabled={busy}
              />
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <TotalsPanel
              totals={totals}
              covered={
                covers ? coveredAmount(cover.parts, (line) => lines[line]?.precio ?? '') : null
              }
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {CHECKOUT_TEXTS.cancel}
        </Button>
        {/* The client's bonos are known before the sale is: they change what it charges. */}
        <Button type="submit" variant="contained" loading={busy || clientBonos.isLoading}>
          {nothingDue ? BONO_COVER_TEXTS.submitFree : CHECKOUT_TEXTS.submit(totals.text.due)}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * A sale of gift cards, or one the client's bonos cover whole (DESIGN §11.6), is a nota de venta:
 * the form turns to it as soon as the sale is one, and the receipt types say why.
 */
function useNoteOnly(form: CheckoutFormMethods, noteOnly: boolean, buyer: Buyer) {
  useEffect(() => {
    if (!noteOnly) return;
    const { getValues, setValue } = form;
    const type = getValues('tipo_comp');
    if (type === 'T') return;
    // A factura's RUC and razón social give way to the buyer a nota de venta names.
    if (type === 'F') {
      setValue('doc', buyer.doc);
      setValue('nombre', buyer.nombre);
    }
    setValue('tipo_comp', 'T');
    form.clearErrors(['tipo_comp', 'doc', 'nombre']);
  }, [form, noteOnly, buyer]);
}

/** A sale of gift cards carries no discount nor tip: the fields say why. */
function useGiftCardSale(form: CheckoutFormMethods, giftCard: boolean) {
  useEffect(() => {
    if (!giftCard) return;
    const { getValues, setValue } = form;
    for (const name of ['descuento', 'propina'] as const) {
      if (getValues(name) !== '') setValue(name, '');
    }
    form.clearErrors(['descuento', 'propina']);
  }, [form, giftCard]);
}

/** Nothing due (bonos cover the sale, no tip): no payment is asked, none is sent. */
function useNothingDue(form: CheckoutFormMethods, nothingDue: boolean) {
  useEffect(() => {
    if (!nothingDue) return;
    if (form.getValues('pagos').length > 0) form.setValue('pagos', []);
    form.clearErrors('pagos');
  }, [form, nothingDue]);
}

/**
 * The cita's held deposits are deducted whole by its sale: their 'Adelanto' row comes back first
 * once something is due again (a bono that covered the sale was declined).
 */
function useHeldDeposit(
  form: CheckoutFormMethods,
  nothingDue: boolean,
  deposits: AppointmentDeposits | undefined,
) {
  useEffect(() => {
    const held = depositPayments(deposits);
    const pagos = form.getValues('pagos');
    const others = pagos.filter((pago) => pago.metodo !== 'adelanto');
    // Credited meanwhile (more than the sale charges): its row goes.
    if (held.length === 0 && others.length < pagos.length) form.setValue('pagos', others);
    if (nothingDue || held.length === 0) return;
    if (others.length === pagos.length) form.setValue('pagos', [...held, ...pagos]);
  }, [form, nothingDue, deposits]);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Why the sale charges off the server's prices; the server records it in the audit log. */
function AdjustReasonField({
  control,
  required,
  disabled,
}: {
  control: CheckoutControl;
  required: boolean;
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'motivo_ajuste' });
  return (
    <TextField
      fullWidth
      id="field-motivo_ajuste"
      label={CHECKOUT_TEXTS.adjustReason}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      required={required}
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? CHECKOUT_TEXTS.adjustReasonHint}
      onChange={field.onChange}
      onBlur={field.onBlur}
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
}

function useAppointment(id: number | null) {
  return useQuery({
    queryKey: queryKey(appointmentsResource.endpoints.one, { params: { id: id ?? 0 } }),
    queryFn: ({ signal }) =>
      call(appointmentsResource.endpoints.one, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}
