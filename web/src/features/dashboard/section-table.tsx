import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Key, ReactNode } from 'react';
import { SectionCard } from '../../app/cards/section-card';

export interface SectionTableProps<Row> {
  /** The card's heading, also the table's accessible name. */
  title: string;
  hint: ReactNode;
  columns: readonly string[];
  /** How many of the last columns hold figures: their headings align right like their cells. */
  figureColumns?: number;
  rows: readonly Row[];
  rowKey(row: Row): Key;
  /** The cells of one row, in the order of `columns`. */
  cells(row: Row): ReactNode;
  /** The text of the one row an empty table shows. */
  empty: string;
  /** Below the table, inside the card: a link to the whole list. */
  footer?: ReactNode;
}

/**
 * A dashboard card holding a small table: small grey headings, written as every list writes
 * them (issue 30 §12: one case), a hover on rows, a line when empty.
 */
export function SectionTable<Row>({
  title,
  hint,
  columns,
  figureColumns = 0,
  rows,
  rowKey,
  cells,
  empty,
  footer,
}: SectionTableProps<Row>) {
  const firstFigure = columns.length - figureColumns;
  return (
    <SectionCard title={title} hint={hint}>
      {/* A table wider than its card scrolls: the keyboard must reach it too (WCAG 2.1.1). */}
      <TableContainer tabIndex={0} role="region" aria-label={title}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((label, i) => (
                <TableCell
                  key={label}
                  sx={{
                    color: 'text.secondary',
                    fontWeight: 700,
                    fontSize: '0.75rem',
                    ...(i >= firstFigure ? { textAlign: 'right' } : {}),
                  }}
                >
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={columns.length}
                  sx={{ textAlign: 'center', color: 'text.secondary', py: 4 }}
                >
                  {empty}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {cells(row)}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </SectionCard>
  );
}
