import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { NOTIFICATION_LINKS, type Dashboard } from '@app/domain';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '../../app/cards/section-card';
import { upper } from '../../lib/format';

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
    <SectionCard title={LOW_STOCK_TEXTS.title} hint={LOW_STOCK_TEXTS.hint(total)}>
      <TableContainer>
        <Table size="small" aria-label={LOW_STOCK_TEXTS.title}>
          <TableHead>
            <TableRow>
              {LOW_STOCK_TEXTS.columns.map((label, i) => (
                <TableCell
                  key={label}
                  sx={{
                    color: 'text.secondary',
                    fontWeight: 700,
                    fontSize: '0.75rem',
                    ...(i >= 2 ? numeric : {}),
                  }}
                >
                  {upper(label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} sx={{ textAlign: 'center', color: 'text.secondary', py: 4 }}>
                  {LOW_STOCK_TEXTS.empty}
                </TableCell>
              </TableRow>
            ) : (
              items.map((product) => (
                <TableRow key={product.id_prod} hover>
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
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {total > 0 && (
        <Box sx={{ p: 2 }}>
          <Link component={RouterLink} to={NOTIFICATION_LINKS.lowStock} underline="hover">
            {LOW_STOCK_TEXTS.all}
          </Link>
        </Box>
      )}
    </SectionCard>
  );
}
