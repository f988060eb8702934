import { DEFAULTS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import type { PriceKind } from '@b2b/contracts/pricing';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import type { PriceEngine, ResolvedTarget } from './price-engine.service';
import { priceEngineRepo } from './price-engine.repo';

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
export async function pricingTarget(
  db: Db,
  engine: PriceEngine,
  partnerId: number,
  type: PriceKind,
  priceId: number | string,
): Promise<PricingTarget> {
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
  const lists = await priceEngineRepo(db).lists(partnerId);
  const base = lists.find((l) => l.is_base);
  if (!base) throw notFound(MSG.notFound);
  const list =
    priceId === DEFAULTS.basePriceListId ? (type === 'pricelist' ? base : undefined) : lists.find((l) => l.id === priceId);
  if (!list || list.kind !== (type === 'column' ? 'COLUMN' : 'PRICELIST')) throw notFound(MSG.notFound);
  const resolved = await engine.resolve(partnerId, { listId: list.id });
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
