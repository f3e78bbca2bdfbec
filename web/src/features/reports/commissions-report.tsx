import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import LockIcon from '@mui/icons-material/Lock';
import PrintIcon from '@mui/icons-material/Print';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import GlobalStyles from '@mui/material/GlobalStyles';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import {
  addDays,
  COMMISSION_ENDPOINTS,
  COMMISSION_MESSAGES,
  formatCents,
  limaToday,
  parseCents,
  SALE_ITEM_KIND_LABELS,
  SALES_QUERY_KEY,
  type CommissionClose,
  type CommissionLine,
  type CommissionLineKind,
  type CommissionPeriod,
  type CommissionReport,
  type GroomerCommission,
} from '@app/domain';
import { useBrand } from '../../app/brand';
import { CardHeading } from '../../app/cards/section-card';
import { PageContainer } from '../../app/page-container';
import { ExportButtons, listErrorMessage, useListParams } from '../../crud';
import { DateInput } from '../../crud/date-inputs';
import { isDayOrEmpty } from '../../crud/picker-values';
import { showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDate, formatDateTime, formatMoney, now } from '../../lib/format';

/**
 * REPORTES › 'Comisiones' (DESIGN §11.7): what each groomer earned in a period of Lima days, from
 * the sales of the citas they did, with every sale line behind the figure; exported as CSV or
 * xlsx, printed per groomer as a statement, and closed: a closed period answers what it was when
 * closed, and a void after that counts in the period it happens in.
 */

export const COMMISSIONS_REPORT_TEXTS = {
  title: 'Comisiones',
  from: 'Desde',
  to: 'Hasta',
  search: 'Consultar',
  closes: 'Periodos cerrados',
  noCloses: 'Aún no se ha cerrado ningún periodo',
  periodOf: (desde: string, hasta: string) => `Del ${formatDate(desde)} al ${formatDate(hasta)}`,
  closedBy: (at: string, login: string | null) =>
    `Periodo cerrado el ${formatDate(at)}${login ? ` por ${login}` : ''}`,
  open: 'Periodo abierto: las cifras se calculan con las ventas y los porcentajes de hoy',
  close: 'Cerrar periodo',
  closeQuestion: (desde: string, hasta: string) =>
    `¿Cerrar el periodo del ${formatDate(desde)} al ${formatDate(hasta)}?`,
  closeEffect:
    'Un periodo cerrado nunca cambia: sus comisiones quedan como se ven ahora, aunque luego cambien los porcentajes.',
  closeVoids:
    'Una venta de este periodo anulada después del cierre se descuenta en el periodo siguiente.',
  cancel: 'Cancelar',
  closeError: 'Error al cerrar el periodo',
  groomers: 'Comisiones por groomer',
  groomersHint:
    'Las ventas de las citas que atendió cada groomer, menos las anuladas en el periodo',
  groomer: 'Groomer',
  base: 'Base',
  commission: 'Comisión',
  tips: 'Propinas',
  total: 'Total',
  actions: 'Acciones',
  totals: 'Total del periodo',
  detailOf: (name: string) => `Detalle de ${name}`,
  showDetail: 'Ver detalle',
  hideDetail: 'Ocultar detalle',
  print: 'Imprimir estado de cuenta',
  date: 'Fecha',
  receipt: 'Comprobante',
  kind: 'Tipo',
  item: 'Ítem',
  pct: '%',
  tip: 'Propina',
  voided: 'Anulación',
  noData: 'Sin comisiones en el periodo.',
  loadError: 'No se pudo cargar el reporte de comisiones',
  statement: 'Estado de cuenta de comisiones',
  period: 'Periodo',
  printedAt: (at: string) => `Impreso el ${at}`,
} as const;

const T = COMMISSIONS_REPORT_TEXTS;

/** What a commission line is: the sale item's kinds, and the tip. */
const KIND_NAMES: Record<CommissionLineKind, string> = {
  servicio: SALE_ITEM_KIND_LABELS.servicio,
  paquete: SALE_ITEM_KIND_LABELS.paquete,
  producto: SALE_ITEM_KIND_LABELS.producto,
  propina: T.tip,
};

/** '40.00' → '40%', '12.50' → '12.5%'; a tip's line has no rate. */
const pctText = (pct: string | null) => (pct === null ? '—' : `${String(Number(pct))}%`);

/** The fortnight `today` is in: the 1st to the 15th, or the 16th to the month's last day. */
export function currentFortnight(today = limaToday()): CommissionPeriod {
  const month = today.slice(0, 8);
  if (Number(today.slice(8, 10)) <= 15) return { desde: `${month}01`, hasta: `${month}15` };
  // The 28th plus four days is always in the next month.
  const next = addDays(`${month}28`, 4).slice(0, 8);
  return { desde: `${month}16`, hasta: addDays(`${next}01`, -1) };
}

/** The report's key: a sale or a void (SALES_QUERY_KEY) changes the figures too. */
const reportKey = (period: CommissionPeriod) => [
  SALES_QUERY_KEY,
  ...queryKey(COMMISSION_ENDPOINTS.report, { query: period }),
];

/** After a close or new rates: the reports and the list of closed periods. */
function useRefreshCommissions() {
  const client = useQueryClient();
  const feature = COMMISSION_ENDPOINTS.report.feature;
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [SALES_QUERY_KEY, feature] }),
      client.invalidateQueries({ queryKey: [feature] }),
    ]);
}

export function CommissionsReportPage() {
  const [defaults] = useState(currentFortnight);
  const { params, search } = useListParams({ ...defaults });
  const period: CommissionPeriod = { desde: params.filters.desde, hasta: params.filters.hasta };
  const report = useQuery({
    queryKey: reportKey(period),
    queryFn: ({ signal }) => call(COMMISSION_ENDPOINTS.report, { query: period, signal }),
    placeholderData: keepPreviousData,
  });
  const closes = useQuery({
    queryKey: queryKey(COMMISSION_ENDPOINTS.closes),
    queryFn: ({ signal }) => call(COMMISSION_ENDPOINTS.closes, { signal }),
  });
  const [closing, setClosing] = useState<CommissionPeriod | null>(null);
  const printing = useStatementPrint();
  // As in every list: Consultar loads again even when the period is the one shown.
  const onSearch = (next: CommissionPeriod) => {
    if (next.desde === period.desde && next.hasta === period.hasta) void report.refetch();
    else search({ ...next });
  };
  const data = report.isError ? undefined : report.data;

  return (
    <PageContainer title={T.title}>
      <PeriodForm
        period={period}
        closes={closes.data ?? []}
        onSearch={onSearch}
        exports={
          <ExportButtons
            path={COMMISSION_ENDPOINTS.export.path}
            file="comisiones"
            filters={{ ...period }}
          />
        }
      />
      {report.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {listErrorMessage(report.error, T.loadError)}
        </Alert>
      )}
      {data ? (
        <Box aria-busy={report.isFetching}>
          <PeriodStatus report={data} onClose={setClosing} />
          <GroomersCard report={data} onPrint={(groomer) => printing.print(data, groomer)} />
        </Box>
      ) : (
        !report.isError && <Skeleton variant="rounded" height={240} />
      )}
      <ClosePeriodDialog period={closing} onClose={() => setClosing(null)} />
      {printing.copy}
    </PageContainer>
  );
}

interface PeriodFormProps {
  period: CommissionPeriod;
  closes: readonly CommissionClose[];
  onSearch(period: CommissionPeriod): void;
  exports: ReactNode;
}

/** 'Desde', 'Hasta' and Consultar; a closed period picked from its list is consulted at once. */
function PeriodForm({ period, closes, onSearch, exports }: PeriodFormProps) {
  const [draft, setDraft] = useState(period);
  const [applied, setApplied] = useState(period);
  // The address changed (back button, a closed period picked): show what is consulted.
  if (applied.desde !== period.desde || applied.hasta !== period.hasta) {
    setApplied(period);
    setDraft(period);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A half-typed date says so under its field: nothing is consulted until it is whole.
    if (!isDayOrEmpty(draft.desde) || !isDayOrEmpty(draft.hasta)) return;
    onSearch(draft);
  };
  const picked = closes.find((c) => c.desde === period.desde && c.hasta === period.hasta);
  return (
    <Paper component="form" role="search" onSubmit={submit} sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={2} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, sm: 6, md: 3, xl: 2 }} sx={{ minWidth: 170 }}>
          <DateInput
            fullWidth
            size="small"
            label={T.from}
            name="desde"
            value={draft.desde}
            onChange={(desde) => setDraft({ ...draft, desde })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3, xl: 2 }} sx={{ minWidth: 170 }}>
          <DateInput
            fullWidth
            size="small"
            label={T.to}
            name="hasta"
            value={draft.hasta}
            onChange={(hasta) => setDraft({ ...draft, hasta })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 'auto' }}>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            {T.search}
          </Button>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 3 }} sx={{ minWidth: { sm: 290 } }}>
          {closes.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {T.noCloses}
            </Typography>
          ) : (
            <TextField
              select
              fullWidth
              size="small"
              label={T.closes}
              name="cierre"
              value={picked ? String(picked.id) : ''}
              onChange={(event) => {
                const close = closes.find((c) => String(c.id) === event.target.value);
                if (close) onSearch({ desde: close.desde, hasta: close.hasta });
              }}
            >
              {closes.map((close) => (
                <MenuItem key={close.id} value={String(close.id)}>
                  {T.periodOf(close.desde, close.hasta)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 'auto' }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {exports}
        </Grid>
      </Grid>
    </Paper>
  );
}

/** Who closed the period shown and when; else that it is open, and 'Cerrar periodo'. */
function PeriodStatus({
  report,
  onClose,
}: {
  report: CommissionReport;
  onClose(period: CommissionPeriod): void;
}) {
  const period = { desde: report.desde, hasta: report.hasta };
  if (report.cierre) {
    return (
      <Alert severity="info" icon={<LockIcon />} sx={{ mb: 2 }}>
        <strong>{T.periodOf(report.desde, report.hasta)}.</strong>{' '}
        {T.closedBy(report.cierre.at, report.cierre.usuario)}
      </Alert>
    );
  }
  // A period is closed once it has ended (the server says so too).
  const unfinished = report.hasta >= limaToday();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Typography variant="body2">
        <strong>{T.periodOf(report.desde, report.hasta)}.</strong> {T.open}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          color="error"
          startIcon={<LockIcon />}
          disabled={unfinished}
          aria-describedby={unfinished ? 'close-period-hint' : undefined}
          onClick={() => onClose(period)}
        >
          {T.close}
        </Button>
        {unfinished && (
          <FormHelperText id="close-period-hint">{COMMISSION_MESSAGES.futureClose}</FormHelperText>
        )}
      </Box>
    </Stack>
  );
}

/** Asks before closing: a closed period never changes, and later voids go to the next one. */
function ClosePeriodDialog({
  period,
  onClose,
}: {
  period: CommissionPeriod | null;
  onClose(): void;
}) {
  const refresh = useRefreshCommissions();
  const close = useMutation({
    mutationFn: (target: CommissionPeriod) =>
      callWithMessage(COMMISSION_ENDPOINTS.close, { body: target }),
    onSuccess: (answer) => toast.success(answer.message ?? COMMISSION_MESSAGES.closed),
    onError: (error) => showErrorDialog(T.closeError, error),
    onSettled: async () => {
      onClose();
      await refresh();
    },
  });
  return (
    <Dialog
      open={period !== null}
      onClose={close.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="close-period-title"
      aria-describedby="close-period-effect"
    >
      <DialogTitle id="close-period-title">
        {period && T.closeQuestion(period.desde, period.hasta)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="close-period-effect">{T.closeEffect}</DialogContentText>
        <DialogContentText sx={{ mt: 2 }}>{T.closeVoids}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={close.isPending} autoFocus>
          {T.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={close.isPending}
          onClick={() => period && close.mutate(period)}
        >
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const sumOf = (
  groomers: readonly GroomerCommission[],
  key: 'base' | 'comision' | 'propinas' | 'total',
) => formatCents(groomers.reduce((sum, g) => sum + (parseCents(g[key]) ?? 0), 0));

const bold = { fontWeight: 700 } as const;
const money = { whiteSpace: 'nowrap' } as const;

/** Per groomer their figures, the lines behind them on demand, and their statement to print. */
function GroomersCard({
  report,
  onPrint,
}: {
  report: CommissionReport;
  onPrint(groomer: GroomerCommission): void;
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
  };
  const { groomers } = report;
  return (
    <Card>
      <Box sx={{ p: 2 }}>
        <CardHeading title={T.groomers} hint={T.groomersHint} />
      </Box>
      <TableContainer>
        <Table size="small" aria-label={T.groomers}>
          <TableHead>
            <TableRow>
              <TableCell sx={bold}>{T.groomer}</TableCell>
              <TableCell sx={bold} align="right">
                {T.base}
              </TableCell>
              <TableCell sx={bold} align="right">
                {T.commission}
              </TableCell>
              <TableCell sx={bold} align="right">
                {T.tips}
              </TableCell>
              <TableCell sx={bold} align="right">
                {T.total}
              </TableCell>
              <TableCell sx={bold} align="right">
                {T.actions}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groomers.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} align="center" sx={{ py: 3 }}>
                  {T.noData}
                </TableCell>
              </TableRow>
            )}
            {groomers.map((groomer) => {
              const shown = open.has(groomer.id_emp);
              const detailId = `commission-detail-${groomer.id_emp}`;
              return (
                <Fragment key={groomer.id_emp}>
                  <TableRow>
                    <TableCell>{groomer.nombre}</TableCell>
                    <TableCell align="right" sx={money}>
                      {formatMoney(groomer.base)}
                    </TableCell>
                    <TableCell align="right" sx={money}>
                      {formatMoney(groomer.comision)}
                    </TableCell>
                    <TableCell align="right" sx={money}>
                      {formatMoney(groomer.propinas)}
                    </TableCell>
                    <TableCell align="right" sx={{ ...money, ...bold }}>
                      {formatMoney(groomer.total)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5 }}>
                      <Button
                        size="small"
                        aria-expanded={shown}
                        aria-controls={shown ? detailId : undefined}
                        aria-label={`${shown ? T.hideDetail : T.showDetail}: ${groomer.nombre}`}
                        endIcon={shown ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                        onClick={() => toggle(groomer.id_emp)}
                      >
                        {shown ? T.hideDetail : T.showDetail}
                      </Button>
                      <Button
                        size="small"
                        startIcon={<PrintIcon />}
                        aria-label={`${T.print}: ${groomer.nombre}`}
                        onClick={() => onPrint(groomer)}
                      >
                        {T.print}
                      </Button>
                    </TableCell>
                  </TableRow>
                  {shown && (
                    <TableRow id={detailId}>
                      <TableCell colSpan={6} sx={{ py: 1.5, pl: { sm: 4 } }}>
                        <LinesTable label={T.detailOf(groomer.nombre)} lines={groomer.lineas} />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
            {groomers.length > 1 && (
              <TableRow>
                <TableCell sx={bold}>{T.totals}</TableCell>
                {(['base', 'comision', 'propinas', 'total'] as const).map((key) => (
                  <TableCell key={key} align="right" sx={{ ...money, ...bold }}>
                    {formatMoney(sumOf(groomers, key))}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

/** The sale lines behind a groomer's figure; a void's line is marked 'Anulación'. */
function LinesTable({ label, lines }: { label: string; lines: readonly CommissionLine[] }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell sx={bold}>{T.date}</TableCell>
          <TableCell sx={bold}>{T.receipt}</TableCell>
          <TableCell sx={bold}>{T.kind}</TableCell>
          <TableCell sx={bold}>{T.item}</TableCell>
          <TableCell sx={bold} align="right">
            {T.base}
          </TableCell>
          <TableCell sx={bold} align="right">
            {T.pct}
          </TableCell>
          <TableCell sx={bold} align="right">
            {T.commission}
          </TableCell>
          <TableCell sx={bold} align="right">
            {T.tip}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line, index) => (
          <TableRow key={`${line.id_venta}-${index}`}>
            <TableCell sx={money}>{formatDate(line.fecha)}</TableCell>
            <TableCell sx={money}>{line.comprobante}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{KIND_NAMES[line.tipo]}</span>
                {line.anulacion && (
                  <Chip size="small" color="error" variant="outlined" label={T.voided} />
                )}
              </Stack>
            </TableCell>
            <TableCell>{line.descripcion}</TableCell>
            <TableCell align="right" sx={money}>
              {formatMoney(line.base)}
            </TableCell>
            <TableCell align="right" sx={money}>
              {pctText(line.pct)}
            </TableCell>
            <TableCell align="right" sx={money}>
              {formatMoney(line.comision)}
            </TableCell>
            <TableCell align="right" sx={money}>
              {formatMoney(line.propina)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The statement's print copy, a child of <body>: printing shows only it. */
const PRINT_CLASS = 'commission-statement-print';

interface Statement {
  report: CommissionReport;
  groomer: GroomerCommission;
}

/**
 * Printing one groomer's statement from the browser, as a receipt prints (checkout's
 * receipt-print): while it prints, its copy is all the page shows; 'afterprint' removes it.
 */
function useStatementPrint() {
  const brand = useBrand();
  const [statement, setStatement] = useState<Statement | null>(null);
  const print = (report: CommissionReport, groomer: GroomerCommission) => {
    flushSync(() => setStatement({ report, groomer }));
    window.addEventListener('afterprint', () => setStatement(null), { once: true });
    window.print();
  };
  const copy = statement && (
    <>
      <GlobalStyles
        styles={{
          [`.${PRINT_CLASS}`]: {
            position: 'fixed',
            top: 0,
            left: -10_000,
            width: '186mm',
            visibility: 'hidden',
            pointerEvents: 'none',
          },
          '@media print': {
            [`body > *:not(.${PRINT_CLASS})`]: { display: 'none !important' },
            [`.${PRINT_CLASS}`]: { position: 'static', visibility: 'visible', width: 'auto' },
            'html, body': {
              overflow: 'visible !important',
              height: 'auto !important',
              padding: '0 !important',
              background: '#fff !important',
            },
          },
          '@page': { size: 'A4', margin: '12mm' },
        }}
      />
      {createPortal(
        <Box className={PRINT_CLASS} sx={{ color: '#000', bgcolor: '#fff' }}>
          <PrintedStatement {...statement} business={brand.name} />
        </Box>,
        document.body,
      )}
    </>
  );
  return { print, copy };
}

const cell = { border: '1px solid #999', padding: '1.5mm 2mm', textAlign: 'left' } as const;
const figure = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** A groomer's statement on A4: the salon, the groomer, the period, the lines and the totals. */
function PrintedStatement({ report, groomer, business }: Statement & { business: string }) {
  return (
    <Box sx={{ fontSize: '10pt', lineHeight: 1.35 }}>
      <Box sx={{ fontSize: '14pt', fontWeight: 700 }}>{business}</Box>
      <Box sx={{ fontSize: '12pt', fontWeight: 700, mt: '2mm' }}>{T.statement}</Box>
      <Box sx={{ mt: '2mm' }}>
        <strong>{T.groomer}:</strong> {groomer.nombre}
      </Box>
      <Box>
        <strong>{T.period}:</strong> {T.periodOf(report.desde, report.hasta)}
        {report.cierre && ` · ${T.closedBy(report.cierre.at, report.cierre.usuario)}`}
      </Box>
      <Box
        component="table"
        sx={{ width: '100%', borderCollapse: 'collapse', mt: '4mm', fontSize: '9pt' }}
      >
        <thead>
          <tr>
            {[T.date, T.receipt, T.kind, T.item].map((header) => (
              <Box component="th" key={header} sx={cell}>
                {header}
              </Box>
            ))}
            {[T.base, T.pct, T.commission, T.tip].map((header) => (
              <Box component="th" key={header} sx={figure}>
                {header}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {groomer.lineas.map((line, index) => (
            <tr key={`${line.id_venta}-${index}`}>
              <Box component="td" sx={cell}>
                {formatDate(line.fecha)}
              </Box>
              <Box component="td" sx={cell}>
                {line.comprobante}
              </Box>
              <Box component="td" sx={cell}>
                {KIND_NAMES[line.tipo]}
                {line.anulacion && ` (${T.voided})`}
              </Box>
              <Box component="td" sx={cell}>
                {line.descripcion}
              </Box>
              <Box component="td" sx={figure}>
                {formatMoney(line.base)}
              </Box>
              <Box component="td" sx={figure}>
                {pctText(line.pct)}
              </Box>
              <Box component="td" sx={figure}>
                {formatMoney(line.comision)}
              </Box>
              <Box component="td" sx={figure}>
                {formatMoney(line.propina)}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
      <Box component="table" sx={{ ml: 'auto', mt: '4mm', borderCollapse: 'collapse' }}>
        <tbody>
          {(
            [
              [T.base, groomer.base],
              [T.commission, groomer.comision],
              [T.tips, groomer.propinas],
              [T.total, groomer.total],
            ] as const
          ).map(([label, amount]) => (
            <tr key={label}>
              <Box component="th" sx={{ ...cell, fontWeight: 700 }}>
                {label}
              </Box>
              <Box component="td" sx={{ ...figure, fontWeight: label === T.total ? 700 : 400 }}>
                {formatMoney(amount)}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
      <Box sx={{ mt: '6mm', fontSize: '8pt' }}>{T.printedAt(formatDateTime(now().toDate()))}</Box>
    </Box>
  );
}
