import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import type { ApiSuccess } from '@app/domain';
import { showErrorDialog } from '../lib/alerts';
import { api, ApiError } from '../lib/api';
import { useResourceMutation } from './queries';

/**
 * A data import from a file (decisions §imports): a CSV or xlsx file is chosen, previewed with
 * each row's errors, then imported whole or not at all. The clients page and the products dialog
 * differ only in their rows and texts.
 */

/** The files an import reads: CSV or xlsx, by extension or type. */
const IMPORT_FILE_TYPES = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** The multipart field the file travels in, and the field a refused file's message names. */
const FILE_FIELD = 'archivo';

export interface FileImportOptions {
  /** The resource whose lists a finished import refreshes. */
  resource: string;
  /** Where the file is previewed and where it is imported (the same path may serve both). */
  paths: { preview: string; import: string };
  /** Other fields of the multipart body, for the preview or the import. */
  fields?(stage: 'preview' | 'import'): Record<string, string>;
  /** Why a file was refused when the answer does not say. */
  unreadable: string;
  /** The title of the error dialog when the import itself fails. */
  errorTitle: string;
}

export interface FileImport<Preview, Result> {
  /** The chosen file, if any. */
  file: File | null;
  /** The last preview of the chosen file. */
  report: Preview | null;
  /** Why the chosen file was refused as a whole. */
  problem: string | undefined;
  previewing: boolean;
  importing: boolean;
  /** Counts previews: a table keyed on it starts each new one on its first page. */
  round: number;
  /** Takes a newly chosen file (or none): its earlier preview and problem are dropped. */
  choose(file: File | null): void;
  /** Previews the file without importing it. */
  preview(file: File): Promise<void>;
  /** Imports the chosen file, then `onImported`; a failure shows the error dialog. */
  confirm(onImported: (answer: ApiSuccess<Result>) => void | Promise<void>): Promise<void>;
}

/** Why a file was refused as a whole: its field's message, or the call's. */
function fileError(error: unknown, unreadable: string): string {
  if (error instanceof ApiError) {
    return error.fieldError(FILE_FIELD) ?? (error.message || unreadable);
  }
  return unreadable;
}

/** The state and the two calls of a file import: the preview, then the import. */
export function useFileImport<Preview, Result>({
  resource,
  paths,
  fields,
  unreadable,
  errorTitle,
}: FileImportOptions): FileImport<Preview, Result> {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const [round, setRound] = useState(0);
  const importing = useResourceMutation<Result>(resource);

  const body = (chosen: File, stage: 'preview' | 'import') => {
    const form = new FormData();
    form.append(FILE_FIELD, chosen);
    for (const [name, value] of Object.entries(fields?.(stage) ?? {})) form.append(name, value);
    return form;
  };

  return {
    file,
    report,
    problem,
    previewing,
    importing: importing.isPending,
    round,
    choose(chosen) {
      setFile(chosen);
      setReport(null);
      setProblem(undefined);
    },
    async preview(chosen) {
      setPreviewing(true);
      setProblem(undefined);
      try {
        const answer = await api.request<Preview>('POST', paths.preview, {
          body: body(chosen, 'preview'),
        });
        setReport(answer.data);
        setRound((n) => n + 1);
      } catch (error) {
        setReport(null);
        setProblem(fileError(error, unreadable));
      } finally {
        setPreviewing(false);
      }
    },
    async confirm(onImported) {
      if (!file) return;
      try {
        const answer = await importing.mutateAsync({
          method: 'POST',
          path: paths.import,
          body: body(file, 'import'),
        });
        await onImported(answer);
      } catch (error) {
        await showErrorDialog(errorTitle, error);
      }
    },
  };
}

export interface ImportFileChooserProps {
  /** The hidden file input's accessible name: 'Archivo de clientes'. */
  inputLabel: string;
  /** The button that opens the browser's file picker. */
  buttonLabel: string;
  /** Shown in place of a file name before one is chosen. */
  noFile: string;
  file: File | null;
  onChoose(file: File | null): void;
  disabled?: boolean;
  loading?: boolean;
}

/** The file input of an import: a button opening the picker, and the chosen file's name. */
export function ImportFileChooser({
  inputLabel,
  buttonLabel,
  noFile,
  file,
  onChoose,
  disabled,
  loading,
}: ImportFileChooserProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={IMPORT_FILE_TYPES}
        aria-label={inputLabel}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          // Cleared so that choosing the same file again (once fixed) still fires a change.
          event.target.value = '';
          onChoose(chosen);
        }}
      />
      <Button
        variant="outlined"
        startIcon={<AttachFileIcon />}
        loading={loading}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {buttonLabel}
      </Button>
      <Typography variant="body2" data-testid="import-file">
        {file?.name ?? noFile}
      </Typography>
    </>
  );
}

export interface ImportPreviewProps<Preview> {
  /** Why the chosen file was refused as a whole. */
  problem: string | undefined;
  report: Preview | null;
  /** The preview's counts, one line: 'Válidas: 2 · Con errores: 1'. */
  summary(report: Preview): string;
  /** Asks to fix the file when some rows are wrong. */
  fixFirst: string;
  /** The preview's rows. */
  children(report: Preview): ReactNode;
}

/** What a preview answered: the refusal of the file, or its counts, a warning and its rows. */
export function ImportPreview<Preview extends { con_errores: number }>({
  problem,
  report,
  summary,
  fixFirst,
  children,
}: ImportPreviewProps<Preview>) {
  return (
    <>
      {problem && <Alert severity="error">{problem}</Alert>}
      {report && (
        <>
          <Typography role="status" sx={{ fontWeight: 700 }}>
            {summary(report)}
          </Typography>
          {report.con_errores > 0 && <Alert severity="warning">{fixFirst}</Alert>}
          {children(report)}
        </>
      )}
    </>
  );
}
