import Decimal from 'decimal.js';
import type { BasketZone, DeliveryChoice } from '@b2b/contracts/storefront';
import type { ShopZone } from '../delivery/delivery-zones.service';

/*
 * What a basket pays for delivery (issue 38 §4, the money rule §4): the partner's amounts are roubles and are compared
 * in roubles with the basket's rouble sum; what the buyer reads is converted once into the basket's currency.
 * A shop with zones prices the zone the buyer chose (free from the zone's threshold, else from the shop's MIN_SUM);
 * a shop without zones has one delivery price, free from MIN_SUM.
 */

export interface DeliveryTerms {
  /** The shop's one delivery price and its free-delivery sum (MIN_SUM), roubles. */
  deliveryPrice: string;
  freeFrom: string | null;
  /** Addresses outside every zone are accepted at a price agreed later. */
  outsideZones: boolean;
  zones: ShopZone[];
}

export interface PricedDelivery {
  /** Roubles, as the order stores it. */
  rubles: Decimal;
  /** The free-delivery threshold that applies, roubles (null: none). */
  freeFrom: Decimal | null;
  zone: ShopZone | null;
  byAgreement: boolean;
  /** A shop with zones where none is chosen yet. */
  needsZone: boolean;
  /** The zone asked for is not the shop's. */
  unknownZone: boolean;
  /** Outside the zones was asked for where the shop does not allow it. */
  outsideRefused: boolean;
  zones: (ShopZone & { pays: Decimal; threshold: Decimal | null })[];
}

const positive = (v: string | null | undefined) => (v != null && new Decimal(v).gt(0) ? new Decimal(v) : null);

/** The delivery a basket of `rubSum` roubles pays, for the buyer's choice. */
export function priceDelivery(terms: DeliveryTerms, rubSum: Decimal, choice: DeliveryChoice): PricedDelivery {
  const pays = (price: string, threshold: Decimal | null) => (threshold && rubSum.gte(threshold) ? new Decimal(0) : new Decimal(price));
  const zones = terms.zones.map((z) => {
    const threshold = positive(z.freeFrom) ?? positive(terms.freeFrom);
    return { ...z, threshold, pays: pays(z.price, threshold) };
  });
  const none = { zone: null, byAgreement: false, needsZone: false, unknownZone: false, outsideRefused: false, zones };
  if (!zones.length) {
    const threshold = positive(terms.freeFrom);
    return { ...none, rubles: pays(terms.deliveryPrice, threshold), freeFrom: threshold };
  }
  if (choice.outside_zone === 'Y') {
    return { ...none, rubles: new Decimal(0), freeFrom: null, byAgreement: terms.outsideZones, outsideRefused: !terms.outsideZones };
  }
  const zone = choice.delivery_zone_id === undefined ? undefined : zones.find((z) => z.id === choice.delivery_zone_id);
  if (!zone) return { ...none, rubles: new Decimal(0), freeFrom: null, needsZone: true, unknownZone: choice.delivery_zone_id !== undefined };
  return { ...none, rubles: zone.pays, freeFrom: zone.threshold, zone };
}

/** A rouble amount in the basket's currency: round2(roubles ÷ rate), the one conversion. */
export const shown = (roubles: Decimal.Value, rate: Decimal.Value) => new Decimal(roubles).div(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export const basketZones = (d: PricedDelivery, rate: Decimal.Value): BasketZone[] =>
  d.zones.map((z) => ({
    ID: z.id,
    NAME: z.name,
    PRICE: shown(z.price, rate).toFixed(2),
    FREE_FROM: z.threshold ? shown(z.threshold, rate).toFixed(2) : null,
    DELIVERY_PRICE: shown(z.pays, rate).toFixed(2),
  }));
