import { DEFAULTS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import type { PriceKind } from '@b2b/contracts/pricing';
import { notFound } from '@/http/app-error';
import { resolveFrom, type PriceEngine, type ResolvedTarget } from './price-engine.service';

/** What a pricing page's path names: a live list or column of the partner, or a client with the list pricing it. */
export interface PricingTarget {
  type: PriceKind;
  /** The wire id: `personal_price` for the base list. */
  wireId: number | string;
  name: string;
  /** The list whose section rates the page shows and edits (for a client: the list that prices it, read only). */
  listId: number;
  baseListId: number;
  priceType: string;
  sectionRate: string | null;
  clientId: number | null;
  resolved: ResolvedTarget;
}

/** Resolves /{type}/{priceId}/ for the partner; 404 for another partner's, a deleted or a mistyped one. */
export async function pricingTarget(engine: PriceEngine, partnerId: number, type: PriceKind, priceId: number | string): Promise<PricingTarget> {
  if (type === 'client') {
    if (typeof priceId !== 'number') throw notFound(MSG.notFound);
    const resolved = await engine.resolve(partnerId, { clientId: priceId });
    if (!resolved) throw notFound(MSG.notFound);
    const base = resolved.lists.find((l) => l.is_base)!;
    const head = resolved.lists.find((l) => l.id === resolved.ctx.chain[0].id)!;
    return {
      type,
      wireId: priceId,
      name: resolved.clientName ?? '',
      listId: head.id,
      baseListId: base.id,
      priceType: resolved.ctx.chain[0].priceType,
      sectionRate: head.section_rate,
      clientId: priceId,
      resolved,
    };
  }
  // The partner's lists and the shop's settings, read once: the list is found among them and resolved from them.
  const data = await engine.pricingData(partnerId);
  const base = data.lists.find((l) => l.is_base);
  if (!base) throw notFound(MSG.notFound);
  const list = priceId === DEFAULTS.basePriceListId ? (type === 'pricelist' ? base : undefined) : data.lists.find((l) => l.id === priceId);
  if (!list || list.kind !== (type === 'column' ? 'COLUMN' : 'PRICELIST')) throw notFound(MSG.notFound);
  const resolved = resolveFrom(data, { listId: list.id });
  if (!resolved) throw notFound(MSG.notFound);
  return {
    type,
    wireId: list.is_base ? DEFAULTS.basePriceListId : list.id,
    name: list.name,
    listId: list.id,
    baseListId: base.id,
    priceType: resolved.ctx.chain[0].priceType,
    sectionRate: list.section_rate,
    clientId: null,
    resolved,
  };
}
