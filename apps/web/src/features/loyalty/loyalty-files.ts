import { ALLOWED_UPLOAD_EXTENSIONS, LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';

/** A file control's value in the settings form: a file chosen to replace the stored one, the stored one removed, or nothing. */
export type FileChange = { file: File } | { remove: true } | null;

/** The logo: a jpeg or png picture. */
export const LOGO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * What the browser can tell before sending (back-office.md §5): at most 10 MB, of the allowed types; the server checks
 * the content again.
 */
export function uploadProblem(file: { name: string; size: number }, extensions: readonly string[] = ALLOWED_UPLOAD_EXTENSIONS): string | null {
  if (!extensions.includes(extensionOf(file.name))) return MSG.fileTypeInvalid;
  return file.size > LIMITS.uploadMaxBytes ? MSG.fileTooLarge : null;
}

/** The multipart parts of one file control: the new file, or <name>_del=Y for a removed one. */
export function fileParts<N extends string>(name: N, change: FileChange | undefined): FileParts<N> {
  if (!change) return {} as FileParts<N>;
  return ('file' in change ? { [name]: change.file } : { [`${name}_del`]: 'Y' }) as FileParts<N>;
}

type FileParts<N extends string> = { [K in N]?: File } & { [K in `${N}_del`]?: 'Y' };
