import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { SectionCard } from '../../app/cards/section-card';
import { formatMoney } from '../../lib/format';
import { formatCount, formatPercent } from './format';

/**
 * The small tables of the till and the reports: a label per row and its counts, amounts and
 * shares. A column is declared once, with how it reads.
 */

export interface Figure<Row> {
  header: string;
  /** The cell: text, a count, money as numeric text ('45.50') or a share (12.5, or null). */
  value(row: Row): string | number | null;
  /** Figures align right; money reads 'S/. 45.50', a count '1,200', a share '12.5%' or '—'. */
  kind?: 'text' | 'count' | 'money' | 'percent';
}

export interface FiguresTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  figures: readonly Figure<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  /** A last row in bold: the totals. */
  totals?: Row;
  emptyText?: string;
}

function shown<Row>(figure: Figure<Row>, row: Row) {
  const value = figure.value(row);
  if (figure.kind === 'money') return formatMoney(value);
  if (figure.kind === 'percent') return formatPercent(typeof value === 'number' ? value : null);
  return typeof value === 'number' ? formatCount(value) : value;
}

export function FiguresTable<Row>({
  label,
  figures,
  rows,
  rowKey,
  totals,
  emptyText = 'Sin ventas en el período.',
}: FiguresTableProps<Row>) {
  const align = (figure: Figure<Row>) => (figure.kind && figure.kind !== 'text' ? 'right' : 'left');
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {figures.map((figure) => (
              <TableCell key={figure.header} align={align(figure)} sx={{ fontWeight: 700 }}>
                {figure.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={figures.length} align="center" sx={{ py: 3 }}>
                {emptyText}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover>
              {figures.map((figure) => (
                <TableCell
                  key={figure.header}
                  align={align(figure)}
                  sx={{
                    whiteSpace:
                      figure.kind === 'money' || figure.kind === 'percent' ? 'nowrap' : undefined,
                  }}
                >
                  {shown(figure, row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {totals !== undefined && rows.length > 0 && (
            <TableRow>
              {figures.map((figure) => (
                <TableCell
                  key={figure.header}
                  align={align(figure)}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                >
                  {shown(figure, totals)}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A table on its own card, named by the card's title: the table behind a report's chart. */
export function FiguresCard<Row>({
  title,
  hint,
  ...table
}: Omit<FiguresTableProps<Row>, 'label'> & { title: string; hint: ReactNode }) {
  return (
    <SectionCard title={title} hint={hint}>
      <FiguresTable label={title} {...table} />
    </SectionCard>
  );
}
