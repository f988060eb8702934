import Decimal from 'decimal.js';

/*
 * The price engine's rules (issue 12.1), pure: one product's price from the facts the engine's single query read.
 * Every price a screen, export, feed, order or report shows is computed here; nobody else multiplies a purchase
 * price by a percent. Decimal only: the inputs are NUMERIC strings, the outputs decimal strings.
 *
 * Order of the rules:
 *  1. a personal price of the client (valid now) is the price;
 *  2. else the first list of the chain (the client's column, then the column's parent list; or the client's list, its
 *     group's, or the base list) that has a rule for the product decides, from its start price S (the purchase price
 *     when its price type is PURCHASE, else the recommended retail price RRC):
 *       a site price uploaded from Excel (valid now) is the price;
 *       else S × (1 + p/100) with p the first of: the Excel percent (valid now), the product's individual rate, the
 *       nearest section rate up the section tree, the list's own section rate;
 *     when no list of the chain has a rule, the last list's S is the price;
 *  3. WO_VAT shops show prices without VAT: price / (1 + vat/100);
 *  4. a list whose unit is RATE shows prices in the shop's currency: price / rate;
 *  5. rounding half up to the list's digits (NO_DECIMAL 0, ONE_DECIMAL 1, TWO_DECIMAL 2);
 *  6. a client's price: a running offer's promo price for the product (shown the same way) is the price when it is
 *     lower; the client's own price is then its old price (a promotion never raises a price).
 */

export type Rounding = 'ONE_DECIMAL' | 'TWO_DECIMAL' | 'NO_DECIMAL';
export type PriceUnit = 'RUB' | 'RATE';
export type TaxType = 'WITH_VAT' | 'WO_VAT';

/** How the price was decided (the screens show it; the price file tells site prices from percents). */
export type PriceSource = 'OFFER' | 'PERSONAL' | 'EXCEL_PRICE' | 'EXCEL_PERCENT' | 'PRODUCT_RATE' | 'SECTION_RATE' | 'LIST_RATE' | 'START';

/** A price list or column as the engine needs it. */
export interface ListRules {
  id: number;
  /** PURCHASE starts from the purchase price; RRC (and any other type) from the recommended retail price. */
  priceType: string;
  /** The list's own markup percent, used when neither the product nor its sections have one. */
  sectionRate: string | null;
  rounding: Rounding;
  unit: PriceUnit;
}

/** What one list of the chain says about one product. */
export interface ListFacts {
  excelPrice: string | null;
  excelPercent: string | null;
  productRate: string | null;
  /** The nearest section up the tree with a rate in this list. */
  sectionRate: string | null;
}

export interface ProductFacts {
  productId: number;
  purchase: string;
  rrc: string;
  vatRate: number;
  /** One entry per list of the chain, in the chain's order. */
  lists: ListFacts[];
  personalPrice: string | null;
  /** The lowest promo price of a running offer for the product (a client's prices only). */
  promo: { price: string; offerId: number; offerName: string } | null;
}

export interface PriceContext {
  /** The client's column then its parent, or the one list that prices it; at least one. */
  chain: ListRules[];
  taxType: TaxType;
  currency: string;
  /** Roubles per unit of `currency` (null or 1 for RUB). */
  currencyRate: string | null;
}

export interface Price {
  productId: number;
  /** The price shown, rounded. */
  price: string;
  currency: string;
  /** The start price of the list that decided (purchase or RRC), before any percent. */
  basePrice: string;
  /** The percent applied to basePrice, when one was. */
  percent: string | null;
  source: PriceSource;
  /**
   * The purchase price in roubles on the same VAT basis as `price` (net for a WO_VAT shop), to its 4 decimals: a
   * margin is net − net or gross − gross, and never rounded to kopecks before × quantity (issue 38.7).
   */
  purchase: string;
  /** `price` in roubles: × the shop's rate to 4 decimals when shown in another currency, else `price` itself. */
  rubles: string;
  /** The price without the offer, when a running offer's promo price is the price. */
  oldPrice: string | null;
  offer: { id: number; name: string } | null;
}

const DIGITS: Record<Rounding, number> = { NO_DECIMAL: 0, ONE_DECIMAL: 1, TWO_DECIMAL: 2 };
const HUNDRED = new Decimal(100);

/** The start price of a list: the purchase price for PURCHASE lists, the recommended retail price otherwise. */
export const startPrice = (list: Pick<ListRules, 'priceType'>, product: Pick<ProductFacts, 'purchase' | 'rrc'>): Decimal =>
  new Decimal(list.priceType === 'PURCHASE' ? product.purchase : product.rrc);

/** (100 + p) / 100 of each percent met, made once: a price file's 100,000 lines carry a few dozen distinct percents. */
const factors = new Map<string, Decimal>();
function factorOf(percent: Decimal.Value): Decimal {
  if (typeof percent !== 'string') return HUNDRED.plus(percent).div(HUNDRED);
  let factor = factors.get(percent);
  if (!factor) {
    if (factors.size >= 10_000) factors.clear();
    factor = HUNDRED.plus(percent).div(HUNDRED);
    factors.set(percent, factor);
  }
  return factor;
}

/**
 * `base` with `percent` added (a negative percent is a discount). The factor (100 + p) / 100 is exact, so the product
 * is base × (100 + p) / 100 to the same digits.
 */
export const withPercent = (base: Decimal.Value, percent: Decimal.Value): Decimal =>
  (base instanceof Decimal ? base : new Decimal(base)).mul(factorOf(percent));

export const roundTo = (value: Decimal, rounding: Rounding): Decimal => value.toDecimalPlaces(DIGITS[rounding], Decimal.ROUND_HALF_UP);

interface Decided {
  value: Decimal;
  /** The start price (read only when shown: a site price or a personal price does not need it). */
  base: () => Decimal;
  percent: string | null;
  source: PriceSource;
}

function decideInList(list: ListRules, facts: ListFacts, product: ProductFacts): Decided | undefined {
  if (facts.excelPrice !== null)
    return { value: new Decimal(facts.excelPrice), base: () => startPrice(list, product), percent: null, source: 'EXCEL_PRICE' };
  const rated: [string | null, PriceSource][] = [
    [facts.excelPercent, 'EXCEL_PERCENT'],
    [facts.productRate, 'PRODUCT_RATE'],
    [facts.sectionRate, 'SECTION_RATE'],
    [list.sectionRate, 'LIST_RATE'],
  ];
  for (const [percent, source] of rated) {
    if (percent === null) continue;
    const base = startPrice(list, product);
    return { value: withPercent(base, percent), base: () => base, percent, source };
  }
  return undefined;
}

function decide(ctx: PriceContext, product: ProductFacts): Decided {
  if (product.personalPrice !== null) {
    const personal = new Decimal(product.personalPrice);
    return { value: personal, base: () => personal, percent: null, source: 'PERSONAL' };
  }
  for (const [i, list] of ctx.chain.entries()) {
    const decided = decideInList(list, product.lists[i], product);
    if (decided) return decided;
  }
  const last = ctx.chain[ctx.chain.length - 1];
  const base = startPrice(last, product);
  return { value: base, base: () => base, percent: null, source: 'START' };
}

/** A rouble amount on the shop's VAT basis: without VAT for WO_VAT shops. */
const onVatBasis = (value: Decimal, ctx: PriceContext, product: ProductFacts): Decimal =>
  ctx.taxType === 'WO_VAT' ? value.mul(HUNDRED).div(HUNDRED.plus(product.vatRate)) : value;

/** A shown price (in `currency`) in roubles, to the 4 decimals orders store. */
function inRubles(price: Decimal, currency: string, ctx: PriceContext): string {
  if (currency === 'RUB' || ctx.currencyRate === null) return price.toFixed(2);
  return price.mul(ctx.currencyRate).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

/** The shop's view of a price: without VAT for WO_VAT shops, in the shop's currency for RATE lists. */
function shown(value: Decimal, ctx: PriceContext, product: ProductFacts): { value: Decimal; currency: string } {
  const v = onVatBasis(value, ctx, product);
  const head = ctx.chain[0];
  if (head.unit === 'RATE' && ctx.currency !== 'RUB' && ctx.currencyRate !== null && new Decimal(ctx.currencyRate).gt(0)) {
    return { value: v.div(ctx.currencyRate), currency: ctx.currency };
  }
  return { value: v, currency: 'RUB' };
}

/** The regular (offer-less) price, shown but not yet rounded, and how it was decided. */
function shownPrice(ctx: PriceContext, product: ProductFacts) {
  if (ctx.chain.length === 0) throw new Error('a price context needs at least one list');
  const decided = decide(ctx, product);
  return { decided, ...shown(decided.value, ctx, product), rounding: ctx.chain[0].rounding };
}

/** The regular (offer-less) price, shown and rounded, and how it was decided. */
function regularPrice(ctx: PriceContext, product: ProductFacts) {
  const { decided, value, currency, rounding } = shownPrice(ctx, product);
  return { decided, currency, rounding, price: roundTo(value, rounding) };
}

/** A running offer's promo price, shown and rounded, when it is below the regular price. */
function promoBelow(ctx: PriceContext, product: ProductFacts, rounding: Rounding, price: Decimal): Decimal | undefined {
  if (!product.promo) return undefined;
  const promo = roundTo(shown(new Decimal(product.promo.price), ctx, product).value, rounding);
  return promo.lt(price) ? promo : undefined;
}

/** priceOf(ctx, product).price alone, without the fields that explain it (a price file's preview compares 200,000). */
export function priceValueOf(ctx: PriceContext, product: ProductFacts): string {
  if (!product.promo) {
    // No promo to compare with: rounded half up as it is written, one decimal operation fewer (part of the price
    // file's preview going from 2.34 to 1.48 s of CPU for 100,000 lines, with changeOf's text comparison).
    const { value, rounding } = shownPrice(ctx, product);
    return value.toFixed(DIGITS[rounding], Decimal.ROUND_HALF_UP);
  }
  const { price, rounding } = regularPrice(ctx, product);
  return (promoBelow(ctx, product, rounding, price) ?? price).toFixed(DIGITS[rounding]);
}

export function priceOf(ctx: PriceContext, product: ProductFacts): Price {
  const { decided, currency, rounding, price } = regularPrice(ctx, product);
  const regular = {
    productId: product.productId,
    price: price.toFixed(DIGITS[rounding]),
    currency,
    basePrice: decided.base().toFixed(2),
    percent: decided.percent === null ? null : new Decimal(decided.percent).toFixed(2),
    source: decided.source,
    purchase: onVatBasis(new Decimal(product.purchase), ctx, product).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4),
    rubles: inRubles(price, currency, ctx),
    oldPrice: null,
    offer: null,
  };
  const promo = promoBelow(ctx, product, rounding, price);
  if (!promo || !product.promo) return regular;
  return {
    ...regular,
    price: promo.toFixed(DIGITS[rounding]),
    rubles: inRubles(promo, currency, ctx),
    basePrice: new Decimal(product.promo.price).toFixed(2),
    percent: null,
    source: 'OFFER',
    oldPrice: regular.price,
    offer: { id: product.promo.offerId, name: product.promo.offerName },
  };
}
