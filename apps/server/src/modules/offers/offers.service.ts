import Decimal from 'decimal.js';
import { listPeriod } from '@b2b/contracts/dates';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import {
  BANNER_PLACEMENTS,
  OFFER_MSG,
  type BasketGifts,
  type offerBody,
  type OfferList,
  type offerListQuery,
  type ShopBanner,
  type ShopOffer,
} from '@b2b/contracts/offers';
import type { z } from 'zod';
import type { Insertable } from 'kysely';
import type { Db } from '@/db/database';
import type { OffersTable } from '@/db/schema';
import type { FilePurpose } from '@/files/file-purposes';
import type { FileStore } from '@/files/file-store';
import { filesRepo } from '@/files/files.repo';
import { IMAGE_KINDS } from '@/files/file-sniff';
import { checkUpload, type CheckedUpload } from '@/files/upload-checks';
import { badRequest, notFound } from '@/http/app-error';
import type { AuthUser } from '@/http/auth-context';
import { failed, ok, toSeconds } from '@/http/envelope';
import type { UploadedFile } from '@/http/form-body';
import { giftsReached, nextGift } from './basket-gifts';
import { parseOffer, type PresentInput } from './offer-input';
import { BANNER_COLUMN, bannerUrl, offerCard, offerFileIds, offerItem, type FileInfo, type OfferExtras } from './offer-view';
import { offersRepo, type OfferRow, type OfferValues } from './offers.repo';
import { readPromoFile, type PromoLine } from './promo-file';

/*
 * Promotional offers (issue 14): the partner's list and form, the manager's list across partners, and what a running
 * offer does in the shop: its banners, its promo prices (the price engine reads them), its gifts at checkout. A
 * checkout claims the offers it uses under their row locks, so an offer's limit is never exceeded.
 */

type Staff = AuthUser & { partnerId: number };
type Body = z.output<typeof offerBody>;
type ListQuery = z.output<typeof offerListQuery>;

const BANNER_PURPOSE = 'offer-banner';
const CODES_PER_QUERY = 5000;

/** A gift an order receives: the product, at price 0, marked with its offer. */
export interface GiftLine {
  offerId: number;
  productId: number;
  code: string;
  name: string;
  purchase: string;
}

/** The offer types are a dictionary the seed writes: every list names them, read again after a minute at most. */
const TYPES_FRESH_MS = 60_000;

export function offersService(db: Db, deps: { files: FileStore }) {
  const repo = offersRepo(db);
  let typesRead: { at: number; rows: ReturnType<typeof repo.types> } | undefined;
  const offerTypes = () => {
    if (!typesRead || Date.now() - typesRead.at > TYPES_FRESH_MS) {
      const rows = repo.types();
      typesRead = { at: Date.now(), rows };
      // A failed read is not kept: the next call asks again.
      rows.catch(() => (typesRead = undefined));
    }
    return typesRead.rows;
  };

  async function extras(rows: OfferRow[], partnerNames?: Map<number, string | null>) {
    const [files, types] = await Promise.all([filesRepo(db).findMany(rows.flatMap(offerFileIds)), offerTypes()]);
    const fileMap = new Map(files.map((f) => [f.id, f as FileInfo]));
    const typeNames = new Map(types.map((t) => [t.code, t.name]));
    const ofRow = (o: OfferRow): OfferExtras => ({
      files: fileMap,
      types: typeNames,
      partnerName: partnerNames?.get(Number(o.id)),
    });
    return { ofRow, types };
  }

  /** A page of the list: the offers whose period overlaps the days asked, or the default period (listPeriod) when none are. */
  async function list(partnerId: number | undefined, q: ListQuery, manager: boolean): Promise<OfferList> {
    const period = listPeriod(q);
    const filter = { partnerId, active: q.active, dateStart: period.date_start, dateEnd: period.date_end };
    const { rows, count, all } = await repo.page(filter, q.sort, q.order, q.limit, (q.p - 1) * q.limit);
    const names = manager ? new Map(rows.map((r) => [Number(r.id), r.partner_name])) : undefined;
    const { ofRow, types } = await extras(rows, names);
    return {
      ITEMS: rows.map((r) => offerItem(r, ofRow(r))),
      ENTITIES: { TYPES: types.map((t) => ({ CODE: t.code, NAME: t.name, SORT: t.sort })) },
      NAV: { CNT: count, CNT_ALL: all },
    };
  }

  /** The gifts' products, by id or by code: unknown ones are errors on their gift. */
  async function resolvePresents(presents: PresentInput[], errors: Record<string, string>) {
    const found = await repo.products(
      presents.flatMap((p) => (p.productId === null ? [] : [p.productId])),
      presents.flatMap((p) => (p.code === null ? [] : [p.code])),
    );
    return presents.flatMap((p) => {
      const product = found.find((f) => (p.productId !== null ? Number(f.id) === p.productId : f.up_code_1c === p.code));
      if (!product) {
        errors[`check_present_${p.n}`] ??= OFFER_MSG.presentProductUnknown;
        return [];
      }
      return [{ productId: Number(product.id), sum: p.sum, productType: p.productType }];
    });
  }

  /** The promo file's codes as catalogue products; the first unknown code is the file's error. */
  async function resolveProducts(lines: PromoLine[]): Promise<{ products: { productId: number; price: string }[] } | { error: string }> {
    const ids = new Map<string, number>();
    for (let i = 0; i < lines.length; i += CODES_PER_QUERY) {
      for (const p of await repo.products(
        [],
        lines.slice(i, i + CODES_PER_QUERY).map((l) => l.code),
      ))
        ids.set(p.up_code_1c, Number(p.id));
    }
    const unknown = lines.find((l) => !ids.has(l.code));
    if (unknown) return { error: OFFER_MSG.fileRow(unknown.line, PRICING_MSG.row.unknownProduct) };
    return { products: lines.map((l) => ({ productId: ids.get(l.code)!, price: l.price })) };
  }

  async function switchState(user: Staff, stored: OfferRow, status: Body['status']) {
    if (!status) throw badRequest(MSG.badRequest);
    const id = Number(stored.id);
    if (status === 'OFF') {
      await repo.update(db, user.partnerId, id, { active: false });
      return ok({ ID: id }, OFFER_MSG.switchedOff);
    }
    if (stored.date_end && stored.date_end <= new Date()) return failed({ check_date_end: OFFER_MSG.ended });
    await repo.update(db, user.partnerId, id, { active: true });
    return ok({ ID: id }, OFFER_MSG.switchedOn);
  }

  async function save(user: Staff, id: number | undefined, body: Body, uploads: UploadedFile[]) {
    const stored = id === undefined ? undefined : await repo.find(user.partnerId, id);
    if (id !== undefined && !stored) throw notFound(OFFER_MSG.notFound);
    if (stored && body.changedStateOffer) return switchState(user, stored, body.status);
    // An edit that names no field and sends no file is no edit: refused, never taken as "nothing changed".
    const fileFields = ['xls_file', ...BANNER_PLACEMENTS.map((p) => `${p}_file`)];
    if (stored && Object.values(body).every((v) => v === undefined) && !uploads.some((u) => fileFields.includes(u.field)))
      throw badRequest(MSG.badRequest);

    const types = (await offerTypes()).map((t) => t.code);
    const { values, presents, errors } = parseOffer(body, types, stored);
    const gifts = presents && (await resolvePresents(presents, errors));

    const banners: Partial<Record<(typeof BANNER_PLACEMENTS)[number], CheckedUpload>> = {};
    for (const placement of BANNER_PLACEMENTS) {
      const upload = uploads.find((u) => u.field === `${placement}_file`);
      if (!upload) continue;
      const checked = await checkUpload(upload, IMAGE_KINDS, LIMITS.bannerMaxBytes, OFFER_MSG.bannerTooLarge);
      if ('error' in checked) errors[`check_${placement}_file`] = checked.error;
      else banners[placement] = checked;
    }
    const xls = uploads.find((u) => u.field === 'xls_file');
    let promo: { productId: number; price: string }[] | undefined;
    let promoMime = '';
    if (xls) {
      const read = await readPromoFile(xls);
      const resolved = 'error' in read ? read : await resolveProducts(read.lines);
      if ('error' in resolved) errors.check_products = resolved.error;
      else [promo, promoMime] = [resolved.products, (read as { mime: string }).mime];
    }
    if (Object.keys(errors).length) return failed(errors);

    const replaced: string[] = [];
    const offerId = await db.transaction().execute(async (trx) => {
      const meta = (purpose: FilePurpose, upload: UploadedFile, mime: string) => ({
        partnerId: user.partnerId,
        purpose,
        originalName: upload.filename,
        mime,
        createdBy: user.id,
      });
      const set: OfferValues = { ...values };
      for (const placement of BANNER_PLACEMENTS) {
        const column = BANNER_COLUMN[placement];
        const image = banners[placement];
        if (image) set[column] = (await deps.files.saveUpload(meta(BANNER_PURPOSE, image.upload, image.mime), image.upload, trx)).id;
        else if (body[`${placement}_del`]) set[column] = null;
      }
      if (xls && promo) set.xls_file_id = (await deps.files.saveUpload(meta('offer-products', xls, promoMime), xls, trx)).id;
      else if (body.xls_del) set.xls_file_id = null;
      for (const column of [...Object.values(BANNER_COLUMN), 'xls_file_id'] as const) {
        const old = stored?.[column];
        if (old && set[column] !== undefined && set[column] !== old) replaced.push(old);
      }

      const repoTx = offersRepo(trx);
      const saved = stored
        ? Number(stored.id)
        : Number((await repoTx.insert(trx, user.partnerId, set as Omit<Insertable<OffersTable>, 'partner_id'>)).id);
      if (stored && Object.keys(set).length) await repoTx.update(trx, user.partnerId, saved, set);
      if (gifts) await repoTx.replacePresents(trx, user.partnerId, saved, gifts);
      if (promo) await repoTx.replaceProducts(trx, user.partnerId, saved, promo);
      else if (body.xls_del) await repoTx.replaceProducts(trx, user.partnerId, saved, []);
      return saved;
    });
    for (const file of replaced) await deps.files.remove(user.partnerId, file, db);
    return ok({ ID: offerId }, stored ? OFFER_MSG.saved : OFFER_MSG.created);
  }

  return {
    list: (partnerId: number, q: ListQuery) => list(partnerId, q, false),
    managerList: (q: ListQuery) => list(q.partner_id, q, true),
    types: async () => ({ ITEMS: (await offerTypes()).map((t) => ({ CODE: t.code, NAME: t.name, SORT: t.sort })) }),

    async card(partnerId: number, id: number) {
      const row = await repo.find(partnerId, id);
      if (!row) throw notFound(OFFER_MSG.notFound);
      return offerCard(row, (await extras([row])).ofRow(row));
    },

    save,

    /** The running offers' banners of a shop, by placement. */
    async shopBanners(partnerId: number): Promise<{ ITEMS: ShopBanner[] }> {
      const rows = await repo.running(partnerId);
      return {
        ITEMS: rows.flatMap((o) =>
          BANNER_PLACEMENTS.flatMap((placement) => {
            const file = o[BANNER_COLUMN[placement]];
            return file ? [{ OFFER_ID: Number(o.id), NAME: o.name, PLACEMENT: placement, URL: bannerUrl(partnerId, file) }] : [];
          }),
        ),
      };
    },

    /** The shop's Акции page: the running offers with their gifts and promo assortment size. */
    async shopOffers(partnerId: number): Promise<{ ITEMS: ShopOffer[] }> {
      const rows = await repo.running(partnerId);
      const { ofRow } = await extras(rows);
      return {
        ITEMS: rows.map((o) => {
          const item = offerItem(o, ofRow(o));
          const banner = item.BANNERS.banner_slider ?? item.BANNERS.banner_main ?? item.BANNERS.banner_catalog;
          return {
            ID: item.ID,
            NAME: item.NAME,
            DESCRIPTION: item.DESCRIPTION,
            DATE_END: toSeconds(o.date_end),
            PRESENTS: item.PRESENTS.map((p) => ({ NAME: p.NAME, sum: p.sum })),
            PRODUCTS_CNT: item.PRODUCTS_CNT,
            BANNER: banner?.URL ?? null,
          };
        }),
      };
    },

    /** A banner of one of the partner's offers (a public picture); undefined for any other file. */
    async openBanner(partnerId: number, fileId: string) {
      return deps.files.open(partnerId, fileId, (row) => row.purpose === BANNER_PURPOSE);
    },

    /** The gifts a basket of `sum` roubles gets (one per running offer reached, see giftsReached) and the next threshold. */
    async basketGift(partnerId: number, sum: Decimal): Promise<BasketGifts> {
      const gifts = await repo.runningGifts(partnerId);
      const next = nextGift(gifts, sum);
      return {
        GIFTS: giftsReached(gifts, sum).map((g) => ({
          OFFER_ID: Number(g.offer_id),
          NAME: g.offer_name,
          PRODUCT: g.name,
          SUM: new Decimal(g.sum).toFixed(2),
        })),
        GIFT_NEXT: next
          ? {
              OFFER_ID: Number(next.offer_id),
              PRODUCT: next.name,
              SUM: new Decimal(next.sum).toFixed(2),
              LEFT: new Decimal(next.sum).minus(sum).toFixed(2),
            }
          : null,
      };
    },

    /**
     * Inside the checkout's transaction: locks the offers the order uses and counts it against their limits. Answers
     * `ended` when an offer whose promo price the basket shows is no longer running (the buyer is shown new prices),
     * else the offers used and the gifts: those the basket showed (giftsReached), of the offers still running.
     */
    async claimForOrder(
      trx: Db,
      partnerId: number,
      order: { promoOfferIds: number[]; sum: Decimal },
    ): Promise<{ ended: true } | { used: number[]; gifts: GiftLine[] }> {
      const repoTx = offersRepo(trx);
      const promo = [...new Set(order.promoOfferIds)];
      const running = new Set((await repoTx.lockRunning(trx, partnerId, promo)).map((o) => Number(o.id)));
      if (promo.some((id) => !running.has(id))) return { ended: true };
      const gifts = giftsReached(
        (await repoTx.runningGifts(partnerId)).filter((g) => running.has(Number(g.offer_id))),
        order.sum,
      ).map((g) => ({
        offerId: Number(g.offer_id),
        productId: Number(g.product_id),
        code: g.up_code_1c,
        name: g.name,
        purchase: new Decimal(g.purchase).toFixed(4),
      }));
      const used = [...new Set([...promo, ...gifts.map((g) => g.offerId)])];
      await repoTx.use(trx, partnerId, used);
      return { used, gifts };
    },

    /**
     * Inside a routing's transaction (issue 39 §1): an order the manager routed to another partner stops counting
     * against the limits of the offers it used here (checkout counted it once per offer: its promo prices and gifts).
     * The target has none of these offers, so nothing is counted there.
     */
    async releaseForOrder(trx: Db, partnerId: number, offerIds: number[]): Promise<void> {
      await offersRepo(trx).release(trx, partnerId, [...new Set(offerIds)]);
    },
  };
}

export type OffersService = ReturnType<typeof offersService>;
