import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import {
  CASH_MESSAGES,
  CashOpenInputSchema,
  limaToday,
  SALE_ENDPOINTS,
  type CashDay,
  type CashOpenInput,
} from '@app/domain';
import { CardHeading } from '../../app/cards/section-card';
import { ResourceForm } from '../../crud';
import { confirm, toast } from '../../lib/alerts';
import { ApiError, callWithMessage } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import {
  AmountInput,
  isClosed,
  limaTime,
  Line,
  useRefetchCashDay,
  useShowCashDay,
} from './cash-parts';

/**
 * 'Apertura de caja' (DESIGN §11.6): the float the drawer starts the day with, recorded once for
 * today or a past day still open, and what the drawer should hold: the float, the cash sales net
 * of the change, the deposits paid in cash, the cash put in and the cash taken out.
 */

export const CASH_FLOAT_TEXTS = {
  title: 'Apertura de caja',
  hint: 'El efectivo con el que empieza el día',
  amount: 'Monto de apertura',
  submit: 'Abrir caja',
  errorTitle: 'Error al abrir la caja',
  opened: (monto: string, usuario: string | null, at: string) =>
    `Apertura: ${formatMoney(monto)} · por ${usuario ?? '—'} · ${limaTime(at)}`,
  closedWithout: 'La caja de este día se cerró sin monto de apertura',
  confirm: (fecha: string, monto: string) =>
    `¿Está seguro de abrir la caja del ${formatDate(fecha)} con ${formatMoney(monto)}?`,
  summary: 'Efectivo en caja',
  float: 'Apertura',
  cashSales: 'Ventas en efectivo',
  cashDeposits: 'Adelantos en efectivo',
  cashIn: 'Ingresos',
  cashOut: 'Egresos',
  expected: 'Efectivo esperado',
} as const;

/** The float, or its form, and the sum the drawer should hold. */
export function CashFloatCard({ data }: { data: CashDay }) {
  const cashSales = data.metodos.find((m) => m.metodo === 'efectivo')?.monto ?? '0.00';
  const cashDeposits = data.adelantos.find((a) => a.metodo === 'efectivo')?.monto ?? '0.00';
  const lines: [string, string][] = [
    [CASH_FLOAT_TEXTS.float, formatMoney(data.apertura?.monto ?? '0.00')],
    [CASH_FLOAT_TEXTS.cashSales, formatMoney(cashSales)],
    [CASH_FLOAT_TEXTS.cashDeposits, formatMoney(cashDeposits)],
    [CASH_FLOAT_TEXTS.cashIn, formatMoney(data.ingresos)],
    [CASH_FLOAT_TEXTS.cashOut, formatMoney(`-${data.egresos}`)],
    [CASH_FLOAT_TEXTS.expected, formatMoney(data.efectivo_esperado)],
  ];
  return (
    <Card sx={{ height: '100%' }} data-testid="cash-float">
      <Box sx={{ p: 2 }}>
        <CardHeading title={CASH_FLOAT_TEXTS.title} hint={CASH_FLOAT_TEXTS.hint} />
        <Box sx={{ mt: 2 }}>
          <Opening data={data} />
        </Box>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          {CASH_FLOAT_TEXTS.summary}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}
        >
          {lines.map(([term, value]) => (
            <Line key={term} term={term} value={value} />
          ))}
        </Box>
      </Box>
    </Card>
  );
}

/** Who opened the drawer with how much, or the form for a day that may still be opened. */
function Opening({ data }: { data: CashDay }) {
  if (data.apertura) {
    const { monto, usuario, at } = data.apertura;
    return (
      <Typography sx={{ fontWeight: 700 }} data-testid="cash-opening">
        {CASH_FLOAT_TEXTS.opened(monto, usuario, at)}
      </Typography>
    );
  }
  if (data.fecha > limaToday()) return <Alert severity="info">{CASH_MESSAGES.futureOpen}</Alert>;
  if (isClosed(data)) {
    return <Typography color="text.secondary">{CASH_FLOAT_TEXTS.closedWithout}</Typography>;
  }
  return <OpenForm key={data.fecha} fecha={data.fecha} />;
}

/** 'Monto de apertura', confirmed (a day is opened once), then POST /api/caja/apertura. */
function OpenForm({ fecha }: { fecha: string }) {
  const show = useShowCashDay();
  const refetch = useRefetchCashDay();
  const open = async (values: CashOpenInput) => {
    if (!(await confirm(CASH_FLOAT_TEXTS.confirm(fecha, values.monto)))) return;
    try {
      const answer = await callWithMessage(SALE_ENDPOINTS.open, { body: values });
      show(answer.data);
      toast.success(answer.message ?? CASH_MESSAGES.opened);
    } catch (error) {
      // Opened or closed meanwhile from another till: show the day as it is now.
      if (error instanceof ApiError && error.status === 409) refetch(fecha);
      throw error;
    }
  };
  return (
    <ResourceForm<typeof CashOpenInputSchema>
      schema={CashOpenInputSchema}
      defaultValues={{ fecha, monto: '' }}
      fields={[
        {
          name: 'monto',
          label: CASH_FLOAT_TEXTS.amount,
          width: 12,
          render: (props) => (
            <AmountInput {...props} id="field-apertura" label={CASH_FLOAT_TEXTS.amount} />
          ),
        },
      ]}
      submitLabel={CASH_FLOAT_TEXTS.submit}
      errorTitle={CASH_FLOAT_TEXTS.errorTitle}
      onSubmit={open}
    />
  );
}
