import type { ExportDone } from '@b2b/contracts/http/envelope';

/** What of an export answer names its file. */
export type ExportFileRef = Pick<ExportDone, 'FILENAME' | 'URL'>;

export interface ExportLink {
  /** Path (with query) on this site, or an absolute URL elsewhere. */
  url: string;
  /** The name the saved file gets. */
  filename: string;
  sameOrigin: boolean;
}

const baseName = (path: string) => decodeURIComponent(path.split('?')[0].split('/').filter(Boolean).pop() ?? '');

/**
 * Where to download an export from: its URL, saved under FILENAME (or the URL's last part, or `fallbackName`).
 * Null when the URL is not a URL.
 */
export function exportLink(answer: ExportFileRef, origin: string, fallbackName: string): ExportLink | null {
  let target: URL;
  try {
    target = new URL(answer.URL, origin);
  } catch {
    return null;
  }
  const sameOrigin = target.origin === new URL(origin).origin;
  const filename = answer.FILENAME || baseName(target.pathname) || fallbackName;
  return { url: sameOrigin ? target.pathname + target.search : target.href, filename, sameOrigin };
}
