import Decimal from 'decimal.js';
import type { z } from 'zod';
import { MSG } from '@b2b/contracts/messages';
import {
  PRICING_MSG,
  type PriceKind,
  type PricingProduct,
  type productPriceBody,
  type sectionBody,
  type SectionProductsAnswer,
  type SectionsAnswer,
} from '@b2b/contracts/pricing';
import { recentlyUsed } from '@/cache/recently-used';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, ok, yn } from '@/http/envelope';
import type { PriceEngine } from './price-engine.service';
import { priceOf, type Price } from './price-rules';
import { pricingSectionsRepo } from './pricing-sections.repo';
import { pricingTarget, type PricingTarget } from './pricing-target';

type Where = { type: PriceKind; priceId: number | string };

/** Pricing pages' targets a server process keeps at once (a client's or a list's chain: a kilobyte or two each). */
const MAX_KEPT_TARGETS = 5_000;

const row = (product: { id: number; up_code_1c: string; name: string }, price: Price, individual: boolean): PricingProduct => ({
  ID: Number(product.id),
  UP_CODE_1C: product.up_code_1c,
  NAME: product.name,
  PURCHASE_PRICE: new Decimal(price.purchase).toFixed(2),
  BASE_PRICE: price.basePrice,
  PERCENT: price.percent,
  PRICE: price.price,
  CURRENCY: price.currency,
  SOURCE: price.source,
  INDIVIDUAL: yn(individual),
});

/**
 * The pricing page (issue 12.3–4): the section tree of a price list, column or client with its markups, a section's
 * products with their prices from the engine, section percents, products' own rates and clients' point prices.
 * A change is seen at once everywhere: the engine reads the rates on every request.
 */
export function pricingSectionsService(db: Db, engine: PriceEngine) {
  const repo = pricingSectionsRepo(db);
  /** Each page's target as last resolved, under the pricing version it was read with. */
  const keptTargets = recentlyUsed<string, PricingTarget>(MAX_KEPT_TARGETS);
  const keyOf = (partnerId: number, where: Where) => `${partnerId}:${where.type}:${where.priceId}`;
  const target = async (partnerId: number, where: Where) => {
    const key = keyOf(partnerId, where);
    try {
      const t = await pricingTarget(engine, partnerId, where.type, where.priceId);
      keptTargets.set(key, t);
      return t;
    } catch (e) {
      // A client deleted or a list gone: nothing of it is kept.
      keptTargets.delete(key);
      throw e;
    }
  };

  /**
   * A section's page with its target: read with the target kept from an earlier request when the page's own
   * statement finds the pricing version it was kept under (nothing that decides the chain has changed since: one
   * statement less, the chain's), else with the target resolved anew (and the page read again if its list moved).
   */
  async function targetAndSectionPage(partnerId: number, where: Where, sectionId: number, q: { limit: number; offset: number }) {
    const kept = keptTargets.get(keyOf(partnerId, where));
    const early = kept && (await repo.sectionPage(partnerId, kept.listId, sectionId, q));
    if (kept && (!early || early.pricingVersion === kept.resolved.pricingVersion)) return { t: kept, page: early };
    const t = await target(partnerId, where);
    const page = early && kept.listId === t.listId ? early : await repo.sectionPage(partnerId, t.listId, sectionId, q);
    return { t, page };
  }

  const entity = (t: PricingTarget) => ({ TYPE: t.type, ID: t.wireId, NAME: t.name, PRICE_TYPE: t.priceType, SECTION_RATE: t.sectionRate });

  /** A list or column's own page: a client's page shows its list's rates but changes only its point prices. */
  function editableList(t: PricingTarget) {
    if (t.type === 'client') throw notFound(MSG.notFound);
    return t.listId;
  }

  async function pricedRows(partnerId: number, t: PricingTarget, products: { id: number; up_code_1c: string; name: string }[]) {
    const ids = products.map((p) => Number(p.id));
    const facts = await engine.facts(partnerId, t.resolved, ids);
    const individual = t.type === 'client' ? new Set<number>() : await repo.individualIds(partnerId, t.listId, ids);
    const prices = new Map(facts.map((f) => [f.productId, priceOf(t.resolved.ctx, f)]));
    return products.flatMap((p) => {
      const price = prices.get(Number(p.id));
      return price ? [row(p, price, t.type === 'client' ? price.source === 'PERSONAL' : individual.has(Number(p.id)))] : [];
    });
  }

  /** A search in a section: the section, then the page of its matches (none when there is no such section). */
  async function searched(partnerId: number, listId: number, sectionId: number, q: { limit: number; offset: number; query: string }) {
    const section = await repo.section(partnerId, listId, sectionId);
    return section && { section, ...(await repo.products(sectionId, q)) };
  }

  return {
    /** The tree, parents first; with `total` (action=total) also its TOTAL (§7). */
    async tree(partnerId: number, where: Where, total = false): Promise<SectionsAnswer> {
      const t = await target(partnerId, where);
      const rows = await repo.tree(partnerId, t.listId, t.baseListId);
      // Sections come parents first (by depth): children are added up into their parents from the deepest up.
      const products = new Map(rows.map((s) => [Number(s.id), Number(s.own_products)]));
      const individual = new Map(rows.map((s) => [Number(s.id), Boolean(s.own_individual)]));
      for (const s of [...rows].reverse()) {
        if (s.parent_id === null) continue;
        const parent = Number(s.parent_id);
        products.set(parent, (products.get(parent) ?? 0) + products.get(Number(s.id))!);
        if (individual.get(Number(s.id))) individual.set(parent, true);
      }
      const items = rows.map((s) => ({
        ID: Number(s.id),
        IBLOCK_SECTION_ID: s.parent_id === null ? null : Number(s.parent_id),
        NAME: s.name,
        DEPTH: Number(s.depth),
        PERCENT: s.percent,
        SHOW: yn(s.show ?? true),
        HAS_INDIVIDUAL: yn(individual.get(Number(s.id))!),
        SORT: Number(s.sort),
        PRODUCTS_CNT: products.get(Number(s.id))!,
      }));
      if (!total) return { ITEMS: items, ENTITIES: { PRICE: entity(t) } };
      return {
        ITEMS: items,
        ENTITIES: { PRICE: entity(t) },
        TOTAL: {
          SECTIONS: rows.length,
          // Each product lives in one section: the sections' own counts add up to the tree's.
          PRODUCTS: rows.reduce((sum, s) => sum + Number(s.own_products), 0),
          HIDDEN: rows.filter((s) => s.show === false).length,
          WITH_PERCENT: rows.filter((s) => s.percent !== null).length,
          WITH_INDIVIDUAL: rows.filter((s) => Boolean(s.own_individual)).length,
        },
      };
    },

    async products(
      partnerId: number,
      where: Where,
      sectionId: number,
      q: { limit: number; offset: number; query?: string },
    ): Promise<SectionProductsAnswer> {
      const { t, page } = q.query
        ? await target(partnerId, where).then(async (t) => ({ t, page: await searched(partnerId, t.listId, sectionId, { ...q, query: q.query! }) }))
        : await targetAndSectionPage(partnerId, where, sectionId, q);
      if (!page) throw notFound(PRICING_MSG.sectionNotFound);
      const { section } = page;
      return {
        ITEMS: await pricedRows(partnerId, t, page.rows),
        ENTITIES: { SECTION: { ID: Number(section.id), NAME: section.name, PERCENT: section.percent } },
        NAV: { CNT: page.count, CNT_ALL: page.count },
      };
    },

    /** A section's percent ('' or delete=Y clears it); delete_individual=Y drops its products' own rates. */
    async saveSection(partnerId: number, where: Where, sectionId: number, body: z.output<typeof sectionBody>) {
      const t = await target(partnerId, where);
      const listId = editableList(t);
      if (!(await repo.section(partnerId, listId, sectionId))) throw notFound(PRICING_MSG.sectionNotFound);
      if (body.show !== undefined) {
        if (listId !== t.baseListId) return failed({ show: PRICING_MSG.showOnlyBase });
        await repo.setShow(partnerId, listId, sectionId, body.show);
        if (body.section_rate === undefined && !body.delete && !body.delete_individual) {
          return ok(
            {
              HAS_INDIVIDUAL: yn(await repo.hasIndividual(partnerId, listId, sectionId)),
              PERCENT: await repo.percentOf(partnerId, listId, sectionId),
              SHOW: yn(body.show),
            },
            body.show ? PRICING_MSG.sectionShown : PRICING_MSG.sectionHidden,
          );
        }
      }
      if (body.delete_individual) {
        await repo.deleteIndividual(partnerId, listId, sectionId);
        if (body.section_rate === undefined && !body.delete) {
          return ok({ HAS_INDIVIDUAL: 'N' as const, PERCENT: await repo.percentOf(partnerId, listId, sectionId) }, PRICING_MSG.individualDeleted);
        }
      }
      if (body.section_rate === undefined && !body.delete) return failed({ section_rate: PRICING_MSG.percentInvalid });
      const percent = body.delete || body.section_rate === '' ? null : (body.section_rate ?? null);
      await repo.setPercent(partnerId, listId, sectionId, percent);
      const individual = await repo.hasIndividual(partnerId, listId, sectionId);
      return ok({ HAS_INDIVIDUAL: yn(individual), PERCENT: percent }, individual ? PRICING_MSG.sectionHasIndividual : PRICING_MSG.sectionSaved);
    },

    /** A product's own rate in a list or column, or (type client) the client's point price; delete=Y removes it. */
    async saveProduct(partnerId: number, where: Where, productId: number, body: z.output<typeof productPriceBody>) {
      const t = await target(partnerId, where);
      const product = await repo.product(productId);
      if (!product) throw notFound(PRICING_MSG.productNotFound);
      let warning: string | undefined;
      if (t.type === 'client') {
        if (body.delete) await repo.deletePersonalPrice(partnerId, t.clientId!, productId);
        else if (body.price === undefined) return failed({ price: PRICING_MSG.priceInvalid });
        else {
          await repo.setPersonalPrice(partnerId, t.clientId!, productId, body.price);
          if (new Decimal(product.purchase_price).gt(body.price)) warning = PRICING_MSG.personalAbovePurchase;
        }
      } else if (body.delete) await repo.deleteProductRate(partnerId, t.listId, productId);
      else if (body.percent === undefined) return failed({ percent: PRICING_MSG.percentInvalid });
      else await repo.setProductRate(partnerId, t.listId, productId, body.percent);
      const [item] = await pricedRows(partnerId, t, [product]);
      return ok(
        { ITEM: item, ...(warning ? { WARNING: warning } : {}) },
        t.type === 'client' ? PRICING_MSG.personalPriceSaved : PRICING_MSG.productRateSaved,
      );
    },
  };
}

export type PricingSectionsService = ReturnType<typeof pricingSectionsService>;
