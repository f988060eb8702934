import type { PriceUpload, PricingStatus } from '@b2b/contracts/pricing';

/** Part statuses that are not work under way (§3 Price file status: any other value means in progress). */
const SETTLED: readonly string[] = ['FINISHED', 'ERROR_DATA', 'ERROR_FILE', 'WAITING', 'CANCELLED'];

export const isInProgress = (status: string | null | undefined): boolean => Boolean(status) && !SETTLED.includes(status!);

/** The status is read again (every STATUS_POLL_MS) while either part of the latest upload is in progress. */
export const STATUS_POLL_MS = 1500;
export const needsPolling = (status: Pick<PricingStatus, 'CATALOG' | 'PRICE'> | undefined): boolean =>
  Boolean(status) && (isInProgress(status!.CATALOG.STATUS) || isInProgress(status!.PRICE.STATUS));

/**
 * Where the latest upload stands, as the panel shows it: being read (the catalogue part), read and waiting for the
 * user (the preview), being applied (the price part), applied, being rolled back, rolled back, refused (errors in
 * lines or a file that cannot be read), or cancelled.
 */
export type UploadPhase =
  'none' | 'reading' | 'preview' | 'applying' | 'applied' | 'rollingBack' | 'rolledBack' | 'errorData' | 'errorFile' | 'cancelled';

export function uploadPhase(upload: Pick<PriceUpload, 'CATALOG' | 'PRICE' | 'ROLLED_BACK'> | null | undefined): UploadPhase {
  if (!upload) return 'none';
  const catalog = upload.CATALOG.STATUS;
  const price = upload.PRICE.STATUS;
  if (catalog === 'ERROR_DATA' || price === 'ERROR_DATA') return 'errorData';
  if (catalog === 'ERROR_FILE' || price === 'ERROR_FILE') return 'errorFile';
  if (catalog === 'CANCELLED') return 'cancelled';
  if (isInProgress(catalog)) return 'reading';
  if (catalog === 'WAITING') return 'reading';
  // The catalogue part is FINISHED.
  if (price === 'WAITING') return 'preview';
  if (price === 'ROLLING_BACK') return 'rollingBack';
  if (isInProgress(price)) return 'applying';
  if (price === 'CANCELLED') return 'cancelled';
  return upload.ROLLED_BACK === 'Y' ? 'rolledBack' : 'applied';
}
