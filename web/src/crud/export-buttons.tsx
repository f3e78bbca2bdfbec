import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { EXPORT_FORMATS, EXPORT_TEXTS, type ExportFormat } from '@app/domain';
import { showErrorDialog } from '../lib/alerts';
import { downloadFile } from '../lib/download';
import { now, toApiDate } from '../lib/format';
import type { FilterValues } from './list-params';

export interface ExportButtonsProps {
  /** The export's path: it takes the list's filters and `formato` (api §exports). */
  path: string;
  /** The file's name before its day, when the server names none. */
  file: string;
  /** The filters applied (not the draft being typed): what the list shows is what is exported. */
  filters: FilterValues;
  formats?: readonly ExportFormat[];
  /** The error dialog's title. */
  errorTitle?: string;
}

/** 'Exportar CSV' and 'Exportar Excel': what the list's filters select, every page of it. */
export function ExportButtons({
  path,
  file,
  filters,
  formats = EXPORT_FORMATS,
  errorTitle = EXPORT_TEXTS.error,
}: ExportButtonsProps) {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const download = async (formato: ExportFormat) => {
    setExporting(formato);
    try {
      await downloadFile(path, { ...filters, formato }, `${file}-${toApiDate(now())}.${formato}`);
    } catch (error) {
      await showErrorDialog(errorTitle, error);
    } finally {
      setExporting(null);
    }
  };
  return formats.map((formato) => (
    <Button
      key={formato}
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      loading={exporting === formato}
      disabled={exporting !== null}
      onClick={() => void download(formato)}
    >
      {EXPORT_TEXTS[formato]}
    </Button>
  ));
}
