import type { ExportAnswer } from '@b2b/contracts/orders';

/** What of an export answer names its file; read leniently (either may be missing). */
export type ExportFileRef = Partial<Pick<ExportAnswer, 'FILENAME' | 'URL'>>;

export interface ExportLink {
  /** Path (with query) on this site, or an absolute URL elsewhere. */
  url: string;
  /** The name the saved file gets. */
  filename: string;
  sameOrigin: boolean;
}

const baseName = (path: string) => decodeURIComponent(path.split('?')[0].split('/').filter(Boolean).pop() ?? '');

/**
 * Where to download an export from: its URL, or a FILENAME that is itself a path. The saved name is FILENAME's
 * last part, or the URL's, or `fallbackName`. Null when the answer names no file.
 */
export function exportLink(answer: ExportFileRef, origin: string, fallbackName: string): ExportLink | null {
  const filenameIsPath = !!answer.FILENAME && /^(\/|https?:\/\/)/i.test(answer.FILENAME);
  const raw = answer.URL || (filenameIsPath ? answer.FILENAME : null);
  if (!raw) return null;
  let target: URL;
  try {
    target = new URL(raw, origin);
  } catch {
    return null;
  }
  const sameOrigin = target.origin === new URL(origin).origin;
  const filename = (answer.FILENAME && baseName(answer.FILENAME)) || baseName(target.pathname) || fallbackName;
  return { url: sameOrigin ? target.pathname + target.search : target.href, filename, sameOrigin };
}
