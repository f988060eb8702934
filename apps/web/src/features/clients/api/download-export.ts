import type { ExportDone } from '@b2b/contracts/clients';
import { api } from '@/api/api-client';
import { saveBlob } from '@/shared/browser/save-blob';

/** Downloads one of the partner's files (with the session's token) and saves it under `name`. */
export async function downloadFile(url: string, name: string): Promise<void> {
  saveBlob(await api.get<Blob>(url, { responseType: 'blob' }), name);
}

/** Downloads a stored export: URL of the answer, saved under FILENAME. */
export const downloadExport = (answer: Pick<ExportDone, 'URL' | 'FILENAME'>) => downloadFile(answer.URL, answer.FILENAME);
