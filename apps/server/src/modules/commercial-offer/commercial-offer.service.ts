import { MSG } from '@b2b/contracts/messages';
import {
  BASKET_EXPORT_OPTIONS,
  REQUISITES_MSG,
  type BasketExportOption,
  type CommercialOfferBody,
  type CommercialOfferSettings,
  type OfferTextField,
} from '@b2b/contracts/shop-requisites';
import type { Db } from '@/db/database';
import { fileDownloadUrl, type FileStore } from '@/files/file-store';
import { filesRepo } from '@/files/files.repo';
import { checkImage, type CheckedUpload } from '@/files/upload-checks';
import { badRequest } from '@/http/app-error';
import type { AuthUser } from '@/http/auth-context';
import { failed, ok, yn } from '@/http/envelope';
import type { UploadedFile } from '@/http/form-body';
import { FIELDS, parseOfferSettings } from './commercial-offer-input';
import { commercialOfferRepo, type OfferSettingsRow } from './commercial-offer.repo';
import { partnerTimeZone } from '@/files/shop-time-zone';

type Staff = AuthUser & { partnerId: number };
const IMAGES = { logo: 'logo_file_id', stamp: 'stamp_file_id' } as const;

/** Commercial-offer settings: requisites, validity in working days, VAT, the logo and the seal (jpeg or png by content). */
export function commercialOfferService(db: Db, deps: { files: FileStore }) {
  const repo = commercialOfferRepo(db);

  async function fileRef(partnerId: number, id: string | null | undefined) {
    const row = id ? await filesRepo(db).findById(partnerId, id) : undefined;
    return row ? { ID: row.id, NAME: row.original_name, SIZE: Number(row.size), URL: fileDownloadUrl(row.id) } : null;
  }

  async function view(partnerId: number, row: OfferSettingsRow | undefined): Promise<CommercialOfferSettings> {
    const exported = (row?.basket_export ?? {}) as Record<string, unknown>;
    const texts = Object.fromEntries(Object.entries(FIELDS).map(([key, f]) => [key, String(row?.[f.column] ?? '')]));
    return {
      ...(texts as Record<OfferTextField, string>),
      logo: await fileRef(partnerId, row?.logo_file_id),
      stamp: await fileRef(partnerId, row?.stamp_file_id),
      actualDays: row?.actual_days ?? null,
      isActualDays: yn(row?.is_actual_days ?? false),
      vat: row?.vat === 'WO_VAT' ? 'WO_VAT' : 'WITH_VAT',
      basketExport: Object.fromEntries(Object.keys(BASKET_EXPORT_OPTIONS).map((k) => [k, yn(exported[k] === true)])) as Record<
        BasketExportOption,
        'Y' | 'N'
      >,
    };
  }

  return {
    /** The settings and the stored logo and seal, for the commercial offer a buyer downloads (the storefront). */
    async forDocument(partnerId: number) {
      const row = await repo.find(partnerId);
      const image = async (id: string | null | undefined) => {
        const file = id ? await deps.files.open(partnerId, id) : undefined;
        if (!file) return undefined;
        const chunks: Buffer[] = [];
        for await (const chunk of file.stream()) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };
      return {
        settings: await view(partnerId, row),
        logo: await image(row?.logo_file_id),
        stamp: await image(row?.stamp_file_id),
        timeZone: await partnerTimeZone(db, partnerId),
      };
    },

    async get(partnerId: number) {
      return ok({ ITEM: await view(partnerId, await repo.find(partnerId)) });
    },

    /** Saves the fields sent; a body that names none (no known name, no logo or seal) is refused. */
    async save(user: Staff, body: CommercialOfferBody, uploads: UploadedFile[]) {
      const images = Object.keys(IMAGES);
      if (Object.values(body).every((v) => v === undefined) && !uploads.some((u) => images.includes(u.field))) {
        throw badRequest(MSG.badRequest);
      }
      const stored = await repo.find(user.partnerId);
      const { set, errors } = parseOfferSettings(body, stored);
      const checkedImages: Partial<Record<keyof typeof IMAGES, CheckedUpload>> = {};
      for (const key of Object.keys(IMAGES) as (keyof typeof IMAGES)[]) {
        const upload = uploads.find((u) => u.field === key);
        if (!upload) continue;
        const checked = await checkImage(upload);
        if ('error' in checked) errors[key] = checked.error;
        else checkedImages[key] = checked;
      }
      if (Object.keys(errors).length) return failed(errors);

      const replaced: string[] = [];
      await db.transaction().execute(async (trx) => {
        for (const key of Object.keys(IMAGES) as (keyof typeof IMAGES)[]) {
          const column = IMAGES[key];
          const old = stored?.[column] ?? null;
          const image = checkedImages[key];
          if (image) {
            const meta = {
              partnerId: user.partnerId,
              purpose: `offer-${key}` as const,
              originalName: image.upload.filename,
              mime: image.mime,
              createdBy: user.id,
            };
            set[column] = (await deps.files.saveUpload(meta, image.upload, trx)).id;
          } else if (body[`${key}_del`]) set[column] = null;
          if (old && set[column] !== undefined && set[column] !== old) replaced.push(old);
        }
        await commercialOfferRepo(trx).upsert(user.partnerId, set);
      });
      for (const id of replaced) await deps.files.remove(user.partnerId, id, db);
      return ok({ ITEM: await view(user.partnerId, await repo.find(user.partnerId)) }, REQUISITES_MSG.saved);
    },
  };
}

export type CommercialOfferService = ReturnType<typeof commercialOfferService>;
