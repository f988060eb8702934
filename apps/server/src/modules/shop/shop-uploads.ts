import { LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { acceptedKind, IMAGE_KINDS, KIND_MIME, SHOP_FILE_KINDS, type FileKind } from '@/files/file-sniff';
import type { UploadedFile } from '@/http/form-body';
import { rawList, text, type Body, type Errors } from './form-values';

/**
 * The files of the "my shop" tab: the logo (jpeg or png), up to 5 shop files of at most 5 MB of the allowed
 * types, both checked by content, and the removals (shop_file_del, logo_del=Y).
 */

export interface CheckedUpload {
  upload: UploadedFile;
  kind: FileKind;
  mime: string;
}

export interface ShopFilesPlan {
  logo?: CheckedUpload;
  removeLogo: boolean;
  add: CheckedUpload[];
  remove: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHOP_FILE_FIELD = /^shop_file(\[\d*\])?$/;

export const FILE_KEYS = ['logo', 'logo_del', 'shop_file', 'shop_file_del'];

/** One upload checked: size first (its own text), then the type by content. */
export function checkUpload(
  upload: UploadedFile,
  allowed: readonly FileKind[],
  maxBytes: number,
  tooBig: string,
): CheckedUpload | { error: string } {
  if (upload.data.length > maxBytes) return { error: tooBig };
  const kind = acceptedKind(upload.filename, upload.data, allowed);
  return kind ? { upload, kind, mime: KIND_MIME[kind] } : { error: SHOP_MSG.fileTypeInvalid };
}

export const checkImage = (upload: UploadedFile) =>
  checkUpload(upload, IMAGE_KINDS, LIMITS.shopFileMaxBytes, SHOP_MSG.shopFileTooLarge);

export const hasShopUploads = (uploads: UploadedFile[]) =>
  uploads.some((u) => u.field === 'logo' || SHOP_FILE_FIELD.test(u.field));

/** The plan of file changes, or the errors (keys logo and shop_file) that refuse the whole save. */
export function planShopFiles(body: Body, uploads: UploadedFile[], storedIds: string[], errors: Errors): ShopFilesPlan {
  const plan: ShopFilesPlan = { removeLogo: text(body.logo_del) === 'Y', add: [], remove: [] };
  const logo = uploads.find((u) => u.field === 'logo');
  if (logo) {
    const checked = checkImage(logo);
    if ('error' in checked) errors.logo = checked.error;
    else plan.logo = checked;
  }
  plan.remove = rawList(body.shop_file_del).filter((id) => UUID.test(id) && storedIds.includes(id.toLowerCase()));
  for (const upload of uploads.filter((u) => SHOP_FILE_FIELD.test(u.field))) {
    const checked = checkUpload(upload, SHOP_FILE_KINDS, LIMITS.shopFileMaxBytes, SHOP_MSG.shopFileTooLarge);
    if ('error' in checked) {
      errors.shop_file ??= checked.error;
    } else plan.add.push(checked);
  }
  return plan;
}
