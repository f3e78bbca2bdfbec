import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CLIENT_IMPORT_COLUMNS,
  CLIENT_IMPORT_MESSAGES,
  CLIENT_IMPORT_ENDPOINTS,
  clientsResource,
  petsResource,
  type ClientImportPreview,
  type ClientImportResult,
  type ClientImportRow,
} from '@app/domain';
import { PageContainer } from '../../app/page-container';
import { ImportFileChooser, ImportPreview, useFileImport } from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { downloadFile } from '../../lib/download';

/**
 * 'Importar clientes' (decisions §imports): the template, a CSV or xlsx file of clients with their
 * pets, its preview with each row's errors, then every row or none. Reached from the clients
 * screen by who may administer the data.
 */

const TEXTS = {
  title: 'Importar clientes',
  back: 'Volver a clientes',
  intro:
    'Una fila por mascota con su dueño. Varias filas con el mismo DNI son un cliente con varias mascotas; una fila sin mascota registra solo al cliente. Se importan todas las filas o ninguna, y un DNI ya registrado no se importa.',
  columns: `Columnas: ${CLIENT_IMPORT_COLUMNS.map((c) => c.header).join(', ')}.`,
  template: 'Descargar plantilla',
  templateError: 'Error al descargar la plantilla',
  chooseFile: 'Elegir archivo (CSV o Excel)',
  fileInput: 'Archivo de clientes',
  noFile: 'Ningún archivo elegido',
  reading: 'Revisando el archivo…',
  summary: (total: number, wrong: number) =>
    `${total} ${total === 1 ? 'fila' : 'filas'}, ${wrong} con errores`,
  creates: (clients: number, pets: number) =>
    `${clients} ${clients === 1 ? 'cliente' : 'clientes'} y ${pets} ${pets === 1 ? 'mascota' : 'mascotas'}`,
  fixFirst: 'Corrija las filas con errores en el archivo y vuelva a elegirlo.',
  onlyErrors: 'Mostrar solo filas con errores',
  preview: 'Vista previa de la importación',
  row: 'Fila',
  errors: 'Errores',
  ok: 'Correcta',
  duplicate: { registrado: 'DNI ya registrado', archivo: 'DNI repetido con otros datos' },
  importSubmit: 'Importar',
  importErrorTitle: 'Error al importar los clientes',
  rowsPerPage: 'Filas por página',
} as const;

const HEADER_OF = new Map<string, string>(CLIENT_IMPORT_COLUMNS.map((c) => [c.key, c.header]));

const hasErrors = (row: ClientImportRow) => Object.keys(row.errores).length > 0;

/** A row's errors, one line per message: 'DNI: El DNI debe tener 8 dígitos'. */
function RowErrors({ row }: { row: ClientImportRow }) {
  if (!hasErrors(row)) return <>{TEXTS.ok}</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {Object.entries(row.errores).flatMap(([column, messages]) =>
        messages.map((message) => (
          <li key={`${column}:${message}`}>{`${HEADER_OF.get(column) ?? column}: ${message}`}</li>
        )),
      )}
      {row.duplicado && <li>{TEXTS.duplicate[row.duplicado]}</li>}
    </Box>
  );
}

function PreviewTable({ report }: { report: ClientImportPreview }) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(50);
  const rows = useMemo(
    () => (onlyErrors ? report.filas.filter(hasErrors) : report.filas),
    [report, onlyErrors],
  );
  const shown = rows.slice(page * perPage, (page + 1) * perPage);
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={onlyErrors}
            onChange={(event) => {
              setOnlyErrors(event.target.checked);
              setPage(0);
            }}
          />
        }
        label={TEXTS.onlyErrors}
      />
      <TableContainer sx={{ maxHeight: 560 }}>
        <Table size="small" stickyHeader aria-label={TEXTS.preview}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                {TEXTS.row}
              </TableCell>
              {CLIENT_IMPORT_COLUMNS.map((c) => (
                <TableCell key={c.key} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {c.header}
                </TableCell>
              ))}
              <TableCell sx={{ fontWeight: 700, minWidth: 260 }}>{TEXTS.errors}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => {
              const wrong = hasErrors(row);
              return (
                <TableRow
                  key={row.fila}
                  sx={wrong ? { bgcolor: 'rgba(244, 67, 53, 0.08)' } : undefined}
                >
                  <TableCell align="right">{row.fila}</TableCell>
                  {CLIENT_IMPORT_COLUMNS.map((c) => (
                    <TableCell
                      key={c.key}
                      sx={
                        row.errores[c.key]
                          ? { color: 'error.main', fontWeight: 700, textDecoration: 'underline' }
                          : undefined
                      }
                    >
                      {row.valores[c.key]}
                    </TableCell>
                  ))}
                  <TableCell sx={wrong ? { color: 'error.main' } : undefined}>
                    <RowErrors row={row} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[50, 100, 500]}
        labelRowsPerPage={TEXTS.rowsPerPage}
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
      />
    </Stack>
  );
}

export function ClientImportPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useFileImport<ClientImportPreview, ClientImportResult>({
    resource: clientsResource.plural,
    paths: {
      preview: CLIENT_IMPORT_ENDPOINTS.preview.path,
      import: CLIENT_IMPORT_ENDPOINTS.import.path,
    },
    unreadable: CLIENT_IMPORT_MESSAGES.fileUnreadable,
    errorTitle: TEXTS.importErrorTitle,
  });
  const { report, previewing } = flow;
  const [downloading, setDownloading] = useState(false);

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await downloadFile(CLIENT_IMPORT_ENDPOINTS.template.path, {}, 'plantilla-clientes.xlsx');
    } catch (error) {
      await showErrorDialog(TEXTS.templateError, error);
    } finally {
      setDownloading(false);
    }
  };

  /** A chosen file is previewed at once. */
  const choose = async (chosen: File | null) => {
    flow.choose(chosen);
    if (chosen) await flow.preview(chosen);
  };

  const confirm = () =>
    flow.confirm(async (answer) => {
      void queryClient.invalidateQueries({ queryKey: [petsResource.plural] });
      toast.success(
        answer.message ??
          CLIENT_IMPORT_MESSAGES.imported(answer.data.clientes, answer.data.mascotas),
      );
      await navigate('/clientes');
    });

  const ready = report !== null && report.con_errores === 0 && report.total > 0;
  return (
    <PageContainer
      title={TEXTS.title}
      actions={
        // The page's own text colour: the primary blue is too faint on the page's grey.
        <Button component={Link} to="/clientes" color="inherit" startIcon={<ArrowBackIcon />}>
          {TEXTS.back}
        </Button>
      }
    >
      <Paper sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Typography variant="body2">{TEXTS.intro}</Typography>
          <Typography variant="body2">{TEXTS.columns}</Typography>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
            <Button
              variant="outlined"
              startIcon={<FileDownloadIcon />}
              loading={downloading}
              onClick={() => void downloadTemplate()}
            >
              {TEXTS.template}
            </Button>
            <ImportFileChooser
              inputLabel={TEXTS.fileInput}
              buttonLabel={TEXTS.chooseFile}
              noFile={TEXTS.noFile}
              file={flow.file}
              onChoose={(chosen) => void choose(chosen)}
              loading={previewing}
              disabled={previewing || flow.importing}
            />
          </Stack>
          {previewing && <Typography role="status">{TEXTS.reading}</Typography>}
          <ImportPreview
            problem={flow.problem}
            report={report}
            summary={(r) =>
              `${TEXTS.summary(r.total, r.con_errores)} · ${TEXTS.creates(r.clientes, r.mascotas)}`
            }
            fixFirst={TEXTS.fixFirst}
          >
            {(r) => <PreviewTable key={flow.round} report={r} />}
          </ImportPreview>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              startIcon={<FileUploadIcon />}
              loading={flow.importing}
              disabled={!ready || previewing}
              onClick={() => void confirm()}
            >
              {TEXTS.importSubmit}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </PageContainer>
  );
}
