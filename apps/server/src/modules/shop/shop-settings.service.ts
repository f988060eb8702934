import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import type { RightName } from '@b2b/contracts/rights';
import { SHOP_MSG, SHOP_SAVE_TYPES, type ShopSaveType } from '@b2b/contracts/shop';
import type { PriceSettingsBody, ShopSaveBody } from '@b2b/contracts/shop-wire';
import type { Db } from '@/db/database';
import { isUniqueViolation } from '@/db/db-errors';
import type { FilePurpose } from '@/files/file-purposes';
import type { FileStore } from '@/files/file-store';
import { filesRepo } from '@/files/files.repo';
import { checkImage } from '@/files/upload-checks';
import { badRequest, forbidden, notFound } from '@/http/app-error';
import type { AuthUser } from '@/http/auth-context';
import { failed, ok } from '@/http/envelope';
import type { UploadedFile } from '@/http/form-body';
import { priceSettingsSection } from './price-settings-section';
import { sectionDraft, type Errors, type SectionDraft } from './section-draft';
import { settingsSection } from './settings-section';
import { deliverySection, paymentSection, remainsSection, shopSection } from './shop-sections';
import { FILE_KEYS, hasShopUploads, planShopFiles, type ShopFilesPlan } from './shop-uploads';
import { publicFileUrl, shopSettingsView } from './shop-settings-view';
import { shopRepo, type ShopRow } from './shop.repo';

type Staff = AuthUser & { partnerId: number };
type Draft = SectionDraft<ShopSaveBody>;

/** Which payload names belong to which part, and the right that saves it (§6). */
const SECTIONS: Record<ShopSaveType, { keys: readonly (keyof ShopSaveBody)[]; right: RightName; rules: (d: Draft, s: ShopRow) => void }> = {
  shop: {
    keys: ['name', 'color_scheme', 'color_logo', 'header_no_name', 'about_company', 'address', 'phones', 'opening_hours', ...FILE_KEYS],
    right: 'editStoreSettings',
    rules: shopSection,
  },
  payment: { keys: ['payment_type', 'tax_system', 'about_payment', 'about_payment_default'], right: 'editStoreSettings', rules: paymentSection },
  delivery: {
    keys: [
      'selfdelivery_only',
      'min_sum',
      'delivery_price',
      'no_check_order_sum',
      'min_order_sum',
      'about_delivery',
      'about_delivery_default',
      'show_delay_text',
      'about_delay',
      'delivery_outside_zones',
    ],
    right: 'editStoreSettings',
    rules: deliverySection,
  },
  settings: {
    keys: [
      'shop_link',
      'domain_name',
      'google_id',
      'shop_email',
      'notify_email',
      'notify_checkbox',
      'registration',
      'allow_physical',
      'search_title',
      'search_description',
      'time_zone',
    ],
    right: 'editStoreSettings',
    rules: settingsSection,
  },
  remains: { keys: ['assortment', 'multiplicity', 'show_stock'], right: 'editPriceSettings', rules: remainsSection },
};

const PUBLIC_PURPOSES = ['shop-logo', 'shop-file', 'shop-image'];

export function shopSettingsService(
  db: Db,
  deps: {
    files: FileStore;
    countTradepoints: (partnerId: number, trx: Db) => Promise<number>;
    /** What the settings' instructions block names: the platform's address and the sender of its mail. */
    platform: { publicUrl: string; mailFrom: string };
  },
) {
  const repo = shopRepo(db);

  async function load(partnerId: number): Promise<ShopRow> {
    const shop = await repo.findByPartner(partnerId);
    if (!shop) throw notFound(MSG.notFound);
    return shop;
  }

  async function view(partnerId: number) {
    const shop = await load(partnerId);
    const [files, priceTypes, logo] = await Promise.all([
      repo.listFiles(partnerId),
      repo.priceTypes(partnerId),
      shop.logo_file_id ? filesRepo(db).findById(partnerId, shop.logo_file_id) : undefined,
    ]);
    return shopSettingsView(shop, { files, priceTypes, logo, platform: deps.platform });
  }

  /** The parts a request saves: the one `type` names, else every part one of whose names is sent. */
  function sectionsOf(body: ShopSaveBody, uploads: UploadedFile[]): ShopSaveType[] {
    if (body.type) return [body.type];
    const sent = SHOP_SAVE_TYPES.filter((s) => SECTIONS[s].keys.some((k) => body[k] !== undefined));
    return hasShopUploads(uploads) && !sent.includes('shop') ? [...sent, 'shop'] : sent;
  }

  /** The checks that ask the database: link and domain free. */
  async function checkAddresses(partnerId: number, d: Draft, shop: ShopRow) {
    const link = d.set.shop_link;
    if (link && !d.errors.wrong_link && link.toLowerCase() !== shop.shop_link?.toLowerCase() && (await repo.addressTaken(partnerId, link))) {
      d.errors.wrong_link = SHOP_MSG.shopLinkTaken;
    }
    const domain = d.set.domain_name;
    if (domain && !d.errors.wrong_domain && domain !== shop.domain_name?.toLowerCase() && (await repo.addressTaken(partnerId, domain))) {
      d.errors.wrong_domain = SHOP_MSG.domainTaken;
    }
  }

  /**
   * The limits that count rows: at most LIMITS.shopFilesMax shop files, a tradepoint for self-delivery only. Checked
   * once for the form's error list, then again inside the save's transaction under the shop's row lock, which
   * every writer of those rows takes first: parallel saves cannot pass the limits together.
   */
  async function checkCounts(trx: Db, partnerId: number, d: Draft, plan: ShopFilesPlan | undefined): Promise<Errors> {
    const errors: Errors = {};
    if (d.set.selfdelivery_only && (await deps.countTradepoints(partnerId, trx)) === 0) {
      errors.check_selfdelivery_only = SHOP_MSG.selfdeliveryNeedsTradepoint;
    }
    if (plan) {
      const stored = (await shopRepo(trx).listFiles(partnerId)).map((f) => f.id);
      const kept = stored.filter((id) => !plan.remove.includes(id)).length;
      if (kept + plan.add.length > LIMITS.shopFilesMax) errors.shop_file = SHOP_MSG.shopFilesTooMany;
    }
    return errors;
  }

  async function applyFiles(trx: Db, user: Staff, plan: ShopFilesPlan, d: Draft): Promise<string[]> {
    const meta = (name: string, mime: string, purpose: FilePurpose) => ({
      partnerId: user.partnerId,
      purpose,
      originalName: name,
      mime,
      createdBy: user.id,
    });
    if (plan.logo) {
      const saved = await deps.files.saveUpload(meta(plan.logo.upload.filename, plan.logo.mime, 'shop-logo'), plan.logo.upload, trx);
      d.set.logo_file_id = saved.id;
    } else if (plan.removeLogo) d.set.logo_file_id = null;
    for (const id of plan.remove) await shopRepo(trx).removeFile(user.partnerId, id);
    let sort = Math.max(0, ...(await shopRepo(trx).listFiles(user.partnerId)).map((f) => f.sort));
    for (const file of plan.add) {
      const saved = await deps.files.saveUpload(meta(file.upload.filename, file.mime, 'shop-file'), file.upload, trx);
      await shopRepo(trx).addFile(user.partnerId, saved.id, (sort += 10));
    }
    return plan.remove;
  }

  return {
    view,

    /**
     * POST /partner/shop/: one or more parts, checked whole; nothing is saved when any check fails. A body that
     * names no part (no known name, no file) saves nothing and is refused as such.
     */
    async save(user: Staff, body: ShopSaveBody, uploads: UploadedFile[]) {
      const sections = sectionsOf(body, uploads);
      if (!sections.length) throw badRequest(MSG.badRequest);
      for (const s of sections) if (!user.rights[SECTIONS[s].right]) throw forbidden(MSG.forbidden);
      const shop = await load(user.partnerId);
      const d = sectionDraft(body, body.type !== undefined);
      for (const s of sections) SECTIONS[s].rules(d, shop);
      await checkAddresses(user.partnerId, d, shop);
      const storedFiles = sections.includes('shop') ? (await repo.listFiles(user.partnerId)).map((f) => f.id) : [];
      const plan = sections.includes('shop') ? await planShopFiles(body, uploads, storedFiles, d.errors) : undefined;
      Object.assign(d.errors, { ...(await checkCounts(db, user.partnerId, d, plan)), ...d.errors });
      if (Object.keys(d.errors).length) return failed(d.errors);

      const oldLogo = shop.logo_file_id;
      try {
        const outcome = await db.transaction().execute(async (trx): Promise<{ errors: Errors } | { removed: string[] }> => {
          await shopRepo(trx).lockForUpdate(user.partnerId);
          const errors = await checkCounts(trx, user.partnerId, d, plan);
          if (Object.keys(errors).length) return { errors };
          const gone = plan ? await applyFiles(trx, user, plan, d) : [];
          await shopRepo(trx).update(user.partnerId, d.set);
          return { removed: gone };
        });
        if ('errors' in outcome) return failed(outcome.errors);
        const dropLogo = oldLogo && d.set.logo_file_id !== undefined && d.set.logo_file_id !== oldLogo ? [oldLogo] : [];
        for (const id of [...outcome.removed, ...dropLogo]) await deps.files.remove(user.partnerId, id, db);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        return failed(
          /domain/.test(String((err as { constraint?: string }).constraint))
            ? { wrong_domain: SHOP_MSG.domainTaken }
            : { wrong_link: SHOP_MSG.shopLinkTaken },
        );
      }
      return ok(undefined, SHOP_MSG.saved);
    },

    /** POST /partner/pricesettings/ (ADMIN, PRICE: the route guards it); a body with no known name is refused. */
    async savePriceSettings(partnerId: number, body: PriceSettingsBody) {
      if (Object.values(body).every((v) => v === undefined)) throw badRequest(MSG.badRequest);
      const shop = await load(partnerId);
      const d = sectionDraft(body, true);
      priceSettingsSection(
        d,
        shop,
        (await repo.priceTypes(partnerId)).map((p) => p.code),
      );
      if (Object.keys(d.errors).length) return failed(d.errors);
      await repo.update(partnerId, d.set);
      return ok(undefined, SHOP_MSG.saved);
    },

    /** An image of the about text (Editor.js image tool), jpeg or png, stored for the storefront. */
    async saveImage(user: Staff, upload: UploadedFile | undefined) {
      if (!upload) return failed({ image: SHOP_MSG.fileUploadFailed });
      const checked = await checkImage(upload);
      if ('error' in checked) return failed({ image: checked.error });
      const saved = await deps.files.saveUpload(
        { partnerId: user.partnerId, purpose: 'shop-image', originalName: upload.filename, mime: checked.mime, createdBy: user.id },
        upload,
        db,
      );
      return ok({ FILE: { ID: saved.id, URL: publicFileUrl(user.partnerId, saved.id) } });
    },

    /** A file the storefront shows (logo, shop files, about-text images); undefined for any other file. */
    async openPublic(partnerId: number, fileId: string) {
      return deps.files.open(partnerId, fileId, (row) => PUBLIC_PURPOSES.includes(row.purpose));
    },
  };
}

export type ShopSettingsService = ReturnType<typeof shopSettingsService>;
