import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
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
import { useRef, useState, type ChangeEvent } from 'react';
import {
  PRODUCT_IMPORT_MESSAGES,
  PRODUCT_IMPORT_PATHS,
  productsResource,
  type ProductImport,
  type ProductImportRow,
} from '@app/domain';
import { useResourceMutation } from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { api, ApiError } from '../../lib/api';
import { PRODUCT_TEXTS as T } from './texts';

const ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** The call's multipart body: the file, and whether to import it or only preview it. */
function importBody(file: File, confirm: boolean) {
  const body = new FormData();
  body.append('archivo', file);
  body.append('confirmar', String(confirm));
  return body;
}

/** Why a file was refused as a whole: its field's message, or the call's. */
function fileError(error: unknown): string {
  if (error instanceof ApiError) {
    return error.fieldError('archivo') ?? (error.message || PRODUCT_IMPORT_MESSAGES.fileUnreadable);
  }
  return PRODUCT_IMPORT_MESSAGES.fileUnreadable;
}

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
 * 'Importar' (DESIGN §10.7's pattern): a CSV or xlsx file, its preview with each row's errors,
 * then all rows or none. Importing waits for a preview of the chosen file without errors.
 */
export function ImportDialog({ onClose }: ImportDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImport | null>(null);
  const [problem, setProblem] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const importing = useResourceMutation<ProductImport>(productsResource.plural);
  const busy = previewing || importing.isPending;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again (once fixed) still fires a change.
    event.target.value = '';
    setFile(chosen);
    setReport(null);
    setProblem(undefined);
  };

  const preview = async () => {
    if (!file) {
      setProblem(PRODUCT_IMPORT_MESSAGES.fileRequired);
      return;
    }
    setPreviewing(true);
    setProblem(undefined);
    try {
      const answer = await api.request<ProductImport>('POST', PRODUCT_IMPORT_PATHS.import, {
        body: importBody(file, false),
      });
      setReport(answer.data);
    } catch (error) {
      setReport(null);
      setProblem(fileError(error));
    } finally {
      setPreviewing(false);
    }
  };

  const confirm = async () => {
    if (!file) return;
    try {
      const answer = await importing.mutateAsync({
        method: 'POST',
        path: PRODUCT_IMPORT_PATHS.import,
        body: importBody(file, true),
      });
      toast.success(answer.message ?? PRODUCT_IMPORT_MESSAGES.imported(answer.data.importadas));
      onClose();
    } catch (error) {
      await showErrorDialog(T.importErrorTitle, error);
    }
  };

  const ready = report !== null && report.con_errores === 0 && report.validas > 0;
  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="md" fullWidth>
      <DialogTitle>{T.importTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">{T.importColumns}</Typography>
          <Typography variant="body2">{T.importHint}</Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <input
              ref={input}
              type="file"
              hidden
              accept={ACCEPT}
              aria-label={T.fileInput}
              onChange={choose}
            />
            <Button
              variant="outlined"
              startIcon={<AttachFileIcon />}
              onClick={() => input.current?.click()}
              disabled={busy}
            >
              {T.chooseFile}
            </Button>
            <Typography variant="body2" data-testid="import-file">
              {file?.name ?? T.noFile}
            </Typography>
          </Stack>
          {problem && <Alert severity="error">{problem}</Alert>}
          {report && (
            <>
              <Typography role="status" sx={{ fontWeight: 700 }}>
                {T.counts(report.validas, report.con_errores)}
              </Typography>
              {report.con_errores > 0 && <Alert severity="warning">{T.fixFirst}</Alert>}
              <PreviewTable report={report} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void preview()}
          loading={previewing}
          disabled={!file || importing.isPending}
        >
          {T.preview}
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          loading={importing.isPending}
          disabled={!ready || previewing}
        >
          {T.importSubmit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
