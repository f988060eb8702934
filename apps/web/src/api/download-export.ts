import { api } from '@/api/api-client';
import { type ExportFileRef, exportLink } from '@/api/export-file';
import { saveBlob } from '@/shared/browser/save-blob';

/**
 * Downloads the file an export answer names. A file on this site is fetched through the API client (with the
 * Bearer token, never a token in the URL) and saved; a file elsewhere is opened as a link.
 */
export async function downloadExport(answer: ExportFileRef, fallbackName = 'export.xlsx'): Promise<void> {
  const link = exportLink(answer, location.origin, fallbackName);
  if (!link) throw new Error('Файл выгрузки не найден');
  if (!link.sameOrigin) {
    window.open(link.url, '_blank', 'noopener');
    return;
  }
  const target = new URL(link.url, location.origin);
  const blob = await api.get<Blob>(target.pathname, {
    query: Object.fromEntries(target.searchParams),
    responseType: 'blob',
    silent: true,
  });
  saveBlob(blob, link.filename);
}

/** Downloads one of the partner's files (with the session's token) and saves it under `name`. */
export async function downloadFile(url: string, name: string): Promise<void> {
  saveBlob(await api.get<Blob>(url, { responseType: 'blob' }), name);
}
