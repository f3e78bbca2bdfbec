import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ELECTRONIC_DOCUMENT_TYPE_LABELS,
  ELECTRONIC_DOCUMENT_TYPES,
  ELECTRONIC_RECEIPT_ENDPOINTS,
  ELECTRONIC_RECEIPTS_QUERY_KEY,
  ELECTRONIC_STATE_FILTER_LABELS,
  ELECTRONIC_STATE_FILTERS,
  fillPath,
  limaToday,
  RESENDABLE_STATES,
  SALE_ENDPOINTS,
  type ElectronicReceipt,
  type ResendInput,
} from '@app/domain';
import { PageContainer } from '../../app/page-container';
import {
  DataTable,
  dayRangeFilters,
  FilterBar,
  listErrorMessage,
  RowMenu,
  useListParams,
  type Column,
  type FilterDef,
  type FilterValues,
} from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { formatDateTime, formatMoney, upper } from '../../lib/format';
import { AttemptsDialog } from './attempts-dialog';
import { RECEIPTS_TEXTS as T } from './receipts-texts';
import { StateChip } from './state-chip';

/**
 * CAJA › 'Comprobantes electrónicos' (DESIGN §11.2): every boleta, factura and nota de crédito and
 * where SUNAT left it, filtered by state, Lima days of issue and type; a document still to send or
 * that failed is sent again at once ('Reenviar'); each one's attempts ('Historial'); its XML, CDR
 * and PDF. While any row is pendiente the list reads itself again every 15 seconds, so a receipt
 * is seen to go from pendiente to aceptado without a click.
 */

/** How often the list is read again while a document on it waits for SUNAT. */
const PENDING_REFRESH_MS = 15_000;

const filters: FilterDef[] = [
  {
    name: 'estado',
    label: 'Estado',
    type: 'select',
    options: [
      { value: '', label: T.all },
      ...ELECTRONIC_STATE_FILTERS.map((state) => ({
        value: state,
        label: ELECTRONIC_STATE_FILTER_LABELS[state],
      })),
    ],
  },
  ...dayRangeFilters({ name: 'desde', label: 'Desde' }, { name: 'hasta', label: 'Hasta' }),
  {
    name: 'tipo',
    label: 'Tipo',
    type: 'select',
    options: [
      { value: '', label: T.all },
      ...ELECTRONIC_DOCUMENT_TYPES.map((type) => ({
        value: type,
        label: ELECTRONIC_DOCUMENT_TYPE_LABELS[type],
      })),
    ],
  },
];

/** This month in Lima, up to today, as 'Ventas' opens. */
const filterDefaults = (): FilterValues => {
  const today = limaToday();
  return { estado: '', desde: `${today.slice(0, 8)}01`, hasta: today, tipo: '' };
};

type DownloadKind = 'xml' | 'cdr' | 'pdf';

const DOWNLOAD_PATHS: Record<DownloadKind, string> = {
  xml: SALE_ENDPOINTS.xml.path,
  cdr: ELECTRONIC_RECEIPT_ENDPOINTS.cdr.path,
  pdf: SALE_ENDPOINTS.pdf.path,
};

/** A document's file, named by the server as SUNAT names it; its number is the fallback. */
async function download(receipt: ElectronicReceipt, kind: DownloadKind) {
  try {
    await downloadFile(
      fillPath(DOWNLOAD_PATHS[kind], { id: receipt.id_venta }),
      { documento: receipt.kind === 'nota' ? 'nota' : 'comprobante' },
      kind === 'cdr' ? `R-${receipt.comprobante}.zip` : `${receipt.comprobante}.${kind}`,
    );
  } catch (error) {
    await showErrorDialog(T.downloadError, error);
  }
}

const canResend = (receipt: ElectronicReceipt) => RESENDABLE_STATES.includes(receipt.estado);

interface RowActions {
  resend(receipt: ElectronicReceipt): void;
  /** The row being resent, whose button shows it. */
  resending: ElectronicReceipt | undefined;
  history(receipt: ElectronicReceipt): void;
}

const rowKey = (receipt: ElectronicReceipt) => `${receipt.kind}-${receipt.id}`;

const columns = ({ resend, resending, history }: RowActions): Column<ElectronicReceipt>[] => [
  { header: 'Fecha', render: (r) => formatDateTime(r.fecha) },
  {
    header: 'Comprobante',
    render: (r) => (
      <>
        <span style={{ whiteSpace: 'nowrap' }}>{r.comprobante}</span>
        <Typography component="div" variant="caption" color="text.secondary">
          {ELECTRONIC_DOCUMENT_TYPE_LABELS[r.tipo]}
          {r.kind === 'venta' && r.anulada && ` · ${T.voided}`}
        </Typography>
      </>
    ),
  },
  {
    header: 'Cliente',
    render: (r) => (
      <>
        {upper(r.cliente) || T.walkIn}
        {r.cliente_doc && r.cliente_doc !== '-' && (
          <Typography component="div" variant="caption" color="text.secondary">
            {r.cliente_doc}
          </Typography>
        )}
      </>
    ),
  },
  {
    header: 'Total',
    align: 'right',
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.total)}</span>,
  },
  {
    header: 'Estado',
    render: (r) => (
      <>
        <StateChip state={r.estado} />
        <Typography component="div" variant="caption" color="text.secondary">
          {T.attempts(r.intentos)}
        </Typography>
      </>
    ),
  },
  {
    header: 'Respuesta de SUNAT',
    render: (r) => (
      <>
        {r.codigo !== null && (
          <Typography component="div" variant="body2" sx={{ fontWeight: 700 }}>
            {T.code(r.codigo)}
          </Typography>
        )}
        <Typography component="div" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {r.mensaje ?? T.noAnswer}
        </Typography>
        {r.siguiente && (
          <Typography component="div" variant="caption" color="text.secondary">
            {T.nextAttempt(formatDateTime(r.siguiente))}
          </Typography>
        )}
      </>
    ),
  },
  {
    header: 'Acciones',
    align: 'center',
    sticky: true,
    render: (r) => (
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        {canResend(r) && (
          <Button
            size="small"
            variant="outlined"
            aria-label={`${T.resend} ${r.comprobante}`}
            loading={resending !== undefined && rowKey(resending) === rowKey(r)}
            disabled={resending !== undefined}
            onClick={() => resend(r)}
          >
            {T.resend}
          </Button>
        )}
        <Button
          size="small"
          aria-haspopup="dialog"
          aria-label={`${T.history} de ${r.comprobante}`}
          onClick={() => history(r)}
        >
          {T.history}
        </Button>
        <RowMenu
          label={`${T.downloads} de ${r.comprobante}`}
          items={[
            ...(r.has_xml
              ? [{ label: T.downloadXml, onClick: () => void download(r, 'xml') }]
              : []),
            ...(r.has_cdr
              ? [{ label: T.downloadCdr, onClick: () => void download(r, 'cdr') }]
              : []),
            { label: T.downloadPdf, onClick: () => void download(r, 'pdf') },
          ]}
        />
      </Stack>
    ),
  },
];

/** The list's page from the address's filters, read again while any row is pendiente. */
function useReceiptsList() {
  const [defaults] = useState(filterDefaults);
  const { params, search, setPage, setPerPage } = useListParams(defaults);
  const query = { ...params.filters, page: params.page, per_page: params.perPage };
  const list = useQuery({
    queryKey: queryKey(ELECTRONIC_RECEIPT_ENDPOINTS.list, { query }),
    queryFn: ({ signal }) => call(ELECTRONIC_RECEIPT_ENDPOINTS.list, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }) =>
      state.data?.data.some((receipt) => receipt.estado === 'pendiente')
        ? PENDING_REFRESH_MS
        : false,
  });
  // Spec §000-2: Buscar loads the list again, even with the filters already applied.
  const onSearch = (filters: FilterValues) => {
    const unchanged = JSON.stringify(filters) === JSON.stringify(params.filters);
    if (unchanged && params.page === 1) void list.refetch();
    else search(filters);
  };
  return { params, list, onSearch, setPage, setPerPage };
}

export function ElectronicReceiptsPage() {
  const { params, list, onSearch, setPage, setPerPage } = useReceiptsList();
  const client = useQueryClient();
  const [shown, setShown] = useState<ElectronicReceipt | null>(null);
  const resend = useMutation({
    mutationFn: (receipt: ElectronicReceipt) => {
      const body: ResendInput = { kind: receipt.kind, id: receipt.id };
      return callWithMessage(ELECTRONIC_RECEIPT_ENDPOINTS.resend, { body });
    },
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
    },
    onError: (error) => showErrorDialog(T.resendError, error),
    // A refusal (accepted meanwhile) refreshes the rows too.
    onSettled: () => client.invalidateQueries({ queryKey: [ELECTRONIC_RECEIPTS_QUERY_KEY] }),
  });

  return (
    <PageContainer title={T.title}>
      <FilterBar filters={filters} values={params.filters} onSearch={onSearch} />
      {list.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {listErrorMessage(list.error, T.loadError)}
        </Alert>
      )}
      <DataTable
        columns={columns({
          resend: (receipt) => resend.mutate(receipt),
          resending: resend.isPending ? resend.variables : undefined,
          history: setShown,
        })}
        page={list.isError ? undefined : list.data}
        rowKey={rowKey}
        loading={list.isFetching}
        stale={list.isPlaceholderData}
        emptyText={T.empty}
        onPageChange={setPage}
        onPerPageChange={setPerPage}
      />
      <AttemptsDialog receipt={shown} onClose={() => setShown(null)} />
    </PageContainer>
  );
}
