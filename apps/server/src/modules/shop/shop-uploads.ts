import { LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';
import type { ShopSaveBody } from '@b2b/contracts/shop-wire';
import { SHOP_FILE_KINDS } from '@/files/file-sniff';
import { checkImage, checkUpload, type CheckedUpload } from '@/files/upload-checks';
import type { UploadedFile } from '@/http/form-body';
import type { Errors } from './section-draft';

/**
 * The files of the "my shop" tab: the logo (jpeg or png), up to 5 shop files of at most 5 MB of the allowed
 * types, both checked by content, and the removals (shop_file_del, logo_del=Y).
 */

export interface ShopFilesPlan {
  logo?: CheckedUpload;
  removeLogo: boolean;
  add: CheckedUpload[];
  remove: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHOP_FILE_FIELD = /^shop_file(\[\d*\])?$/;

/** The body's names of the files' changes (the files themselves arrive as uploads). */
export const FILE_KEYS = ['logo_del', 'shop_file_del'] as const;

export const hasShopUploads = (uploads: UploadedFile[]) => uploads.some((u) => u.field === 'logo' || SHOP_FILE_FIELD.test(u.field));

/** The plan of file changes, or the errors (keys logo and shop_file) that refuse the whole save. */
export async function planShopFiles(body: ShopSaveBody, uploads: UploadedFile[], storedIds: string[], errors: Errors): Promise<ShopFilesPlan> {
  const plan: ShopFilesPlan = { removeLogo: body.logo_del === true, add: [], remove: [] };
  const logo = uploads.find((u) => u.field === 'logo');
  if (logo) {
    const checked = await checkImage(logo);
    if ('error' in checked) errors.logo = checked.error;
    else plan.logo = checked;
  }
  plan.remove = (body.shop_file_del ?? []).filter((id) => UUID.test(id) && storedIds.includes(id.toLowerCase()));
  for (const upload of uploads.filter((u) => SHOP_FILE_FIELD.test(u.field))) {
    const checked = await checkUpload(upload, SHOP_FILE_KINDS, LIMITS.shopFileMaxBytes, SHOP_MSG.shopFileTooLarge);
    if ('error' in checked) {
      errors.shop_file ??= checked.error;
    } else plan.add.push(checked);
  }
  return plan;
}
