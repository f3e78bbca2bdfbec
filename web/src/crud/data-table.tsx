import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import LinearProgress from '@mui/material/LinearProgress';
import type { Theme } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import type { Page } from '@app/domain';
import { PER_PAGE_OPTIONS } from './list-params';

export interface Column<Row> {
  header: string;
  render(row: Row): ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Kept in view at the right edge when the table scrolls sideways (the row menu). */
  sticky?: boolean;
}

/** A sticky cell paints its own background over the cells scrolling beneath it. */
const stickySx = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

/**
 * A text with a run this long and no space (a web address, a long login), or an e-mail of any
 * length, breaks after its '@', dots, slashes, hyphens and underscores, and where it has none of
 * them anywhere: kept whole it alone widened its column until the table scrolled sideways at
 * 1440 px (a 17-character e-mail did, beside longer ones that broke). Other short runs (a date,
 * a DNI, an amount, a receipt number) stay whole.
 */
const LONG_RUN = /\S{18,}|\S@\S/;

function breakable(content: ReactNode): ReactNode {
  if (typeof content !== 'string' || !LONG_RUN.test(content)) return content;
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {content.split(/(?<=[@./_-])/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}

/**
 * 12 px between columns instead of 32: a list of nine or ten columns fits a 1440 px screen,
 * sidenav open, without scrolling under its sticky 'Acciones'. The table's edges keep 16 px.
 */
const cellPaddingSx = {
  '& .MuiTableCell-root': { px: 1.5 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-root:last-of-type': { pr: 2 },
} as const;

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  page: Page<Row> | undefined;
  rowKey(row: Row): string | number;
  loading: boolean;
  /** The rows shown are the previous query's while another loads (new filters or page). */
  stale?: boolean;
  loadingText?: string;
  emptyText?: string;
  onPageChange(page: number): void;
  onPerPageChange(perPage: number): void;
}

/** A server-paginated table with loading and empty states. */
export function DataTable<Row>({
  columns,
  page,
  rowKey,
  loading,
  stale = false,
  loadingText = 'Cargando...',
  emptyText = 'No se encontraron datos con los criterios de búsqueda.',
  onPageChange,
  onPerPageChange,
}: DataTableProps<Row>) {
  const rows = page?.data ?? [];
  // Another query's rows are never shown as this one's answer; a refresh of the same query
  // keeps its rows under a progress bar.
  const message =
    loading && (!page || stale) ? loadingText : rows.length === 0 ? emptyText : undefined;
  return (
    <Paper>
      {loading && page && !stale && <LinearProgress aria-label="Actualizando" />}
      <TableContainer>
        <Table size="small" aria-busy={loading} sx={cellPaddingSx}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  align={column.align}
                  // A header of several words may take two lines ('Fecha de / creación'): kept on
                  // one it alone widened a list of nine columns past a 1440 px screen.
                  sx={{ fontWeight: 700, ...(column.sticky && stickySx) }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {message ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
                  {message}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.header}
                      align={column.align}
                      sx={column.sticky ? stickySx : undefined}
                    >
                      {breakable(column.render(row))}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {page && page.total > 0 && (
        <TablePagination
          component="div"
          count={page.total}
          page={page.current_page - 1}
          rowsPerPage={page.per_page}
          rowsPerPageOptions={[...PER_PAGE_OPTIONS]}
          onPageChange={(_, next) => onPageChange(next + 1)}
          onRowsPerPageChange={(e) => onPerPageChange(Number(e.target.value))}
          labelRowsPerPage="Filas por página"
          labelDisplayedRows={({ from, to, count }) =>
            `${from}–${to} de ${page.total_is_estimate ? `más de ${count.toLocaleString('es-PE')}` : count.toLocaleString('es-PE')}`
          }
        />
      )}
    </Paper>
  );
}
