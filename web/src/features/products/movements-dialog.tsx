import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  PRODUCT_ENDPOINTS,
  STOCK_MOVEMENT_LABELS,
  type Product,
  type StockMovement,
} from '@app/domain';
import { DataTable, listErrorMessage, type Column } from '../../crud';
import { call, queryKey } from '../../lib/api';
import { formatDateTime, upper } from '../../lib/format';
import { PRODUCT_TEXTS as T } from './texts';

/** '+5', '−2' (a true minus sign, which screen readers read as one). */
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0');

const columns: Column<StockMovement>[] = [
  { header: 'Fecha', render: (m) => formatDateTime(m.at) },
  { header: 'Tipo', render: (m) => STOCK_MOVEMENT_LABELS[m.tipo] },
  { header: 'Cantidad', align: 'right', render: (m) => signed(m.cantidad) },
  { header: 'Stock resultante', align: 'right', render: (m) => m.stock },
  { header: 'Motivo', render: (m) => m.motivo },
  { header: 'Comprobante', render: (m) => m.comprobante ?? '—' },
  { header: 'Usuario', render: (m) => m.usuario ?? '—' },
];

/** A product's movements, newest first; under the resource's key, so every write refreshes it. */
function useMovements(id: number, page: number, perPage: number) {
  return useQuery({
    queryKey: queryKey(PRODUCT_ENDPOINTS.movements, {
      params: { id },
      query: { page, per_page: perPage },
    }),
    queryFn: ({ signal }) =>
      call(PRODUCT_ENDPOINTS.movements, {
        params: { id },
        query: { page, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface MovementsDialogProps {
  product: Product;
  onClose(): void;
}

/** 'Ver movimientos': who moved the stock, when, why and what it left. */
export function MovementsDialog({ product, onClose }: MovementsDialogProps) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const movements = useMovements(product.id_prod, page, perPage);
  const name = upper(product.nom_prod);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{T.historyTitle(name)}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {`${product.sku} · ${product.categoria}`}
        </Typography>
        {movements.isError ? (
          <Alert severity="warning">{listErrorMessage(movements.error, T.historyLoadError)}</Alert>
        ) : (
          <DataTable
            columns={columns}
            page={movements.data}
            rowKey={(m) => m.id}
            loading={movements.isFetching}
            stale={movements.isPlaceholderData}
            emptyText={T.historyEmpty}
            onPageChange={setPage}
            onPerPageChange={(n) => {
              setPerPage(n);
              setPage(1);
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
