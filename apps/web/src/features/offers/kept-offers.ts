import { OFFER_STATE_LABEL, offerStateOf, type OfferItem } from '@b2b/contracts/offers';

/*
 * Issue 39 §4: an offer switched on or off stays in view with its new state. Switched from a row of the list, or on its
 * form and back, it keeps its place on the list the user was on until that list is asked again (another filter, page
 * or sort, or «Обновить»), even where the filter no longer takes it (switched on under «Неактивные»): the user sees
 * what changed instead of the row vanishing.
 */

/** An offer as it is once switched: its flag, and its state by the one rule (contracts' offerStateOf). */
export function switchedOffer(offer: OfferItem, on: boolean, now = new Date()): OfferItem {
  const { FROM, TO } = offer.OFFER_DATE;
  const state = offerStateOf(
    { active: on, start: new Date(FROM * 1000), end: TO === null ? null : new Date(TO * 1000), limit: offer.LIMIT, used: offer.USED },
    now,
  );
  return { ...offer, ACTIVE: on ? 'Y' : 'N', STATE: { CODE: state, NAME: OFFER_STATE_LABEL[state] } };
}

/** A switched row and the place it had on the page. */
export interface KeptOffer {
  offer: OfferItem;
  index: number;
}

/**
 * The rows to show: the page's, each switched one in its switched state, and those the page no longer holds put
 * back at their place. `outside`: the ids shown only because they were switched here.
 */
export function withKeptOffers(rows: readonly OfferItem[], kept: readonly KeptOffer[]): { rows: OfferItem[]; outside: Set<number> } {
  const byId = new Map(kept.map((k) => [k.offer.ID, k.offer]));
  const out = rows.map((r) => byId.get(r.ID) ?? r);
  const outside = new Set<number>();
  for (const k of [...kept].sort((a, b) => a.index - b.index)) {
    if (rows.some((r) => r.ID === k.offer.ID)) continue;
    out.splice(Math.max(0, Math.min(k.index, out.length)), 0, k.offer);
    outside.add(k.offer.ID);
  }
  return { rows: out, outside };
}

/** The place of an offer on a page, the top when it is not there. */
export const placeOf = (rows: readonly OfferItem[] | undefined, id: number) => Math.max(0, rows?.findIndex((r) => r.ID === id) ?? 0);

/*
 * The offers switched on their form, for the list the user goes back to: read when the list opens, then forgotten.
 * One browser tab's memory only (a reload forgets them, as it reads the list again anyway).
 */
const switchedOnForm = new Map<number, OfferItem>();

export const rememberSwitched = (offer: OfferItem) => void switchedOnForm.set(offer.ID, offer);
export const switchedOffers = (): OfferItem[] => [...switchedOnForm.values()];
export const forgetSwitched = () => switchedOnForm.clear();
