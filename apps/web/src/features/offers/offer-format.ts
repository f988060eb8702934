import { BANNER_PLACEMENTS, type BannerPlacement, type OfferItem, type OfferState } from '@b2b/contracts/offers';
import { rubles } from '@b2b/contracts/storefront';
import { OFFERS_UI as T } from '@/features/offers/offers-text';

/** Offer periods are Moscow calendar days (ARCHITECTURE §6), whatever the browser's time zone. */
const MOSCOW_DAY = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' });

export const moscowDay = (seconds: number) => MOSCOW_DAY.format(new Date(seconds * 1000));

/** dd.MM.yyyy – dd.MM.yyyy; TO is the instant after the last day, so the last day is the one before it. */
export function offerPeriodText(period: OfferItem['OFFER_DATE']): string {
  return `${moscowDay(period.FROM)} – ${period.TO === null ? T.noEnd : moscowDay(period.TO - 1)}`;
}

/** Used / limit: «3 / 200», or «3 / без лимита». */
export const offerLimitText = (offer: Pick<OfferItem, 'USED' | 'LIMIT'>) => `${offer.USED} / ${offer.LIMIT ?? T.noLimit}`;

/** A gift as the list names it: «Ежедневник — от 10 000,00 ₽». */
export const presentText = (present: { NAME: string; sum: string }) => `${present.NAME} — от ${rubles(present.sum)} ₽`;

/** The placements whose banner is stored, in the spec's order. */
export const bannerPlacementsOf = (offer: Pick<OfferItem, 'BANNERS'>): BannerPlacement[] =>
  BANNER_PLACEMENTS.filter((placement) => offer.BANNERS[placement] !== null);

export const STATE_COLOR: Record<OfferState, string> = {
  RUNNING: 'green',
  PLANNED: 'blue',
  ENDED: 'default',
  EXHAUSTED: 'orange',
  OFF: 'red',
};
