import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import { NOTIFICATION_LINKS, type Dashboard } from '@app/domain';
import { Link as RouterLink } from 'react-router';
import { SectionTable } from './section-table';

const count = new Intl.NumberFormat('es-PE');

export const LOW_STOCK_TEXTS = {
  title: 'Stock bajo',
  hint: (total: number) =>
    total === 1
      ? '1 producto activo en su stock mínimo o por debajo'
      : `${count.format(total)} productos activos en su stock mínimo o por debajo`,
  empty: 'Ningún producto con stock bajo.',
  soldOut: 'Agotado',
  all: 'Ver productos con stock bajo',
  columns: ['Producto', 'SKU', 'Stock', 'Mínimo'],
} as const;

const numeric = { textAlign: 'right' } as const;

/** The active products at or below their minimum: the first five, lowest stock first. */
export function LowStockTable({ data }: { data: Dashboard }) {
  const { total, items } = data.lowStock;
  return (
    <SectionTable
      title={LOW_STOCK_TEXTS.title}
      hint={LOW_STOCK_TEXTS.hint(total)}
      columns={LOW_STOCK_TEXTS.columns}
      figureColumns={2}
      rows={items}
      rowKey={(product) => product.id_prod}
      empty={LOW_STOCK_TEXTS.empty}
      cells={(product) => (
        <>
          <TableCell>{product.nom_prod}</TableCell>
          <TableCell>{product.sku}</TableCell>
          <TableCell
            sx={{
              ...numeric,
              fontWeight: 700,
              color: product.stock === 0 ? 'error.main' : 'warning.main',
            }}
          >
            {product.stock === 0 ? LOW_STOCK_TEXTS.soldOut : count.format(product.stock)}
          </TableCell>
          <TableCell sx={numeric}>{count.format(product.stock_min)}</TableCell>
        </>
      )}
      footer={
        total > 0 && (
          <Box sx={{ p: 2 }}>
            <Link component={RouterLink} to={NOTIFICATION_LINKS.lowStock} underline="hover">
              {LOW_STOCK_TEXTS.all}
            </Link>
          </Box>
        )
      }
    />
  );
}
