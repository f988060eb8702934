import { keptLoads } from '@/cache/kept-loads';
import type { Db } from '@/db/database';
import { priceEngineRepo, toListRules } from './price-engine.repo';
import { priceOf, type Price, type PriceContext, type ProductFacts } from './price-rules';

export type { Price } from './price-rules';

/**
 * The one price engine (ARCHITECTURE §3, issue 12.1): every screen, export, feed, order and report asks it for
 * prices. A page of products is priced with a fixed number of queries (who prices the client, its lists, then one
 * query for all the products' facts), never one per product.
 */

/** Whose prices: a client's (its column, list, group's list or the base list) or one list's or column's. */
export type PriceTarget = { clientId: number } | { listId: number };

export interface ResolvedTarget {
  ctx: PriceContext;
  clientId: number | null;
  /** The client's name (a client's target). */
  clientName?: string;
  /** The partner's live lists and columns, as read to resolve the target. */
  lists: Awaited<ReturnType<ReturnType<typeof priceEngineRepo>['lists']>>;
  /** The partner's pricing version the chain was read under (in the same statement). */
  pricingVersion: string;
}

/** Clients' resolved chains a server keeps at once (a kilobyte or two each: the partner's lists ride along). */
const MAX_KEPT_TARGETS = 20_000;

/** Which partner's lists, shop settings and (for a client) assignments decide a target's chain, as read in one statement. */
export type PricingData = Awaited<ReturnType<ReturnType<typeof priceEngineRepo>['pricingOf']>>;

/** The chain of lists that prices the target, from what decides it; undefined when the client or list is not there. */
export function resolveFrom({ client, shop, lists, version }: PricingData, target: PriceTarget): ResolvedTarget | undefined {
  if ('clientId' in target && !client) return undefined;
  const live = (id: number | null) => (id === null ? undefined : lists.find((l) => l.id === Number(id)));
  const base = lists.find((l) => l.is_base);
  const column = client ? live(client.columnId) : undefined;
  const head = client
    ? column?.kind === 'COLUMN'
      ? column
      : (live(client.listId) ?? live(client.groupListId) ?? base)
    : live((target as { listId: number }).listId);
  if (!head) return undefined;
  // A column falls back on its parent list (the base list when it has none or the parent is gone).
  const parent = head.kind === 'COLUMN' ? (live(head.parent_id) ?? base) : undefined;
  const chain = parent && parent !== head ? [head, parent] : [head];
  return {
    ctx: { chain: chain.map((l) => toListRules(l, shop)), taxType: shop.taxType, currency: shop.currency, currencyRate: shop.currencyRate },
    clientId: 'clientId' in target ? target.clientId : null,
    clientName: client?.name,
    lists,
    pricingVersion: version,
  };
}

/** A kept chain serves every request of its client: frozen, so that none can change it for the next. */
const frozenTarget = (r: ResolvedTarget): ResolvedTarget =>
  Object.freeze({
    ...r,
    ctx: Object.freeze({ ...r.ctx, chain: Object.freeze(r.ctx.chain.map((l) => Object.freeze(l))) as ResolvedTarget['ctx']['chain'] }),
    lists: Object.freeze(r.lists.map((l) => Object.freeze(l))) as ResolvedTarget['lists'],
  });

export function priceEngine(db: Db) {
  const repo = priceEngineRepo(db);
  const kept = keptLoads<ResolvedTarget | undefined>(MAX_KEPT_TARGETS);

  /** The chain of lists that prices the target; undefined when the client or list is not the partner's (or deleted). */
  const resolve = async (partnerId: number, target: PriceTarget): Promise<ResolvedTarget | undefined> =>
    resolveFrom(await repo.pricingOf(partnerId, 'clientId' in target ? target.clientId : null), target);

  /**
   * The facts of a page of products as the resolved target sees them. Running offers' promo prices come with a
   * client's; `promos` asks for them with a list's too (its YML feed: the offers run for every buyer of the shop).
   */
  const facts = (partnerId: number, resolved: ResolvedTarget, productIds: number[], opts: { promos?: boolean } = {}): Promise<ProductFacts[]> =>
    repo.facts(
      partnerId,
      resolved.ctx.chain.map((l) => l.id),
      productIds,
      resolved.clientId,
      opts.promos ?? resolved.clientId !== null,
    );

  return {
    resolve,
    /** What decides the partner's chains (its lists, the shop's settings), for resolveFrom(): one statement. */
    pricingData: (partnerId: number): Promise<PricingData> => repo.pricingOf(partnerId, null),
    facts,

    /**
     * A client's chain as resolve() reads it, kept under the partner's pricing version (migration 0028) as read by
     * the caller with its own first statement: a shop's page asks for it once per request.
     */
    resolveKept: (partnerId: number, clientId: number, pricingVersion: string) =>
      kept(`${partnerId}:${pricingVersion}:${clientId}`, () => resolve(partnerId, { clientId }).then((r) => r && frozenTarget(r))),

    /** The prices of a page of products for a resolved target, by product id (one query). */
    async priced(partnerId: number, resolved: ResolvedTarget, productIds: number[]): Promise<Map<number, Price>> {
      return new Map((await facts(partnerId, resolved, productIds)).map((f) => [f.productId, priceOf(resolved.ctx, f)]));
    },

    /** Prices of the products (in the order given; unknown ids are left out); undefined for an unknown target. */
    async prices(partnerId: number, target: PriceTarget, productIds: number[]): Promise<Price[] | undefined> {
      const resolved = await resolve(partnerId, target);
      if (!resolved) return undefined;
      return (await facts(partnerId, resolved, productIds)).map((f) => priceOf(resolved.ctx, f));
    },
  };
}

export type PriceEngine = ReturnType<typeof priceEngine>;
