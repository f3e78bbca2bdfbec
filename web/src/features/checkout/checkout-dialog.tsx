import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '@mui/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import {
  useController,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldPath,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import {
  appointmentsResource,
  BOLETA_ID_THRESHOLD_CENTS,
  CHARGE_MESSAGES,
  formatCents,
  formatPriceOnBlur,
  insufficientStock,
  keepPriceChars,
  mayCharge,
  parseCents,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  PRODUCT_ENDPOINTS,
  RECEIPT_TYPE_IDS,
  RECEIPT_TYPES,
  SALE_MESSAGES,
  SALE_ENDPOINTS,
  SaleInputSchema,
  saleTotals,
  type Appointment,
  type PaymentMethod,
  type ReceiptType,
  type SaleCreated,
  type SaleInput,
  type SaleItemKind,
  type SaleTotals,
} from '@app/domain';
import { showErrorDialog, toast } from '../../lib/alerts';
import { ApiError, call, callWithMessage, queryKey } from '../../lib/api';
import { formatDateTime, formatMoney, fullName, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';
import {
  availablePackagesQuery,
  availableServicesQuery,
  CLIENT_LOOKUP_TEXTS,
  PetCareChips,
  useClientByDni,
} from '../../lookups';
import { refreshAfterSale, useSale } from './receipt-dialog';

/**
 * Charging (decisions §checkout): a cita's visit, or a walk-in sale ('Venta rápida'). One form
 * validated by the domain's SaleInputSchema, whose totals come from `saleTotals`, exact in cents,
 * as the server will store them. Prices are the server's (decisions §server-prices): a catalogue
 * line shows the price it will be charged and is sent by item and quantity; only a user with
 * `caja.ajustar` may type another price, which then travels with a reason.
 */

export const CHECKOUT_TEXTS = {
  chargeTitle: 'Cobrar',
  quickSaleTitle: 'Venta rápida',
  errorTitle: 'Error al registrar la venta',
  loadError: 'No se pudo cargar la cita',
  items: 'Ítems',
  addItem: 'Agregar ítem',
  payments: 'Pagos',
  addPayment: 'Agregar pago',
  receipt: 'Comprobante',
  receiptType: 'Tipo de comprobante',
  totals: 'Totales',
  cancel: 'Cancelar',
  close: 'Cerrar',
  submit: (due: string) => `Cobrar ${formatMoney(due)}`,
  change: (change: string) => `Vuelto: ${formatMoney(change)}`,
  noCatalogue: 'No se pudieron cargar las opciones',
  stock: (units: number) => `Stock: ${units}`,
  listPrice: (price: string) => `Precio de lista: ${formatMoney(price)}`,
  adjustReason: 'Motivo del ajuste',
  adjustReasonHint:
    'Obligatorio si cambia un precio, da un descuento mayor al permitido o una propina mayor al total',
} as const;

/** A warning under a field that is not (yet) an error: the product's stock falls short. */
const warningText = { color: 'warning.main' } as const;

/** The lines a cashier adds here; a product shows its stock (decisions §products). */
const LINE_KINDS: { kind: SaleItemKind; label: string }[] = [
  { kind: 'otro', label: 'Otro' },
  { kind: 'servicio', label: 'Servicio' },
  { kind: 'paquete', label: 'Paquete' },
  { kind: 'producto', label: 'Producto' },
];

const MAX_ITEMS = 50;
const MAX_PAYMENTS = 5;

/* The form */

/** A line as its inputs hold it: text as typed; the schema turns it into the call's. */
interface LineValues {
  tipo: SaleItemKind;
  id: number | null;
  descripcion: string;
  cantidad: string;
  precio: string;
  /** The server's price of a catalogue line (the cita's booked one for its item); null: free. */
  precio_lista: string | null;
  /** The cita's own item: the sale must carry it, so it cannot be changed or removed. */
  reservado: boolean;
}

interface PaymentValues {
  metodo: PaymentMethod;
  monto: string;
}

/** The form's values: the input of `SaleInputSchema`, with every amount as typed text. */
interface CheckoutValues {
  id_cita: number | null;
  id_cliente: number | null;
  tipo_comp: ReceiptType;
  doc: string;
  nombre: string;
  items: LineValues[];
  descuento: string;
  propina: string;
  pagos: PaymentValues[];
  motivo_ajuste: string;
}

// The values above are a narrower form of the schema's input, so its resolver judges them.
const resolver = zodResolver(SaleInputSchema) as unknown as Resolver<
  CheckoutValues,
  unknown,
  SaleInput
>;

const freeLine = (): LineValues => ({
  tipo: 'otro',
  id: null,
  descripcion: '',
  cantidad: '1',
  precio: '',
  precio_lista: null,
  reservado: false,
});

/** The buyer a receipt names unless the cashier changes it: the cita's client, or nobody. */
interface Buyer {
  doc: string;
  nombre: string;
}

const NO_BUYER: Buyer = { doc: '', nombre: '' };

function buyerOf(appointment: Appointment): Buyer {
  return {
    doc: appointment.cliente.dni_cli,
    nombre: fullName(appointment.cliente.nom_cli, appointment.cliente.ape_cli),
  };
}

/** A cita charged: its service or package at the price it was booked for, for its client. */
function appointmentValues(appointment: Appointment): CheckoutValues {
  const booked = { cantidad: '1', precio: appointment.precio, precio_lista: appointment.precio };
  const line: LineValues = appointment.paquete
    ? {
        tipo: 'paquete',
        id: appointment.paquete.id_paq,
        descripcion: appointment.paquete.nom_paq,
        ...booked,
        reservado: true,
      }
    : appointment.servicio
      ? {
          tipo: 'servicio',
          id: appointment.servicio.id_srv,
          descripcion: appointment.servicio.nom_srv,
          ...booked,
          reservado: true,
        }
      : { ...freeLine(), precio: appointment.precio };
  return {
    id_cita: appointment.id_cita,
    id_cliente: appointment.id_cli,
    tipo_comp: 'B',
    ...buyerOf(appointment),
    items: [line],
    descuento: '',
    propina: '',
    pagos: [],
    motivo_ajuste: '',
  };
}

const walkInValues = (): CheckoutValues => ({
  id_cita: null,
  id_cliente: null,
  tipo_comp: 'B',
  ...NO_BUYER,
  items: [freeLine()],
  descuento: '',
  propina: '',
  pagos: [],
  motivo_ajuste: '',
});

type WatchedValues = ReturnType<typeof useWatch<CheckoutValues>>;

/** The running totals of what is typed so far; a value not yet valid counts as nothing. */
function totalsOf(values: WatchedValues): SaleTotals {
  return saleTotals({
    items: (values.items ?? []).map((line) => ({
      cantidad: line?.cantidad ?? '',
      precio: line?.precio ?? '',
    })),
    descuento: values.descuento,
    propina: values.propina,
    pagos: (values.pagos ?? []).map((p) => ({ metodo: p?.metodo ?? '', monto: p?.monto ?? '' })),
  });
}

/**
 * Whether the sale charges off the server's prices in a way the form can tell: another price on
 * a catalogue line, or a tip above the total (the discount's limit is the server's to judge).
 */
function isAdjusted(values: WatchedValues, totals: SaleTotals): boolean {
  const repriced = (values.items ?? []).some(
    (line) =>
      line?.precio_lista !== null &&
      line?.precio_lista !== undefined &&
      parseCents(line.precio ?? '') !== parseCents(line.precio_lista),
  );
  return repriced || totals.cents.tip > totals.cents.total;
}

/**
 * The call's lines: a catalogue line by item and quantity, its price only when it overrides the
 * server's; the server names it.
 */
function callItems(sale: SaleInput, lines: readonly LineValues[]) {
  return sale.items.map((item, index) => {
    if (item.tipo === 'otro') return item;
    const { tipo, id, cantidad, precio } = item;
    const listed = lines[index]?.precio_lista ?? null;
    const kept = listed !== null && precio !== null && parseCents(precio) === parseCents(listed);
    return kept ? { tipo, id, cantidad } : { tipo, id, cantidad, precio };
  });
}

/** The server's field errors (`items.0.precio`, `pagos`, `doc`...) that this form can show. */
const FORM_PATH =
  /^(tipo_comp|doc|nombre|descuento|propina|motivo_ajuste|items|pagos|items\.\d+\.(tipo|id|descripcion|cantidad|precio)|pagos\.\d+\.(metodo|monto))$/;

/* Queries */

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

interface CatalogueOption {
  id: number;
  name: string;
  precio: string;
  /** A product's units in stock. */
  stock?: number;
}

type CatalogueKind = 'servicio' | 'paquete' | 'producto';

/**
 * The active services and packages (the booking form's lists, same cache) and products with
 * their stock (under the products' key: a sale, a void or a movement refreshes it), as lines
 * offer them.
 */
function useCatalogue(kinds: Record<CatalogueKind, boolean>) {
  const services = useQuery({ ...availableServicesQuery, enabled: kinds.servicio });
  const packages = useQuery({ ...availablePackagesQuery, enabled: kinds.paquete });
  const products = useQuery({
    queryKey: queryKey(PRODUCT_ENDPOINTS.available),
    queryFn: ({ signal }) => call(PRODUCT_ENDPOINTS.available, { signal }),
    enabled: kinds.producto,
  });
  return {
    servicio: {
      options: (services.data ?? []).map((s): CatalogueOption => ({
        id: s.id_srv,
        name: s.nom_srv,
        precio: s.precio_srv,
      })),
      failed: services.isError,
    },
    paquete: {
      options: (packages.data ?? []).map((p): CatalogueOption => ({
        id: p.id_paq,
        name: p.nom_paq,
        precio: p.precio_paq,
      })),
      failed: packages.isError,
    },
    producto: {
      options: (products.data ?? []).map((p): CatalogueOption => ({
        id: p.id_prod,
        name: p.nom_prod,
        precio: p.precio,
        stock: p.stock,
      })),
      failed: products.isError,
    },
  };
}

type Catalogue = ReturnType<typeof useCatalogue>;

/* The dialog */

export interface CheckoutDialogProps {
  open: boolean;
  /** The cita charged; absent or null: a walk-in sale ('Venta rápida'). */
  appointmentId?: number | null;
  onClose(): void;
  /** The sale was registered; the dialog stays open until the caller closes it. */
  onCharged(sale: SaleCreated): void;
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
  onCharged(sale: SaleCreated): void;
  onSubmitting(busy: boolean): void;
}

function CheckoutContent({ appointmentId, ...props }: ContentProps) {
  const appointment = useAppointment(appointmentId);
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
  return (
    <CheckoutForm
      defaults={appointmentValues(cita)}
      buyer={buyerOf(cita)}
      appointment={cita}
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
}

function CheckoutForm({
  defaults,
  buyer,
  appointment,
  onClose,
  onCharged,
  onSubmitting,
}: CheckoutFormProps) {
  const client = useQueryClient();
  const form = useForm<CheckoutValues, unknown, SaleInput>({
    resolver,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;
  const items = useFieldArray({ control, name: 'items' });
  const payments = useFieldArray({ control, name: 'pagos' });
  const values = useWatch({ control });
  const totals = totalsOf(values);
  const kinds = {
    servicio: (values.items ?? []).some((line) => line?.tipo === 'servicio'),
    paquete: (values.items ?? []).some((line) => line?.tipo === 'paquete'),
    producto: (values.items ?? []).some((line) => line?.tipo === 'producto'),
  };
  const catalogue = useCatalogue(kinds);
  const productUnits = unitsByProduct(values);
  const busy = formState.isSubmitting;
  useEffect(() => onSubmitting(busy), [busy, onSubmitting]);

  const { can } = usePermissions();
  const mayAdjust = can('caja.ajustar');
  const adjusted = isAdjusted(values, totals);

  const submit = handleSubmit(async (sale) => {
    try {
      const body = { ...sale, items: callItems(sale, form.getValues('items')) };
      const answer = await callWithMessage(SALE_ENDPOINTS.register, { body });
      if (answer.message) toast.success(answer.message);
      void refreshAfterSale(client);
      onCharged(answer.data);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [path, messages] of Object.entries(error.errors)) {
          if (FORM_PATH.test(path) && messages[0]) {
            setError(path as FieldPath<CheckoutValues>, { type: 'server', message: messages[0] });
          }
        }
      }
      await showErrorDialog(CHECKOUT_TEXTS.errorTitle, error);
    }
  });

  const itemsError = arrayError(formState.errors.items);
  const paymentsError = arrayError(formState.errors.pagos);

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

        <Section title={CHECKOUT_TEXTS.items}>
          <TableContainer>
            <Table size="small" sx={{ minWidth: { sm: 680 } }}>
              <TableHead sx={{ display: { xs: 'none', sm: 'table-header-group' } }}>
                <TableRow>
                  <TableCell sx={{ width: 140 }}>Tipo</TableCell>
                  <TableCell>Descripción</TableCell>
                  <TableCell sx={{ width: 90 }}>Cant.</TableCell>
                  <TableCell sx={{ width: 130 }}>P. unit. (S/)</TableCell>
                  <TableCell align="right" sx={{ width: 120 }}>
                    Importe
                  </TableCell>
                  <TableCell sx={{ width: 56 }}>
                    <Box component="span" sx={visuallyHidden}>
                      Quitar
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.fields.map((line, index) => (
                  <LineRow
                    key={line.id}
                    index={index}
                    form={form}
                    catalogue={catalogue}
                    productUnits={productUnits}
                    mayAdjust={mayAdjust}
                    disabled={busy}
                    onRemove={
                      items.fields.length > 1 && !line.reservado
                        ? () => items.remove(index)
                        : undefined
                    }
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {itemsError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {itemsError}
            </Alert>
          )}
          <Button
            startIcon={<AddIcon />}
            onClick={() => items.append(freeLine())}
            disabled={busy || items.fields.length >= MAX_ITEMS}
            sx={{ mt: 1 }}
          >
            {CHECKOUT_TEXTS.addItem}
          </Button>
        </Section>

        <Grid container spacing={3} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <MoneyField control={control} name="descuento" label="Descuento" disabled={busy} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <MoneyField control={control} name="propina" label="Propina" disabled={busy} />
              </Grid>
              {mayAdjust && (adjusted || totals.cents.discount > 0) && (
                <Grid size={12}>
                  <AdjustReasonField control={control} required={adjusted} disabled={busy} />
                </Grid>
              )}
            </Grid>

            <Section title={CHECKOUT_TEXTS.receipt}>
              <ReceiptFields
                form={form}
                buyer={buyer}
                walkIn={!appointment}
                totals={totals}
                disabled={busy}
              />
            </Section>

            <Section title={CHECKOUT_TEXTS.payments}>
              <Stack>
                {payments.fields.map((payment, index) => (
                  <PaymentRow
                    key={payment.id}
                    index={index}
                    control={control}
                    disabled={busy}
                    onRemove={() => payments.remove(index)}
                  />
                ))}
              </Stack>
              {paymentsError && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {paymentsError}
                </Alert>
              )}
              <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
                <Button
                  startIcon={<AddIcon />}
                  disabled={busy || payments.fields.length >= MAX_PAYMENTS}
                  onClick={() => {
                    const used = new Set((values.pagos ?? []).map((p) => p?.metodo));
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
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <TotalsPanel totals={totals} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {CHECKOUT_TEXTS.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {CHECKOUT_TEXTS.submit(totals.text.due)}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The units of each product the sale's lines ask for: the server moves a product's sum. */
function unitsByProduct(values: WatchedValues): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of values.items ?? []) {
    if (line?.tipo !== 'producto' || line.id === null || line.id === undefined) continue;
    const n = Number(line.cantidad);
    if (Number.isInteger(n) && n > 0) units.set(line.id, (units.get(line.id) ?? 0) + n);
  }
  return units;
}

/** The message of an error on a whole list (`items`, `pagos`), from the schema or the server. */
function arrayError(error: { message?: string; root?: { message?: string } } | undefined) {
  return error?.root?.message ?? error?.message;
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

/* Lines */

/** A line is a table row; on a phone its cells stack in two columns, each with its header. */
const lineRowSx = (theme: Theme) => ({
  verticalAlign: 'top',
  [theme.breakpoints.down('sm')]: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    columnGap: 1,
    py: 1,
    borderBottom: 1,
    borderColor: 'divider',
  },
});

const lineCellSx = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    border: 0,
    px: 0,
    '&[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      typography: 'caption',
      color: 'text.secondary',
    },
  },
});

interface LineRowProps {
  index: number;
  form: UseFormReturn<CheckoutValues, unknown, SaleInput>;
  catalogue: Catalogue;
  /** The units the sale's lines ask of each product, to warn beyond its stock. */
  productUnits: Map<number, number>;
  /** The user may charge another price than the catalogue's (`caja.ajustar`). */
  mayAdjust: boolean;
  disabled: boolean;
  /** Absent on the only line and on the cita's own item: a sale has at least one. */
  onRemove?: () => void;
}

function LineRow({
  index,
  form,
  catalogue,
  productUnits,
  mayAdjust,
  disabled,
  onRemove,
}: LineRowProps) {
  const { control, setValue } = form;
  const n = index + 1;
  const kind = useController({ control, name: `items.${index}.tipo` });
  const item = useController({ control, name: `items.${index}.id` });
  const description = useController({ control, name: `items.${index}.descripcion` });
  const quantity = useController({ control, name: `items.${index}.cantidad` });
  const price = useController({ control, name: `items.${index}.precio` });
  const listed = useWatch({ control, name: `items.${index}.precio_lista` });
  const booked = useWatch({ control, name: `items.${index}.reservado` });
  const lineTotal = saleTotals({
    items: [{ cantidad: quantity.field.value, precio: price.field.value }],
    pagos: [],
  }).text.items;

  const tipo = kind.field.value;
  const fromCatalogue =
    tipo === 'servicio' || tipo === 'paquete' || tipo === 'producto' ? catalogue[tipo] : undefined;
  // The cita's booked item stays an option even when retired since.
  const current = item.field.value;
  const options =
    fromCatalogue && current !== null && !fromCatalogue.options.some((o) => o.id === current)
      ? [
          ...fromCatalogue.options,
          { id: current, name: description.field.value, precio: price.field.value },
        ]
      : (fromCatalogue?.options ?? []);
  const kindLabel = LINE_KINDS.find((k) => k.kind === tipo)?.label ?? 'Ítem';
  const priceLocked = tipo !== 'otro' && !mayAdjust;
  const repriced =
    listed !== null && listed !== undefined && parseCents(price.field.value) !== parseCents(listed);
  // A product shows its stock, and warns (the server refuses) when the sale asks for more.
  const stock =
    tipo === 'producto' && current !== null
      ? options.find((o) => o.id === current)?.stock
      : undefined;
  const shortOf =
    stock !== undefined && current !== null && (productUnits.get(current) ?? 0) > stock
      ? insufficientStock(stock)
      : undefined;

  return (
    <TableRow sx={lineRowSx}>
      <TableCell data-label="Tipo" sx={lineCellSx}>
        <TextField
          select
          fullWidth
          size="small"
          name={kind.field.name}
          inputRef={kind.field.ref}
          value={tipo}
          disabled={disabled || booked}
          onChange={(e) => {
            const next = e.target.value as SaleItemKind;
            kind.field.onChange(next);
            setValue(`items.${index}.id`, null);
            setValue(`items.${index}.precio_lista`, null);
            // A free line keeps what was typed; a catalogue line waits for its item.
            if (next !== 'otro') {
              setValue(`items.${index}.descripcion`, '');
              setValue(`items.${index}.precio`, '');
            }
          }}
          onBlur={kind.field.onBlur}
          slotProps={{ htmlInput: { 'aria-label': `Tipo del ítem ${n}` } }}
        >
          {LINE_KINDS.map((k) => (
            <MenuItem key={k.kind} value={k.kind}>
              {k.label}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell data-label="Descripción" sx={[lineCellSx, { gridColumn: '1 / -1' }]}>
        {fromCatalogue ? (
          <TextField
            select
            fullWidth
            size="small"
            name={item.field.name}
            inputRef={item.field.ref}
            value={current ?? ''}
            disabled={disabled || booked}
            error={Boolean(item.fieldState.error) || fromCatalogue.failed}
            helperText={
              item.fieldState.error?.message ??
              (fromCatalogue.failed
                ? CHECKOUT_TEXTS.noCatalogue
                : stock !== undefined
                  ? CHECKOUT_TEXTS.stock(stock)
                  : undefined)
            }
            onChange={(e) => {
              const chosen = options.find((o) => o.id === Number(e.target.value));
              if (!chosen) return;
              item.field.onChange(chosen.id);
              setValue(`items.${index}.descripcion`, chosen.name, { shouldValidate: true });
              setValue(`items.${index}.precio_lista`, chosen.precio);
              setValue(`items.${index}.precio`, chosen.precio, { shouldValidate: true });
            }}
            onBlur={item.field.onBlur}
            slotProps={{ htmlInput: { 'aria-label': `${kindLabel} del ítem ${n}` } }}
          >
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name} — {formatMoney(o.precio)}
                {o.stock !== undefined && ` · ${CHECKOUT_TEXTS.stock(o.stock)}`}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            fullWidth
            size="small"
            name={description.field.name}
            inputRef={description.field.ref}
            value={description.field.value}
            disabled={disabled}
            error={Boolean(description.fieldState.error)}
            helperText={description.fieldState.error?.message}
            onChange={description.field.onChange}
            onBlur={description.field.onBlur}
            slotProps={{
              htmlInput: { 'aria-label': `Descripción del ítem ${n}`, maxLength: 200 },
            }}
          />
        )}
      </TableCell>
      <TableCell data-label="Cant." sx={lineCellSx}>
        <TextField
          fullWidth
          size="small"
          name={quantity.field.name}
          inputRef={quantity.field.ref}
          value={quantity.field.value}
          disabled={disabled}
          error={Boolean(quantity.fieldState.error)}
          helperText={quantity.fieldState.error?.message ?? shortOf}
          onChange={(e) => quantity.field.onChange(e.target.value.replace(/\D/g, '').slice(0, 3))}
          onBlur={quantity.field.onBlur}
          slotProps={{
            htmlInput: { 'aria-label': `Cantidad del ítem ${n}`, inputMode: 'numeric' },
            formHelperText: shortOf && !quantity.fieldState.error ? { sx: warningText } : undefined,
          }}
        />
      </TableCell>
      <TableCell data-label="P. unit. (S/)" sx={lineCellSx}>
        <TextField
          fullWidth
          size="small"
          name={price.field.name}
          inputRef={price.field.ref}
          value={price.field.value}
          disabled={disabled}
          error={Boolean(price.fieldState.error)}
          helperText={
            price.fieldState.error?.message ??
            (repriced && listed ? CHECKOUT_TEXTS.listPrice(listed) : undefined)
          }
          onChange={(e) => price.field.onChange(keepPriceChars(e.target.value))}
          onBlur={() => {
            price.field.onChange(formatPriceOnBlur(price.field.value));
            price.field.onBlur();
          }}
          slotProps={{
            // The catalogue's price is the server's: shown, typed over only with caja.ajustar.
            htmlInput: {
              'aria-label': `Precio unitario del ítem ${n}`,
              inputMode: 'decimal',
              readOnly: priceLocked,
            },
            input: priceLocked ? { sx: { bgcolor: 'action.hover' } } : undefined,
          }}
        />
      </TableCell>
      <TableCell
        data-label="Importe"
        align="right"
        sx={[lineCellSx, { pt: { sm: 2 }, whiteSpace: 'nowrap' }]}
      >
        {formatMoney(lineTotal)}
      </TableCell>
      <TableCell sx={[lineCellSx, { textAlign: 'right' }]}>
        {onRemove && (
          <IconButton aria-label={`Quitar ítem ${n}`} onClick={onRemove} disabled={disabled}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}

/* Amounts */

interface MoneyFieldProps {
  control: Control<CheckoutValues, unknown, SaleInput>;
  name: 'descuento' | 'propina' | `pagos.${number}.monto`;
  label: string;
  disabled: boolean;
  required?: boolean;
}

/** An amount in soles: digits and one point while typing, two decimals once left. */
function MoneyField({ control, name, label, disabled, required }: MoneyFieldProps) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      fullWidth
      id={`field-${name}`}
      label={`${label} (S/)`}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      required={required}
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? ' '}
      onChange={(e) => field.onChange(keepPriceChars(e.target.value))}
      onBlur={() => {
        field.onChange(formatPriceOnBlur(field.value));
        field.onBlur();
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', maxLength: 14 },
        input: { startAdornment: <InputAdornment position="start">S/</InputAdornment> },
      }}
    />
  );
}

/** Why the sale charges off the server's prices; the server records it in the audit log. */
function AdjustReasonField({
  control,
  required,
  disabled,
}: {
  control: Control<CheckoutValues, unknown, SaleInput>;
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

interface PaymentRowProps {
  index: number;
  control: Control<CheckoutValues, unknown, SaleInput>;
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

/* The receipt's buyer */

interface ReceiptFieldsProps {
  form: UseFormReturn<CheckoutValues, unknown, SaleInput>;
  buyer: Buyer;
  /** A walk-in sale finds its client by DNI; a cita's client is the cita's. */
  walkIn: boolean;
  totals: SaleTotals;
  disabled: boolean;
}

/** What each receipt type's document field holds, at most. */
const DOC_CHARS: Record<ReceiptType, (value: string) => string> = {
  B: (value) => value.replace(/[^A-Za-z0-9]/g, '').slice(0, 12),
  F: (value) => value.replace(/\D/g, '').slice(0, 11),
  T: (value) => value.slice(0, 20),
};

function ReceiptFields({ form, buyer, walkIn, totals, disabled }: ReceiptFieldsProps) {
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
              control={
                <Radio
                  slotProps={{ input: { ref: id === receipt ? type.field.ref : undefined } }}
                  sx={{ '@media (pointer: coarse)': { minWidth: 44, minHeight: 44 } }}
                />
              }
            />
          ))}
        </RadioGroup>
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
function useWalkInClient(
  form: UseFormReturn<CheckoutValues, unknown, SaleInput>,
  walkIn: boolean,
  dni: string,
) {
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

/* Totals */

function TotalsPanel({ totals }: { totals: SaleTotals }) {
  const { text, cents } = totals;
  const amount = (label: string, value: string, strong = false) => ({
    label,
    shown: formatMoney(value),
    strong,
  });
  // The total, IGV included, splits into its base and its IGV; a discount comes off before.
  const rows = [
    ...(cents.discount > 0
      ? [
          amount('Ítems', text.items),
          { label: 'Descuento', shown: `-${formatMoney(text.discount)}`, strong: false },
        ]
      : []),
    amount('Subtotal (sin IGV)', text.subtotal),
    amount('IGV 18%', text.igv),
    amount('Total', text.total, true),
    amount('Propina', text.tip),
    amount('A pagar', text.due, true),
    amount('Pagado', text.paid),
    amount('Falta', text.missing),
    amount('Vuelto', text.change),
  ];
  return (
    <Box
      component="section"
      aria-labelledby="checkout-totals"
      sx={{ p: 2, borderRadius: 2, border: 1, borderColor: 'divider', mt: { md: 2 } }}
    >
      <Typography id="checkout-totals" variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        {CHECKOUT_TEXTS.totals}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(({ label, shown, strong }) => (
          <Box key={label} sx={{ display: 'contents', fontWeight: strong ? 700 : undefined }}>
            <Box component="dt">{label}</Box>
            <Box component="dd" sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }}>
              {shown}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5, fontStyle: 'italic' }}>
        {totals.words}
      </Typography>
    </Box>
  );
}
