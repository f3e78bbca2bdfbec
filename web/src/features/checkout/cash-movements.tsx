import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  CASH_MESSAGES,
  CASH_MOVEMENT_KINDS,
  CASH_MOVEMENT_NAMES,
  CashMovementInputSchema,
  limaToday,
  SALE_ENDPOINTS,
  type CashDay,
  type CashMovement,
  type CashMovementInput,
} from '@app/domain';
import { SectionCard } from '../../app/cards/section-card';
import { ResourceForm, type FieldRenderProps } from '../../crud';
import { toast } from '../../lib/alerts';
import { ApiError, callWithMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { AmountInput, isClosed, limaTime, useRefetchCashDay, useShowCashDay } from './cash-parts';

/**
 * 'Movimientos de efectivo' (DESIGN §11.6): cash put in (change brought from the bank) or taken
 * out (supplies bought) of today's drawer, with the reason, and the day's list of them. Only
 * today's open till takes one; an egreso larger than the drawer's cash is refused by the server.
 */

export const CASH_MOVEMENT_TEXTS = {
  title: 'Movimientos de efectivo',
  hint: 'Efectivo que entra o sale de la caja fuera de las ventas',
  pastHint: 'Solo se registran movimientos en la caja de hoy',
  kind: 'Tipo',
  amount: 'Monto',
  reason: 'Motivo',
  submit: 'Registrar movimiento',
  errorTitle: 'Error al registrar el movimiento',
  empty: 'No hay movimientos de efectivo en este día',
  time: 'Hora',
  user: 'Usuario',
} as const;

interface Column {
  header: string;
  cell(movement: CashMovement): string;
  /** Figures align right and, as times, never break; a reason wraps but keeps a readable width. */
  kind: 'figure' | 'word' | 'text';
}

const columns: Column[] = [
  { header: CASH_MOVEMENT_TEXTS.time, cell: (m) => limaTime(m.at), kind: 'word' },
  { header: CASH_MOVEMENT_TEXTS.kind, cell: (m) => CASH_MOVEMENT_NAMES[m.tipo], kind: 'word' },
  // An egreso reads negative: it leaves the drawer.
  {
    header: CASH_MOVEMENT_TEXTS.amount,
    cell: (m) => formatMoney(m.tipo === 'egreso' ? `-${m.monto}` : m.monto),
    kind: 'figure',
  },
  { header: CASH_MOVEMENT_TEXTS.reason, cell: (m) => m.motivo, kind: 'text' },
  { header: CASH_MOVEMENT_TEXTS.user, cell: (m) => m.usuario ?? '—', kind: 'word' },
];

const CELL_STYLES = {
  figure: { whiteSpace: 'nowrap', textAlign: 'right' },
  word: { whiteSpace: 'nowrap' },
  text: { minWidth: '8rem', overflowWrap: 'anywhere' },
} as const;

/**
 * The day's movements in the order they were recorded. The reason keeps a readable width: on a
 * phone the table scrolls inside its card rather than squeeze it to a word a line.
 */
function MovementsTable({ movements }: { movements: readonly CashMovement[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={CASH_MOVEMENT_TEXTS.title}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} sx={{ ...CELL_STYLES[column.kind], fontWeight: 700 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {movements.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 3 }}>
                {CASH_MOVEMENT_TEXTS.empty}
              </TableCell>
            </TableRow>
          )}
          {movements.map((movement) => (
            <TableRow key={movement.id} hover>
              {columns.map((column) => (
                <TableCell key={column.header} sx={CELL_STYLES[column.kind]}>
                  {column.cell(movement)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The form (today, not closed) and the day's movements. */
export function CashMovementsCard({ data }: { data: CashDay }) {
  const today = data.fecha === limaToday();
  const closed = isClosed(data);
  const hint = !today
    ? CASH_MOVEMENT_TEXTS.pastHint
    : closed
      ? CASH_MESSAGES.dayClosed(data.fecha)
      : CASH_MOVEMENT_TEXTS.hint;
  return (
    <SectionCard title={CASH_MOVEMENT_TEXTS.title} hint={hint}>
      {today && !closed && (
        <Box sx={{ px: 2, pb: 2 }}>
          <MovementForm fecha={data.fecha} />
        </Box>
      )}
      <MovementsTable movements={data.movimientos} />
    </SectionCard>
  );
}

/** 'Tipo', 'Monto' and 'Motivo', then POST /api/caja/movimiento; the fields empty once saved. */
function MovementForm({ fecha }: { fecha: string }) {
  const show = useShowCashDay();
  const refetch = useRefetchCashDay();
  const record = async (values: CashMovementInput) => {
    try {
      const answer = await callWithMessage(SALE_ENDPOINTS.movement, { body: values });
      show(answer.data);
      toast.success(answer.message ?? CASH_MESSAGES.movementRecorded(values.tipo));
    } catch (error) {
      // Not enough cash, or the day closed from another till: read the drawer again.
      if (error instanceof ApiError && error.status === 409) refetch(fecha);
      throw error;
    }
  };
  return (
    <ResourceForm<typeof CashMovementInputSchema>
      schema={CashMovementInputSchema}
      defaultValues={{ monto: '', motivo: '' }}
      fields={[
        {
          name: 'tipo',
          label: CASH_MOVEMENT_TEXTS.kind,
          width: 12,
          render: (props) => <KindInput {...props} />,
        },
        {
          name: 'monto',
          label: CASH_MOVEMENT_TEXTS.amount,
          width: 5,
          render: (props) => (
            <AmountInput
              {...props}
              id="field-movimiento-monto"
              label={CASH_MOVEMENT_TEXTS.amount}
            />
          ),
        },
        { name: 'motivo', label: CASH_MOVEMENT_TEXTS.reason, maxLength: 200, width: 7 },
      ]}
      submitLabel={CASH_MOVEMENT_TEXTS.submit}
      errorTitle={CASH_MOVEMENT_TEXTS.errorTitle}
      resetOnSuccess
      onSubmit={record}
    />
  );
}

/** Ingreso or egreso, none chosen at first: taking cash out by mistake is worse than a click. */
function KindInput({ field, error, disabled }: FieldRenderProps) {
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <FormControl required error={Boolean(error)} disabled={disabled}>
      <FormLabel id="cash-movement-kind">{CASH_MOVEMENT_TEXTS.kind}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="cash-movement-kind"
        aria-describedby="cash-movement-kind-helper"
        name={field.name}
        value={value}
        onChange={(_, next) => field.onChange(next)}
        onBlur={field.onBlur}
      >
        {CASH_MOVEMENT_KINDS.map((kind, index) => (
          <FormControlLabel
            key={kind}
            value={kind}
            label={CASH_MOVEMENT_NAMES[kind]}
            control={
              <Radio
                // The form focuses the chosen one, or the first, when the choice is missing.
                slotProps={{
                  input: {
                    ref: kind === value || (value === '' && index === 0) ? field.ref : undefined,
                  },
                }}
                sx={{ '@media (pointer: coarse)': { minWidth: 44, minHeight: 44 } }}
              />
            }
          />
        ))}
      </RadioGroup>
      <FormHelperText id="cash-movement-kind-helper">{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
