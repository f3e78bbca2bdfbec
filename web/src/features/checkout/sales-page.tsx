import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  limaToday,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  RECEIPT_TYPE_IDS,
  RECEIPT_TYPES,
  SALE_ENDPOINTS,
  type SaleSummary,
} from '@app/domain';
import { PageContainer } from '../../app/page-container';
import { GIFT_CARD_TEXTS } from './gift-card-parts';
import { GiftCardLookupDialog } from './gift-card-lookup';
import { useSaleDialogs } from './sale-dialogs';
import {
  DataTable,
  ExportButtons,
  FilterBar,
  listErrorMessage,
  StatusChip,
  useFilteredList,
  type Column,
  type FilterDef,
  type FilterValues,
} from '../../crud';
import { formatDateTime, formatMoney, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';

/**
 * 'Ventas' (decisions §checkout): the receipts issued, filtered by Lima days, receipt type, payment
 * method and a search; each one opens in the receipt dialog (print, WhatsApp, void). A walk-in
 * customer is charged from here ('Venta rápida'), and a gift card's balance read
 * ('Consultar tarjeta de regalo'). Built from crud/'s list pieces: a sale is
 * never edited, so the page has no form, modal or row menu.
 */

export const SALES_TEXTS = {
  title: 'Ventas',
  quickSale: 'Venta rápida',
  empty: 'No se encontraron ventas con los criterios de búsqueda.',
  loadError: 'No se pudieron cargar las ventas',
  walkIn: 'Cliente varios',
  view: 'Ver',
  issued: 'Emitida',
  voided: 'Anulada',
} as const;

const filters: FilterDef[] = [
  { name: 'search', label: 'Buscar (comprobante, documento o cliente)' },
  { name: 'desde', label: 'Desde', type: 'date' },
  { name: 'hasta', label: 'Hasta', type: 'date' },
  {
    name: 'tipo',
    label: 'Comprobante',
    type: 'select',
    options: [
      { value: '', label: 'Todos' },
      ...RECEIPT_TYPE_IDS.map((t) => ({ value: t, label: RECEIPT_TYPES[t] })),
    ],
  },
  {
    name: 'metodo',
    label: 'Método de pago',
    type: 'select',
    options: [
      { value: '', label: 'Todos' },
      ...PAYMENT_METHOD_IDS.map((m) => ({ value: m, label: PAYMENT_METHODS[m] })),
    ],
  },
];

/** This month in Lima, up to today: sales are never dated in the future. */
const filterDefaults = (): FilterValues => {
  const today = limaToday();
  return { search: '', desde: `${today.slice(0, 8)}01`, hasta: today, tipo: '', metodo: '' };
};

const columns = (view: (sale: SaleSummary) => void): Column<SaleSummary>[] => [
  { header: 'Fecha', render: (s) => formatDateTime(s.fecha) },
  {
    header: 'Comprobante',
    render: (s) => (
      <>
        {s.comprobante}
        <Typography component="div" variant="caption" color="text.secondary">
          {RECEIPT_TYPES[s.tipo_comp]}
        </Typography>
      </>
    ),
  },
  {
    header: 'Cliente',
    render: (s) => (
      <>
        {upper(s.cliente_nombre) || SALES_TEXTS.walkIn}
        {s.cliente_doc && (
          <Typography component="div" variant="caption" color="text.secondary">
            {s.cliente_doc}
          </Typography>
        )}
      </>
    ),
  },
  { header: 'Métodos', render: (s) => s.metodos.map((m) => PAYMENT_METHODS[m]).join(', ') },
  {
    header: 'Total',
    align: 'right',
    render: (s) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(s.total)}</span>,
  },
  {
    header: 'Estado',
    // A sale is issued or voided, never deleted.
    render: (s) =>
      s.anulada ? (
        <StatusChip label={SALES_TEXTS.voided} color="error" />
      ) : (
        <StatusChip label={SALES_TEXTS.issued} color="success" />
      ),
  },
  {
    header: 'Acciones',
    align: 'center',
    sticky: true,
    render: (s) => (
      <Button
        size="small"
        aria-haspopup="dialog"
        aria-label={`${SALES_TEXTS.view} ${s.comprobante}`}
        onClick={() => view(s)}
      >
        {SALES_TEXTS.view}
      </Button>
    ),
  },
];

export function SalesPage() {
  const { params, list, onSearch, setPage, setPerPage } = useFilteredList<SaleSummary>(
    SALE_ENDPOINTS.list,
    filterDefaults,
  );
  const { can } = usePermissions();
  const sale = useSaleDialogs();
  const [lookingUp, setLookingUp] = useState(false);

  return (
    <PageContainer
      title={SALES_TEXTS.title}
      actions={
        can('caja.cobrar') ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {/* The page's own text colour: the primary blue is too faint on the page's grey. */}
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<CardGiftcardIcon />}
              aria-haspopup="dialog"
              onClick={() => setLookingUp(true)}
            >
              {GIFT_CARD_TEXTS.lookupOpen}
            </Button>
            <Button
              variant="contained"
              startIcon={<PointOfSaleIcon />}
              aria-haspopup="dialog"
              onClick={() => sale.charge()}
            >
              {SALES_TEXTS.quickSale}
            </Button>
          </Stack>
        ) : undefined
      }
    >
      <FilterBar
        filters={filters}
        values={params.filters}
        onSearch={onSearch}
        actions={
          <ExportButtons path={SALE_ENDPOINTS.export.path} file="ventas" filters={params.filters} />
        }
      />
      {list.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {listErrorMessage(list.error, SALES_TEXTS.loadError)}
        </Alert>
      )}
      <DataTable
        columns={columns((row) => sale.showReceipt(row.id_venta))}
        page={list.isError ? undefined : list.data}
        rowKey={(s) => s.id_venta}
        loading={list.isFetching}
        stale={list.isPlaceholderData}
        emptyText={SALES_TEXTS.empty}
        onPageChange={setPage}
        onPerPageChange={setPerPage}
      />
      {sale.dialogs}
      <GiftCardLookupDialog open={lookingUp} onClose={() => setLookingUp(false)} />
    </PageContainer>
  );
}
