import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney } from '../../lib/format';

/**
 * The small tables of the till and the sales report: a label per row and its counts and
 * amounts. A column is declared once, for the screen and for the CSV the report exports.
 */

export interface Figure<Row> {
  header: string;
  /** The cell as the CSV writes it: text, a count, or money as numeric text ('45.50'). */
  value(row: Row): string | number;
  /** Counts and money align right; money reads 'S/. 45.50' on screen. */
  kind?: 'text' | 'count' | 'money';
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

const shown = <Row,>(figure: Figure<Row>, row: Row) =>
  figure.kind === 'money' ? formatMoney(figure.value(row)) : figure.value(row);

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
                  sx={{ whiteSpace: figure.kind === 'money' ? 'nowrap' : undefined }}
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
