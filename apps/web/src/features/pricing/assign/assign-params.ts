import { DEFAULTS } from '@b2b/contracts/limits';
import type { PriceListItem, PriceListsAnswer } from '@b2b/contracts/price-lists';
import type { AssignFilter, AssignPrice } from '@/features/pricing/api/price-assign-api';
import type { AssignScope } from '@/features/pricing/assign/assign-state';
import type { ListParams } from '@/shared/list-params/list-params';

/** The tab's query: the price (the base list by default), a client's name and its registration days. */
export const ASSIGN_DEFAULTS: ListParams = { price_type: 'pricelist', price_id: DEFAULTS.basePriceListId };

/** What the params_pricesettings cookie keeps (back-office.md §2: list screens merge it with the URL query). */
export const ASSIGN_SAVED_KEYS = ['price_type', 'price_id', 'query', 'date_start', 'date_end'] as const;

export interface ChosenPrice extends AssignPrice {
  item: PriceListItem;
}

/** The price the query names, or the base list when it names none that exists (deleted since it was saved). */
export function choosePrice(lists: PriceListsAnswer, params: ListParams): ChosenPrice | undefined {
  const type = params.price_type === 'column' ? 'column' : 'pricelist';
  const found = (type === 'column' ? lists.COLUMNS : lists.PRICELISTS).find((p) => String(p.ID) === params.price_id);
  if (found) return { type, id: found.ID, item: found };
  const base = lists.PRICELISTS.find((p) => p.IS_BASE === 'Y') ?? lists.PRICELISTS[0];
  return base && { type: 'pricelist', id: base.ID, item: base };
}

/** The Select's value of a price, and back. */
export const priceValue = (price: AssignPrice) => `${price.type}:${price.id}`;
export function parsePriceValue(value: string): { price_type: string; price_id: string } {
  const [type, ...id] = value.split(':');
  return { price_type: type, price_id: id.join(':') };
}

export function filterOf(params: ListParams): AssignFilter {
  const filter: AssignFilter = {};
  if (params.query) filter.query = params.query;
  if (params.date_start) filter.date_start = params.date_start;
  if (params.date_end) filter.date_end = params.date_end;
  return filter;
}

export const scopeOf = (price: ChosenPrice): AssignScope => ({ groupsAssignable: price.type === 'pricelist', isBase: price.item.IS_BASE === 'Y' });
