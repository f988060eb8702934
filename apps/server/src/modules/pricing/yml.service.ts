import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import { productPhotoPath } from '@b2b/contracts/routes/storefront';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, ok, toSeconds } from '@/http/envelope';
import type { PriceEngine, PriceTarget } from './price-engine.service';
import { priceOf, type Price } from './price-rules';
import type { UploadTarget } from './price-uploads.repo';
import type { ShopCatalogService } from '../storefront/shop-catalog.service';

/*
 * YML feeds (issue 12.7): a secret link per price list or client serves the shop's catalogue in Yandex Market
 * Language with that list's (or client's) prices from the price engine. It lists what the shop sells (its catalogue's
 * products: the sections it shows, its assortment). A partner has at most LIMITS.ymlLinksMax live links.
 *
 * What readers need (issue 38.6): each offer links its product page in the shop and its photo (absolute, from
 * PUBLIC_URL, a PNG the photo route serves), has the price the feed's buyer pays (a running offer's promo price
 * included, the regular price as <oldprice>), its currency as declared in <currencies> (RUR at 1 always; the shop's
 * currency at its rate when a RATE list shows prices in it), its section declared in <categories>, and the stock as
 * <count> where the shop shows stock (the shop's own figure, stockOf).
 */

const PAGE = 1000;

/** A product the shop sells, as its catalogue reads it. */
type ShopProductRow = Awaited<ReturnType<ShopCatalogService['sellable']['afterId']>>[number];
export const ymlPath = (token: string) => `/yml/${token}.xml`;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// eslint-disable-next-line no-control-regex
const xml = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** YML's id of a price currency: the rouble is RUR (the base currency every feed declares at rate 1). */
const ymlCurrency = (currency: string) => (currency === 'RUB' ? 'RUR' : xml(currency));

/** The feed's currencies: RUR at 1, and the prices' own currency at the shop's rate (roubles per unit) when it is another. */
function currencies(currency: string, rate: string | null): string {
  const rur = '<currency id="RUR" rate="1"/>\n';
  if (currency === 'RUB' || rate === null) return rur;
  return `${rur}<currency id="${ymlCurrency(currency)}" rate="${new Decimal(rate).toString()}"/>\n`;
}

/**
 * The shop's addresses a feed names: the shop lives at PUBLIC_URL/shop/{its link} (its link, else its domain name, as
 * the shop resolves it) and a product's page below it (the web's /shop/:shopLink/product/:id); pictures are PUBLIC_URL's.
 */
function feedUrls(publicUrl: string, link: string | null) {
  const base = publicUrl.replace(/\/+$/, '');
  const shop = link ? `${base}/shop/${encodeURIComponent(link)}` : base;
  return { base, shop: `${shop}/`, product: (id: number | string) => (link ? `${shop}/product/${id}` : `${shop}/`) };
}

export function ymlService(db: Db, deps: { engine: PriceEngine; catalog: ShopCatalogService; publicUrl: string }) {
  // The feed lists what the shop sells, as its catalogue does.
  const catalog = deps.catalog.sellable;
  const active = (partnerId: number) => db.selectFrom('yml_links').where('partner_id', '=', partnerId).where('active', '=', true);
  const targetOf = (t: UploadTarget) =>
    t.clientId !== null ? { client_id: t.clientId, price_list_id: null } : { client_id: null, price_list_id: t.listId };

  async function links(partnerId: number, t: UploadTarget) {
    const target = targetOf(t);
    const rows = await active(partnerId)
      .select(['id', 'token', 'created_at'])
      .where('client_id', 'is not distinct from', target.client_id)
      .where('price_list_id', 'is not distinct from', target.price_list_id)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ID: Number(r.id), URL: ymlPath(r.token), DATE: toSeconds(r.created_at)! }));
  }

  return {
    links,

    /** A new link; refused past the limit (counted under a lock, so 30 parallel calls cannot pass it). */
    async create(partnerId: number, t: UploadTarget) {
      const scope = await catalog.scope(partnerId);
      if (!scope || !(await catalog.count(scope))) return failed({ yml: PRICING_MSG.ymlEmpty });
      const created = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${partnerId}::int, hashtext('yml_links'))`.execute(trx);
        const { n } = await trx
          .selectFrom('yml_links')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('partner_id', '=', partnerId)
          .where('active', '=', true)
          .executeTakeFirstOrThrow();
        if (Number(n) >= LIMITS.ymlLinksMax) return false;
        await trx
          .insertInto('yml_links')
          .values({ partner_id: partnerId, token: randomBytes(24).toString('base64url'), ...targetOf(t) })
          .execute();
        return true;
      });
      if (!created) return failed({ yml: PRICING_MSG.ymlLimit(LIMITS.ymlLinksMax) });
      return ok({ ITEMS: await links(partnerId, t) }, PRICING_MSG.ymlCreated);
    },

    async deactivate(partnerId: number, t: UploadTarget, id: number) {
      const done = await db
        .updateTable('yml_links')
        .set({ active: false })
        .where('partner_id', '=', partnerId)
        .where('id', '=', id)
        .where('active', '=', true)
        .executeTakeFirst();
      if (!done.numUpdatedRows) throw notFound(MSG.notFound);
      return ok({ ITEMS: await links(partnerId, t) }, PRICING_MSG.ymlDeactivated);
    },

    /** The feed of a live link as a stream of XML, page by page; undefined for an unknown or switched-off token. */
    async feed(token: string): Promise<Readable | undefined> {
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
      // A client's link serves only while its client is there and not blacklisted (issue 37.7): read with the link on
      // every request (the feed is never kept, and answered no-store), so blacklisting ends it at once and restoring
      // the client brings it back. Borrowed read-only, tenant-scoped: clients (module clients).
      const link = await db
        .selectFrom('yml_links as l')
        .leftJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'l.partner_id').onRef('c.id', '=', 'l.client_id'))
        .select(['l.partner_id', 'l.client_id', 'l.price_list_id'])
        .where('l.token', '=', token)
        .where('l.active', '=', true)
        .where((eb) => eb.or([eb('l.client_id', 'is', null), eb.and([eb('c.id', 'is not', null), eb('c.blacklisted', '=', false)])]))
        .executeTakeFirst();
      if (!link) return undefined;
      const partnerId = Number(link.partner_id);
      const target: PriceTarget = link.client_id !== null ? { clientId: Number(link.client_id) } : { listId: Number(link.price_list_id) };
      const [resolved, scope, shop] = await Promise.all([
        deps.engine.resolve(partnerId, target),
        catalog.scope(partnerId),
        db
          .selectFrom('shops')
          .innerJoin('partners', 'partners.id', 'shops.partner_id')
          .select(['shops.name', 'shops.shop_link', 'shops.domain_name', 'shops.currency_rate', 'partners.name as company', 'partners.legal_name'])
          .where('shops.partner_id', '=', partnerId)
          .executeTakeFirst(),
      ]);
      if (!resolved || !scope || !shop) return undefined;
      const urls = feedUrls(deps.publicUrl, shop.shop_link ?? shop.domain_name);
      const engine = deps.engine;

      /** The shop's products page by page with the feed's prices: a list's feed has the running offers too (its buyers pay them). */
      async function* priced(): AsyncGenerator<{ row: ShopProductRow; price: Price }[]> {
        for (let after = 0; ;) {
          const rows = await catalog.afterId(scope!, after, PAGE);
          if (!rows.length) return;
          after = Number(rows[rows.length - 1].id);
          const facts = await engine.facts(
            partnerId,
            resolved!,
            rows.map((r) => Number(r.id)),
            { promos: true },
          );
          const prices = new Map(facts.map((f) => [f.productId, priceOf(resolved!.ctx, f)]));
          yield rows.flatMap((row) => {
            const price = prices.get(Number(row.id));
            return price ? [{ row, price }] : [];
          });
        }
      }

      const offer = ({ row: p, price }: { row: ShopProductRow; price: Price }) =>
        `<offer id="${p.id}" available="true">` +
        `<url>${xml(urls.product(p.id))}</url><price>${price.price}</price>` +
        (price.oldPrice ? `<oldprice>${price.oldPrice}</oldprice>` : '') +
        `<currencyId>${ymlCurrency(price.currency)}</currencyId><categoryId>${p.section_id}</categoryId>` +
        `<picture>${xml(urls.base + productPhotoPath(p.id))}</picture>` +
        `<name>${xml(p.name)}</name>` +
        (p.brand ? `<vendor>${xml(p.brand)}</vendor>` : '') +
        `<vendorCode>${xml(p.up_code_1c)}</vendorCode>` +
        (scope.showStock ? `<count>${catalog.stockOf(p, scope)}</count>` : '') +
        '</offer>\n';

      async function* lines(): AsyncGenerator<string> {
        const pages = priced();
        // The prices' currency (the engine's: the shop's for a RATE list in a foreign-currency shop) is declared before
        // the offers, so the first page is read first.
        const first = await pages.next();
        const currency = (first.done ? undefined : first.value[0]?.price.currency) ?? 'RUB';
        const hidden = new Set(scope!.hiddenSections);
        const sections = (
          await db.selectFrom('catalog_sections').select(['id', 'parent_id', 'name']).orderBy('depth').orderBy('sort').orderBy('id').execute()
        ).filter((s) => !hidden.has(Number(s.id)));
        yield `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${new Date().toISOString().slice(0, 16)}+00:00">\n<shop>\n`;
        yield `<name>${xml(shop!.name)}</name>\n<company>${xml(shop!.legal_name ?? shop!.company)}</company>\n<url>${xml(urls.shop)}</url>\n`;
        yield `<currencies>\n${currencies(currency, shop!.currency_rate)}</currencies>\n<categories>\n`;
        // Every section but those the shop hides: each offer's section is declared with its parents (a hidden one's
        // sections below are hidden too, so a shown section's parents are shown).
        for (const s of sections) {
          yield `<category id="${s.id}"${s.parent_id === null ? '' : ` parentId="${s.parent_id}"`}>${xml(s.name)}</category>\n`;
        }
        yield '</categories>\n<offers>\n';
        if (!first.done) yield first.value.map(offer).join('');
        for await (const page of pages) yield page.map(offer).join('');
        yield '</offers>\n</shop>\n</yml_catalog>\n';
      }
      return Readable.from(lines());
    },
  };
}

export type YmlService = ReturnType<typeof ymlService>;
