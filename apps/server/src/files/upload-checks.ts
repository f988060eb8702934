import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { SHOP_MSG } from '@b2b/contracts/shop';
import type { UploadedFile } from '@/http/form-body';
import { acceptedFileKind, IMAGE_KINDS, KIND_MIME, type FileKind } from './file-sniff';

/** An upload whose size and kind (by content) passed: what the file store saves it as. */
export interface CheckedUpload {
  upload: UploadedFile;
  kind: FileKind;
  mime: string;
}

/** One upload checked: size first (its own text), then the type by content (read from its scratch file). */
export async function checkUpload(
  upload: UploadedFile,
  allowed: readonly FileKind[],
  maxBytes: number,
  tooBig: string,
): Promise<CheckedUpload | { error: string }> {
  if (upload.size > maxBytes) return { error: tooBig };
  const kind = await acceptedFileKind(upload.filename, upload.path, allowed);
  return kind ? { upload, kind, mime: KIND_MIME[kind] } : { error: MSG.fileTypeInvalid };
}

/** A picture (the shop's logo, an about-text image, the offer's logo and seal): jpeg or png of at most 5 MB. */
export const checkImage = (upload: UploadedFile) => checkUpload(upload, IMAGE_KINDS, LIMITS.shopFileMaxBytes, SHOP_MSG.shopFileTooLarge);
