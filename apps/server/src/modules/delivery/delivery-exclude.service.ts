import type { DeliveryExclude } from '@b2b/contracts/delivery-wire';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { SHOP_MSG } from '@b2b/contracts/shop';
import type { Db } from '@/db/database';
import { KIND_MIME, spreadsheetKind } from '@/files/file-sniff';
import { fileDownloadUrl, type FileStore } from '@/files/file-store';
import { SpreadsheetError } from '@/files/spreadsheet-reader';
import type { AuthUser } from '@/http/auth-context';
import { failed, ok, toSeconds } from '@/http/envelope';
import type { UploadedFile } from '@/http/form-body';
import { deliveryExcludesRepo } from './delivery-excludes.repo';
import { readExcludeCodes } from './exclude-codes';

const NONE: DeliveryExclude = { IS_DOWNLOADED: 'N', COUNT_ITEMS: 0, COUNT_IN_FILE: 0, FILE: null, DATE: null };

/**
 * Products excluded from delivery, from an xlsx or csv of 6-digit product codes: COUNT_IN_FILE codes were read,
 * COUNT_ITEMS of them are catalogue products. A new upload replaces the active one; deactivation switches it off.
 */
export function deliveryExcludeService(db: Db, deps: { files: FileStore }) {
  const repo = deliveryExcludesRepo(db);

  async function current(partnerId: number): Promise<DeliveryExclude> {
    const row = await repo.active(partnerId);
    if (!row) return NONE;
    return {
      IS_DOWNLOADED: 'Y',
      COUNT_ITEMS: row.count_items,
      COUNT_IN_FILE: row.count_in_file,
      FILE: row.file_id ? { ID: row.file_id, NAME: row.original_name ?? '', SIZE: Number(row.size ?? 0), URL: fileDownloadUrl(row.file_id) } : null,
      DATE: toSeconds(row.created_at),
    };
  }

  return {
    current,

    async upload(user: AuthUser & { partnerId: number }, upload: UploadedFile | undefined) {
      if (!upload) return failed({ file: SHOP_MSG.fileUploadFailed });
      if (upload.size > LIMITS.uploadMaxBytes) return failed({ file: MSG.fileTooLarge });
      const kind = await spreadsheetKind(upload.filename, upload.path);
      if (kind === 'old-excel') return failed({ file: MSG.spreadsheetOldExcel });
      if (!kind) return failed({ file: SHOP_MSG.fileTypeInvalid });
      let codes: string[];
      try {
        codes = await readExcludeCodes(kind, upload);
      } catch (err) {
        if (err instanceof SpreadsheetError) return failed({ file: err.message });
        throw err;
      }
      if (!codes.length) return failed({ file: SHOP_MSG.excludeNoCodes });
      const productIds = await repo.productIdsByCode(codes);
      await db.transaction().execute(async (trx) => {
        // Uploads of one partner replace the active exclusion one after another, never side by side.
        await deliveryExcludesRepo(trx).lockPartner(user.partnerId);
        const file = await deps.files.saveUpload(
          { partnerId: user.partnerId, purpose: 'delivery-exclude', originalName: upload.filename, mime: KIND_MIME[kind], createdBy: user.id },
          upload,
          trx,
        );
        const r = deliveryExcludesRepo(trx);
        await r.deactivate(user.partnerId);
        const created = await r.insert(user.partnerId, { file_id: file.id, count_items: productIds.length, count_in_file: codes.length });
        await r.insertProducts(user.partnerId, created.id, productIds);
      });
      return ok(await current(user.partnerId), SHOP_MSG.excludeLoaded);
    },

    async deactivate(partnerId: number) {
      await repo.deactivate(partnerId);
      return ok(NONE, SHOP_MSG.excludeDeactivated);
    },
  };
}

export type DeliveryExcludeService = ReturnType<typeof deliveryExcludeService>;
