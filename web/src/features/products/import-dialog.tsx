import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  PRODUCT_IMPORT_MESSAGES,
  PRODUCT_ENDPOINTS,
  productsResource,
  type ProductImport,
  type ProductImportRow,
} from '@app/domain';
import { ImportFileChooser, ImportPreview, useFileImport } from '../../crud';
import { toast } from '../../lib/alerts';
import { PRODUCT_TEXTS as T } from './texts';

/** A row's errors, one line per column: 'precio: El precio debe ser mayor a 0'. */
function RowErrors({ row }: { row: ProductImportRow }) {
  const entries = Object.entries(row.errores).filter(([, messages]) => messages.length > 0);
  if (entries.length === 0) return <>{T.noErrors}</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
      {entries.flatMap(([column, messages]) =>
        messages.map((message) => <li key={`${column}:${message}`}>{`${column}: ${message}`}</li>),
      )}
    </Box>
  );
}

function PreviewTable({ report }: { report: ProductImport }) {
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={T.preview}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }} align="right">
              Fila
            </TableCell>
            <TableCell sx={{ fontWeight: 700 }}>SKU</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>Nombre</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>Acción</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>Errores</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.filas.map((row) => (
            <TableRow key={row.fila}>
              <TableCell align="right">{row.fila}</TableCell>
              <TableCell>{row.sku}</TableCell>
              <TableCell>{row.nombre}</TableCell>
              <TableCell>{T.actions[row.accion]}</TableCell>
              <TableCell>
                <RowErrors row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface ImportDialogProps {
  onClose(): void;
}

/**
 * 'Importar' (the pattern of decisions §imports): a CSV or xlsx file, its preview with each row's
 * errors, then all rows or none. Importing waits for a preview of the chosen file without errors.
 */
export function ImportDialog({ onClose }: ImportDialogProps) {
  const flow = useFileImport<ProductImport, ProductImport>({
    resource: productsResource.plural,
    paths: { preview: PRODUCT_ENDPOINTS.import.path, import: PRODUCT_ENDPOINTS.import.path },
    // One call does both: `confirmar` says whether to import or only preview.
    fields: (stage) => ({ confirmar: String(stage === 'import') }),
    unreadable: PRODUCT_IMPORT_MESSAGES.fileUnreadable,
    errorTitle: T.importErrorTitle,
  });
  const { file, report } = flow;
  const busy = flow.previewing || flow.importing;

  const confirm = () =>
    flow.confirm((answer) => {
      toast.success(answer.message ?? PRODUCT_IMPORT_MESSAGES.imported(answer.data.importadas));
      onClose();
    });

  const ready = report !== null && report.con_errores === 0 && report.validas > 0;
  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="md" fullWidth>
      <DialogTitle>{T.importTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">{T.importColumns}</Typography>
          <Typography variant="body2">{T.importHint}</Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ImportFileChooser
              inputLabel={T.fileInput}
              buttonLabel={T.chooseFile}
              noFile={T.noFile}
              file={file}
              onChoose={flow.choose}
              disabled={busy}
            />
          </Stack>
          <ImportPreview
            problem={flow.problem}
            report={report}
            summary={(r) => T.counts(r.validas, r.con_errores)}
            fixFirst={T.fixFirst}
          >
            {(r) => <PreviewTable report={r} />}
          </ImportPreview>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            if (file) void flow.preview(file);
          }}
          loading={flow.previewing}
          disabled={!file || flow.importing}
        >
          {T.preview}
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          loading={flow.importing}
          disabled={!ready || flow.previewing}
        >
          {T.importSubmit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
