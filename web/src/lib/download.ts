import { fetchFile, type Query } from './api';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A file the API streams (the CSV and xlsx exports of api §exports), saved by the browser. A link
 * cannot carry the Authorization header, so the file is fetched with it and handed to the
 * browser as a blob. It is sent and fails as every call of lib/api.ts does.
 */
export async function downloadFile(path: string, query: Query, fallbackName: string) {
  const response = await fetchFile(path, query, `text/csv, ${XLSX_TYPE}, application/vnd.api+json`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filenameOf(response) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `attachment; filename="auditoria-2026-03-10.csv"` → its file name. */
function filenameOf(response: Response): string | undefined {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1];
}
