import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import PaymentsIcon from '@mui/icons-material/Payments';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CASH_MESSAGES,
  CashCloseInputSchema,
  CashReopenInputSchema,
  DEPOSIT_METHODS,
  formatCents,
  limaToday,
  parseCents,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  PREPAID_METHODS,
  collectedTotal,
  SALE_ENDPOINTS,
  type CashClose,
  type CashCloseInput,
  type CashDay,
  type PaymentMethod,
} from '@app/domain';
import { CardHeading, SectionCard } from '../../app/cards/section-card';
import { StatCard, type StatCardProps } from '../../app/cards/stat-card';
import { PageContainer } from '../../app/page-container';
import { DateInput } from '../../crud/date-inputs';
import { isWholeDay } from '../../crud/picker-values';
import { listErrorMessage, ResourceForm, type FieldRenderProps } from '../../crud';
import { confirm, toast } from '../../lib/alerts';
import { ApiError, call, callWithMessage } from '../../lib/api';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';
import { FiguresTable, type Figure } from '../reports';
import { CashFloatCard } from './cash-float';
import { CashMovementsCard } from './cash-movements';
import { cashKey, isClosed, Line } from './cash-parts';

/**
 * 'Cierre de caja' (decisions §till): one Lima day of the till (sales, tips, voids, what came in
 * by each payment method and the cash the drawer should hold), its float and cash movements
 * (DESIGN §11.6, cash-float.tsx and cash-movements.tsx), and its close: the cash counted,
 * with the difference shown as it is typed. A closed day is closed (decisions §till): who closed it
 * and the figures of the close are shown instead of the form, and only an admin reopens it, with
 * a reason; while reopened and once closed again, how the expected cash moved since it was
 * closed is shown.
 */

export const CASH_TEXTS = {
  title: 'Cierre de caja',
  date: 'Fecha',
  sales: 'Ventas',
  salesHint: 'Comprobantes emitidos, sin los anulados',
  total: 'Total vendido',
  totalHint: 'Suma de los comprobantes, sin propinas',
  tips: 'Propinas',
  tipsHint: 'Cobradas aparte del total',
  voids: 'Anuladas',
  expected: 'Efectivo esperado',
  expectedHint: 'Apertura + ventas y adelantos en efectivo + ingresos − egresos',
  byMethod: 'Por método de pago',
  byMethodHint:
    'Lo cobrado con cada método, neto del vuelto. Lo pagado antes (tarjeta de regalo, adelanto, saldo a favor) no suma al total cobrado',
  prepaid: (method: string) => `${method} (pagado antes)`,
  method: 'Método',
  amount: 'Monto',
  collected: 'Total cobrado',
  closeTitle: 'Cierre del día',
  closedTitle: 'Caja cerrada',
  counted: 'Efectivo contado',
  note: 'Nota',
  difference: 'Diferencia',
  short: 'Falta efectivo',
  over: 'Sobra efectivo',
  even: 'La caja cuadra',
  submit: 'Cerrar caja',
  errorTitle: 'Error al cerrar la caja',
  loadError: 'No se pudo cargar la caja del día',
  reopen: 'Reabrir caja',
  reopenTitle: 'Reabrir la caja del día',
  reopenSubmit: 'Reabrir',
  reopenErrorTitle: 'Error al reabrir la caja',
  reason: 'Motivo',
  reopened: (at: string, reason: string | null) =>
    `Caja reabierta el ${formatDateTime(at)}${reason ? `: ${reason}` : ''}. Registre el cierre de nuevo cuando termine.`,
  reopenedBefore: 'Motivo de la reapertura',
  drift: 'Cambio desde el primer cierre',
  driftHint: 'Efectivo esperado ahora menos el que se cerró',
  groomerTips: 'Propinas por groomer',
  groomerTipsHint: 'Propinas de las citas cobradas, por groomer',
  groomer: 'Groomer',
  deposits: 'Adelantos recibidos',
  depositsHint: 'Pagados hoy para citas por venir: se descuentan al cobrarlas',
  count: 'Cantidad',
  depositsTotal: 'Total recibido',
} as const;

/** The day the page shows: `?fecha=` in the address (a reload keeps it), today by default. */
function useDay(): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const day = params.get('fecha') || limaToday();
  return [day, (next) => setParams(next ? { fecha: next } : {}, { replace: true })];
}

export function CashClosePage() {
  const [day, setDay] = useDay();
  const cash = useQuery({
    queryKey: cashKey(day),
    queryFn: ({ signal }) => call(SALE_ENDPOINTS.cash, { query: { fecha: day }, signal }),
  });

  return (
    <PageContainer
      title={CASH_TEXTS.title}
      actions={
        <DateInput
          size="small"
          label={CASH_TEXTS.date}
          value={day}
          max={limaToday()}
          // Only a whole past day changes the page; a half-typed one says so under the field.
          onChange={(next) => {
            if (isWholeDay(next) && next <= limaToday()) setDay(next);
          }}
          sx={{ width: 190 }}
        />
      }
    >
      {cash.isError ? (
        // A refused date names itself ('La fecha debe tener el formato AAAA-MM-DD').
        <Alert severity="warning">{listErrorMessage(cash.error, CASH_TEXTS.loadError)}</Alert>
      ) : cash.data ? (
        <CashDayView data={cash.data} />
      ) : (
        <CashDayPlaceholder />
      )}
    </PageContainer>
  );
}

/**
 * The five cards: three to a row on a desktop, two on a tablet, the last on a row of its own.
 * Five to a row left a figure 100 px at 1440 px, and 'S/. 150.00' broke in two.
 */
const cardSize = (index: number) =>
  index < 3 ? { xs: 12, sm: 6, lg: 4 } : { xs: 12, sm: index === 4 ? 12 : 6, lg: 6 };

/** An amount on one line: the symbol never parts from the figure. */
const amount = (value: string) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {formatMoney(value)}
  </Box>
);

function CashDayPlaceholder() {
  return (
    <>
      <Grid container spacing={3}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Grid key={i} size={cardSize(i)}>
            <Skeleton variant="rounded" height={130} sx={{ mt: 3 }} />
          </Grid>
        ))}
      </Grid>
      {[
        { xs: 12, lg: 6 },
        { xs: 12, md: 6 },
      ].map((size, row) => (
        <Grid key={row} container spacing={3} sx={{ mt: 3 }}>
          {[0, 1].map((i) => (
            <Grid key={i} size={size}>
              <Skeleton variant="rounded" height={280} />
            </Grid>
          ))}
        </Grid>
      ))}
    </>
  );
}

const count = new Intl.NumberFormat('es-PE');

interface MethodRow {
  metodo: string;
  ventas: number | '';
  monto: string;
}

const methodFigures: Figure<MethodRow>[] = [
  { header: CASH_TEXTS.method, value: (r) => r.metodo },
  { header: CASH_TEXTS.sales, value: (r) => r.ventas, kind: 'count' },
  { header: CASH_TEXTS.amount, value: (r) => r.monto, kind: 'money' },
];

/** Every method, in the catalogue's order, with what it brought in (nothing shows as 0). */
function methodRows(data: CashDay): MethodRow[] {
  return PAYMENT_METHOD_IDS.map((id: PaymentMethod) => {
    const found = data.metodos.find((m) => m.metodo === id);
    return {
      metodo: PREPAID_METHODS.includes(id)
        ? CASH_TEXTS.prepaid(PAYMENT_METHODS[id])
        : PAYMENT_METHODS[id],
      ventas: found?.ventas ?? 0,
      monto: found?.monto ?? '0.00',
    };
  });
}

const tipFigures: Figure<CashDay['propinas_groomer'][number]>[] = [
  { header: CASH_TEXTS.groomer, value: (r) => r.nombre },
  { header: CASH_TEXTS.tips, value: (r) => r.monto, kind: 'money' },
];

const sumCents = (amounts: readonly string[]) =>
  amounts.reduce((sum, amount) => sum + (parseCents(amount) ?? 0), 0);

interface DepositRow {
  metodo: string;
  cantidad: number;
  monto: string;
}

const depositFigures: Figure<DepositRow>[] = [
  { header: CASH_TEXTS.method, value: (r) => r.metodo },
  { header: CASH_TEXTS.count, value: (r) => r.cantidad, kind: 'count' },
  { header: CASH_TEXTS.amount, value: (r) => r.monto, kind: 'money' },
];

/** The deposits received on the day, per method as the server lists them, and their total. */
function depositRows(data: CashDay): { rows: DepositRow[]; totals: DepositRow } {
  const rows = data.adelantos.map((a) => ({ ...a, metodo: DEPOSIT_METHODS[a.metodo] }));
  return {
    rows,
    totals: {
      metodo: CASH_TEXTS.depositsTotal,
      cantidad: rows.reduce((sum, r) => sum + r.cantidad, 0),
      monto: formatCents(sumCents(rows.map((r) => r.monto))),
    },
  };
}

function CashDayView({ data }: { data: CashDay }) {
  const rows = methodRows(data);
  const totals: MethodRow = {
    metodo: CASH_TEXTS.collected,
    ventas: '',
    monto: collectedTotal(data.metodos),
  };
  const cards: StatCardProps[] = [
    {
      color: 'dark',
      icon: <ReceiptLongIcon />,
      title: CASH_TEXTS.sales,
      value: count.format(data.ventas),
      footer: CASH_TEXTS.salesHint,
    },
    {
      color: 'primary',
      icon: <PointOfSaleIcon />,
      title: CASH_TEXTS.total,
      value: amount(data.total),
      footer: CASH_TEXTS.totalHint,
    },
    {
      color: 'info',
      icon: <VolunteerActivismIcon />,
      title: CASH_TEXTS.tips,
      value: amount(data.propinas),
      footer: CASH_TEXTS.tipsHint,
    },
    {
      color: 'error',
      icon: <MoneyOffIcon />,
      title: CASH_TEXTS.voids,
      value: count.format(data.anuladas),
      footer: `Por ${formatMoney(data.total_anulado)}`,
    },
    {
      color: 'success',
      icon: <PaymentsIcon />,
      title: CASH_TEXTS.expected,
      value: amount(data.efectivo_esperado),
      footer: CASH_TEXTS.expectedHint,
    },
  ];

  return (
    <>
      <Grid container spacing={3}>
        {cards.map((card, i) => (
          <Grid key={card.title} size={cardSize(i)}>
            <StatCard {...card} valueVariant="h5" />
          </Grid>
        ))}
      </Grid>
      {/* Side by side only on a desktop: on a tablet the movements' table needs the full width. */}
      <Grid container spacing={3} sx={{ mt: 3 }}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <CashFloatCard data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <CashMovementsCard data={data} />
        </Grid>
      </Grid>
      <Grid container spacing={3} sx={{ mt: 3 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <SectionCard title={CASH_TEXTS.byMethod} hint={CASH_TEXTS.byMethodHint}>
            <FiguresTable
              label={CASH_TEXTS.byMethod}
              figures={methodFigures}
              rows={rows}
              rowKey={(r) => r.metodo}
              totals={totals}
            />
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {data.cierre && isClosed(data) ? (
            <ClosedDay close={data.cierre} drift={data.diferencia_cierre} fecha={data.fecha} />
          ) : (
            <CloseForm key={data.fecha} data={data} />
          )}
        </Grid>
        {data.adelantos.length > 0 && (
          <Grid size={{ xs: 12, md: 6 }}>
            <SectionCard title={CASH_TEXTS.deposits} hint={CASH_TEXTS.depositsHint}>
              <FiguresTable
                label={CASH_TEXTS.deposits}
                figures={depositFigures}
                rowKey={(r) => r.metodo}
                {...depositRows(data)}
              />
            </SectionCard>
          </Grid>
        )}
        {data.propinas_groomer.length > 0 && (
          <Grid size={{ xs: 12, md: 6 }}>
            <SectionCard title={CASH_TEXTS.groomerTips} hint={CASH_TEXTS.groomerTipsHint}>
              <FiguresTable
                label={CASH_TEXTS.groomerTips}
                figures={tipFigures}
                rows={data.propinas_groomer}
                rowKey={(r) => r.id_emp ?? r.nombre}
              />
            </SectionCard>
          </Grid>
        )}
      </Grid>
    </>
  );
}

/** contado − esperado in cents, or undefined while the amount typed is not money. */
function differenceOf(expected: string, counted: unknown): number | undefined {
  if (typeof counted !== 'string' || counted.trim() === '') return undefined;
  const cents = parseCents(counted);
  const base = parseCents(expected);
  return cents === undefined || base === undefined ? undefined : cents - base;
}

/** 'S/. -5.00 · Falta efectivo' in red, 'S/. 2.00 · Sobra efectivo', 'S/. 0.00 · La caja cuadra'. */
function Difference({ cents }: { cents: number | undefined }) {
  const verdict =
    cents === undefined
      ? ''
      : cents < 0
        ? CASH_TEXTS.short
        : cents > 0
          ? CASH_TEXTS.over
          : CASH_TEXTS.even;
  return (
    <Box role="status" aria-live="polite" data-testid="cash-difference">
      <Typography variant="body2" color="text.secondary">
        {CASH_TEXTS.difference}
      </Typography>
      {/* Red only in large type: the dark theme's red on paper is 4.1:1, short of 4.5:1. */}
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, color: cents !== undefined && cents < 0 ? 'error.main' : undefined }}
      >
        {cents === undefined ? '—' : formatMoney(formatCents(cents))}
      </Typography>
      {verdict && (
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {verdict}
        </Typography>
      )}
    </Box>
  );
}

function CountedField({
  field,
  error,
  disabled,
  expected,
}: FieldRenderProps & { expected: string }) {
  return (
    <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Grid size={{ xs: 12, sm: 7 }}>
        <TextField
          fullWidth
          required
          id="field-contado"
          label={CASH_TEXTS.counted}
          name={field.name}
          inputRef={field.ref}
          value={(field.value as string | undefined) ?? ''}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error ?? `${CASH_TEXTS.expected}: ${formatMoney(expected)}`}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">S/.</InputAdornment> },
            htmlInput: { inputMode: 'decimal', maxLength: 13, autoComplete: 'off' },
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <Difference cents={differenceOf(expected, field.value)} />
      </Grid>
    </Grid>
  );
}

/** The close of a day not closed yet: the cash counted and a note. */
function CloseForm({ data }: { data: CashDay }) {
  const client = useQueryClient();
  const future = data.fecha > limaToday();
  const close = async (values: CashCloseInput) => {
    if (!(await confirm(`¿Está seguro de cerrar la caja del ${formatDate(data.fecha)}?`))) return;
    try {
      const answer = await callWithMessage(SALE_ENDPOINTS.close, { body: values });
      client.setQueryData(cashKey(data.fecha), answer.data);
      toast.success(answer.message ?? CASH_MESSAGES.closed);
    } catch (error) {
      // Closed meanwhile from another till: show that close.
      if (error instanceof ApiError && error.status === 409) {
        void client.invalidateQueries({ queryKey: cashKey(data.fecha) });
      }
      throw error;
    }
  };

  return (
    <Card sx={{ height: '100%' }}>
      <Box sx={{ p: 2 }}>
        <CardHeading title={CASH_TEXTS.closeTitle} hint={formatDate(data.fecha)} />
        {data.cierre?.reabierta_at && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="cash-reopened">
            {CASH_TEXTS.reopened(data.cierre.reabierta_at, data.cierre.motivo_reapertura)}
            {data.diferencia_cierre !== null && (
              <Box component="span" sx={{ display: 'block', fontWeight: 700, mt: 0.5 }}>
                {CASH_TEXTS.drift}: {formatMoney(data.diferencia_cierre)}
              </Box>
            )}
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          {future ? (
            <Alert severity="info">{CASH_MESSAGES.future}</Alert>
          ) : (
            <ResourceForm<typeof CashCloseInputSchema>
              schema={CashCloseInputSchema}
              defaultValues={{ fecha: data.fecha, contado: '', nota: '' }}
              fields={[
                {
                  name: 'contado',
                  label: CASH_TEXTS.counted,
                  width: 12,
                  render: (props) => <CountedField {...props} expected={data.efectivo_esperado} />,
                },
                {
                  name: 'nota',
                  label: CASH_TEXTS.note,
                  kind: 'textarea',
                  maxLength: 200,
                  width: 12,
                },
              ]}
              submitLabel={CASH_TEXTS.submit}
              errorTitle={CASH_TEXTS.errorTitle}
              onSubmit={close}
            />
          )}
        </Box>
      </Box>
    </Card>
  );
}

interface ClosedDayProps {
  close: CashClose;
  /** How the expected cash moved since the first close, once reopened and closed again. */
  drift: string | null;
  fecha: string;
}

/** A closed day: who closed it and when, the close's figures, and 'Reabrir caja' for an admin. */
function ClosedDay({ close, drift, fecha }: ClosedDayProps) {
  const { can } = usePermissions();
  const [reopening, setReopening] = useState(false);
  const difference = parseCents(close.diferencia) ?? 0;
  const lines: [string, string][] = [
    [CASH_TEXTS.expected, formatMoney(close.esperado)],
    [CASH_TEXTS.counted, formatMoney(close.contado)],
  ];
  return (
    <Card sx={{ height: '100%' }} data-testid="cash-closed">
      <Box sx={{ p: 2 }}>
        <CardHeading
          title={CASH_TEXTS.closedTitle}
          hint={`Cerrada por ${close.usuario ?? '—'} el ${formatDateTime(close.at)}`}
        />
        <Box
          component="dl"
          sx={{ m: 0, mt: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5 }}
        >
          {lines.map(([term, value]) => (
            <Line key={term} term={term} value={value} />
          ))}
          <Line
            term={CASH_TEXTS.difference}
            value={`${formatMoney(close.diferencia)} · ${
              difference < 0 ? CASH_TEXTS.short : difference > 0 ? CASH_TEXTS.over : CASH_TEXTS.even
            }`}
            missing={difference < 0}
          />
          {close.nota && <Line term={CASH_TEXTS.note} value={close.nota} />}
          {drift !== null && (
            <Line
              term={CASH_TEXTS.drift}
              value={formatMoney(drift)}
              missing={(parseCents(drift) ?? 0) < 0}
            />
          )}
          {close.motivo_reapertura && (
            <Line term={CASH_TEXTS.reopenedBefore} value={close.motivo_reapertura} />
          )}
        </Box>
        {can('caja.administrar') && (
          <Box sx={{ mt: 2, textAlign: 'right' }}>
            <Button variant="outlined" onClick={() => setReopening(true)}>
              {CASH_TEXTS.reopen}
            </Button>
          </Box>
        )}
      </Box>
      <ReopenDialog fecha={reopening ? fecha : null} onClose={() => setReopening(false)} />
    </Card>
  );
}

/** 'Reabrir caja': the reason (5 to 200 characters), then POST /api/caja/reapertura. */
function ReopenDialog({ fecha, onClose }: { fecha: string | null; onClose(): void }) {
  const client = useQueryClient();
  return (
    <Dialog open={fecha !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{CASH_TEXTS.reopenTitle}</DialogTitle>
      <DialogContent>
        {fecha && (
          <Box sx={{ pt: 1 }}>
            <ResourceForm<typeof CashReopenInputSchema>
              fields={[
                {
                  name: 'motivo',
                  label: CASH_TEXTS.reason,
                  kind: 'textarea',
                  maxLength: 200,
                  width: 12,
                  autoFocus: true,
                },
              ]}
              schema={CashReopenInputSchema}
              defaultValues={{ fecha, motivo: '' }}
              submitLabel={CASH_TEXTS.reopenSubmit}
              errorTitle={CASH_TEXTS.reopenErrorTitle}
              onSubmit={async (values) => {
                const answer = await callWithMessage(SALE_ENDPOINTS.reopen, { body: values });
                client.setQueryData(cashKey(fecha), answer.data);
                toast.success(answer.message ?? CASH_MESSAGES.reopened);
                onClose();
              }}
              onCancel={onClose}
            >
              {formatDate(fecha)}
            </ResourceForm>
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
