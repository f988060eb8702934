import { ALLOWED_UPLOAD_EXTENSIONS, LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';

/**
 * What the browser can tell before sending: the size and the name's extension. The server checks the content
 * again (a renamed file is refused there).
 */
export function precheckFile(file: { name: string; size: number }, extensions: readonly string[], maxBytes: number, tooBig: string): string | null {
  if (file.size > maxBytes) return tooBig;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return extensions.includes(ext) ? null : SHOP_MSG.fileTypeInvalid;
}

export const precheckShopFile = (file: { name: string; size: number }) =>
  precheckFile(file, ALLOWED_UPLOAD_EXTENSIONS, LIMITS.shopFileMaxBytes, SHOP_MSG.shopFileTooLarge);

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const precheckImage = (file: { name: string; size: number }) =>
  precheckFile(file, IMAGE_EXTENSIONS, LIMITS.shopFileMaxBytes, SHOP_MSG.shopFileTooLarge);
